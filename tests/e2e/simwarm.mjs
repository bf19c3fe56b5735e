// Cold vs warm dispatch simulation (bench.mjs's "sim" launch): each run opens a fresh page (cold:
// the simulation's wasm runs from its baseline compile until V8's background tier-up lands), then
// moves the jitter slider WARM times (default 2; same page, optimised code) and prints every
// compute-ms on one line. JSFLAGS passes V8 flags (e.g. --no-liftoff: every function optimised on
// its first call; --trace-wasm-compilation-times with DEBUG=pw:browser: which functions tier up,
// when, and how long TurboFan took). Usage: RUNS=8 [WARM=2] [DIST=…] [JSFLAGS=…] node simwarm.mjs
import { chromium } from "playwright-core";
import { startServer } from "./server.mjs";
import { CHROMIUM, FLAGS, launch, openPage } from "./browser.mjs";
const dist = process.env.DIST ?? new URL("../../dist", import.meta.url).pathname;
const RUNS = Number(process.env.RUNS ?? 8);
const server = await startServer(dist, "/warpscope/", { gzip: true });
const browser = process.env.JSFLAGS ? await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, `--js-flags=${process.env.JSFLAGS}`] }) : await launch();
const read = async (page) => Number(await page.locator("[data-testid=compute-ms]").getAttribute("data-ms"));
for (let i = 0; i < RUNS; i++) {
  const { context, page } = await openPage(browser, { serviceWorkers: "block" });
  await page.goto(server.base + `dispatch?gpu=h100&threads=32&regs=16&grid=1048576&dur=1000000&jit=${20 + 5 * i}`);
  await page.waitForSelector("[data-testid=compute-ms]");
  const row = [await read(page)];
  const s = page.locator("[data-testid=slider-jit] input[type=range]");
  for (let k = 0; k < Number(process.env.WARM ?? 2); k++) {
    const before = await page.locator("[data-testid=compute-ms]").getAttribute("data-ms");
    await s.focus(); await page.keyboard.press(k % 2 ? "ArrowRight" : "ArrowLeft");
    await page.waitForFunction((b) => document.querySelector("[data-testid=compute-ms]").getAttribute("data-ms") !== b, before);
    row.push(await read(page));
  }
  console.log(row.map((x) => x.toFixed(1)).join("  "));
  await context.close();
}
await browser.close(); server.close?.(); process.exit(0);
