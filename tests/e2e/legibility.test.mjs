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
      if (m && c.width > 0 && String(text).trim()) {
        // Canvas px now; CSS px when measured (a canvas may be drawn before it is laid out).
        const t = this.getTransform();
        const det = Math.sqrt(Math.abs(t.a * t.d - t.b * t.c));
        // The text's box in canvas px (unrotated text only): where the roofline's labels are,
        // for the overlap test.
        let box = null;
        if (Math.abs(t.b) < 1e-9 && Math.abs(t.c) < 1e-9) {
          const mt = this.measureText(String(text));
          const [x, y] = [rest[0], rest[1]];
          box = {
            x0: (x - mt.actualBoundingBoxLeft) * t.a + t.e,
            x1: (x + mt.actualBoundingBoxRight) * t.a + t.e,
            y0: (y - mt.actualBoundingBoxAscent) * t.d + t.f,
            y1: (y + mt.actualBoundingBoxDescent) * t.d + t.f,
          };
        }
        window.__canvasText.push({ canvas: c, canvasPx: parseFloat(m[1]) * det, text: String(text).slice(0, 30), box });
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
      for (const e of window.__canvasText.filter((e) => e.canvas === c && c.clientWidth > 0)) found.push({ px: Math.round(e.canvasPx * (c.clientWidth / c.width) * 100) / 100, text: e.text, where: `canvas in ${c.closest("[data-testid]")?.getAttribute("data-testid")} (${e.text.replace(/\d+/g, "#").slice(0, 12)})` });
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
  // The quiz, the classroom and the glossary have no chapter figure (glossary.test.mjs checks
  // the glossary's text at the three sizes).
  return [...new Set(hrefs)].filter((s) => s && s !== "quiz" && s !== "classroom" && s !== "glossary");
}

/** A page's address: the kernel lab opens at a picked line, where it draws its figures (a
 * global access on the coalescing figure, with the occupancy bars below). */
const pageUrl = (slug, lang) => `${server.base}${slug === "lab" ? "lab?line=5&warp=312&" : slug + "?"}lang=${lang}`;
/** Drawn: a chapter's first figure, or the lab's figure of the picked line. */
const DRAWN = "[data-testid=figure], [data-testid=lab-coalescing]";

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
        await page.goto(pageUrl(slug, lang));
        await page.waitForSelector(DRAWN);
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

/** The sideways-scrolling boxes in the page's figures: each box, its visible rect and, for a
 * frozen-label box (`ScrollFigure`, `.gx-sfig`), every label's rect and size after scrolling it
 * to `fraction` of its range. */
function scrollBoxes(fraction) {
  const out = [];
  for (const el of document.querySelectorAll("main *")) {
    const cs = getComputedStyle(el);
    if (!/auto|scroll/.test(cs.overflowX) || el.scrollWidth <= el.clientWidth + 1) continue;
    if (!el.querySelector("svg, canvas") || el.matches("table, pre") || el.closest("table")) continue;
    el.scrollLeft = (el.scrollWidth - el.clientWidth) * fraction;
    const box = el.getBoundingClientRect();
    const id = el.closest("[data-testid]")?.getAttribute("data-testid") ?? el.className;
    // A canvas figure's label layer is a canvas (the figure's own label strip, copied).
    const layer = el.querySelector(":scope > .gx-sfig__track > .gx-sfig__labels");
    const texts = layer?.matches("canvas") ? [layer] : [...(layer?.querySelectorAll("text") ?? [])];
    const labels = texts.map((t) => {
      const r = t.getBoundingClientRect();
      const m = t instanceof SVGElement ? t.getScreenCTM() : null;
      // The canvas strip's text is measured where it is drawn (the figure's canvas).
      const px = t instanceof SVGElement ? parseFloat(getComputedStyle(t).fontSize) * (m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1) : Infinity;
      return { text: t.textContent.trim().slice(0, 24) || t.tagName, x0: r.left, x1: r.right, y0: r.top, y1: r.bottom, px };
    });
    // Where the label layer sits and where the box's inside begins: they must meet, or the
    // figure shows through left of the labels.
    const layerLeft = layer?.getBoundingClientRect().left ?? null;
    // A keyboard must reach a box that scrolls: the box itself or a part inside it.
    const focusable = el.tabIndex >= 0 || !!el.querySelector("[tabindex='0'], a[href], button, input, select");
    out.push({ id, focusable, sticky: el.classList.contains("gx-sfig"), box: { x0: box.left, x1: box.right, y0: box.top, y1: box.bottom }, labels, scrolled: el.scrollLeft, layerLeft, innerLeft: box.left + el.clientLeft });
  }
  return out;
}

