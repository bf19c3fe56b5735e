import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const s = await startServer("/work/ui-occ/dist");
const b = await launch();
for (const q of ["gpu=h100&threads=64&regs=16&grid=1048576", "gpu=h100&threads=64&regs=16&grid=1048576&jit=50"]) {
  const { page } = await openPage(b);
  await page.goto(s.base + "dispatch?" + q);
  await page.waitForSelector("[data-testid=dispatch-canvas]");
  await page.waitForTimeout(300);
  const ms = await page.evaluate(async () => {
    const el = document.querySelector("[data-testid=scrub]");
    const out = [];
    for (let i = 1; i <= 60; i++) {
      const t0 = performance.now();
      el.value = String(i * 3000); el.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      out.push(performance.now() - t0);
    }
    return out.sort((a, b) => a - b);
  });
  console.log(q, "per update p50", ms[30].toFixed(1), "p95", ms[57].toFixed(1));
}
await b.close(); s.close();
