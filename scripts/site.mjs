// Finishes the site in trunk's staging folder after scripts/split.sh has split, bound and
// optimised the wasm:   node scripts/site.mjs <pkg dir> <stage dir> <public url>
//
//  1. Packs: wasm-split-cli emits one module per chapter plus one chunk per *set* of chapters
//     that share code (150+ small files). Here they are concatenated into a few pack files: one
//     `pack-common.wasm` with every chunk that four or more chapters use, and one
//     `pack-<chapter>.wasm` with the chapter's own module and the chunks it shares with at most two
//     other chapters (copied into each). The loader (__wasm_split.js) is rewritten to take each module's bytes
//     out of its pack, so a chapter costs one or two requests. Each chunk is still instantiated
//     only when a chapter that needs it loads.
//  2. pkg-<hash>/: everything content-addressed by one hash of all of it (cache forever); the
//     entry module start.js and the glue carry integrity attributes.
//  3. One stylesheet instead of trunk's one per file.
//  4. Route pages dist/<slug>/index.html (<base href="../">) that preload the main module and
//     that chapter's packs in parallel with the script.
//  5. The service worker (sw.js, scoped to the folder the site is served from), the web app
//     manifest, `_headers` with the page's Content-Security-Policy, and .gz/.br of every file.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const [pkgIn, stage, publicUrl = "/"] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..");
const COMMON_MIN = Number(process.env.WS_COMMON_MIN ?? 4); // chunks used by ≥ this many chapters → common pack (4: measured best trade of deep-link bytes against all bytes)

const sha = (buf, alg = "sha256") => crypto.createHash(alg).update(buf).digest();
const integrity = (buf) => "sha384-" + sha(buf, "sha384").toString("base64");
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const log = (s) => process.stderr.write(`[site] ${s}\n`);

