// One chapter's share of the chapters' stylesheet (scripts/site.mjs, section 2), cut by PurgeCSS:
// the rules whose selectors can match an element that chapter draws, so that a deep link
// fetches ~3 KB of CSS instead of the whole sheet.
//
// What a chapter can draw is read from the source, as PurgeCSS reads content files: every word
// in the chapter's folder and in the code every chapter shares (shell, widgets, charts, geometry,
// the start-up scripts) counts as a class, tag or attribute name the page may have. A `gx-…` word
// ending in `-` or `_`, or continued by a format placeholder, is a class built at run time
// (`format!("gx-lane-{lane}")`, `"gx-tcg__lane--q{q}"`): every class it starts is kept.
// tests/e2e/css.test.mjs checks on every chapter's page that no rule of the whole sheet that
// matches an element is missing from the page's stylesheets.
import fs from "node:fs";
import path from "node:path";
import { PurgeCSS } from "purgecss";

/** The words of `text` PurgeCSS compares with selectors (class, tag and attribute names). */
export const words = (text) => text.match(/[A-Za-z0-9_-]+/g) ?? [];

/** The classes `text` builds at run time, as prefixes: `gx-…` words ending in `-` or `_`, or
 * continued by a format placeholder (`{lane}`, not an escaped `{{`). */
export function classPrefixes(text) {
  const out = new Set();
  for (const m of text.matchAll(/gx-[A-Za-z0-9_-]*(\{(?!\{))?/g)) {
    const word = m[1] ? m[0].slice(0, -1) : m[0];
    if (m[1] || /[-_]$/.test(word)) out.add(word);
  }
  return [...out];
}

const walk = (p) => (fs.statSync(p).isDirectory() ? fs.readdirSync(p).flatMap((n) => walk(path.join(p, n))) : [p]);

/** The rules of `css` that a page drawn by the code in `paths` (files or folders) may need. */
export async function chapterShare(css, paths) {
  const sources = paths.flatMap(walk).map((f) => fs.readFileSync(f, "utf8"));
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const [result] = await new PurgeCSS().purge({
    content: sources.map((raw) => ({ raw, extension: "txt" })),
    css: [{ raw: css }],
    defaultExtractor: words,
    safelist: { standard: classPrefixes(sources.join("\n")).map((p) => new RegExp(`^${escape(p)}`)) },
  });
  return result.css;
}
