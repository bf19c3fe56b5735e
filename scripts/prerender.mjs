// Prerenders each chapter's first screen into its route pages (scripts/site.mjs calls it once the
// pages, packs and styles are in trunk's staging folder), so a deep link shows the chapter's
// answer as soon as the HTML is parsed instead of after the wasm has loaded and run (issue #18).
//
// For every chapter route it opens the built page in Debian's headless Chromium (the browser the
// tests use, tests/e2e/browser.mjs) twice, at 1280×900 and at 390×844 (the app lays a chapter
// out differently below ui/theme.rs NARROW_MAX_PX = 760), in English, with no query, waits
// until the chapter and everything it loads are in, and copies what the app drew, once per
// layout (`data-ws-pre="wide"` / `"narrow"`; style/layout.css shows the one for the screen):
//  - the app's nodes (the children of <body> the app mounted), each marked `data-ws-pre`,
//    `inert` and `aria-hidden`, put first in <body> of the route page (`<slug>/index.html` and
//    `<slug>.html`);
//  - form state as attributes (Leptos sets `value`/`checked` as properties, which outerHTML
//    does not show), so a slider's thumb sits where the app will put it;
//  - `data-testid` renamed `data-pre-testid` and ids outside SVG removed, so a test or the
//    app's own lookups never find the copy instead of the app's node;
//  - only the first screen (CUT_PX): an element wholly below it, outside SVG, is left
//    out (the copy is there for a fraction of a second; the bytes are every deep link's);
//  - only what is seen: no tooltips (SVG <title>, `title`), no names for assistive technology
//    (`aria-label…`, `role`: the copy is aria-hidden), no `for`/`name`, no `data-*` the styles
//    do not read, no marker comments, no closed <select>'s other options, and test ids only on
//    the chapter's root (`chapter-<slug>`) and occupancy's answer (what the benchmark and tests
//    look for in the copy); `aria-pressed` and the like stay (the styles read them).
// In the page, assets/precheck.js hides the copy (html.gx-pre-off) wherever the app would draw
// something else (a link with inputs, Chinese) and picks the narrow copy on a narrow screen
// (html.gx-pre-narrow); style/layout.css keeps the app's own nodes invisible behind it, and
// ui/shell/lazy.rs removes it once the chapter is mounted.
//
// Needs Chromium and playwright-core (WANT_BROWSER=1 bash scripts/setup.sh; `make dist` installs
// them). Without them, or with PRERENDER=0, the route pages stay as they are: the site works the
// same, its first answer comes with the app.
import fs from "node:fs";
import path from "node:path";

/** The layouts copied: the window, and the height of the copy (CSS px from the top of the
 * page): the first screen of a 1440×900 or 1280×900 window (a 1280×720 projector at 150 %
 * shows 480 px); on a phone, the header, the chapter's introduction and its first figure or
 * answer, which come below the phone's first screen (measured at 390 px: occupancy's answer at
 * 1,144–1,174 px, eight chapters' first figure ends by 1,950 px). Each 100 px costs every
 * deep link about 0.5 KiB gzip; the copy is on screen for a fraction of a second. */
const LAYOUTS = [
  { layout: "wide", viewport: { width: 1280, height: 900 }, cutPx: 950 },
  { layout: "narrow", viewport: { width: 390, height: 844 }, cutPx: 2000 },
];

