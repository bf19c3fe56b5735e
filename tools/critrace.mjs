// A Chromium trace of one cold deep link: the renderer main thread's top-level events (≥ 3 ms) in
// order and the totals by name, up to the first answer, and the app's performance marks.
// Usage: [PROFILE=phone] ROUTE=occupancy node critrace.mjs
import fs from "node:fs";
import { startServer } from "../tests/e2e/server.mjs";
import { launch, openPage } from "../tests/e2e/browser.mjs";
import { DIST, PROFILE, PROFILES, ROUTE, observeAnswer, throttle } from "./profiling.mjs";
const server = await startServer(DIST, "/warpscope/", { encoding: "gzip" });
const browser = await launch();
const { context, page } = await openPage(browser, { serviceWorkers: "block", ...PROFILES[PROFILE].page });
await throttle(page, PROFILE);
await observeAnswer(page);
const out = "/tmp/trace.json";
await browser.startTracing(page, { path: out, categories: ["devtools.timeline", "v8", "v8.wasm", "blink.user_timing", "loading", "disabled-by-default-devtools.timeline"] });
await page.goto(server.base + ROUTE, { waitUntil: "commit" });
await page.waitForFunction(() => window.__ans);
await page.waitForTimeout(100);
await browser.stopTracing();
const ans = await page.evaluate(() => window.__ans);
await context.close(); await browser.close(); server.close();
const ev = JSON.parse(fs.readFileSync(out, "utf8")).traceEvents;
const names = new Map();
for (const e of ev) if (e.ph === "M" && e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args.name);
const nav = ev.find((e) => e.name === "navigationStart" || e.name === "NavigationTiming" ) ?? ev.find((e) => e.name === "TracingStartedInBrowser");
const mark = ev.find((e) => e.name === "answer" && e.cat.includes("user_timing"));
const t0 = mark ? mark.ts - ans * 1000 : nav.ts;
console.log(`answer at ${ans.toFixed(0)} ms`);
const byThread = new Map();
for (const e of ev) {
  if (e.ph !== "X" || !e.dur) continue;
  const th = names.get(`${e.pid}:${e.tid}`) ?? "?";
  if (!byThread.has(th)) byThread.set(th, []);
  byThread.get(th).push(e);
}
for (const [th, list] of byThread) {
  if (!/CrRendererMain|Worker|V8|wasm/i.test(th)) continue;
  list.sort((a, b) => a.ts - b.ts);
  // top-level only: not inside the previous kept event
  let end = 0; const tops = [];
  for (const e of list) { if (e.ts >= end) { tops.push(e); end = e.ts + e.dur; } }
  const total = new Map();
  for (const e of tops) if ((e.ts - t0) / 1000 < ans) total.set(e.name, (total.get(e.name) ?? 0) + e.dur / 1000);
  const busy = [...total.values()].reduce((a, b) => a + b, 0);
  console.log(`\n== ${th}: busy ${busy.toFixed(0)} ms before the answer`);
  for (const e of tops) if (e.dur >= 3000 && (e.ts - t0) / 1000 < ans + 50) {
    const kids = list.filter((k) => k !== e && k.ts >= e.ts && k.ts + k.dur <= e.ts + e.dur && k.dur > 2000).slice(0, 6).map((k) => `${k.name} ${(k.dur / 1000).toFixed(0)}`);
    console.log(`  ${((e.ts - t0) / 1000).toFixed(0).padStart(5)} +${(e.dur / 1000).toFixed(0).padStart(4)}  ${e.name} ${JSON.stringify(e.args?.data?.url ?? e.args?.data?.functionName ?? "").slice(0, 60)} | ${kids.join(", ")}`);
  }
  console.log("  totals:", [...total].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([n, d]) => `${n} ${d.toFixed(0)}`).join(", "));
}
const marks = ev.filter((e) => e.cat?.includes("user_timing") && e.name.startsWith("ws:") && e.ph !== "e");
console.log("\nmarks:", marks.map((e) => `${e.name} ${((e.ts - t0) / 1000).toFixed(0)}`).join(", "));
