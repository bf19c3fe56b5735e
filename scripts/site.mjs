// Finishes the site in trunk's staging folder after scripts/split.sh has split, bound and
// optimised the wasm:   node scripts/site.mjs <pkg dir> <stage dir> <public url>
//
//  1. The loader (assets/loader.js, shipped as __wasm_split.js) for the packs that `xtask pack`
//     wrote (xtask/src/main.rs), with its tables: a chapter instantiates the common pack (once)
//     and its own; every pack is fetched with its integrity (sha256, checked by the browser
//     before the bytes are compiled).
//  2. Two stylesheets made from style/: the app shell's, linked by every page, and
//     the chapters', whole and as each chapter module's share of it (scripts/css-prune.mjs): a
//     route page links its chapter's share (its prerendered first screen needs it), the loader
//     links a chapter's share on the home page, the whole sheet for a second chapter or the
//     classroom (the home page downloads none of them).
//  3. pkg-<hash>/: everything content-addressed by one hash of all of it (cache forever); the
//     entry module start.js, the glue, the loader, the main module and the packs all carry
//     integrity (attributes, or the hash the fetch is given).
//  4. The pages, from index.html (a template: `fillPage`): the home page, and route pages
//     dist/<slug>.html (<base href="./">) and dist/<slug>/index.html (<base href="../">) that
//     preload the main module and that chapter's packs in parallel with the script, and carry
//     the chapter's first screen drawn by the built app (scripts/prerender.mjs).
//  5. The service worker (sw.js, scoped to the folder the site is served from), the web app
//     manifest, `_headers` with the page's Content-Security-Policy, and .gz/.br of every file.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { transformSync } from "esbuild";
import { fileURLToPath } from "node:url";
import { prerender } from "./prerender.mjs";
import { chapterShare } from "./css-prune.mjs";
import { contentVersion, entryLines, fillPage, fillTemplate, hashedName, headersFile, integrity, loaderSource, pageCsp, pageModules, routeOf, scriptHash, shellFiles, svgDataUrl } from "./site-lib.mjs";

const [pkgIn, stage, publicUrl = "/"] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..");
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const log = (s) => process.stderr.write(`[site] ${s}\n`);
// The shipped JavaScript (wasm-bindgen's glue, the loader, the entry) and CSS, minified by esbuild
// (names inside modules shortened; exports, imports and property names kept).
const minJs = (code) => Buffer.from(transformSync(code.toString(), { loader: "js", format: "esm", minify: true, legalComments: "none" }).code);
const minCss = (css) => Buffer.from(transformSync(css.toString(), { loader: "css", minify: true, legalComments: "none" }).code);

// --- 1. packs -------------------------------------------------------------------------------
// The packs are xtask's (`xtask pack`, run by scripts/split.sh before this): pack-<name>.wasm
// in pkgIn and packs.json, {needs: chapter → the packs it instantiates, in order; packs: pack →
// the modules merged into it; later: chapter → its later module}.
const { needs, packs: packModules, later } = JSON.parse(fs.readFileSync(path.join(pkgIn, "packs.json"), "utf8"));
const splits = Object.keys(needs);
// One page module per route; a chapter's later module rides with its page.
const pages = pageModules(splits, later);
const packBytes = new Map(Object.keys(packModules).map((name) => [name, fs.readFileSync(path.join(pkgIn, `pack-${name}.wasm`))]));
const packInfo = Object.fromEntries([...packBytes].map(([name, b]) => [name, integrity(b)])); // pack → integrity
let chapterCssName = null; // the chapters' stylesheet and its integrity: set in section 2
let chapterCssSri = null;
const chapterCssOf = {}; // chapter module → [its share of that stylesheet, integrity]: section 2