/** Figures that scroll sideways without a frozen label column, and why that is fine: their
 * labels are drawn inside the cell they name, so they scroll with it. */
const LABELS_IN_CELLS = {
  dispatch: "each SM's label is inside its own box",
  coalescing: "each lane's number is inside its box and each line's label sits on its block",
  lab: "the picked line's figure is the coalescing chapter's: each lane's number in its box, each line's label on its block",
  chip: "each GPC's and SM's label is inside its box",
};

test("phone: a figure that scrolls sideways keeps its row labels in view (middle and far right), at least 12 px", async () => {
  const slugs = await chapters();
  const context = await browser.newContext({ ...SIZES.phone, reducedMotion: "reduce", locale: "en-US" });
  const page = await context.newPage();
  const failures = [];
  let boxesSeen = 0;
  let stickySeen = 0;
  for (const slug of slugs) {
    for (const lang of ["en", "zh"]) {
      await page.goto(pageUrl(slug, lang));
      await page.waitForSelector(DRAWN);
      await page.waitForTimeout(500);
      for (const fraction of [0.5, 1]) {
        const boxes = await page.evaluate(scrollBoxes, fraction);
        for (const b of boxes) {
          if (fraction === 1 && lang === "en") boxesSeen++;
          if (!b.sticky) {
            if (!(slug in LABELS_IN_CELLS)) failures.push(`${slug} ${lang}: ${b.id} scrolls sideways without a frozen label column`);
            continue;
          }
          if (fraction === 1 && lang === "en") stickySeen++;
          if (!b.focusable) failures.push(`${slug} ${lang}: ${b.id} scrolls but no key reaches it`);
          if (b.labels.length && Math.abs(b.layerLeft - b.innerLeft) > 1) failures.push(`${slug} ${lang} ${b.id} at ${fraction * 100} %: the label column is ${(b.layerLeft - b.innerLeft).toFixed(1)} px off the box's left edge`);
          if (!b.labels.length && !(slug in LABELS_IN_CELLS)) failures.push(`${slug} ${lang}: ${b.id} has an empty label column`);
          // Rows a box scrolls away vertically (the hierarchy's tall blocks) are not in view by
          // design; every label of a row in view must be, from its left edge on.
          const rowsInView = b.labels.filter((l) => l.y1 > b.box.y0 + 1 && l.y0 < b.box.y1 - 1);
          if (b.labels.length && !rowsInView.length) failures.push(`${slug} ${lang}: ${b.id} shows none of its labels`);
          for (const l of rowsInView) {
            const inside = l.x0 >= b.box.x0 - 1 && l.x0 < b.box.x1 - 8;
            if (!inside) failures.push(`${slug} ${lang} ${b.id} at ${fraction * 100} %: label "${l.text}" at x ${Math.round(l.x0)}..${Math.round(l.x1)}, y ${Math.round(l.y0)} outside the box ${Math.round(b.box.x0)}..${Math.round(b.box.x1)}, ${Math.round(b.box.y0)}..${Math.round(b.box.y1)}`);
            if (l.px < MIN_TEXT_PX - 0.01) failures.push(`${slug} ${lang} ${b.id}: label "${l.text}" ${l.px.toFixed(2)} px`);
          }
        }
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > SIZES.phone.viewport.width + 2) failures.push(`${slug} ${lang}: page ${width} px wide after scrolling a figure`);
      }
    }
  }
  await context.close();
  console.log(`phone: ${boxesSeen} sideways-scrolling figure boxes, ${stickySeen} with a frozen label column`);
  assert.ok(stickySeen >= 5, `frozen label columns seen: ${stickySeen}`);
  assert.deepEqual(failures, []);
});

