// Screenshots of every page in both languages, for people to compare (not a test):
//   [PAGES=home,occupancy,…] node shots-all.mjs <dist dir> <out dir> [desktop|projector|phone]
// The sizes are `sizes.mjs`'s (desktop 1440×900; projector 1280×720 at 150 % zoom, 853×480 CSS px;
// phone 390×844). Full-page PNGs named <page>-<lang>-<size>.png.
import fs from "node:fs";
import path from "node:path";
import { startServer } from "../tests/e2e/server.mjs";
import { launch } from "../tests/e2e/browser.mjs";
import { SIZES } from "../tests/e2e/sizes.mjs";

const [dist, out, size = "desktop"] = process.argv.slice(2);
const ALL = ["", "chip", "hierarchy", "occupancy", "dispatch", "scheduling", "divergence", "coalescing", "bank-conflicts", "tensor-cores", "tensor-core-generations", "roofline", "lab", "glossary", "quiz", "classroom"];
const PAGES = process.env.PAGES ? ALL.filter((p) => process.env.PAGES.split(",").includes(p || "home")) : ALL;
fs.mkdirSync(out, { recursive: true });
const server = await startServer(path.resolve(dist));
const browser = await launch();
for (const lang of ["en", "zh"]) {
  const context = await browser.newContext({ ...SIZES[size], locale: lang === "zh" ? "zh-CN" : "en-US", reducedMotion: "reduce" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  for (const p of PAGES) {
    await page.goto(`${server.base}${p}?lang=${lang}`, { waitUntil: "networkidle" });
    // Every later part in (no busy placeholder left), then a frame to paint it.
    await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"), null, { timeout: 15000 }).catch(() => errors.push(`${p}: a placeholder still busy after 15 s`));
    await page.waitForTimeout(300);
    const name = `${p || "home"}-${lang}-${size}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
  }
  if (errors.length) console.log(lang, "page errors:", errors);
  await context.close();
}
await browser.close();
server.close();
console.log("screenshots in", out);