// --- 1. packs -------------------------------------------------------------------------------
let loader = fs.readFileSync(path.join(pkgIn, "__wasm_split.js"), "utf8");
const chunkUsers = new Map(); // "chunk_12" → ["chip", "roofline"]
for (const m of loader.matchAll(/\/\* ([^*]*?) \*\/\s*const __chunk_(\d+) =/g)) {
  chunkUsers.set(`chunk_${m[2]}`, m[1].split(",").map((s) => s.trim()));
}
const splits = [...loader.matchAll(/export const __wasm_split_load_(\w+) =/g)].map((m) => m[1]);
const packs = new Map(); // pack name → [module file stems]
const put = (stem, pack) => {
  if (!packs.has(pack)) packs.set(pack, []);
  packs.get(pack).push(stem);
};
const exists = (stem) => fs.existsSync(path.join(pkgIn, stem + ".wasm"));
for (const s of splits) if (exists(`split_${s}`)) put(`split_${s}`, s);
// A chunk of few chapters is copied into each of their packs (a few bytes twice, one request
// less); one of many chapters goes to the common pack.
for (const [chunk, users] of [...chunkUsers].sort()) {
  if (!exists(chunk)) continue;
  if (users.length >= COMMON_MIN) put(chunk, "common");
  else for (const u of users) put(chunk, u);
}
const packBytes = new Map();
const index = {}; // stem → [[pack, offset, length], …]
for (const [name, stems] of packs) {
  const parts = [];
  let off = 0;
  for (const st of stems) {
    const b = fs.readFileSync(path.join(pkgIn, st + ".wasm"));
    (index[st] ??= []).push([name, off, b.length]);
    parts.push(b);
    off += b.length;
  }
  packBytes.set(name, Buffer.concat(parts));
}
// The packs each chapter's module needs: the common one if it uses it, and its own.
const needs = {};
for (const s of splits) {
  const set = new Set();
  for (const [chunk, users] of chunkUsers) if (users.includes(s) && index[chunk]?.some(([p]) => p === "common")) set.add("common");
  if (packs.has(s)) set.add(s);
  needs[s] = [...set];
}
const fetchRe = /fetch\(new URL\("\.\/((?:chunk|split)_\w+)\.wasm", import\.meta\.url\)\)/g;
const before = [...loader.matchAll(fetchRe)].length;
loader = loader
  .replace(fetchRe, (_, stem) => `__wsBytes(${JSON.stringify(stem)})`)
  .replaceAll("WebAssembly.instantiateStreaming(src, imports)", "WebAssembly.instantiate(await src, imports)")
  // Loading a chapter asks for its own packs first, so its shared chunks come from them.
  .replace(/(export const __wasm_split_load_(\w+) = wrapAsyncCb\()makeLoad\(/g, (_, head, s) => `${head}__wsFirst(${JSON.stringify(s)}, `);
if (before === 0 || loader.includes("instantiateStreaming")) throw new Error("site.mjs: __wasm_split.js has an unexpected shape");
loader =
  `// Packs (scripts/site.mjs): each split module comes out of a pack file, compiled as soon as
// the pack arrives; the loader instantiates it when a chapter needs it.
const __wsIndex = ${JSON.stringify(index)};
const __wsNeeds = ${JSON.stringify(needs)};
const __wsPacks = {};
const __wsModules = {};
// A pack's modules start compiling (off the main thread) as soon as its bytes arrive.
function __wsPack(name) {
    let p = __wsPacks[name];
    if (p === undefined) {
        p = __wsPacks[name] = fetch(new URL("./pack-" + name + ".wasm", import.meta.url)).then((r) => {
            if (!r.ok) throw new Error("pack-" + name + ".wasm: HTTP " + r.status);
            return r.arrayBuffer();
        }).then((buf) => {
            for (const [stem, places] of Object.entries(__wsIndex)) {
                if (stem in __wsModules) continue;
                const at = places.find(([p]) => p === name);
                if (!at) continue;
                const m = __wsModules[stem] = WebAssembly.compile(new Uint8Array(buf, at[1], at[2]));
                m.catch(() => { if (__wsModules[stem] === m) delete __wsModules[stem]; });
            }
        });
        p.catch(() => { if (__wsPacks[name] === p) delete __wsPacks[name]; });
    }
    return p;
}
function __wsBytes(stem) {
    // A chunk of two chapters is in both their packs: take it from one already asked for.
    const places = __wsIndex[stem];
    const [name] = places.find(([p]) => p in __wsPacks) ?? places[0];
    return __wsPack(name).then(() => __wsModules[stem] ?? Promise.reject(new Error("no module " + stem)));
}
function __wsFirst(module, fetcher, deps) {
    const load = makeLoad(fetcher, deps);
    return () => { preloadChapter(module); return load(); };
}
/** Starts fetching chapter module \`module\`'s packs (link hover or focus); loads nothing. */
export function preloadChapter(module) {
    for (const name of __wsNeeds[module] ?? []) __wsPack(name).catch(() => {});
}
` + loader;

// --- 2. pkg-<hash>/ -------------------------------------------------------------------------
const files = new Map(); // name in pkg → Buffer
for (const f of ["warpscope.js", "warpscope_bg.wasm"]) files.set(f, fs.readFileSync(path.join(pkgIn, f)));
files.set("__wasm_split.js", Buffer.from(loader));
for (const [name, b] of packBytes) files.set(`pack-${name}.wasm`, b);
if (fs.existsSync(path.join(pkgIn, "snippets"))) throw new Error("site.mjs: wasm-bindgen snippets are not shipped yet");
files.set("start.js", fs.readFileSync(path.join(root, "assets/start.js")));
const h = crypto.createHash("sha256");
for (const [name, b] of [...files].sort()) h.update(name).update(b);
const version = h.digest("hex").slice(0, 12);
const pkg = `pkg-${version}`;
for (const d of fs.readdirSync(stage)) if (d.startsWith("pkg-")) fs.rmSync(path.join(stage, d), { recursive: true });
fs.mkdirSync(path.join(stage, pkg), { recursive: true });
for (const [name, b] of files) fs.writeFileSync(path.join(stage, pkg, name), b);

// --- 3. one stylesheet ----------------------------------------------------------------------
let html = fs.readFileSync(path.join(stage, "index.html"), "utf8");
// trunk 0.21 builds an implicit Rust app whenever index.html's folder has a Cargo.toml and no
// `rel="rust"` link: the whole, unsplit module and an inline init script. Drop them.
for (const f of fs.readdirSync(stage)) if (/^warpscope-[0-9a-f]+(_bg\.wasm|\.js)$/.test(f)) fs.rmSync(path.join(stage, f));
html = html
  .replace(/<link rel="(?:modulepreload|preload)" href="\.\/warpscope-[0-9a-f]+(?:_bg\.wasm|\.js)"[^>]*>/g, "")
  .replace(/<script type="module">[^<]*TrunkApplicationStarted[^<]*<\/script>/, "");
if (/warpscope-[0-9a-f]+/.test(html) || /<script(?![^>]*\bsrc=)[^>]*>/.test(html)) throw new Error("site.mjs: trunk's own wasm or an inline script is left in index.html");
const cssLinks = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"[^>]*>\s*/g)];
const css = Buffer.concat(cssLinks.map((m) => fs.readFileSync(path.join(stage, m[1].replace(/^\.?\//, "")))));
const cssName = `app-${sha(css).toString("hex").slice(0, 12)}.css`;
for (const m of cssLinks) fs.rmSync(path.join(stage, m[1].replace(/^\.?\//, "")));
fs.writeFileSync(path.join(stage, cssName), css);
cssLinks.forEach((m, i) => {
  html = html.replace(m[0], i === 0 ? `<link rel="stylesheet" href="${cssName}" integrity="${integrity(css)}" />\n    ` : "");
});

// --- 4. entry, preloads, route pages --------------------------------------------------------
const preload = (packsToGet) =>
  [
    `<link rel="modulepreload" href="${pkg}/warpscope.js" integrity="${integrity(files.get("warpscope.js"))}" />`,
    `<link rel="modulepreload" href="${pkg}/__wasm_split.js" integrity="${integrity(files.get("__wasm_split.js"))}" />`,
    `<link rel="preload" as="fetch" crossorigin href="${pkg}/warpscope_bg.wasm" />`,
    ...packsToGet.map((p) => `<link rel="preload" as="fetch" crossorigin href="${pkg}/pack-${p}.wasm" />`),
    `<script type="module" src="${pkg}/start.js" integrity="${integrity(files.get("start.js"))}"></script>`,
  ].join("\n    ");
html = html.replace(/<link rel="manifest"[^>]*>/, "");
html = html.replace("</head>", `  <link rel="manifest" href="manifest.webmanifest" />\n  </head>`);
const page = (packsToGet) => html.replace("<!-- ws:entry -->", preload(packsToGet));
if (!html.includes("<!-- ws:entry -->")) throw new Error("site.mjs: index.html lacks <!-- ws:entry -->");
fs.writeFileSync(path.join(stage, "index.html"), page([]));
const registry = fs.readFileSync(path.join(root, "src/ui/chapters/mod.rs"), "utf8");
const slugs = [...registry.matchAll(/slug: "([a-z-]+)"/g)].map((m) => m[1]);
const routes = [...slugs, "classroom"];
const relative = publicUrl === "./";
if (relative) {
  for (const slug of routes) {
    const mod = slug.replaceAll("-", "_");
    const out = page(needs[mod] ?? []).replace('<base href="./"', '<base href="../"');
    if (out === page(needs[mod] ?? [])) throw new Error('site.mjs: expected <base href="./"> in index.html');
    fs.mkdirSync(path.join(stage, slug), { recursive: true });
    fs.writeFileSync(path.join(stage, slug, "index.html"), out);
  }
}

// --- 5. manifest, service worker, _headers, .gz/.br -----------------------------------------
for (const f of fs.readdirSync(path.join(root, "assets/icons"))) fs.copyFileSync(path.join(root, "assets/icons", f), path.join(stage, f));
fs.copyFileSync(path.join(root, "assets/manifest.webmanifest"), path.join(stage, "manifest.webmanifest"));
const topFiles = fs.readdirSync(stage).filter((f) => fs.statSync(path.join(stage, f)).isFile() && !/\.(gz|br)$/.test(f) && f !== "_headers" && f !== "sw.js");
const shell = [
  "./",
  ...(relative ? routes.map((r) => `${r}/`) : []),
  ...topFiles.filter((f) => f !== "index.html"),
  ...["start.js", "warpscope.js", "__wasm_split.js", "warpscope_bg.wasm"].map((f) => `${pkg}/${f}`),
];
const chapterFiles = [...packs.keys()].map((p) => `${pkg}/pack-${p}.wasm`);
const sw = fs
  .readFileSync(path.join(root, "assets/sw.js"), "utf8")
  .replace('"__VERSION__"', JSON.stringify(version))
  .replace("[/* __SHELL__ */]", JSON.stringify(shell))
  .replace("[/* __CHAPTERS__ */]", JSON.stringify(chapterFiles));
fs.writeFileSync(path.join(stage, "sw.js"), sw);
const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1];
if (!csp || csp.includes("'unsafe-inline'") && /script-src[^;]*'unsafe-inline'/.test(csp)) throw new Error("site.mjs: no strict CSP in index.html");
fs.writeFileSync(
  path.join(stage, "_headers"),
  `# Response headers for static hosts that read this file (Netlify, Cloudflare Pages). The same
# policy as the <meta> in every page, plus what only a header can say.
/*
  Content-Security-Policy: ${csp}; frame-ancestors 'self'; base-uri 'self'
  X-Content-Type-Options: nosniff
  Referrer-Policy: no-referrer
/sw.js
  Cache-Control: no-cache
/pkg-*
  Cache-Control: public, max-age=31536000, immutable
`,
);
const COMPRESS = /\.(html|css|js|mjs|wasm|svg|json|webmanifest)$/;
const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
let totals = [0, 0, 0];
for (const f of walk(stage)) {
  if (!COMPRESS.test(f)) continue;
  const b = fs.readFileSync(f);
  const g = zlib.gzipSync(b, { level: 9 });
  const br = zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } });
  fs.writeFileSync(f + ".gz", g);
  fs.writeFileSync(f + ".br", br);
  totals = [totals[0] + b.length, totals[1] + g.length, totals[2] + br.length];
}
fs.writeFileSync(path.join(stage, pkg, "sizes.json"), JSON.stringify({ version, needs, packs: Object.fromEntries([...packs].map(([n, s]) => [n, s])) }, null, 1));
log(`${pkg}: main ${files.get("warpscope_bg.wasm").length} B (${gz(files.get("warpscope_bg.wasm"))} B gzip); ${chunkUsers.size} chunks + ${splits.length} chapter modules in ${packs.size} packs:`);
for (const [name, b] of [...packBytes].sort((a, b) => b[1].length - a[1].length)) log(`  pack-${name}.wasm ${b.length} B, ${gz(b)} B gzip (${packs.get(name).length} modules)`);
const shared = [...chunkUsers].filter(([c]) => exists(c));
for (let k = 2; k <= 6; k++) {
  const common = shared.filter(([, u]) => u.length >= k).reduce((a, [c]) => a + fs.statSync(path.join(pkgIn, c + ".wasm")).size, 0);
  log(`  (chunks of >= ${k} chapters: ${common} B raw)`);
}
log(`all files ${totals[0]} B, ${totals[1]} B gzip, ${totals[2]} B brotli`);