// A drawing or listing wider than a phone's column fades out at its right edge while more of it
// lies that way, and not once its end is reached (widgets.css: a mask on the box's own scroll
// timeline); tables shade their edge instead (classroom.test.mjs checks theirs). Under reduced
// motion too: the fade follows the reader's scrolling.
test("phone: a drawing that scrolls sideways fades at its right edge until its end", async () => {
  const slugs = await chapters();
  const context = await browser.newContext({ ...SIZES.phone, reducedMotion: "reduce", locale: "en-US" });
  const page = await context.newPage();
  const failures = [];
  let seen = 0;
  for (const slug of slugs) {
    await page.goto(pageUrl(slug, "en"));
    await page.waitForSelector(DRAWN);
    await page.waitForTimeout(500);
    const boxes = await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const out = [];
      const all = [...document.querySelectorAll("main *")].filter((e) => /auto|scroll/.test(getComputedStyle(e).overflowX) && e.getClientRects().length && !e.querySelector("td") && !e.closest("pre") && e.tagName !== "PRE" && e.tagName !== "TEXTAREA");
      for (const e of all) {
        const id = `${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className).trim().split(/\s+/).join(".")}`;
        const sideways = e.scrollWidth > e.clientWidth + 4;
        e.scrollLeft = 0;
        await frame();
        const start = getComputedStyle(e).maskImage;
        e.scrollLeft = e.scrollWidth;
        await frame();
        const end = getComputedStyle(e).maskImage;
        e.scrollLeft = 0;
        out.push({ id, sideways, start, end });
      }
      return out;
    });
    for (const b of boxes) {
      if (b.sideways) {
        seen++;
        if (!/gradient/.test(b.start)) failures.push(`${slug}: ${b.id} scrolls sideways with no fade at its right edge (${b.start})`);
        if (b.end !== "none") failures.push(`${slug}: ${b.id} still fades at its end (${b.end})`);
      } else if (b.start !== "none") failures.push(`${slug}: ${b.id} fades but does not scroll sideways`);
    }
  }
  await context.close();
  console.log(`phone: ${seen} drawings or listings scroll sideways`);
  assert.ok(seen >= 10, `only ${seen} sideways-scrolling drawings seen: the fade went untested`);
  assert.deepEqual(failures, []);
});

// A table wider than a phone's column keeps its row headers (and the header cell above them) in
// view while it scrolls, with a line where the rest slides under them once scrolled; under
// reduced motion too (the line follows the reader's scrolling, it does not move by itself).
test("phone: a table that scrolls sideways keeps its row headers in view, with their row lines and a line once scrolled", async () => {
  const slugs = await chapters();
  const context = await browser.newContext({ ...SIZES.phone, reducedMotion: "reduce", locale: "en-US" });
  const page = await context.newPage();
  const failures = [];
  let seen = 0;
  for (const slug of slugs) {
    await page.goto(pageUrl(slug, "en"));
    await page.waitForSelector(DRAWN);
    await page.waitForSelector(".gx-prevnext", { state: "attached" });
    await page.waitForTimeout(300);
    const boxes = await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const out = [];
      const all = [...document.querySelectorAll("main :is(.gx-table-scroll, .gx-table--numeric)")].filter((e) => e.scrollWidth > e.clientWidth + 4 && e.querySelector("tbody th[scope=row]") && e.getClientRects().length);
      for (const e of all) {
        const id = e.closest("[data-testid]")?.dataset.testid ?? e.className;
        e.scrollIntoView({ block: "center" });
        const heads = () => [...e.querySelectorAll("tbody th[scope=row]"), e.querySelector("thead th:first-child")].filter(Boolean);
        e.scrollLeft = 0;
        await frame();
        const at0 = heads().map((h) => getComputedStyle(h).boxShadow);
        e.scrollLeft = e.scrollWidth;
        await frame();
        const box = e.getBoundingClientRect();
        const left = heads().map((h) => Math.round(h.getBoundingClientRect().left - box.left - e.clientLeft));
        const line = heads().map((h) => getComputedStyle(h).boxShadow);
        // The cell on top at a row header's middle is the header itself (nothing painted over it).
        // (those on screen: a tall table's header row can be above the viewport).
        const onTop = heads().every((h) => {
          const r = h.getBoundingClientRect();
          const y = r.top + r.height / 2;
          return y < 0 || y > innerHeight || h.contains(document.elementFromPoint(r.left + 4, y));
        });
        e.scrollLeft = 0;
        // Each cell paints its own row line only with separate borders: collapsed ones are the
        // table's, under the sticky header's surface (the line went missing in the frozen column).
        const collapse = getComputedStyle(e.matches("table") ? e : e.querySelector("table")).borderCollapse;
        out.push({ id, at0, left, line, onTop, collapse, scrolled: e.scrollWidth - e.clientWidth });
      }
      return out;
    });
    for (const b of boxes) {
      seen++;
      if (b.left.some((x) => Math.abs(x) > 1)) failures.push(`${slug}: ${b.id} scrolled ${b.scrolled} px, row headers at ${b.left} px from its left edge`);
      if (!b.onTop) failures.push(`${slug}: ${b.id}: a row header is covered once scrolled`);
      // Before scrolling: no shadow, or the keyframes' transparent end of it.
      if (b.at0.some((s) => s !== "none" && !/^rgba\(\d+, \d+, \d+, 0\)/.test(s))) failures.push(`${slug}: ${b.id}: a line before any scrolling (${b.at0[0]})`);
      if (b.line.some((s) => !/inset/.test(s))) failures.push(`${slug}: ${b.id}: no line once scrolled (${b.line[0]})`);
      if (b.collapse !== "separate") failures.push(`${slug}: ${b.id}: border-collapse ${b.collapse}: the frozen column loses its row lines`);
    }
  }
  await context.close();
  console.log(`phone: ${seen} tables with row headers scroll sideways`);
  assert.ok(seen >= 2, `only ${seen} sideways-scrolling tables with row headers seen: the frozen column went untested`);
  assert.deepEqual(failures, []);
});

