// Screenshot of one element for people to look at (not a test):
//   node elshot.mjs <dist dir> <route?query> <css selector> <out.png> [desktop|projector|phone]
import path from "node:path";
import { startServer } from "./server.mjs";
import { launch } from "./browser.mjs";
import { SIZES } from "./sizes.mjs";

const [dist, route, selector, out, size = "desktop"] = process.argv.slice(2);
const server = await startServer(path.resolve(dist));
const browser = await launch();
const context = await browser.newContext({ ...SIZES[size], reducedMotion: "reduce" });
const page = await context.newPage();
await page.goto(server.base + route);
await page.waitForSelector(selector);
await page.waitForTimeout(700);
await page.locator(selector).first().screenshot({ path: out });
await browser.close();
server.close();
