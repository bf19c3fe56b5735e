// The glossary (/glossary, ui/glossary and ui/content/glossary.rs): every term in both languages
// with an anchor; a chapter's link at a term's first use opens the page at that term, and every
// such link names an entry; the page reads at the three sizes of sizes.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";
import { SIZES, MIN_TEXT_PX } from "./sizes.mjs";

const source = fs.readFileSync(new URL("../../src/ui/content/glossary.rs", import.meta.url), "utf8");
/** Every entry as the data writes it: slug, English and Chinese names, Chinese definition. */
const TERMS = [...source.matchAll(/term\("([a-z0-9-]+)", "([^"]+)", "([^"]+)", "[a-z-]+", (?:None|Some\("[^"]*"\)), tr\(\s*"(?:[^"\\]|\\.)*",\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => ({ slug: m[1], en: m[2], zh: m[3], zhDef: m[4] }));
const registry = fs.readFileSync(new URL("../../src/ui/app/registry.rs", import.meta.url), "utf8");
const CHAPTERS = [...registry.matchAll(/number: Some\(\d+\),\s*slug: "([a-z-]+)"/g)].map((m) => m[1]);

const entries = (page) =>
  page.locator("[data-testid=glossary] .gx-glossary__term").evaluateAll((els) =>
    els.map((e) => ({ id: e.id, en: e.querySelector(".gx-glossary__en").textContent, zh: e.querySelector(".gx-glossary__zh")?.textContent ?? null, dd: e.querySelector("dd").textContent })),
  );

test("the page lists every term with its anchor, in English and in Chinese", async () => {
  assert.ok(TERMS.length >= 55, `terms read from glossary.rs: ${TERMS.length}`);
  assert.ok(CHAPTERS.length >= 11, `chapters: ${CHAPTERS}`);
  const { context, page, errors } = await openPage(browser);
  for (const lang of ["en", "zh"]) {
    await page.goto(server.base + "glossary?lang=" + lang);
    await page.waitForSelector("[data-testid=glossary] dl");
    const shown = await entries(page);
    assert.deepEqual(shown.map((e) => e.id), TERMS.map((t) => t.slug), lang);
    for (const [i, t] of TERMS.entries()) {
      assert.equal(shown[i].en, t.en, `${lang} ${t.slug}`);
      // The Chinese name, unless the course keeps the English one (then it is written once).
      assert.equal(shown[i].zh, t.zh === t.en ? null : t.zh, `${lang} ${t.slug}`);
      // Each entry links to the chapter that shows it.
      assert.equal(await page.locator(`#${t.slug} a[data-testid=term-chapter]`).count(), 1, t.slug);
    }
    if (lang === "zh") assert.ok(shown.every((e, i) => e.dd.startsWith(TERMS[i].zhDef)), "Chinese definitions");
    assert.equal(await page.locator("h1").textContent(), lang === "en" ? "Glossary" : "术语表");
    assert.equal(await page.locator("html").getAttribute("lang"), lang === "en" ? "en" : "zh-CN");
  }
  // The chapter link carries the query that shows the term.
  await page.click("#tail-wave a[data-testid=term-chapter]");
  await page.waitForSelector("[data-testid=chapter-dispatch]");
  assert.match(page.url(), /\/dispatch\?.*grid=109/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a chapter's first-use link opens the glossary at the term, and the address keeps it", async () => {
  const { context, page, errors } = await openPage(browser);
  for (const [lang, chapter, slug] of [["en", "bank-conflicts", "bank-conflict"], ["zh", "tensor-cores", "fragment"]]) {
    await page.goto(server.base + chapter + "?lang=" + lang);
    const link = page.locator(`article .gx-term[href$='/glossary#${slug}']`).first();
    await link.waitFor();
    assert.equal(await page.locator(`article header .gx-term[href$='#${slug}']`).count(), 1, "linked once, in the intro");
    await link.click();
    await page.waitForSelector(`#${slug}.gx-glossary__term--target`);
    assert.equal(new URL(page.url()).pathname, "/warpscope/glossary");
    assert.equal(new URL(page.url()).hash, `#${slug}`);
    // In view and focused.
    const where = await page.evaluate((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, h: innerHeight, focused: document.activeElement?.id };
    }, slug);
    assert.ok(where.top >= 0 && where.top < where.h, `${slug} at ${where.top} of ${where.h}`);
    assert.equal(where.focused, slug);
    // The page writes the language into the address; the fragment stays.
    await page.waitForFunction(() => location.search.includes("lang="));
    assert.equal(new URL(page.url()).hash, `#${slug}`);
    assert.equal(await page.locator(".gx-glossary__term--target").count(), 1);
  }
  // A deep link to an entry, loaded afresh.
  await page.goto(server.base + "glossary#ridge-point");
  await page.waitForSelector("#ridge-point.gx-glossary__term--target");
  const top = await page.evaluate(() => document.getElementById("ridge-point").getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 900, `ridge-point at ${top}`);
  await page.screenshot({ path: path.join(SHOTS, "glossary-target.png") });
  // Back returns to the chapter.
  assert.deepEqual(errors, []);
  await context.close();
});

test("every chapter links terms only to entries that exist, and shows no raw marker", async () => {
  const { context, page, errors } = await openPage(browser);
  const ids = new Set(TERMS.map((t) => t.slug));
  const linked = new Set();
  for (const lang of ["en", "zh"]) {
    for (const chapter of CHAPTERS) {
      await page.goto(server.base + chapter + "?lang=" + lang);
      await page.waitForSelector(`[data-testid=chapter-${chapter}] header p`);
      await page.waitForSelector(".gx-prevnext", { state: "attached" });
      const hrefs = await page.locator("article .gx-term").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      assert.ok(hrefs.length >= 3, `${lang} ${chapter}: ${hrefs.length} term links`);
      const slugs = hrefs.map((h) => h.split("#")[1]);
      assert.equal(new Set(slugs).size, slugs.length, `${lang} ${chapter}: a term linked twice`);
      for (const h of hrefs) {
        assert.ok(h.startsWith("/warpscope/glossary#"), h);
        assert.ok(ids.has(h.split("#")[1]), `${lang} ${chapter}: no entry ${h}`);
        linked.add(h.split("#")[1]);
      }
      const text = await page.locator("main").innerText();
      assert.ok(!text.includes("[[") && !text.includes("]]"), `${lang} ${chapter}: a raw marker`);
    }
  }
  // Every entry is linked from some chapter, and its anchor is on the page.
  assert.deepEqual(TERMS.map((t) => t.slug).filter((s) => !linked.has(s)), []);
  await page.goto(server.base + "glossary");
  await page.waitForSelector("[data-testid=glossary] dl");
  for (const s of linked) assert.equal(await page.locator(`[id="${s}"]`).count(), 1, s);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the glossary reads at the three sizes: no text under 12 px, no sideways scroll", async () => {
  const failures = [];
  for (const [size, opts] of Object.entries(SIZES)) {
    for (const lang of ["en", "zh"]) {
      const context = await browser.newContext({ ...opts, locale: lang === "zh" ? "zh-CN" : "en-US" });
      const page = await context.newPage();
      await page.goto(server.base + "glossary?lang=" + lang);
      await page.waitForSelector("[data-testid=glossary] dl");
      const found = await page.evaluate((min) => {
        const small = [];
        for (const el of document.querySelectorAll("main *")) {
          if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
          const px = parseFloat(getComputedStyle(el).fontSize);
          if (px < min - 0.01) small.push(`${px}px "${el.textContent.trim().slice(0, 30)}"`);
        }
        return { small, width: document.documentElement.scrollWidth };
      }, MIN_TEXT_PX);
      if (found.small.length) failures.push(`${size} ${lang}: ${found.small.slice(0, 5).join("; ")}`);
      if (found.width > opts.viewport.width + 1) failures.push(`${size} ${lang}: page ${found.width} px wide`);
      await page.screenshot({ path: path.join(SHOTS, `glossary-${size}-${lang}.png`) });
      await context.close();
    }
  }
  assert.deepEqual(failures, []);
});
