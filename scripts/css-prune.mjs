// One chapter's share of the chapters' stylesheet (scripts/site.mjs, section 2): the rules whose
// selectors can match an element that chapter draws, in the sheet's order, so that a deep link
// fetches ~2 KB of CSS instead of the whole ~9 KB.
//
// Which classes a chapter can draw is read from the source, the way PurgeCSS reads content
// files: every `gx-…` word in the chapter's folder and in the code every chapter shares (shell,
// widgets, charts, geometry, the start-up scripts). A word ending in `-` or `_`, or continued
// by a format placeholder, is a class built at run time (`format!("gx-lane-{lane}")`,
// `"gx-tcg__lane--q{q}"`) and stands for every class it starts. A rule is
// kept when one of its selectors names only classes the chapter has; classes inside `:not()`,
// `:is()`, `:where()`, `:has()` and `:nth-…()` are not required (kept either way), a selector
// with no class at all (`svg text`, `:root`) is always kept, and at-rules other than `@media`,
// `@supports`, `@container` and `@layer` (keyframes, font faces) are kept whole. So it errs on
// the side of keeping a rule; tests/e2e/css.test.mjs checks on every chapter's page that no
// rule of the whole sheet that matches an element is missing from the page's stylesheets.
//
// The input is esbuild-minified CSS: no comments, and braces only as block delimiters (our
// stylesheets have no braces inside strings).
import fs from "node:fs";
import path from "node:path";

/** Top-level blocks of `css` as [prelude, body] pairs. */
function blocks(css) {
  const out = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf("{", i);
    if (open < 0) break;
    const prelude = css.slice(i, open).trim();
    let depth = 1;
    let j = open + 1;
    while (depth > 0 && j < css.length) {
      if (css[j] === "{") depth++;
      else if (css[j] === "}") depth--;
      j++;
    }
    if (depth !== 0) throw new Error(`css-prune: unbalanced braces after ${prelude.slice(0, 60)}`);
    out.push([prelude, css.slice(open + 1, j - 1)]);
    i = j;
  }
  return out;
}

/** The classes an element must carry for `selector` (one complex selector, no commas at its
 * top level) to match it: those outside functional pseudo-classes. */
function requiredClasses(selector) {
  let s = selector;
  for (let prev = null; prev !== s; ) {
    prev = s;
    s = s.replace(/:(?:not|is|where|has|nth-[a-z-]+)\([^()]*\)/g, "");
  }
  return [...s.matchAll(/\.(gx-[A-Za-z0-9_-]+)/g)].map((m) => m[1]);
}

/** Splits a selector list at its top-level commas (not those inside `:is(…)`). */
export function selectorsOf(list) {
  const out = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === "(") depth++;
    else if (list[i] === ")") depth--;
    else if (list[i] === "," && depth === 0) {
      out.push(list.slice(from, i));
      from = i + 1;
    }
  }
  out.push(list.slice(from));
  return out;
}

/** A class test over a token set: exact words, and prefixes (words ending in `-`, `_` or `*`,
 * the mark [`classTokens`] gives a word that a format placeholder continues). */
export function classTest(tokens) {
  const prefixes = [...tokens].filter((t) => /[-_*]$/.test(t)).map((t) => t.replace(/\*$/, ""));
  return (cls) => tokens.has(cls) || prefixes.some((p) => cls.startsWith(p));
}

/** The rules of minified `css` that a page whose classes pass `hasClass` may need. */
export function pruneCss(css, hasClass) {
  let out = "";
  for (const [prelude, body] of blocks(css)) {
    if (/^@(?:media|supports|container|layer)\b/.test(prelude)) {
      const inner = pruneCss(body, hasClass);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith("@")) out += `${prelude}{${body}}`;
    else if (selectorsOf(prelude).some((sel) => requiredClasses(sel).every(hasClass))) out += `${prelude}{${body}}`;
  }
  return out;
}

const walk = (p) =>
  fs.statSync(p).isDirectory() ? fs.readdirSync(p).flatMap((n) => walk(path.join(p, n))) : [p];

/** Every `gx-…` word in the files under `paths` (files or folders); one that a format
 * placeholder continues (`"gx-tcg__lane--q{q}"`) marked as a prefix with a trailing `*`. */
export function classTokens(paths) {
  const tokens = new Set();
  for (const file of paths.flatMap(walk)) {
    for (const m of fs.readFileSync(file, "utf8").matchAll(/gx-[A-Za-z0-9_-]*(\{(?!\{))?/g)) tokens.add(m[1] ? `${m[0].slice(0, -1)}*` : m[0]);
  }
  return tokens;
}