// --- 2. two stylesheets ---------------------------------------------------------------------
// The app shell's (SHELL_CSS, what the home page and the header use) as one linked file; the
// chapters' (CHAPTER_CSS, in this order) linked by the loader or a route page. Both from style/.
const SHELL_CSS = ["tokens", "layout", "widgets"];
const CHAPTER_CSS = ["chart", "simt", "memory", "tensor", "tensor_gen", "occupancy", "quiz", "glossary", "hierarchy", "classroom", "lab"];
{
  const listed = new Set([...SHELL_CSS, ...CHAPTER_CSS].map((n) => `${n}.css`));
  const unlisted = fs.readdirSync(path.join(root, "style")).filter((f) => f.endsWith(".css") && !listed.has(f));
  if (unlisted.length) throw new Error(`site.mjs: style/${unlisted.join(", style/")} in no list (SHELL_CSS or CHAPTER_CSS)`);
}
const readCss = (names) => minCss(Buffer.concat(names.map((n) => fs.readFileSync(path.join(root, "style", `${n}.css`)))));
// index.html as trunk copies it (its boot script linked); trunk builds no wasm of its own: its
// `rel="rust"` link is data-trunk-skip.
const template = fs.readFileSync(path.join(stage, "index.html"), "utf8");
if (fs.readdirSync(stage).some((f) => f.endsWith(".wasm"))) throw new Error("site.mjs: trunk built a wasm module of its own (index.html's rel=\"rust\" link lacks data-trunk-skip?)");
const css = readCss(SHELL_CSS);
const chapterCss = readCss(CHAPTER_CSS);
chapterCssName = hashedName("chapters", "css", chapterCss);
chapterCssSri = integrity(chapterCss);
// Each chapter module's share of it (scripts/css-prune.mjs): what its route page links and what
// the loader links for the first chapter opened on a page. The classroom shows every chapter:
// it links the whole sheet, as does the loader for a second chapter on the same page.
{
  const ui = path.join(root, "src/ui");
  const own = new Set(["chapters", "quiz", "classroom", "lab"]);
  const shared = [
    ...fs.readdirSync(ui).filter((n) => !own.has(n)).map((n) => path.join(ui, n)),
    ...fs.readdirSync(path.join(ui, "chapters")).filter((n) => n.endsWith(".rs")).map((n) => path.join(ui, "chapters", n)),
    path.join(ui, "classroom", "mod.rs"), // the shell's "add this view to a lesson" (AddToLesson)
    path.join(root, "src/geom"),
    path.join(root, "assets"),
    path.join(root, "index.html"),
  ];
  for (const m of pages) {
    if (m === "classroom") continue;
    const dir = [path.join(ui, "chapters", m), path.join(ui, m)].find((d) => fs.existsSync(d) && fs.statSync(d).isDirectory());
    if (!dir) throw new Error(`site.mjs: no source folder for chapter module ${m} (its share of the stylesheet)`);
    const pruned = minCss(await chapterShare(chapterCss.toString(), [...shared, dir]));
    const name = hashedName(`chapter-${routeOf(m)}`, "css", pruned);
    fs.writeFileSync(path.join(stage, name), pruned);
    chapterCssOf[m] = [name, integrity(pruned)];
  }
}
const cssName = hashedName("app", "css", css);
fs.writeFileSync(path.join(stage, cssName), css);
fs.writeFileSync(path.join(stage, chapterCssName), chapterCss);
const appCssLink = `<link rel="stylesheet" href="${cssName}" integrity="${integrity(css)}" />`;
// The favicon (335 bytes) rides in the page as a data: URL (the CSP's img-src allows data:), one
// request fewer for every page (the classroom's deep link: 13 → 12).
const iconLink = `<link rel="icon" href="${svgDataUrl(fs.readFileSync(path.join(root, "assets/favicon.svg"), "utf8"))}" />`;
// The loader (assets/loader.js): its tables filled in, one export per chapter.
const loader = loaderSource(fs.readFileSync(path.join(root, "assets/loader.js"), "utf8"), { sri: packInfo, needs, later, chapterCss: "../" + chapterCssName, chapterCssSri });

