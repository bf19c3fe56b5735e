// Per tick index, the frame-aligned input → painted times of bench.mjs's "input"
// section over LOADS page loads per chapter (are the slow ticks the first ones after load?).
// Env: DIST, SLUGS, FIRST, LOADS (default 3), TICKS (40), JSFLAGS (V8 flags for an experiment, e.g.
// --no-liftoff: wasm compiled by TurboFan on first call, no tier-up later).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startServer } from "./server.mjs";
import { CHROMIUM, FLAGS, openPage } from "./browser.mjs";
const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.DIST ?? path.join(here, "../../dist");
const LOADS = Number(process.env.LOADS ?? 3);
const TICKS = Number(process.env.TICKS ?? 40);
const FIRST = Boolean(process.env.FIRST);
const server = await startServer(DIST, "/warpscope/", { gzip: true });
const args = [...FLAGS, ...(process.env.JSFLAGS ? [`--js-flags=${process.env.JSFLAGS}`] : [])];
const browser = await chromium.launch({ executablePath: CHROMIUM, args });
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
for (const slug of (process.env.SLUGS ?? "occupancy").split(",")) {
  const all = [];
  for (let l = 0; l < LOADS; l++) {
    const { context, page } = await openPage(browser, { serviceWorkers: "block" });
    await page.goto(server.base + slug);
    await page.waitForSelector(`[data-testid=chapter-${slug}] input[type=range]`);
    await page.waitForTimeout(300);
    const xs = await page.evaluate(async ({ slug, TICKS, FIRST }) => {
      const range = document.querySelector(`[data-testid=chapter-${slug}] input[type=range]`);
      const lo = Number(range.min || 0), hi = Number(range.max || 100);
      const a = String(lo + Math.round((hi - lo) * 0.25)), b = String(lo + Math.round((hi - lo) * 0.75));
      const set = (v) => { range.value = v; range.dispatchEvent(new Event("input", { bubbles: true })); };
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const out = [];
      // The first input after load (default → a) apart, as bench.mjs does (FIRST=1: count it as
      // tick 0, default → b, as bench.mjs did before session 14).
      if (!FIRST) {
        await frame();
        set(a);
        await frame();
        await new Promise((r) => setTimeout(r, 50));
      }
      for (let i = 0; i < TICKS; i++) {
        await frame();
        out.push(await new Promise((resolve) => requestAnimationFrame(() => {
          const t0 = performance.now();
          set(b);
          const ch = new MessageChannel();
          ch.port1.onmessage = () => resolve(performance.now() - t0);
          ch.port2.postMessage(0);
        })));
        await new Promise((r) => setTimeout(r, 20));
        set(a);
        await frame();
        await new Promise((r) => setTimeout(r, 20 + (i % 7) * 2));
      }
      return out;
    }, { slug, TICKS, FIRST });
    await context.close();
    all.push(xs);
  }
  const flat = all.flat();
  const late = all.flatMap((xs) => xs.slice(5));
  console.log(`${slug}: all ${pct(flat, 0).toFixed(1)}/${pct(flat, 0.5).toFixed(1)}/${pct(flat, 0.95).toFixed(1)}  ticks 5+ ${pct(late, 0).toFixed(1)}/${pct(late, 0.5).toFixed(1)}/${pct(late, 0.95).toFixed(1)}`);
  for (const xs of all) console.log("   first 8: " + xs.slice(0, 8).map((x) => x.toFixed(1)).join(" ") + " | slowest 3 (index:ms): " + xs.map((x, i) => [i, x]).sort((p, q) => q[1] - p[1]).slice(0, 3).map(([i, x]) => `${i}:${x.toFixed(1)}`).join(" "));
}
await browser.close();
server.close();
