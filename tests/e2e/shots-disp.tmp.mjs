import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const s = await startServer("/work/ui-occ/dist");
const b = await launch();
for (const [name, q, zh, cyc] of [["disp-tail", "?grid=1000&dur=1000", false, 2500], ["disp-jit", "?gpu=h100&threads=64&regs=16&grid=10000&jit=60&dur=1000", true, 40000]]) {
  const { page, errors } = await openPage(b);
  await page.goto(s.base + "dispatch" + q);
  await page.waitForSelector("[data-testid=dispatch-canvas]");
  if (zh) { await page.click("[data-testid=lang-zh]"); }
  await page.locator("[data-testid=scrub]").evaluate((el, c) => { el.value = String(c); el.dispatchEvent(new Event("input", { bubbles: true })); }, cyc);
  await page.waitForTimeout(200);
  await page.locator("[data-testid=figure]").screenshot({ path: `screenshots/${name}.png` });
  console.log(name, errors, await page.locator("[data-testid=dispatch-readout]").textContent());
}
await b.close(); s.close();