// --- 3. pkg-<hash>/ -------------------------------------------------------------------------
const files = new Map(); // name in pkg → Buffer
// wasm-bindgen's glue as it wrote it, minified.
files.set("warpscope.js", minJs(fs.readFileSync(path.join(pkgIn, "warpscope.js"))));
files.set("warpscope_bg.wasm", fs.readFileSync(path.join(pkgIn, "warpscope_bg.wasm")));
files.set("__wasm_split.js", minJs(loader));
for (const [name, b] of packBytes) files.set(`pack-${name}.wasm`, b);
if (fs.existsSync(path.join(pkgIn, "snippets"))) throw new Error("site.mjs: wasm-bindgen snippets are not shipped yet");
// The entry fetches the main module with its integrity (the page preloads it with the same).
const mainSri = integrity(files.get("warpscope_bg.wasm"));
files.set("start.js", minJs(fillTemplate(fs.readFileSync(path.join(root, "assets/start.js"), "utf8"), { MAIN_SRI: mainSri }, "assets/start.js")));
const version = contentVersion(files);
const pkg = `pkg-${version}`;
for (const d of fs.readdirSync(stage)) if (d.startsWith("pkg-")) fs.rmSync(path.join(stage, d), { recursive: true });
fs.mkdirSync(path.join(stage, pkg), { recursive: true });
for (const [name, b] of files) fs.writeFileSync(path.join(stage, pkg, name), b);

// --- 4. entry, preloads, route pages --------------------------------------------------------
const sri = Object.fromEntries([...files].map(([name, b]) => [name, integrity(b)]));
// Every page runs the check that decides, before the first paint and without a request, the
// language the app starts in and whether a route page's prerendered first screen is shown
// (assets/precheck.js), inline right after <base>, allowed by its hash.
const precheck = minJs(fs.readFileSync(path.join(root, "assets/precheck.js"), "utf8")).toString().trim();
const precheckHash = scriptHash(precheck);
/** A page: `base` its <base href> (or the script that writes it, allowed by one of `hashes`),
 * `styles` its stylesheet links, `packs` the packs it preloads. */
const page = ({ base, hashes = [precheckHash], styles, packs }) =>
  fillPage(template, {
    csp: `<meta http-equiv="Content-Security-Policy" content="${pageCsp(hashes)}" />`,
    base: `${base}\n    <script>${precheck}</script>`,
    icon: iconLink,
    styles: styles.join("\n    "),
    entry: entryLines(pkg, sri, packs),
  });
// A route page also links its chapter's share of the chapters' stylesheet (its first screen is
// that chapter's; the classroom's page the whole sheet: it shows every chapter).
const chapterCssLink = (mod) => {
  const [name, sri] = chapterCssOf[mod] ?? [chapterCssName, chapterCssSri];
  return `<link rel="stylesheet" href="${name}" integrity="${sri}" data-ws-chapters="${chapterCssOf[mod] ? mod : "*"}" />`;
};
const baseHref = (href) => `<base href="${href}" />`;
const routePage = (mod, base) => page({ base: baseHref(base), styles: [appCssLink, chapterCssLink(mod)], packs: needs[mod] ?? [] });
const homePage = { styles: [appCssLink], packs: [] };
fs.writeFileSync(path.join(stage, "index.html"), page({ base: baseHref(publicUrl), ...homePage }));
// Every page is one split module named after its slug (`bank-conflicts` → bank_conflicts:
// ui/shell/lazy.rs; assets/start.js preloads a link's packs by the same rule).
const routes = pages.map(routeOf);
const relative = publicUrl === "./";
if (relative) {
  for (const slug of routes) {
    const mod = slug.replaceAll("-", "_");
    fs.mkdirSync(path.join(stage, slug), { recursive: true });
    fs.writeFileSync(path.join(stage, slug, "index.html"), routePage(mod, "../"));
    // The app's own links and permalinks have no trailing slash ("…/occupancy?regs=64"). Hosts
    // that serve `x.html` for `/x` (GitHub Pages, Netlify, Cloudflare Pages, nginx with
    // `try_files $uri $uri.html $uri/`) then answer a deep link at once instead of a 301 to
    // `occupancy/` and a second round trip; its assets resolve against <base href="./">.
    fs.writeFileSync(path.join(stage, `${slug}.html`), routePage(mod, "./"));
  }
}

// The chapters' first screens, drawn by the built app, into their route pages (scripts/prerender.mjs;
// not the quiz, whose questions are drawn at random on each visit).
if (relative) await prerender(stage, routes.filter((s) => s !== "quiz" && s !== "classroom"), log);