test("roofline: the course's numbers, the reader's label and the roof labels overlap neither each other nor a dot, at every size", async () => {
  const failures = [];
  const overlap = (a, b, pad = 0) => a.x0 < b.x1 - pad && b.x0 < a.x1 - pad && a.y0 < b.y1 - pad && b.y0 < a.y1 - pad;
  for (const [size, opts] of Object.entries(SIZES)) {
    for (const lang of ["en", "zh"]) {
      const context = await browser.newContext({ ...opts, reducedMotion: "reduce", locale: "en-US" });
      await context.addInitScript(recordCanvasText);
      const page = await context.newPage();
      await page.goto(`${server.base}roofline?lang=${lang}`);
      await page.waitForSelector("[data-testid=point-user]");
      await page.waitForTimeout(600);
      const { texts, dots } = await page.evaluate(() => {
        const canvas = document.querySelector("main [data-testid=figure] canvas");
        const cr = canvas.getBoundingClientRect();
        const k = canvas.clientWidth / canvas.width;
        const texts = window.__canvasText.filter((e) => e.canvas === canvas && e.box).map((e) => ({ text: e.text, x0: e.box.x0 * k, x1: e.box.x1 * k, y0: e.box.y0 * k, y1: e.box.y1 * k }));
        const dots = [...document.querySelectorAll("main [data-testid^=point-] circle")].map((c) => {
          const r = c.getBoundingClientRect();
          return { text: c.closest("[data-testid]").getAttribute("data-testid"), x0: r.left - cr.left, x1: r.right - cr.left, y0: r.top - cr.top, y1: r.bottom - cr.top };
        });
        return { texts, dots };
      });
      await context.close();
      const labels = texts.filter((t) => /^\d$/.test(t.text) || /Your kernel|你的 kernel|ridge|拐点|roof|屋顶/.test(t.text));
      const numbers = labels.filter((t) => /^\d$/.test(t.text));
      if (numbers.length < 5) failures.push(`${size} ${lang}: ${numbers.length} course numbers drawn`);
      if (!labels.some((t) => /Your kernel|你的 kernel/.test(t.text))) failures.push(`${size} ${lang}: no label beside the reader's kernel`);
      for (let i = 0; i < labels.length; i++) {
        for (let j = i + 1; j < labels.length; j++) {
          if (overlap(labels[i], labels[j])) failures.push(`${size} ${lang}: "${labels[i].text}" overlaps "${labels[j].text}"`);
        }
        for (const d of dots) if (overlap(labels[i], d, 0.5)) failures.push(`${size} ${lang}: "${labels[i].text}" overlaps the dot ${d.text}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

// A canvas shown wider than its layout (the column's full width: the roofline's 760 at 863 CSS px
// on a 1440 laptop) sizes its backing store for the width shown, so its lines and text are
// sharp.
test("canvas figures are drawn at the width they are shown at, on the chapter page", async () => {
  const failures = [];
  for (const [size, opts] of Object.entries(SIZES)) {
    const context = await browser.newContext({ ...opts, reducedMotion: "reduce", locale: "en-US" });
    const page = await context.newPage();
    for (const [route, sel] of [["roofline", "main [data-testid=figure] canvas.gx-chart__canvas"], ["dispatch", "main [data-testid=dispatch-canvas]"]]) {
      await page.goto(`${server.base}${route}?lang=en`);
      await page.waitForSelector(sel);
      await page.waitForTimeout(500);
      const r = await page.evaluate((sel) => {
        const c = document.querySelector(sel);
        return { backing: c.width, shown: c.getBoundingClientRect().width * devicePixelRatio };
      }, sel);
      const k = r.backing / r.shown;
      if (!(k > 0.97 && k < 1.03)) failures.push(`${size} ${route}: backing ${r.backing} px for ${r.shown.toFixed(0)} device px shown`);
    }
    await context.close();
  }
  assert.deepEqual(failures, []);
});
