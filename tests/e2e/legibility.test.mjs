// Readable from the back of a classroom and on a phone (issue #14): at the three sizes of
// `sizes.mjs`, every text a student reads inside a chapter's figures renders at least
// MIN_TEXT_PX CSS px. SVG text is its font size times the SVG's scale on screen; HTML text its
// computed font size; canvas text the font the page sets for `fillText`, times the canvas's CSS
// scale and the context's transform (recorded by an init script). On the phone, no chapter
// scrolls sideways, no table column is narrower than its longest word, and the page is at most
// twice as tall as on the desktop. No select clips the option it shows.
//
// `LEGIBILITY_REPORT=1` prints the smallest size per chapter and size and does not fail (the
// before/after table of the issue).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { server, browser, SHOTS } from "./harness.mjs";
import { SIZES, MIN_TEXT_PX } from "./sizes.mjs";

const REPORT = process.env.LEGIBILITY_REPORT === "1";
/** What counts as a chapter's figure: every <figure>, every element marked as one, every SVG and canvas. */
const FIGURES = "main figure, main [data-testid=figure], main [data-testid$=-figure], main [data-testid=warps], main svg, main canvas";

/** Records the CSS px of every canvas `fillText`/`strokeText` in `window.__canvasText`. */
function recordCanvasText() {
  window.__canvasText = [];
  const P = CanvasRenderingContext2D.prototype;
  // A clear or fill of the whole canvas starts a new drawing: forget that canvas's older text.
  for (const name of ["clearRect", "fillRect"]) {
    const orig = P[name];
    P[name] = function (x, y, w, h) {
      const t = this.getTransform();
      const c = this.canvas;
      if (x * t.a + t.e <= 0 && y * t.d + t.f <= 0 && (x + w) * t.a + t.e >= c.width && (y + h) * t.d + t.f >= c.height) {
        window.__canvasText = window.__canvasText.filter((e) => e.canvas !== c);
      }
      return orig.call(this, x, y, w, h);
    };
  }
  for (const name of ["fillText", "strokeText"]) {
    const orig = P[name];
    P[name] = function (text, ...rest) {
      const c = this.canvas;
      const m = /(\d+(?:\.\d+)?)px/.exec(this.font);
      if (m && c.clientWidth > 0 && c.width > 0 && String(text).trim()) {
        const t = this.getTransform();
        const scale = (c.clientWidth / c.width) * Math.sqrt(Math.abs(t.a * t.d - t.b * t.c));
        window.__canvasText.push({ canvas: c, px: parseFloat(m[1]) * scale, text: String(text).slice(0, 30) });
      }
      return orig.call(this, text, ...rest);
    };
  }
}

/** Every visible text in the page's figures: `{ px, text, where }`, smallest first. */
function measureFigures(selector) {
  const roots = [...document.querySelectorAll(selector)];
  const top = roots.filter((r) => !roots.some((o) => o !== r && o.contains(r)));
  const found = [];
  const where = (el) => {
    const id = (el.closest("[data-testid]")?.getAttribute("data-testid") ?? "").replace(/\d+/g, "#");
    return `${el.tagName.toLowerCase()}.${(el.getAttribute("class") ?? "").split(" ")[0]} in ${id}`;
  };
  for (const root of top) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent.trim();
      const el = n.parentElement;
      if (!text || !el || el.closest("title, desc, style, script, .gx-sr-only, [hidden], [aria-hidden=true] title")) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility !== "visible" || Number(cs.opacity) === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue; // not rendered (closed <details>, display: none)
      let px = parseFloat(cs.fontSize);
      if (el instanceof SVGElement) {
        const m = el.getScreenCTM();
        if (m) px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      }
      found.push({ px: Math.round(px * 100) / 100, text: text.slice(0, 30), where: where(el) });
    }
    for (const c of root.matches("canvas") ? [root] : root.querySelectorAll("canvas")) {
      for (const e of window.__canvasText.filter((e) => e.canvas === c)) found.push({ px: Math.round(e.px * 100) / 100, text: e.text, where: `canvas in ${c.closest("[data-testid]")?.getAttribute("data-testid")} (${e.text.replace(/\d+/g, "#").slice(0, 12)})` });
    }
  }
  return found.sort((a, b) => a.px - b.px);
}

/** Table columns narrower than their longest word: `[{ text, word, wordPx, cellPx }]`. */
function narrowColumns() {
  const ctx = document.createElement("canvas").getContext("2d");
  const bad = [];
  for (const cell of document.querySelectorAll("main td, main th")) {
    const r = cell.getBoundingClientRect();
    if (r.width < 1) continue;
    const cs = getComputedStyle(cell);
    const inner = cell.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    // Each text in the font it is drawn in (a <code> inside a cell is monospace). Browsers break
    // lines at spaces and after hyphens and slashes: those pieces must fit; text that may break
    // anywhere (`overflow-wrap: anywhere`, long code identifiers) wraps by design.
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const ps = getComputedStyle(node.parentElement);
      if (ps.overflowWrap === "anywhere" || ps.wordBreak === "break-all") continue;
      ctx.font = `${ps.fontWeight} ${ps.fontSize} ${ps.fontFamily}`;
      for (const word of node.textContent.split(/[\s]+|(?<=[-/])/)) {
        const w = ctx.measureText(word).width;
        const table = cell.closest("table");
        const where = `${table?.getAttribute("class") ?? ""} in ${table?.closest("[data-testid]")?.getAttribute("data-testid") ?? ""}`;
        if (w > inner + 1) bad.push({ text: cell.innerText.slice(0, 40), word, wordPx: Math.round(w), cellPx: Math.round(inner), where });
      }
    }
  }
  return bad;
}

