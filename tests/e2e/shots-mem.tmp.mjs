import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const s = await startServer(new URL("../../dist", import.meta.url).pathname);
const b = await launch();
const shots = [
  ["coalescing", "coal-en", null],
  ["coalescing?preset=matrix-column", "coal-col", null],
  ["coalescing?preset=float4-unit&f=lane%20*%20", "coal-err", null],
  ["bank-conflicts", "bank-en", "zh"],
  ["bank-conflicts?preset=float4-stride-2", "bank-f4", null],
  ["bank-conflicts?preset=tile-column", "bank-col", null],
];
for (const [url, name, zh] of shots) {
  const { page, errors, context } = await openPage(b);
  await page.goto(s.base + url);
  await page.waitForSelector("[data-testid=figure]");
  await page.waitForTimeout(300);
  if (zh) { await page.click("[data-testid=lang-zh]"); await page.waitForTimeout(300); }
  await page.locator("[data-testid=lane-5]").click();
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: false });
  await page.locator("[data-testid=numbers]").screenshot({ path: `screenshots/${name}-numbers.png` });
  console.log(name, errors);
  await context.close();
}
await b.close(); s.close();