/** In the page: the app's nodes below <body>, as HTML, ready to put first in a route page. */
function snapshot([cutPx, layout]) {
  const keep = [...document.body.children].filter((el) => el.id !== "gx-boot" && !["SCRIPT", "NOSCRIPT", "TEMPLATE"].includes(el.tagName));
  const outside = (el) => !el.closest("svg") || el.tagName === "svg";
  const parts = [];
  for (const el of keep) {
    const copy = el.cloneNode(true);
    const from = [el, ...el.querySelectorAll("*")];
    const to = [copy, ...copy.querySelectorAll("*")];
    if (from.length !== to.length) throw new Error("prerender: the copy differs from the page");
    const drop = [];
    from.forEach((src, i) => {
      const dst = to[i];
      if (src instanceof HTMLInputElement) {
        if (src.type === "checkbox" || src.type === "radio") dst.toggleAttribute("checked", src.checked);
        else dst.setAttribute("value", src.value);
      } else if (src instanceof HTMLOptionElement) {
        dst.toggleAttribute("selected", src.selected);
      } else if (src instanceof HTMLTextAreaElement) {
        dst.textContent = src.value;
      } else if (src instanceof HTMLDetailsElement) {
        dst.toggleAttribute("open", src.open);
      }
      if (dst.hasAttribute("data-testid")) {
        const id = dst.getAttribute("data-testid");
        if (id.startsWith("chapter-") || id === "occupancy") dst.setAttribute("data-pre-testid", id);
        dst.removeAttribute("data-testid");
      }
      // What neither the eye nor the styles read (style/*.css selects on aria-pressed,
      // aria-expanded, aria-current, data-cls-*, data-fill-box, type, scope and tabindex).
      for (const a of [...dst.getAttributeNames()]) {
        if (/^(title|role|for|name)$|^aria-(?!pressed$|expanded$|current$)|^data-(?!cls-|fill-box$|pre-testid$)/.test(a)) dst.removeAttribute(a);
      }
      if ((src.tagName.toLowerCase() === "title" && src.closest("svg")) || (src instanceof HTMLOptionElement && !src.selected && src.closest("select") && !src.closest("select").multiple)) drop.push(dst);
      if (dst.id && outside(src)) dst.removeAttribute("id");
      const parent = src.parentElement;
      const top = src.getBoundingClientRect().top + scrollY;
      // A block below the cut goes, with all it holds; an inline element (a link, a term) stays
      // with the paragraph it is part of, or the text would have gaps.
      const inline = getComputedStyle(src).display === "inline";
      if (outside(src) && !inline && top >= cutPx && (i === 0 || (parent && parent.getBoundingClientRect().top + scrollY < cutPx))) drop.push(dst);
    });
    if (drop[0] === copy) continue; // (a part of the page wholly below the first screen: the footer)
    for (const d of drop) d.remove();
    // Leptos's empty marker comments (<!---->) mean nothing to a static copy.
    const comments = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
    const marks = [];
    while (comments.nextNode()) marks.push(comments.currentNode);
    for (const c of marks) c.remove();
    copy.setAttribute("data-ws-pre", layout);
    copy.setAttribute("inert", "");
    copy.setAttribute("aria-hidden", "true");
    parts.push(copy.outerHTML);
  }
  return parts.join("");
}

/**
 * Writes the first screen of each of `slugs` (chapter routes) into its route pages in `stage`.
 * `log` takes a line. Returns the KB added per route and layout, as words (none where skipped).
 */
export async function prerender(stage, slugs, log) {
  if (process.env.PRERENDER === "0") {
    log("prerender: skipped (PRERENDER=0)");
    return {};
  }
  let browserMod, serverMod;
  try {
    browserMod = await import("../tests/e2e/browser.mjs");
    serverMod = await import("../tests/e2e/server.mjs");
  } catch (e) {
    log(`prerender: skipped, no playwright-core (WANT_BROWSER=1 bash scripts/setup.sh installs it): ${e.message.split("\n")[0]}`);
    return {};
  }
  if (!fs.existsSync(browserMod.CHROMIUM)) {
    log(`prerender: skipped, no Chromium at ${browserMod.CHROMIUM} (WANT_BROWSER=1 bash scripts/setup.sh installs it)`);
    return {};
  }
  const server = await serverMod.startServer(stage, "/");
  const browser = await browserMod.launch();
  const added = {};
  try {
    for (const slug of slugs) {
      let html = "";
      const sizes = [];
      for (const { layout, viewport, cutPx } of LAYOUTS) {
        const context = await browser.newContext({ locale: "en-US", serviceWorkers: "block", viewport });
        const page = await context.newPage();
        const errors = [];
        page.on("pageerror", (e) => errors.push(String(e)));
        await page.goto(`${server.base}${slug}/`);
        await page.waitForSelector(`[data-testid=chapter-${slug}]`, { timeout: 60000 });
        await page.waitForLoadState("networkidle");
        // The parts a chapter builds after its first paint (ui/shell/staged.rs), then fonts.
        await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(r), 50)))));
        const part = await page.evaluate(snapshot, [cutPx, layout]);
        await context.close();
        if (errors.length > 0) throw new Error(`prerender: ${slug} (${layout}) raised ${errors.join("; ")}`);
        if (!part.includes(`data-pre-testid="chapter-${slug}"`)) throw new Error(`prerender: no chapter-${slug} in the ${layout} copy`);
        html += part;
        sizes.push(`${(Buffer.byteLength(part) / 1024).toFixed(1)}`);
      }
      for (const file of [path.join(stage, slug, "index.html"), path.join(stage, `${slug}.html`)]) {
        const page = fs.readFileSync(file, "utf8");
        const at = page.indexOf("<body>");
        if (at < 0 || page.includes("data-ws-pre")) throw new Error(`prerender: ${file} has no <body> or has a copy already`);
        fs.writeFileSync(file, page.slice(0, at + 6) + "\n    " + html + page.slice(at + 6));
      }
      added[slug] = sizes.join(" + ");
    }
  } finally {
    await browser.close();
    server.close();
  }
  log(`prerender: first screens of ${Object.keys(added).length} chapters, wide + narrow (${Object.entries(added).map(([s, b]) => `${s} ${b} KB`).join(", ")})`);
  return added;
}
