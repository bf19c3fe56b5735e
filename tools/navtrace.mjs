// Where a chapter → chapter click's time goes (bench.mjs's "after 2 s on the page" figure): a
// Chromium trace of the renderer's main thread (top-level events ≥ 2 ms in order, totals by name)
// and a sampling CPU profile (self time by function; wasm names need a WASM_NAMES=1 build), from
// the click on the "next" link to the frame after the next chapter's first figure. Usage:
//   DIST=/tmp/dist-names FROM=chip TO=hierarchy [RUNS=3] [REST=2000] node navtrace.mjs
import fs from "node:fs";
import { startServer } from "../tests/e2e/server.mjs";
import { launch, openPage } from "../tests/e2e/browser.mjs";
import { DIST, clickNextAndTime } from "./profiling.mjs";

const FROM = process.env.FROM ?? "chip";
const TO = process.env.TO ?? "hierarchy";
const RUNS = Number(process.env.RUNS ?? 3);
const REST = Number(process.env.REST ?? 2000);
const SEL = process.env.SEL ?? `[data-testid=chapter-${TO}] :is(figure, svg, canvas)`;
const server = await startServer(DIST, "/warpscope/", { encoding: "gzip" });
const browser = await launch();
const self = new Map();
const totals = new Map();
const times = [];
for (let run = 0; run < RUNS; run++) {
  const { context, page } = await openPage(browser, { serviceWorkers: "block" });
  await page.goto(server.base + FROM);
  await page.waitForSelector(`[data-testid=chapter-${FROM}]`);
  await page.waitForLoadState("load");
  await page.waitForTimeout(REST);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const out = `/tmp/navtrace-${run}.json`;
  await browser.startTracing(page, { path: out, categories: ["devtools.timeline", "v8", "v8.wasm", "blink.user_timing", "disabled-by-default-devtools.timeline"] });
  const PROF = !process.env.NOPROF;
  if (PROF) await cdp.send("Profiler.start");
  const ms = await clickNextAndTime(page, SEL, Boolean(process.env.PAINTED));
  const { profile } = PROF ? await cdp.send("Profiler.stop") : { profile: { nodes: [], samples: [], timeDeltas: [] } };
  if (PROF) fs.writeFileSync(`/tmp/navprof-${run}.json`, JSON.stringify(profile));
  await browser.stopTracing();
  await context.close();
  times.push(ms);
  // CPU profile: self time by function name.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const name = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url ? n.callFrame.url.split("/").pop() : ""}`.trim();
    self.set(name, (self.get(name) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  // Trace: main thread top-level events between the two marks.
  const ev = JSON.parse(fs.readFileSync(out, "utf8")).traceEvents;
  const main = ev.find((e) => e.ph === "M" && e.name === "thread_name" && e.args.name === "CrRendererMain" && ev.some((k) => k.name === "click" && k.pid === e.pid));
  const click = ev.find((e) => e.name === "click" && e.cat.includes("user_timing"));
  const fig = ev.find((e) => e.name === "figure" && e.cat.includes("user_timing"));
  const list = ev.filter((e) => e.ph === "X" && e.dur && main && e.pid === main.pid && e.tid === main.tid && e.ts + e.dur >= click.ts && e.ts <= fig.ts).sort((a, b) => a.ts - b.ts);
  let end = 0;
  const tops = [];
  for (const e of list) if (e.ts >= end) { tops.push(e); end = e.ts + e.dur; }
  console.log(`\n== run ${run}: click → figure ${ms.toFixed(1)} ms; main thread top-level events ≥ 2 ms (start, duration, name | children ≥ 1 ms)`);
  for (const e of tops) {
    totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
    if (e.dur < 2000) continue;
    const kids = list.filter((k) => k !== e && k.ts >= e.ts && k.ts + k.dur <= e.ts + e.dur && k.dur > 1000).slice(0, 8).map((k) => `${k.name} ${(k.dur / 1000).toFixed(1)}`);
    console.log(`  ${((e.ts - click.ts) / 1000).toFixed(1).padStart(6)} +${(e.dur / 1000).toFixed(1).padStart(5)}  ${e.name} ${JSON.stringify(e.args?.data?.url ?? e.args?.data?.functionName ?? e.args?.data?.type ?? "").slice(0, 50)} | ${kids.join(", ")}`);
  }
}
console.log(`\n${FROM} → ${TO}: ${times.map((t) => t.toFixed(1)).join(", ")} ms`);
console.log("main thread totals (all runs, ms):", [...totals].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([n, d]) => `${n} ${d.toFixed(1)}`).join(", "));
console.log("\nCPU self time (all runs, ms):");
for (const [n, d] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) console.log(`  ${d.toFixed(1).padStart(7)}  ${n}`);
await browser.close();
server.close();
