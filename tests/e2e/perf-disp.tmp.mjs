import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const s = await startServer("/work/ui-occ/dist");
const b = await launch();
const { page, errors } = await openPage(b);
await page.goto(s.base + "dispatch?gpu=h100&threads=64&regs=16&grid=1048576");
await page.waitForSelector("[data-testid=dispatch-canvas]");
await page.waitForTimeout(500);
// Time a model recompute: type a new grid size and wait two frames.
const t = await page.evaluate(async () => {
  const f = document.querySelector("[data-testid=slider-grid] input[type=text]");
  const t0 = performance.now();
  f.value = "1048575"; f.dispatchEvent(new Event("change", { bubbles: true }));
  const t1 = performance.now();
  return t1 - t0;
});
console.log("recompute (jitter, 2^20 blocks) ms", t.toFixed(1));
await page.click("[data-testid=play]");
const frames = await page.evaluate(() => new Promise((res) => {
  const ts = []; const t0 = performance.now();
  function f(t) { ts.push(t); if (t - t0 < 2000) requestAnimationFrame(f); else res(ts); }
  requestAnimationFrame(f);
}));
const d = frames.slice(1).map((t, i) => t - frames[i]).sort((a, b) => a - b);
console.log("frames", d.length, "p50", d[Math.floor(d.length * 0.5)].toFixed(1), "p95", d[Math.floor(d.length * 0.95)].toFixed(1));
console.log(errors, await page.locator("[data-testid=dispatch-readout]").textContent());
await b.close(); s.close();
