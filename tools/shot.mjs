// Screenshot of one page for a person to look at: node shot.mjs <path?query> <out.png> [zh] [css selector to focus]
// Optional: SHOT_EVAL="js run in the page first" SHOT_ELEMENT="selector to shoot instead of the page"
// SHOT_WIDTH=390 (viewport width, CSS px; height 844 then).
// Serves dist/ under /warpscope/ like the tests. Output is for eyes only; keep it out of git.
import { startServer } from "../tests/e2e/server.mjs";
import { launch, openPage } from "../tests/e2e/browser.mjs";
const s = await startServer(new URL("../dist", import.meta.url).pathname);
const b = await launch();
const { page, errors } = await openPage(b);
if (process.env.SHOT_WIDTH) await page.setViewportSize({ width: Number(process.env.SHOT_WIDTH), height: 844 });
await page.goto(s.base + process.argv[2]);
await page.waitForTimeout(1200);
if (process.argv[4] === "zh") { await page.click("[data-testid=lang-zh]"); await page.waitForTimeout(400); }
if (process.argv[5]) { await page.locator(process.argv[5]).first().focus(); await page.waitForTimeout(200); }
if (process.env.SHOT_EVAL) { await page.evaluate(process.env.SHOT_EVAL); await page.waitForTimeout(300); }
if (process.env.SHOT_ELEMENT) await page.locator(process.env.SHOT_ELEMENT).first().screenshot({ path: process.argv[3] });
else await page.screenshot({ path: process.argv[3], fullPage: true });
console.log("errors", errors);
await b.close(); s.close();
