// Which DOM writes a slider tick makes, per chapter: for each chapter in SLUGS, the first range
// slider (or SLIDER=css) moved between its 25 % and 75 % values; prints the attribute writes
// grouped by element + attribute and the nodes added/removed grouped by parent, for one tick.
// DUMP=dir writes the chapter's normalised <main> HTML at both values (to compare builds).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.DIST ?? path.join(here, "../../dist");
const server = await startServer(DIST, "/warpscope/", { gzip: true });
const browser = await launch();
for (const slug of (process.env.SLUGS ?? "occupancy").split(",")) {
  const { context, page } = await openPage(browser, { serviceWorkers: "block" });
  await page.goto(server.base + slug);
  await page.waitForSelector(`[data-testid=chapter-${slug}] :is(figure, svg, canvas)`);
  await page.waitForTimeout(800);
  const res = await page.evaluate(async ({ slug, sel }) => {
    const range = document.querySelector(sel ?? `[data-testid=chapter-${slug}] input[type=range]`);
    const lo = Number(range.min || 0);
    const hi = Number(range.max || 100);
    const vals = [String(lo + Math.round((hi - lo) * 0.25)), String(lo + Math.round((hi - lo) * 0.75))];
    // The <main> HTML without comments (leptos's markers), then each canvas's pixels hashed.
    const hash = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);
    const norm = () =>
      document.querySelector("main").outerHTML.replace(/<!--[^]*?-->/g, "") +
      [...document.querySelectorAll("main canvas")].map((c) => `\n<canvas-pixels ${c.width}x${c.height} ${hash(c.toDataURL())}>`).join("");
    const html = [];
    const name = (el) => el.nodeType === 1 ? `${el.tagName.toLowerCase()}${el.getAttribute("class") ? "." + el.getAttribute("class").split(" ")[0] : ""}${el.dataset?.testid ? "#" + el.dataset.testid : ""}` : el.nodeName;
    let counts = {};
    let seen = [];
    const obs = new MutationObserver((rs) => seen.push(...rs));
    obs.observe(document.body, { attributes: true, childList: true, subtree: true, characterData: true });
    for (let i = 0; i < 4; i++) {
      obs.takeRecords();
      seen = [];
      range.value = vals[i % 2];
      range.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => requestAnimationFrame(() => r()));
      await new Promise((r) => setTimeout(r, 50));
      const recs = [...seen, ...obs.takeRecords()];
      if (i >= 2) html.push(norm());
      if (i !== 3) continue;
      for (const r of recs) {
        let key;
        if (r.type === "attributes") key = `attr ${name(r.target)} @${r.attributeName}`;
        else if (r.type === "characterData") key = `text in ${name(r.target.parentNode ?? r.target)}`;
        else key = `nodes ${name(r.target)} +${r.addedNodes.length}-${r.removedNodes.length}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      counts.__total = recs.length;
    }
    return { counts, html };
  }, { slug, sel: process.env.SLIDER ?? null });
  console.log(`\n== ${slug}`);
  for (const [k, v] of Object.entries(res.counts).sort((a, b) => b[1] - a[1])) console.log(String(v).padStart(5), k);
  if (process.env.DUMP) {
    fs.mkdirSync(process.env.DUMP, { recursive: true });
    res.html.forEach((h, i) => fs.writeFileSync(path.join(process.env.DUMP, `${slug}-${i}.html`), h.replace(/></g, ">\n<")));
  }
  await context.close();
}
await browser.close();
server.close?.();
process.exit(0);
