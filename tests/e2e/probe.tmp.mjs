import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const s = await startServer("/work/main/dist");
const b = await launch();
const { page, errors } = await openPage(b);
await page.goto(s.base + (process.argv[2] ?? "roofline"));
await page.waitForTimeout(1200);
if (process.argv[3] === "zh") { await page.click("[data-testid=lang-zh]"); await page.waitForTimeout(400); }
await page.locator("[data-testid=figure]").screenshot({ path: "/tmp/fig.png" });
console.log("errors", errors);
await b.close(); s.close();
