// Walks the built-in lesson for people to look at (not a test): every step, in both languages,
// screenshotted at one projector size, with the smallest figure text measured on screen.
//   node classroom-walk.mjs <dist dir> <out dir> [W×H] [device scale] [first step] [last step]
// e.g. `node tools/classroom-walk.mjs dist /tmp/walk 1280x720` or `… 853x480 1.5` (1280×720 at
// 150 % zoom; also written `853x480@1.5`). Writes step<NN>-<lang>.png and report.json (per step: smallest figure text in CSS
// px, whether the page scrolls, whether a bar button or the caption is clipped).
import fs from "node:fs";
import path from "node:path";
import { startServer } from "../tests/e2e/server.mjs";
import { launch } from "../tests/e2e/browser.mjs";
import { measureProjector } from "../tests/e2e/classroom-measure.mjs";

const args = process.argv.slice(2);
// `853x480@1.5` names the scale with the size (then the next arguments are the steps).
if (args[2]?.includes("@")) args.splice(2, 1, ...args[2].split("@"));
const [dist, out, size = "1280x720", scale = "1", first = "1", last = "999"] = args;
const [width, height] = size.split("x").map(Number);
fs.mkdirSync(out, { recursive: true });
const server = await startServer(path.resolve(dist));
const browser = await launch();
const report = [];
for (const lang of ["en", "zh"]) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: Number(scale),
    locale: lang === "zh" ? "zh-CN" : "en-US",
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.base}classroom?lesson=course&step=1&lang=${lang}`);
  await page.waitForSelector("[data-testid=cls-count]");
  const total = Number((await page.locator("[data-testid=cls-count]").textContent()).match(/\/\s*(\d+)/)[1]);
  for (let step = Number(first); step <= Math.min(total, Number(last)); step++) {
    await page.goto(`${server.base}classroom?lesson=course&step=${step}&lang=${lang}`);
    await page.waitForSelector("[data-testid=cls-count]");
    await page.waitForTimeout(700);
    const m = await measureProjector(page);
    report.push({ lang, step, ...m });
    await page.screenshot({ path: path.join(out, `step${String(step).padStart(2, "0")}-${lang}.png`) });
  }
  if (errors.length) console.log(lang, "page errors:", errors);
  await context.close();
}
fs.writeFileSync(path.join(out, "report.json"), JSON.stringify(report, null, 1));
for (const r of report) {
  const flags = [r.scrolls && "SCROLLS", !r.captionInside && "CAPTION-CLIPPED", r.barClipped.length && `BAR-CLIPPED ${r.barClipped}`, !r.figureInside && "FIGURE-OUTSIDE", r.pans && "PANS", r.clippedText.length && `CLIPPED ${r.clippedText}`, r.minFigurePx < 12 && "SMALL"].filter(Boolean);
  console.log(`${r.lang} step ${String(r.step).padStart(2)}: min figure text ${r.minFigurePx.toFixed(1)} px (${r.minFigureText}) zoom ${r.zoom} ${flags.join(" ")}`);
}
await browser.close();
server.close();
