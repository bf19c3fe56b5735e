// Screenshots of the two memory chapters (figure and controls, English, Chinese, an error state)
// into screenshots/, for looking at: node screens-memory.mjs (after scripts/dist.sh).
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const s = await startServer(new URL("../../dist", import.meta.url).pathname);
const b = await launch();
const shots = [
  ["coalescing?preset=aos-xyz&f=lane%20%2F%200", "c-zh-err", true],
  ["bank-conflicts?preset=float4-stride-2", "b-f4", false],
  ["bank-conflicts?preset=stride-32", "b-s32", true],
  ["coalescing?preset=boundary-check", "c-bound", false],
];
for (const [url, name, zh] of shots) {
  const { page, errors, context } = await openPage(b);
  await page.goto(s.base + url);
  await page.waitForSelector("[data-testid=figure]");
  if (zh) { await page.click("[data-testid=lang-zh]"); await page.waitForTimeout(200); }
  await page.locator("[data-testid=lane-5]").click();
  await page.locator("[data-testid=figure]").screenshot({ path: `screenshots/${name}-fig.png` });
  await page.locator(".gx-controls").screenshot({ path: `screenshots/${name}-ctl.png` });
  console.log(name, errors);
  await context.close();
}
await b.close(); s.close();