/** Selects whose chosen option is wider than the box shows: `[{ testid, text, textPx, boxPx }]`. */
function clippedSelects() {
  const ctx = document.createElement("canvas").getContext("2d");
  const bad = [];
  for (const sel of document.querySelectorAll("main select")) {
    const r = sel.getBoundingClientRect();
    if (r.width < 1) continue;
    const cs = getComputedStyle(sel);
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const text = sel.selectedOptions[0]?.textContent ?? "";
    // The drop-down arrow takes about 20 px on the right.
    const box = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    const w = ctx.measureText(text).width;
    if (w > box + 1) bad.push({ testid: sel.getAttribute("data-testid"), text: text.slice(0, 50), textPx: Math.round(w), boxPx: Math.round(box) });
  }
  return bad;
}

async function chapters() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.base);
  await page.waitForSelector("[data-testid=chapter-map] a");
  const hrefs = await page.locator("[data-testid=chapter-map] a").evaluateAll((as) => as.map((a) => new URL(a.href).pathname.split("/").filter(Boolean).pop()));
  await context.close();
  return [...new Set(hrefs)].filter((s) => s && s !== "quiz" && s !== "classroom");
}

test("every figure's text is at least 12 CSS px on desktop, projector and phone; phone pages keep their columns and height", async () => {
  const slugs = await chapters();
  assert.ok(slugs.length >= 10, `chapters: ${slugs}`);
  const table = {}; // slug → size → smallest px
  const failures = [];
  const heights = {};
  for (const [size, opts] of Object.entries(SIZES)) {
    const context = await browser.newContext({ ...opts, reducedMotion: "reduce", locale: "en-US" });
    await context.addInitScript(recordCanvasText);
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    for (const slug of slugs) {
      for (const lang of ["en", "zh"]) {
        await page.goto(`${server.base}${slug}?lang=${lang}`);
        await page.waitForSelector("[data-testid=figure]");
        await page.waitForTimeout(600);
        const found = await page.evaluate(measureFigures, FIGURES);
        const key = `${slug}`;
        table[key] ??= {};
        const min = found[0]?.px ?? Infinity;
        table[key][size] = Math.min(table[key][size] ?? Infinity, min);
        const small = found.filter((f) => f.px < MIN_TEXT_PX - 0.01);
        if (small.length) {
          // One example per kind of text (element and class), smallest first.
          const kinds = new Map();
          for (const f of small) if (!kinds.has(f.where)) kinds.set(f.where, f);
          failures.push(`${slug} ${lang} ${size}: ${small.length} texts below ${MIN_TEXT_PX} px: ${[...kinds.values()].map((f) => `${f.px}px "${f.text}" (${f.where})`).join("; ")}`);
        }
        const clipped = await page.evaluate(clippedSelects);
        if (clipped.length) failures.push(`${slug} ${lang} ${size}: ${clipped.length} selects clip their text, e.g. ${clipped.slice(0, 3).map((c) => `${c.testid} "${c.text}" ${c.textPx}>${c.boxPx}px`).join("; ")}`);
        if (lang === "en") {
          const { width, height } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
          heights[slug] ??= {};
          heights[slug][size] = height;
          if (size === "phone") {
            if (width > opts.viewport.width + 2) failures.push(`${slug} phone: page is ${width} px wide`);
            const narrow = await page.evaluate(narrowColumns);
            if (narrow.length) failures.push(`${slug} phone: ${narrow.length} table cells narrower than a word, e.g. ${narrow.slice(0, 3).map((n) => `"${n.word}" ${n.wordPx}>${n.cellPx}px (${n.where})`).join("; ")}`);
          }
        }
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
  for (const [slug, h] of Object.entries(heights)) {
    if (h.phone > 2 * h.desktop) failures.push(`${slug}: phone page ${h.phone} px tall, desktop ${h.desktop} px (more than 2×)`);
  }
  const lines = ["chapter | desktop | projector | phone | phone height / desktop", "---|---|---|---|---"];
  for (const [slug, row] of Object.entries(table)) {
    lines.push(`${slug} | ${row.desktop} | ${row.projector} | ${row.phone} | ${(heights[slug].phone / heights[slug].desktop).toFixed(2)}`);
  }
  console.log(`smallest figure text (CSS px) per chapter and size:\n${lines.join("\n")}`);
  fs.writeFileSync(path.join(SHOTS, "legibility.md"), lines.join("\n") + "\n\n" + failures.join("\n") + "\n");
  if (!REPORT) assert.deepEqual(failures, []);
  else console.log(failures.join("\n"));
});
