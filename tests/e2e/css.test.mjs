// Each chapter's share of the chapters' stylesheet (scripts/css-prune.mjs, PurgeCSS): a deep link
// fetches only its chapter's rules, and loses none that its page uses; another chapter on the same page
// (or the first one opened from the home page) brings the whole sheet, and the first chapter
// then looks exactly as before.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, DIST } from "./harness.mjs";

const registry = fs.readFileSync(new URL("../../src/ui/app/registry.rs", import.meta.url), "utf8");
const SLUGS = [...registry.matchAll(/slug: "([a-z-]+)"/g)].map((m) => m[1]);
const WHOLE = fs.readdirSync(DIST).find((f) => /^chapters-[0-9a-f]+\.css$/.test(f));
const root = (slug) => (slug === "quiz" ? "[data-testid=quiz]" : `[data-testid=chapter-${slug}]`);

/** In the page: the selector lists of the whole chapters' sheet's style rules and of the page's
 * own stylesheets (those under a `@media` that applies now), as the browser writes them. */
function selectorLists(wholeCss) {
  return (async (cssText) => {
    const flat = (rules, out = []) => {
      for (const r of rules) {
        if (r instanceof CSSStyleRule) out.push(r.selectorText);
        else if (r instanceof CSSMediaRule) {
          if (matchMedia(r.conditionText).matches) flat(r.cssRules, out);
        } else if (r.cssRules) flat(r.cssRules, out);
      }
      return out;
    };
    const whole = new CSSStyleSheet();
    await whole.replace(cssText);
    const have = [];
    for (const s of document.styleSheets) {
      try {
        flat(s.cssRules, have);
      } catch {
        // (a sheet whose rules cannot be read: none on this origin)
      }
    }
    return { whole: flat(whole.cssRules), have };
  })(wholeCss);
}

/** A selector list's selectors (split at its top-level commas, not those inside `:is(…)`). */
function selectorsOf(list) {
  const out = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === "(") depth++;
    else if (list[i] === ")") depth--;
    else if (list[i] === "," && depth === 0) {
      out.push(list.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(list.slice(from).trim());
  return out;
}

/** In the page: which of `lists` (each a selector list split at its top-level commas) match an
 * element now, state pseudo-classes and pseudo-elements dropped (`.x:hover` counts where `.x` is). */
function matching(lists) {
  const state = /::?(?:hover|focus-visible|focus-within|focus|active|visited|before|after|placeholder|marker|selection|backdrop|-webkit-[a-z-]+)\b/g;
  return lists.map((parts) =>
    parts.some((one) => {
      try {
        return document.querySelector(one.replace(state, "").trim() || "*") !== null;
      } catch {
        return false; // a selector this query cannot take
      }
    }),
  );
}

/** Keeps the page from doing its idle-time work (assets/start.js): once idle, it loads the next
 * chapter's module to warm it (ui/shell/warm.rs), which links the whole sheet, as opening a
 * second chapter does (the second test checks that the first then looks the same). These tests
 * look at a deep link's own share, so they stop the page before that. */
const noIdleWork = (page) => page.addInitScript(() => {
  window.requestIdleCallback = () => 0;
});

/** The selectors of the whole sheet that match an element of the page and are not in its sheets
 * (a share keeps, of a rule's selector list, the selectors its chapter can match). */
async function missingRules(page, wholeCss) {
  const { whole, have } = await page.evaluate(selectorLists, wholeCss);
  const haveOne = new Set(have.flatMap(selectorsOf));
  const lacked = [...new Set(whole.flatMap(selectorsOf))].filter((one) => !haveOne.has(one));
  const hits = await page.evaluate(matching, lacked.map((one) => [one]));
  return lacked.filter((_, i) => hits[i]);
}

test("a deep link links only its chapter's share of the stylesheet, and it holds every rule the page uses", async () => {
  const wholeCss = fs.readFileSync(path.join(DIST, WHOLE), "utf8");
  const wholeBytes = fs.statSync(path.join(DIST, WHOLE)).size;
  const misses = [];
  for (const slug of SLUGS) {
    const { context, page, errors } = await openPage(browser, { serviceWorkers: "block" });
    await noIdleWork(page);
    await page.goto(server.base + slug);
    await page.waitForSelector(root(slug));
    await page.waitForTimeout(200);
    const links = await page.$$eval("link[data-ws-chapters]", (ls) => ls.map((l) => [l.getAttribute("data-ws-chapters"), l.href]));
    assert.equal(links.length, 1, `${slug}: ${JSON.stringify(links)}`);
    assert.equal(links[0][0], slug.replaceAll("-", "_"));
    const share = path.basename(new URL(links[0][1]).pathname);
    const bytes = fs.statSync(path.join(DIST, share)).size;
    assert.ok(bytes < wholeBytes / 2, `${slug}: its share is ${bytes} B of ${wholeBytes}`);
    const missing = await missingRules(page, wholeCss);
    if (missing.length) misses.push(`${slug} (${share}): ${missing.join(" | ")}`);
    assert.deepEqual(errors, [], slug);
    await context.close();
  }
  assert.deepEqual(misses, [], "rules of the whole sheet that match a chapter's page but are not in its share");
});

/** Computed style of every element of the chapter (a fixed list of properties). */
const styleOf = (sel) =>
  [...document.querySelector(sel).querySelectorAll("*")].map((e) => {
    const s = getComputedStyle(e);
    return ["display", "position", "color", "background-color", "font-size", "font-weight", "padding", "margin", "border", "fill", "stroke", "grid-template-columns", "flex-direction", "gap"]
      .map((p) => s.getPropertyValue(p))
      .join(";");
  });

test("a second chapter on a deep link's page brings the whole sheet, and the first then looks the same", async () => {
  const { context, page, errors } = await openPage(browser, { serviceWorkers: "block" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await noIdleWork(page);
  const linked = () => page.$$eval("link[data-ws-chapters]", (ls) => ls.map((l) => l.getAttribute("data-ws-chapters")));
  await page.goto(server.base + "occupancy");
  await page.waitForSelector(root("occupancy"));
  await page.waitForTimeout(200);
  assert.deepEqual(await linked(), ["occupancy"]);
  const before = await page.evaluate(styleOf, root("occupancy"));
  await page.click(`.gx-nav a[href$="roofline"]`);
  await page.waitForSelector(root("roofline"));
  assert.deepEqual(await linked(), ["occupancy", "*"]);
  await page.goBack();
  await page.waitForSelector(root("occupancy"));
  await page.waitForTimeout(200);
  const after = await page.evaluate(styleOf, root("occupancy"));
  assert.equal(after.length, before.length);
  assert.deepEqual(after, before, "occupancy's computed styles with its share alone and with the whole sheet after it");
  // From the home page (no chapter's stylesheet yet) a chapter brings the whole sheet.
  await page.goto(server.base);
  await page.click(`.gx-nav a[href$="divergence"]`);
  await page.waitForSelector(root("divergence"));
  assert.deepEqual(await linked(), ["*"]);
  assert.deepEqual(errors, []);
  await context.close();
});
