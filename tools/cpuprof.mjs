// CPU profile (CDP sampling profiler) of a cold deep link up to its first answer, or of slider
// ticks: self time by function (wasm names need a WASM_NAMES=1 build). Usage:
//   DIST=/tmp/dist-names ROUTE=occupancy node cpuprof.mjs
//   DIST=… ROUTE=occupancy TICKS=30 SLIDER='[data-testid=regs] input' node cpuprof.mjs
//   (TOGGLE=1: set the slider to its 25 % / 75 % values by turns, as bench.mjs does, instead of
//   arrow keys; SEL = the route's first answer, as profiling.mjs)
import fs from "node:fs";
import { startServer } from "../tests/e2e/server.mjs";
import { launch, openPage } from "../tests/e2e/browser.mjs";
import { DIST, ROUTE, observeAnswer } from "./profiling.mjs";
const server = await startServer(DIST, "/warpscope/", { encoding: "gzip" });
const browser = await launch();
const agg = new Map();
const incl = new Map();
const callers = new Map();
const WATCH = process.env.WATCH;
const total = { ms: 0 };
async function profileOnce(runs) {
  const { context, page } = await openPage(browser, { serviceWorkers: "block" });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await observeAnswer(page);
  if (!process.env.TICKS) await cdp.send("Profiler.start");
  await page.goto(server.base + ROUTE, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__ans);
  if (process.env.TICKS) {
    await page.waitForTimeout(500);
    const slider = page.locator(process.env.SLIDER).first();
    await slider.focus();
    await cdp.send("Profiler.start");
    for (let i = 0; i < Number(process.env.TICKS); i++) {
      // TOGGLE=1: as bench.mjs's input figure, the slider set to its 25 % / 75 % values by turns.
      if (process.env.TOGGLE) await slider.evaluate((r, i) => {
        const lo = Number(r.min || 0), hi = Number(r.max || 100);
        r.value = String(lo + Math.round((hi - lo) * (i % 2 ? 0.25 : 0.75)));
        r.dispatchEvent(new Event("input", { bubbles: true }));
      }, i);
      else await page.keyboard.press(i % 2 ? "ArrowLeft" : "ArrowRight");
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
  }
  const { profile } = await cdp.send("Profiler.stop");
  // SAVE=file: the raw profile too (the last run's; open it in DevTools or walk its tree).
  if (process.env.SAVE) fs.writeFileSync(process.env.SAVE, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nameOf = (n) => n.callFrame.functionName || `(${n.callFrame.url.split("/").pop() || "anon"})`;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000 / runs;
    const seen = new Set();
    const stack = [];
    for (let x = id; x !== undefined; x = parent.get(x)) { const nm = nameOf(byId.get(x)); stack.push(nm); seen.add(nm); }
    if (stack[0] === "(idle)" || stack[0] === "(program)") return;
    for (const nm of seen) incl.set(nm, (incl.get(nm) ?? 0) + ms);
    if (WATCH && stack.some((nm) => nm.includes(WATCH))) {
      const i0 = stack.findIndex((nm) => nm.includes(WATCH));
      const key = stack.slice(i0, i0 + 6).map((x) => x.slice(0, 60)).join(" <- ");
      callers.set(key, (callers.get(key) ?? 0) + ms);
    }
  });
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  for (const [id, ms] of dt) {
    const n = byId.get(id);
    const f = n.callFrame;
    const name = f.functionName || `(${f.url.split("/").pop() || "anon"})`;
    if (name === "(idle)" || name === "(program)") continue;
    agg.set(name, (agg.get(name) ?? 0) + ms / runs);
    total.ms += ms / runs;
  }
  await context.close();
}
const RUNS = Number(process.env.RUNS ?? 3);
for (let r = 0; r < RUNS; r++) await profileOnce(RUNS);
console.log(`busy (not idle/program) ${total.ms.toFixed(1)} ms per run; top self time:`);
for (const [n, ms] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) console.log(`${ms.toFixed(2).padStart(8)}  ${n.slice(0, 150)}`);
console.log("\ninclusive:");
for (const [n, ms] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) console.log(`${ms.toFixed(2).padStart(8)}  ${n.slice(0, 150)}`);
if (WATCH) { console.log(`\nstacks through ${WATCH}:`); for (const [k, ms] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${ms.toFixed(2).padStart(8)}  ${k}`); }
await browser.close(); server.close();
