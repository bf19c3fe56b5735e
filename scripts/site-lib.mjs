// The pure parts of the site step (scripts/site.mjs): each takes text or bytes and returns text,
// so scripts/site.test.mjs tests them without a build.
import crypto from "node:crypto";

/** sha256 of `buf` (bytes or text). */
export const sha = (buf) => crypto.createHash("sha256").update(buf).digest();

/** Subresource Integrity of `buf`: sha256, which every browser's SRI takes (each hash 20 base64
 * characters shorter than sha384's; hashes do not compress). */
export const integrity = (buf) => "sha256-" + sha(buf).toString("base64");

/** A content-addressed name: `<stem>-<first 12 hex digits of sha256>.<ext>`. */
export const hashedName = (stem, ext, buf) => `${stem}-${sha(buf).toString("hex").slice(0, 12)}.${ext}`;

/** `text` (one of our own assets, named `file` in errors) with every `"__KEY__"` string literal
 * replaced by `values[KEY]` as JSON. Throws if a key's placeholder is missing or one is left. */
export function fillTemplate(text, values, file) {
  for (const [key, value] of Object.entries(values)) {
    const placeholder = `"__${key}__"`;
    if (!text.includes(placeholder)) throw new Error(`${file} lacks ${placeholder}`);
    text = text.replaceAll(placeholder, JSON.stringify(value));
  }
  const left = text.match(/"__[A-Z_]+__"/);
  if (left) throw new Error(`${file}: ${left[0]} is not filled in`);
  return text;
}

/** The chapters' loader (assets/loader.js as `template`) with its tables, and the export the
 * main module imports for each chapter (`__wasm_split_load_<chapter>`, wasm_split_helpers). */
export function loaderSource(template, { sri, needs, later, chapterCss, chapterCssSri }) {
  const filled = fillTemplate(template, { SRI: sri, NEEDS: needs, LATER: later, CHAPTER_CSS: chapterCss, CHAPTER_CSS_SRI: chapterCssSri }, "assets/loader.js");
  return filled + Object.keys(needs).map((c) => `export const __wasm_split_load_${c} = __wsChapter(${JSON.stringify(c)});\n`).join("");
}

/** The version of a set of files (name → bytes): 12 hex digits of one sha256 over the names and
 * contents in name order, so the same files give the same version whatever the order. */
export function contentVersion(files) {
  const h = crypto.createHash("sha256");
  for (const [name, b] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) h.update(name).update(b);
  return h.digest("hex").slice(0, 12);
}

/** The route of a page's split module (`bank_conflicts` → `bank-conflicts`): every page is one
 * split module named after its slug (ui/shell/lazy.rs). */
export const routeOf = (module) => module.replaceAll("_", "-");

/** The page modules of the split (one per route), without the chapters' later modules
 * (`later`: chapter → its later module, the parts a page builds after its first paint, as
 * packs.json names them: xtask/src/plan.rs). */
export function pageModules(modules, later) {
  const laterModules = new Set(Object.values(later));
  return modules.filter((m) => !laterModules.has(m));
}

/** The `<head>` lines that start the app: the glue and the loader as module preloads with their
 * integrity, the main module and `packs` fetched in parallel, the entry script. `sri` maps a
 * file of `pkg` to its integrity. A fetch preload carries no integrity (Chromium ignores it
 * there, and warns): the fetch that uses the bytes carries it and checks them. */
export function entryLines(pkg, sri, packs) {
  return [
    `<link rel="modulepreload" href="${pkg}/warpscope.js" integrity="${sri["warpscope.js"]}" />`,
    `<link rel="modulepreload" href="${pkg}/__wasm_split.js" integrity="${sri["__wasm_split.js"]}" />`,
    `<link rel="preload" as="fetch" crossorigin href="${pkg}/warpscope_bg.wasm" />`,
    ...packs.map((p) => `<link rel="preload" as="fetch" crossorigin href="${pkg}/pack-${p}.wasm" />`),
    `<script type="module" src="${pkg}/start.js" integrity="${sri["start.js"]}"></script>`,
  ].join("\n    ");
}

/** The script-src of the pages' Content-Security-Policy before the inline check is named. */
export const STRICT_SCRIPTS = "script-src 'self' 'wasm-unsafe-eval'";

/** The pages' Content-Security-Policy (every page's `<meta>` and `_headers`): nothing from
 * another origin, no inline script but those named by their hashes (`pageCsp`), wasm compiled
 * by the page's own code. */
export const PAGE_CSP = `default-src 'self'; ${STRICT_SCRIPTS}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'`;

/** The CSP source that allows the inline `script` by its hash. */
export const scriptHash = (script) => `'sha256-${sha(script).toString("base64")}'`;

/** The pages' policy with the inline scripts of `hashes` (`scriptHash`) allowed. */
export const pageCsp = (hashes) => PAGE_CSP.replace(STRICT_SCRIPTS, [STRICT_SCRIPTS, ...hashes].join(" "));

/** `page` (index.html, our own template, as trunk copies it) with each `<!-- ws:KEY -->` comment
 * replaced by `values[KEY]`, and its other comments (notes for whoever edits it) taken out.
 * Throws if a key's placeholder is missing or appears twice, or if a placeholder is left. */
export function fillPage(page, values) {
  for (const [key, value] of Object.entries(values)) {
    const placeholder = `<!-- ws:${key} -->`;
    const parts = page.split(placeholder);
    if (parts.length !== 2) throw new Error(`index.html has ${parts.length - 1} ${placeholder}, not one`);
    page = parts.join(value);
  }
  const left = page.indexOf("<!-- ws:");
  if (left >= 0) throw new Error(`index.html: ${page.slice(left, page.indexOf("-->", left) + 3)} is not filled in`);
  return page.replace(/[ \t]*<!--[\s\S]*?-->\n?/g, "");
}

/** An SVG as a `data:` URL, percent-encoded rather than base64 (a third shorter once gzipped:
 * the SVG's text compresses); the characters a URL in an attribute may keep are kept. */
export function svgDataUrl(svg) {
  const enc = encodeURIComponent(svg.trim()).replace(/%20/g, " ").replace(/%3D/g, "=").replace(/%3A/g, ":").replace(/%2F/g, "/").replace(/%22/g, "'");
  return `data:image/svg+xml,${enc}`;
}

/** What the service worker caches at install: the site's folder, each route's folder (where
 * the site is built for a sub-path), the top-level files but the page itself, and the app's
 * start files in `pkg`. */
export function shellFiles({ routes, topFiles, pkg }) {
  return [
    "./",
    ...routes.map((r) => `${r}/`),
    ...topFiles.filter((f) => f !== "index.html"),
    ...["start.js", "warpscope.js", "__wasm_split.js", "warpscope_bg.wasm"].map((f) => `${pkg}/${f}`),
  ];
}

/** `_headers` (Netlify, Cloudflare Pages): the pages' policy with every page's inline scripts
 * (`hashes`), plus what only a header can say; the service worker never cached by HTTP, the
 * hashed files cached for ever. */
export function headersFile(hashes) {
  return `# Response headers for static hosts that read this file (Netlify, Cloudflare Pages). The same
# policy as the <meta> in every page, plus what only a header can say.
/*
  Content-Security-Policy: ${pageCsp(hashes)}; frame-ancestors 'self'; base-uri 'self'
  X-Content-Type-Options: nosniff
  Referrer-Policy: no-referrer
/sw.js
  Cache-Control: no-cache
/pkg-*
  Cache-Control: public, max-age=31536000, immutable
`;
}
