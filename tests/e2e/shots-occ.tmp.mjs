import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
import fs from "node:fs";
const s = await startServer("/work/ui-occ/dist");
const b = await launch();
fs.mkdirSync("screenshots", { recursive: true });
for (const [name, q, zh] of [["occ-en", "", false], ["occ-zh", "?regs=128", true], ["occ-err", "?threads=1024&regs=65", false], ["occ-gemm", "?regs=32&smem=32768&carveout=50&y=warps", false]]) {
  const { page, errors } = await openPage(b);
  await page.goto(s.base + "occupancy" + q);
  await page.waitForSelector("[data-testid=figure]");
  if (zh) { await page.click("[data-testid=lang-zh]"); await page.waitForTimeout(300); }
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
  await page.locator(".gx-figure-grid").screenshot({ path: `screenshots/${name}-fig.png` });
  console.log(name, errors, await page.locator("[data-testid=limiter]").textContent());
}
await b.close(); s.close();
