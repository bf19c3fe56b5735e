// Where a slider tick's time goes: a Chromium trace of N frame-aligned ticks of a chapter's
// first slider, the renderer main thread's events summed by name (per tick).
// Usage: ROUTE=occupancy TICKS=20 node ticktrace.mjs
// CSS=… adds a style sheet, EVAL=… runs a script in the page first (try a change), CATS=a,b adds
// trace categories (disabled-by-default-blink.debug: selector stats, summed below when present).
import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.DIST ?? path.join(here, "../../dist");
const ROUTE = process.env.ROUTE ?? "occupancy";
const TICKS = Number(process.env.TICKS ?? 20);
const server = await startServer(DIST, "/warpscope/", { gzip: true });
const browser = await launch();
const { context, page } = await openPage(browser, { serviceWorkers: "block" });
await page.setViewportSize({ width: Number(process.env.W ?? 1280), height: Number(process.env.H ?? 800) });
await page.goto(server.base + ROUTE);
const slug = ROUTE.split("?")[0];
await page.waitForSelector(`[data-testid=chapter-${slug}] input[type=range]`);
if (process.env.CSS) await page.addStyleTag({ content: process.env.CSS }); // try a style change
if (process.env.EVAL) await page.evaluate(process.env.EVAL); // try a page change (e.g. delete a CSS rule)
await page.waitForTimeout(500);
await browser.startTracing(page, { path: "/tmp/ticktrace.json", categories: ["devtools.timeline", "blink", "v8", ...(process.env.CATS ?? "").split(",").filter(Boolean)] });
const painted = await page.evaluate(async ({ slug, TICKS }) => {
  const range = document.querySelector(`[data-testid=chapter-${slug}] input[type=range]`);
  const lo = Number(range.min || 0), hi = Number(range.max || 100);
  const vals = [String(lo + Math.round((hi - lo) * 0.25)), String(lo + Math.round((hi - lo) * 0.75))];
  const out = [];
  for (let i = 0; i < TICKS; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    out.push(await new Promise((resolve) => requestAnimationFrame(() => {
      const t0 = performance.now();
      range.value = vals[i % 2];
      range.dispatchEvent(new Event("input", { bubbles: true }));
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve(performance.now() - t0);
      ch.port2.postMessage(0);
    })));
    await new Promise((r) => setTimeout(r, 30));
  }
  return out;
}, { slug, TICKS });
await browser.stopTracing();
await context.close(); await browser.close(); server.close();
const ev = JSON.parse(fs.readFileSync("/tmp/ticktrace.json", "utf8")).traceEvents;
const names = new Map();
for (const e of ev) if (e.ph === "M" && e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args.name);
const main = ev.filter((e) => e.ph === "X" && names.get(`${e.pid}:${e.tid}`) === "CrRendererMain");
const sum = new Map();
for (const e of main) sum.set(e.name, (sum.get(e.name) ?? 0) + e.dur / 1000 / TICKS);
const s = [...painted].sort((a, b) => a - b);
console.log(`${ROUTE}: painted min/p50/max ${s[0].toFixed(1)} / ${s[s.length >> 1].toFixed(1)} / ${s[s.length - 1].toFixed(1)} ms; per tick (inclusive sums, nested events overlap):`);
for (const [n, ms] of [...sum].sort((a, b) => b[1] - a[1]).slice(0, 22)) console.log(`${ms.toFixed(2).padStart(8)}  ${n}`);