// --- 5. manifest, service worker, _headers, .gz/.br -----------------------------------------
for (const f of fs.readdirSync(path.join(root, "assets/icons"))) fs.copyFileSync(path.join(root, "assets/icons", f), path.join(stage, f));
fs.copyFileSync(path.join(root, "assets/manifest.webmanifest"), path.join(stage, "manifest.webmanifest"));
const topFiles = fs.readdirSync(stage).filter((f) => fs.statSync(path.join(stage, f)).isFile() && !/\.(gz|br)$/.test(f) && f !== "_headers" && f !== "sw.js");
const shell = shellFiles({ routes: relative ? routes : [], topFiles, pkg });
const chapterFiles = [...packBytes.keys()].map((p) => `${pkg}/pack-${p}.wasm`);
const sw = fillTemplate(fs.readFileSync(path.join(root, "assets/sw.js"), "utf8"), { VERSION: version, SHELL: shell, CHAPTERS: chapterFiles }, "assets/sw.js");
fs.writeFileSync(path.join(stage, "sw.js"), sw);
// The "page not found" page (404.html, which static hosts serve for a path they lack; issue #14)
// is the home page, whose router shows its "page not found" view; its <base href> is written at
// load by assets/find-root.js, inline. Not in the service worker's shell.
const findRoot = minJs(fs.readFileSync(path.join(root, "assets/find-root.js"), "utf8")).toString().trim();
const rootHash = scriptHash(findRoot);
if (relative) {
  fs.writeFileSync(path.join(stage, "gx-root.txt"), "warpscope site root (404.html looks for this file)\n");
  fs.writeFileSync(path.join(stage, "404.html"), page({ base: `<script>${findRoot}</script>`, hashes: [rootHash, precheckHash], ...homePage }));
}
fs.writeFileSync(path.join(stage, "_headers"), headersFile(relative ? [rootHash, precheckHash] : [precheckHash]));
const COMPRESS = /\.(html|css|js|mjs|wasm|bin|svg|json|webmanifest)$/;
const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
// .gz by zopfli where it is installed (scripts/setup.sh): a gzip stream ~5 % smaller than zlib's
// level 9, which any browser reads; otherwise zlib. Two files at a time (zopfli is single-threaded).
const zopfli = spawnSync("zopfli", ["-h"]).error === undefined;
const gzipFile = (f) =>
  zopfli
    ? new Promise((resolve, reject) => {
        const out = [];
        const p = spawn("zopfli", ["-c", f], { stdio: ["ignore", "pipe", "inherit"] });
        p.stdout.on("data", (d) => out.push(d));
        p.on("error", reject);
        p.on("close", (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`zopfli ${f}: exit ${code}`))));
      })
    : Promise.resolve(zlib.gzipSync(fs.readFileSync(f), { level: 9 }));
let totals = [0, 0, 0];
const queue = walk(stage).filter((f) => COMPRESS.test(f));
await Promise.all(
  [0, 1].map(async () => {
    for (let f; (f = queue.shift()); ) {
      const b = fs.readFileSync(f);
      const g = await gzipFile(f);
      if (zlib.gunzipSync(g).compare(b) !== 0) throw new Error(`site.mjs: ${f}.gz does not round-trip`);
      const br = zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } });
      fs.writeFileSync(f + ".gz", g);
      fs.writeFileSync(f + ".br", br);
      totals = [totals[0] + b.length, totals[1] + g.length, totals[2] + br.length];
    }
  }),
);
log(`.gz by ${zopfli ? "zopfli" : "zlib (no zopfli installed)"}`);
fs.writeFileSync(path.join(stage, pkg, "sizes.json"), JSON.stringify({ version, needs, packs: packModules }, null, 1));
log(`${pkg}: main ${files.get("warpscope_bg.wasm").length} B (${gz(files.get("warpscope_bg.wasm"))} B gzip); ${splits.length} chapter modules in ${packBytes.size} packs:`);
for (const [name, b] of [...packBytes].sort((a, b) => b[1].length - a[1].length)) log(`  pack-${name}.wasm ${b.length} B, ${gz(b)} B gzip (${packModules[name].length} modules)`);
log(`all files ${totals[0]} B, ${totals[1]} B gzip, ${totals[2]} B brotli`);
