// Finishes the site in trunk's staging folder after scripts/split.sh has split, bound and
// optimised the wasm:   node scripts/site.mjs <pkg dir> <stage dir> <public url>
//
//  1. Packs: wasm-split-cli emits one module per chapter plus one chunk per *set* of chapters
//     that share code (~390 small files). Here they are concatenated into a few pack files: one
//     `pack-common.wasm` with every chunk that COMMON_MIN (8) or more chapter modules use, and
//     one `pack-<chapter>.wasm` with the chapter's own module and the chunks it shares with
//     fewer (copied into each); a STANDALONE chapter (the quiz) uses no common pack: its pack
//     holds every chunk it needs. Each pack is then ONE wasm module: its modules,
//     which import only the main module's memory, table and stack pointer, are merged by
//     binaryen's wasm-merge and optimised again with -Oz (one compile and one instantiation per
//     pack instead of one per chunk; types, imports and section overhead once); their data
//     segments ride beside it in the pack and are written into memory once per module. The
//     loader (__wasm_split.js) is regenerated as a few tables (its helpers kept): a chapter
//     instantiates the common pack (once) and its own; every pack is fetched with its integrity
//     (sha256, checked by the browser before the bytes are compiled).
//  2. Stylesheets instead of trunk's one per file: the app shell's, linked by every page, and
//     the chapters', whole and as each chapter module's share of it (scripts/css-prune.mjs): a
//     route page links its chapter's share (its prerendered first screen needs it), the loader
//     links a chapter's share on the home page, the whole sheet for a second chapter or the
//     classroom (the home page downloads none of them).
//  3. pkg-<hash>/: everything content-addressed by one hash of all of it (cache forever); the
//     entry module start.js, the glue, the loader, the main module and the packs all carry
//     integrity (attributes, or the hash the fetch is given).
//  4. Route pages dist/<slug>.html (<base href="./">) and dist/<slug>/index.html (<base
//     href="../">) that preload the main module and that chapter's packs in parallel with the
//     script, and carry the chapter's first screen drawn by the built app (scripts/prerender.mjs).
//  5. The service worker (sw.js, scoped to the folder the site is served from), the web app
//     manifest, `_headers` with the page's Content-Security-Policy, and .gz/.br of every file.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { transformSync } from "esbuild";
import binaryen from "binaryen";
import { fileURLToPath } from "node:url";
import { prerender } from "./prerender.mjs";
import { classTest, classTokens, pruneCss } from "./css-prune.mjs";

const [pkgIn, stage, publicUrl = "/"] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..");
// Chunks used by ≥ COMMON_MIN of the 13 chapter modules go to the common pack; the others are
// copied into each user's pack. Measured (gzip, deep link / all files): 4 → 318.7–377.0
// KiB / 1.19 MB; 6 → 308.2–367.8 / 1.24 MB; 8 → 303.4–365.4 / 1.30 MB; 13 (no common pack) →
// 277.2–362.6 / 2.20 MB. 8: a deep link (what a student opening a teacher's link waits for) is
// 9–15 KiB lighter than with 4, for 9 % more bytes the service worker caches in the background.
// Measured (deep links of the four heaviest chapters, gzip): 10 → 0.3–1.6 KiB lighter, 12 →
// 0.4–1.0 KiB lighter (the chip's 27 KiB): what those chapters do not use of the common pack is
// little; their own code is what is heavy.
const COMMON_MIN = Number(process.env.WS_COMMON_MIN ?? 8);
// Chapters that do not use the common pack: their own pack holds every chunk they need (those
// of the common pack they use copied in). The quiz uses only three quarters of the common pack
// (its questions draw from the models, not the chapters' views). Measured (gzip): the
// quiz's deep link 356.1 → 336.9 KiB, the other deep links 0.1–1.2 KiB lighter (the chunks only
// the quiz made common are left out of the common pack), all packs 1.28 → 1.38 MB: the chunks
// the quiz shares with the common pack are fetched twice by a reader who opens the quiz and then
// a chapter (the service worker fetches every file once in the background either way). Not the
// chip: the classroom's built-in lesson opens on it, next to the common pack.
// The kernel lab is standalone too: it uses much of what the chapters share (the memory
// figures, the budget bars, the roofline chart) and, counted among the chapters, pushed chunks
// into the common pack that other chapters then loaded (measured: common pack +6.2 KiB gzip).
const STANDALONE = new Set((process.env.WS_STANDALONE ?? "quiz,lab").split(",").filter(Boolean));

const sha = (buf, alg = "sha256") => crypto.createHash(alg).update(buf).digest();
// sha256: every browser's SRI takes it, and each hash is 20 base64 characters shorter than
// sha384's (hashes do not compress: ~20 of them in a route page and the loader).
const integrity = (buf) => "sha256-" + sha(buf).toString("base64");
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const log = (s) => process.stderr.write(`[site] ${s}\n`);
// The shipped JavaScript (wasm-bindgen's glue, the loader, the entry) and CSS, minified by esbuild
// (names inside modules shortened; exports, imports and property names kept).
const minJs = (code) => Buffer.from(transformSync(code.toString(), { loader: "js", format: "esm", minify: true, legalComments: "none" }).code);
const minCss = (css) => Buffer.from(transformSync(css.toString(), { loader: "css", minify: true, legalComments: "none" }).code);

// --- 1. packs -------------------------------------------------------------------------------
const splitJs = fs.readFileSync(path.join(pkgIn, "__wasm_split.js"), "utf8");
const chunkUsers = new Map(); // "chunk_12" → ["chip", "roofline"]
for (const m of splitJs.matchAll(/\/\* ([^*]*?) \*\/\s*const __chunk_(\d+) =/g)) {
  chunkUsers.set(`chunk_${m[2]}`, m[1].split(",").map((s) => s.trim()));
}
const splits = [...splitJs.matchAll(/export const __wasm_split_load_(\w+) =/g)].map((m) => m[1]);
// Each chapter module's dependencies (chunks instantiated before it), as chunk numbers.
const deps = {};
for (const m of splitJs.matchAll(/export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/split_\1\.wasm", import\.meta\.url\)\);[\s\S]*?\n\}\s*,\s*\[([^\]]*)\]\)\);/g)) {
  deps[m[1]] = [...m[2].matchAll(/__chunk_(\d+)/g)].map((x) => Number(x[1]));
}
if (Object.keys(deps).length !== splits.length || splits.length === 0) throw new Error("site.mjs: __wasm_split.js has an unexpected shape (chapter loaders)");
if ([...splitJs.matchAll(/const __chunk_\d+ = makeLoad\([\s\S]*?\n\}\s*,\s*\[\]\);/g)].length !== chunkUsers.size) throw new Error("site.mjs: a chunk with dependencies of its own: not packed yet");
const packs = new Map(); // pack name → [module file stems]
const put = (stem, pack) => {
  if (!packs.has(pack)) packs.set(pack, []);
  packs.get(pack).push(stem);
};
const exists = (stem) => fs.existsSync(path.join(pkgIn, stem + ".wasm"));
for (const s of splits) {
  if (!exists(`split_${s}`)) throw new Error(`site.mjs: no split_${s}.wasm`);
  for (const n of deps[s]) if (!exists(`chunk_${n}`)) throw new Error(`site.mjs: no chunk_${n}.wasm`);
  put(`split_${s}`, s);
}
// A chunk of few chapters is copied into each of their packs (a few bytes twice, one request
// less); one of many chapters goes to the common pack.
for (const [chunk, users] of [...chunkUsers].sort()) {
  if (!exists(chunk)) continue;
  // (A standalone chapter does not count: the common pack is for the others.)
  if (users.filter((u) => !STANDALONE.has(u)).length >= COMMON_MIN) {
    put(chunk, "common");
    for (const u of users) if (STANDALONE.has(u)) put(chunk, u);
  } else for (const u of users) put(chunk, u);
}
// The packs each chapter's module needs: the common one if it uses it, and its own.
const needs = {};
for (const s of splits) {
  const set = new Set();
  if (!STANDALONE.has(s) && deps[s].some((n) => packs.get("common")?.includes(`chunk_${n}`))) set.add("common");
  set.add(s);
  needs[s] = [...set];
}
// The loader finds a chunk's packs from the chapters' dependencies (section 1's rule): check it.
// The loader and the packs number the chunks anew (sorted by the set of chapters that use them):
// the pack headers and zh.bin name a chunk by that number.
const chunkOrder = [...chunkUsers.keys()].filter(exists);
const usersKey = (c) => splits.map((s) => (chunkUsers.get(c).includes(s) ? "1" : "0")).join("");
chunkOrder.sort((a, b) => (usersKey(a) < usersKey(b) ? 1 : usersKey(a) > usersKey(b) ? -1 : 0));
const chunkId = new Map(chunkOrder.map((c, i) => [c, i]));
const idOf = (stem) => (stem.startsWith("chunk_") ? chunkId.get(stem) : stem.slice(6));
const stemOf = (stem) => (stem.startsWith("chunk_") ? `chunk_${chunkId.get(stem)}` : stem);
const commonSet = new Set((packs.get("common") ?? []).map((st) => Number(st.slice(6))));
for (const [name, stems] of packs) {
  const want = name === "common" ? [...commonSet].map((n) => `chunk_${n}`) : [`split_${name}`, ...deps[name].filter((n) => STANDALONE.has(name) || !commonSet.has(n)).map((n) => `chunk_${n}`)];
  if ([...want].sort().join() !== [...stems].sort().join()) throw new Error(`site.mjs: pack-${name} does not hold what the loader expects`);
}
// --- Chinese text on demand ------------------------------------------------------------------
// Every string is in both languages in the wasm's data (ui/i18n.rs: Tr pairs). The Chinese
// characters of the Chinese strings are cut out of every module's data segments here (replaced
// by zero bytes: NUL characters, still valid UTF-8, never shown in English) and shipped once in
// pkg-<hash>/zh.bin. When Chinese is wanted (the first load, or the language switch:
// ui/i18n.rs switch_lang, assets/start.js) the loader fetches zh.bin with its integrity and
// writes the characters back into memory for every module already instantiated, and into each
// module instantiated later right after it.
// What is cut is found from the source, not guessed from the bytes (binary tables such as the
// H200 traces hold byte triples that look like CJK characters): every string literal of src/
// with at least two CJK characters in a row, split at format placeholders (the pieces
// format_args! stores), is looked up in the data; only its CJK characters in the places where
// it occurs whole are cut. String constants shown whatever the language ("中文" on the language
// button, "Language / 语言") are left whole, and so are the glossary's Chinese names
// (ui/content/glossary.rs `term(slug, en, zh, …)`, shown beside the English ones) wherever they
// are a string of their own rather than a part of a longer Chinese string.
const CJK = (cp) => (cp >= 0x2e80 && cp <= 0x9fff) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xffef);
const cjkAt = (b, p) => {
  const c = b[p];
  if (c < 0xe0 || c > 0xef || (b[p + 1] & 0xc0) !== 0x80 || (b[p + 2] & 0xc0) !== 0x80) return false;
  return CJK(((c & 0x0f) << 12) | ((b[p + 1] & 0x3f) << 6) | (b[p + 2] & 0x3f));
};
const walkSrc = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walkSrc(path.join(d, e.name)) : e.name.endsWith(".rs") ? [path.join(d, e.name)] : []));
/** The value of a Rust string literal's body ("…" without quotes; raw = r#"…"#). */
function rustStr(body, raw) {
  if (raw) return body;
  return body.replace(/\\(\r?\n\s*|u\{([0-9a-fA-F]+)\}|x([0-9a-fA-F]{2})|.)/g, (_, e, u, x) =>
    u ? String.fromCodePoint(parseInt(u, 16)) : x ? String.fromCharCode(parseInt(x, 16)) : /^\r?\n/.test(e) ? "" : { n: "\n", t: "\t", r: "\r", 0: "\0" }[e] ?? e,
  );
}
const zhPieces = new Map(); // first CJK character (3 bytes, hex) → [[piece bytes, its offset in the piece]]
const keepZh = new Set();
const glossaryNames = [...fs.readFileSync(path.join(root, "src/ui/content/glossary.rs"), "utf8").matchAll(/\bterm\(\s*"[a-z0-9-]+",\s*"[^"]*",\s*"([^"\\]*)"/g)]
  .map((m) => m[1])
  .filter((n) => /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u.test(n))
  .map((n) => Buffer.from(n));
if (glossaryNames.length === 0) throw new Error("site.mjs: no Chinese names found in src/ui/content/glossary.rs");
{
  const seen = new Set();
  for (const f of walkSrc(path.join(root, "src"))) {
    const src = fs.readFileSync(f, "utf8");
    for (const m of src.matchAll(/const [A-Z0-9_]+: &(?:'static )?str = "([^"\\]*)";/g)) keepZh.add(m[1]);
    for (const m of src.matchAll(/r(#*)"([\s\S]*?)"\1|"((?:[^"\\]|\\[\s\S])*)"/g)) {
      const value = m[3] !== undefined ? rustStr(m[3], false) : rustStr(m[2], true);
      if (!/[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]{2}/u.test(value) || keepZh.has(value)) continue;
      // format_args! pieces: the text between placeholders, with {{ and }} unescaped.
      for (const piece of value.split(/(?<!\{)\{(?!\{)[^{}]*\}/)) {
        const text = piece.replaceAll("{{", "{").replaceAll("}}", "}");
        if (seen.has(text) || keepZh.has(text)) continue;
        seen.add(text);
        const b = Buffer.from(text);
        for (let p = 0; p + 5 < b.length; p++) {
          if (cjkAt(b, p) && cjkAt(b, p + 3)) {
            const key = b.subarray(p, p + 3).toString("hex");
            if (!zhPieces.has(key)) zhPieces.set(key, []);
            zhPieces.get(key).push([b, p]);
            break;
          }
        }
      }
    }
  }
}
const keepBytes = [...keepZh].filter((k) => /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u.test(k)).map((k) => Buffer.from(k));
const leb = (b, i) => {
  let r = 0, shift = 0, x;
  do {
    x = b[i++];
    r += (x & 0x7f) * 2 ** shift;
    shift += 7;
  } while (x & 0x80);
  return [r, i];
};
/** `n` as unsigned LEB128 (wasm's integer encoding). */
const ulebBuf = (n) => {
  const b = [];
  do {
    let x = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) x |= 0x80;
    b.push(x);
  } while (n > 0);
  return Buffer.from(b);
};
const sleb32 = (b, i) => {
  let r = 0, shift = 0, x;
  do {
    x = b[i++];
    r |= (x & 0x7f) << shift;
    shift += 7;
  } while (x & 0x80);
  if (shift < 32 && x & 0x40) r |= -1 << shift;
  return [r, i];
};
/** The module with its Chinese characters zeroed, and the runs cut: [[memory address, bytes]…]. */
function cutZh(orig, stem) {
  const buf = Buffer.from(orig);
  const runs = [];
  let i = 8;
  while (i < buf.length) {
    const id = buf[i];
    let size;
    [size, i] = leb(buf, i + 1);
    const end = i + size;
    if (id === 11) {
      let count, j;
      [count, j] = leb(buf, i);
      for (let k = 0; k < count; k++) {
        let flag;
        [flag, j] = leb(buf, j);
        if (flag === 1) throw new Error(`site.mjs: ${stem} has a passive data segment`);
        if (flag === 2) [, j] = leb(buf, j);
        if (buf[j] !== 0x41) throw new Error(`site.mjs: ${stem}: data segment offset is not i32.const`);
        let addr, len;
        [addr, j] = sleb32(buf, j + 1);
        if (buf[j] !== 0x0b) throw new Error(`site.mjs: ${stem}: data segment offset is not a constant`);
        [len, j] = leb(buf, j + 1);
        const seg = buf.subarray(j, j + len);
        // Where the known Chinese pieces occur whole.
        const cut = new Uint8Array(len);
        const pieces = []; // [from, to) of every piece cut
        for (let p = 0; p + 5 < len; p++) {
          if (!cjkAt(seg, p)) continue;
          for (const [piece, at] of zhPieces.get(seg.subarray(p, p + 3).toString("hex")) ?? []) {
            const from = p - at;
            if (from >= 0 && from + piece.length <= len && seg.compare(piece, 0, piece.length, from, from + piece.length) === 0) {
              cut.fill(1, from, from + piece.length);
              pieces.push([from, from + piece.length]);
            }
          }
        }
        // The constants shown in both languages stay whole wherever their bytes are.
        for (const kz of keepBytes) for (let at = seg.indexOf(kz); at >= 0; at = seg.indexOf(kz, at + 1)) cut.fill(0, at, at + kz.length);
        // The glossary's Chinese names stay whole where they are not inside a longer piece.
        for (const name of glossaryNames) {
          for (let at = seg.indexOf(name); at >= 0; at = seg.indexOf(name, at + 1)) {
            const to = at + name.length;
            if (!pieces.some(([f, t]) => f <= at && t >= to && t - f > name.length)) cut.fill(0, at, to);
          }
        }
        // Their CJK characters: runs a few bytes apart are one run (the bytes between are
        // written back unchanged); the characters are zeroed, the ASCII between them stays.
        let run = null; // [start, end) in seg
        for (let p = 0; p + 2 < len; ) {
          if (cut[p] && cjkAt(seg, p)) {
            if (run && p - run[1] <= 12) run[1] = p + 3;
            else {
              if (run) runs.push([addr + run[0], Buffer.from(seg.subarray(run[0], run[1]))]);
              run = [p, p + 3];
            }
            p += 3;
          } else p++;
        }
        if (run) runs.push([addr + run[0], Buffer.from(seg.subarray(run[0], run[1]))]);
        for (let p = 0; p + 2 < len; ) {
          if (cut[p] && cjkAt(seg, p)) {
            seg.fill(0, p, p + 3);
            p += 3;
          } else p++;
        }
        j += len;
      }
    }
    i = end;
  }
  return { buf, runs };
}
const CUT_ZH = process.env.WS_CUT_ZH !== "0"; // WS_CUT_ZH=0: every module keeps its Chinese text
// --- short import names ----------------------------------------------------------------------
// wasm-bindgen names each of the main module's ~270 imports `__wbg_<name>_<16 hex digits>`, in
// the wasm and again in the glue: ~9 KB of hex apiece, 5 KB after compression. They become `$0`,
// `$1`, … in both (the glue's object keys; nothing else refers to them).
const importNames = new Map(); // old → new
/** `orig` without its custom sections (the toolchain's `producers` and `target_features`: ~290
 * bytes no browser reads). */
function stripCustom(orig) {
  const keep = [orig.subarray(0, 8)];
  for (let i = 8; i < orig.length; ) {
    const [size, body] = leb(orig, i + 1);
    // WASM_NAMES=1 (a profiling build): the `name` section stays, so profiles name functions.
    const [nlen, nat] = orig[i] === 0 ? leb(orig, body) : [0, 0];
    const isName = orig[i] === 0 && orig.subarray(nat, nat + nlen).toString() === "name";
    if (orig[i] !== 0 || (isName && process.env.WASM_NAMES)) keep.push(orig.subarray(i, body + size));
    i = body + size;
  }
  return Buffer.concat(keep);
}
function shortImports(orig) {
  let i = 8;
  while (i < orig.length) {
    const id = orig[i];
    const [size, body] = leb(orig, i + 1);
    if (id !== 2) {
      i = body + size;
      continue;
    }
    const out = [];
    let [count, j] = leb(orig, body);
    out.push(ulebBuf(count));
    for (let k = 0; k < count; k++) {
      let len;
      [len, j] = leb(orig, j);
      const mod = orig.subarray(j, j + len).toString();
      j += len;
      [len, j] = leb(orig, j);
      const name = orig.subarray(j, j + len).toString();
      j += len;
      const descStart = j;
      const kind = orig[j++];
      if (kind === 0) [, j] = leb(orig, j);
      else if (kind === 1 || kind === 2) {
        if (kind === 1) j++;
        const flags = orig[j++];
        [, j] = leb(orig, j);
        if (flags & 1) [, j] = leb(orig, j);
      } else if (kind === 3) j += 2;
      else throw new Error(`site.mjs: import kind ${kind}`);
      let newName = name;
      if (mod === "./warpscope_bg.js") {
        if (!importNames.has(name)) importNames.set(name, `$${importNames.size.toString(36)}`);
        newName = importNames.get(name);
      }
      const m = Buffer.from(mod);
      const n = Buffer.from(newName);
      out.push(ulebBuf(m.length), m, ulebBuf(n.length), n, orig.subarray(descStart, j));
    }
    if (j !== body + size) throw new Error("site.mjs: main module's import section has an unexpected shape");
    const content = Buffer.concat(out);
    return Buffer.concat([orig.subarray(0, i), Buffer.from([2]), ulebBuf(content.length), content, orig.subarray(body + size)]);
  }
  throw new Error("site.mjs: the main module has no import section");
}
/** The glue without wasm-streams' adapter classes, whose exports scripts/wasm-opt-many.mjs
 * removes (leptos's server_fn brings wasm-streams; the app never hands a Rust stream to JS).
 * Throws if the glue's shape changed (a wasm-bindgen upgrade), so nothing is left half-cut. */
function dropStreamGlue(glue) {
  const cut = (re, n, what) => {
    const found = glue.match(re)?.length ?? 0;
    if (found !== n) throw new Error(`site.mjs: ${found} ${what} in the glue, expected ${n}`);
    glue = glue.replace(re, "");
  };
  cut(/export class IntoUnderlying(ByteSource|Sink|Source) \{\n[\s\S]*?\n\}\nif \(Symbol\.dispose\) IntoUnderlying\1\.prototype\[Symbol\.dispose\] = [^\n]*\n/g, 3, "stream adapter classes");
  cut(/const IntoUnderlying(ByteSource|Sink|Source)Finalization = [^\n]*\n[^\n]*\n[^\n]*;\n/g, 3, "stream adapter finalizers");
  cut(/const __wbindgen_enum_ReadableStreamType = [^\n]*\n/g, 1, "stream type enums");
  if (/intounderlying/i.test(glue)) throw new Error("site.mjs: the glue still names a stream adapter");
  return glue;
}
function shortGlue(glue) {
  if (/\$[0-9a-z]+\b/.test(glue)) throw new Error("site.mjs: the glue already uses a $name");
  for (const [old, short] of importNames) {
    const re = new RegExp(`\\b${old}\\b`, "g");
    const n = glue.match(re)?.length ?? 0;
    if (n !== 1) throw new Error(`site.mjs: import ${old} appears ${n} times in the glue`);
    glue = glue.replace(re, short);
  }
  return glue;
}
const zhRuns = {}; // stem → runs
const moduleCache = new Map();
function moduleBytes(stem) {
  if (!moduleCache.has(stem)) {
    let orig = fs.readFileSync(path.join(pkgIn, stem + ".wasm"));
    if (stem === "warpscope_bg") orig = stripCustom(shortImports(orig));
    const { buf, runs } = CUT_ZH ? cutZh(orig, stem) : { buf: orig, runs: [] };
    if (runs.length) zhRuns[stem === "warpscope_bg" ? "main" : stemOf(stem)] = runs;
    moduleCache.set(stem, buf);
  }
  return moduleCache.get(stem);
}
/** zh.bin: u32 header length, JSON header {stem: [address delta, bytes, …]} (each address after
 * the previous run's end), then the runs' bytes in that order. */
function zhBin() {
  const header = {};
  const parts = [];
  for (const [stem, runs] of Object.entries(zhRuns)) {
    let at = 0;
    header[stem] = runs.flatMap(([addr, b]) => {
      const d = [addr - at, b.length];
      at = addr + b.length;
      parts.push(b);
      return d;
    });
  }
  const h = Buffer.from(JSON.stringify(header));
  const len = Buffer.alloc(4);
  len.writeUInt32LE(h.length);
  return Buffer.concat([len, h, ...parts]);
}

const packBytes = new Map();
const packInfo = {}; // pack → integrity
let chapterCssName = null; // the chapters' stylesheet and its integrity: set in section 2
let chapterCssSri = null;
const chapterCssOf = {}; // chapter module → [its share of that stylesheet, integrity]: section 2
// One wasm module per pack. wasm-split-cli's modules import only the main module's memory, table
// and stack pointer (`__wasm_split`.*), export nothing and have no start function: each one only
// writes its functions into the shared table (active element segments) and its data into memory.
// So a pack's modules are merged by binaryen's wasm-merge into one (after a small base module
// that re-exports those three imports, so that every module's imports resolve to one import each)
// and optimised again with -Oz: one compile and one instantiation per pack instead of one per
// module. Their data segments are cut out first and ride in the pack next to the merged module
// (per module: u32 address, u32 length, bytes…); the loader writes a module's data into memory
// once, the first time a pack holding it is instantiated. A chunk of two or three chapters is in
// each of their packs, and instantiating a second copy must not write its data again (a mutable
// static would be reset, and its Chinese text zeroed); its table entries written again are the
// same functions.
const binDir = path.join(here, "node_modules/.bin");
const WASM_FEATURES = binaryen.Features.MVP | binaryen.Features.BulkMemory | binaryen.Features.BulkMemoryOpt | binaryen.Features.CallIndirectOverlong | binaryen.Features.NontrappingFPToInt | binaryen.Features.SignExt | binaryen.Features.MutableGlobals | binaryen.Features.ReferenceTypes | binaryen.Features.Multivalue;
/** A module without its data (and data count) sections, and that data as u32 address, u32 length, bytes… */
function splitData(buf, stem) {
  const keep = [buf.subarray(0, 8)];
  const data = [];
  const imports = {}; // memory / table → its minimum size
  let i = 8;
  while (i < buf.length) {
    const id = buf[i];
    const [size, body] = leb(buf, i + 1);
    const end = body + size;
    if (id === 11) {
      let [count, j] = leb(buf, body);
      for (let k = 0; k < count; k++) {
        let flag;
        [flag, j] = leb(buf, j);
        if (flag !== 0) throw new Error(`site.mjs: ${stem}: data segment kind ${flag}`);
        if (buf[j] !== 0x41) throw new Error(`site.mjs: ${stem}: data segment offset is not i32.const`);
        let addr, len;
        [addr, j] = sleb32(buf, j + 1);
        if (buf[j] !== 0x0b) throw new Error(`site.mjs: ${stem}: data segment offset is not a constant`);
        [len, j] = leb(buf, j + 1);
        const head = Buffer.alloc(8);
        head.writeUInt32LE(addr >>> 0, 0);
        head.writeUInt32LE(len, 4);
        data.push(head, buf.subarray(j, j + len));
        j += len;
      }
    } else if (id !== 12) keep.push(buf.subarray(i, end));
    if (id === 7 && leb(buf, body)[0] !== 0) throw new Error(`site.mjs: ${stem} exports something: not merged yet`);
    if (id === 8) throw new Error(`site.mjs: ${stem} has a start function: not merged yet`);
    if (id === 2) {
      let [count, j] = leb(buf, body);
      for (let k = 0; k < count; k++) {
        let len;
        [len, j] = leb(buf, j);
        const mod = buf.subarray(j, j + len).toString();
        j += len;
        [len, j] = leb(buf, j);
        const field = buf.subarray(j, j + len).toString();
        j += len;
        const kind = buf[j++];
        let min = null;
        if (kind === 0) [, j] = leb(buf, j);
        else if (kind === 1 || kind === 2) {
          if (kind === 1) j++;
          const flags = buf[j++];
          [min, j] = leb(buf, j);
          if (flags & 1) [, j] = leb(buf, j);
        } else if (kind === 3) j += 2;
        const want = { memory: 2, __indirect_function_table: 1, __wasm_split_shared0: 3 }[field];
        if (mod !== "__wasm_split" || want !== kind) throw new Error(`site.mjs: ${stem}: unexpected import ${mod}.${field}: not merged yet`);
        if (min !== null) imports[field] = min;
      }
    }
    i = end;
  }
  return { code: Buffer.concat(keep), data: Buffer.concat(data), imports };
}
// The base module: the three imports every split module may have, re-exported under the names
// the modules import them by. The limits are those of the modules (checked below).
const baseWat = (mem, table) => `(module
 (import "w" "memory" (memory $m ${mem}))
 (import "w" "__indirect_function_table" (table $t ${table} funcref))
 (import "w" "__wasm_split_shared0" (global $g (mut i32)))
 (export "memory" (memory $m))
 (export "__indirect_function_table" (table $t))
 (export "__wasm_split_shared0" (global $g)))`;
function mergePack(name, parts) {
  const dir = fs.mkdtempSync(path.join(pkgIn, `merge-${name}-`));
  const limits = {};
  for (const p of parts) for (const [f, min] of Object.entries(p.imports)) {
    if (f in limits && limits[f] !== min) throw new Error(`site.mjs: pack-${name}: modules import different ${f} limits`);
    limits[f] = min;
  }
  const args = ["--enable-bulk-memory", "--enable-bulk-memory-opt", "--enable-call-indirect-overlong", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue"]; // not --all-features: it writes the compact-imports proposal's encoding
  parts.forEach((p, k) => fs.writeFileSync(path.join(dir, `m${k}.wasm`), p.code));
  const limitsArr = [limits.memory, limits.__indirect_function_table];
  const base = binaryen.parseText(baseWat(limitsArr[0] ?? 1, limitsArr[1] ?? 1));
  base.setFeatures(WASM_FEATURES);
  fs.writeFileSync(path.join(dir, "base.wasm"), base.emitBinary());
  base.dispose();
  args.push(path.join(dir, "base.wasm"), "__wasm_split");
  parts.forEach((_, k) => args.push(path.join(dir, `m${k}.wasm`), `m${k}`));
  const out = path.join(dir, "merged.wasm");
  if (process.env.WASM_NAMES) args.push("-g");
  const r = spawnSync(path.join(binDir, "wasm-merge"), [...args, "-o", out], { stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error(`site.mjs: wasm-merge for pack-${name} failed (${r.status})`);
  const mod = binaryen.readBinary(fs.readFileSync(out));
  fs.rmSync(dir, { recursive: true });
  mod.setFeatures(WASM_FEATURES);
  for (const e of ["memory", "__indirect_function_table", "__wasm_split_shared0"]) mod.removeExport(e);
  binaryen.setOptimizeLevel(2); // -Oz
  binaryen.setShrinkLevel(2);
  binaryen.setDebugInfo(Boolean(process.env.WASM_NAMES)); // a profiling build (wasm-opt-many.mjs)
  mod.optimize();
  if (!mod.validate()) throw new Error(`site.mjs: pack-${name}: the merged module does not validate`);
  const bin = Buffer.from(mod.emitBinary());
  mod.dispose();
  return bin;
}
// A pack: a 4-byte little-endian length, a JSON header {"w": bytes of the merged module,
// "m": [[chunk number or chapter, bytes of its data], …]}, the merged module, then each
// module's data (u32 address, u32 length, bytes…). The header rides in the pack, so the page's
// loader stays small.
function buildPacks() {
  for (const [name, stems] of packs) {
    const parts = stems.map((st) => splitData(moduleBytes(st), st));
    const t0 = Date.now();
    const wasm = mergePack(name, parts);
    log(`pack-${name}: ${stems.length} modules merged into one, ${parts.reduce((a, p) => a + p.code.length, 0)} B of code → ${wasm.length} B (${Date.now() - t0} ms)`);
    const header = Buffer.from(JSON.stringify({ w: wasm.length, m: stems.map((st, i) => [idOf(st), parts[i].data.length]) }));
    const len = Buffer.alloc(4);
    len.writeUInt32LE(header.length);
    const b = Buffer.concat([len, header, wasm, ...parts.map((p) => p.data)]);
    packBytes.set(name, b);
    packInfo[name] = integrity(b);
  }
}
// The loader: wasm-split-cli's helpers (instantiating a module with the main module's memory,
// table and exports; calling back into Rust when a chapter's module is in) kept as they are; its
// one-function-per-chunk tail (13 KB gzip) becomes these tables and pack instantiation. Every pack
// is fetched with its integrity (the browser checks the hash before the bytes are used).
const helpersEnd = splitJs.search(/\/\* [^*]*? \*\/\s*const __chunk_/);
const helpers = splitJs.slice(0, helpersEnd);
if (helpersEnd < 0 || !/function makeLoad\(fetcher, deps\)/.test(helpers) || !/function wrapAsyncCb\(/.test(helpers)) throw new Error("site.mjs: __wasm_split.js has an unexpected shape (helpers)");
const makeLoader = () =>
  helpers +
  `// Packs (scripts/site.mjs): each pack file holds ONE wasm module (the pack's chunks and chapter
// module merged by wasm-merge), fetched with its integrity and compiled as soon as it arrives, and
// the data of the modules merged into it, written into memory once per module before the pack's
// module is first instantiated. A chapter costs its packs' instantiations: the common pack's
// (once) and its own. A pack: u32 header length, JSON header {w: bytes of the module, m: [[chunk
// number or chapter, bytes of its data]…]}, the module, the data (per module: u32 address, u32
// length, bytes…). __wsSri: pack → integrity; __wsNeeds: chapter → its packs, in the order they
// are instantiated.
const __wsSri = ${JSON.stringify(packInfo)};
const __wsNeeds = ${JSON.stringify(needs)};
const __wsPacks = {};
const __wsInst = {};
const __wsData = new Set(); // modules whose data is in memory
// The chapters' stylesheet: a route page links its chapter's share of it
// (link[data-ws-chapters="<module>"], scripts/css-prune.mjs; the classroom's page the whole sheet,
// data-ws-chapters="*"). Before any other chapter is mounted the loader links the whole sheet
// after it (the home page's first chapter too): the whole sheet linked after a share decides
// every property as the whole sheet alone would, while two shares could order the rules they
// both hold differently. Resolves once it is in (or failed to load: the chapter then shows
// unstyled rather than not at all).
let __wsCssIn = null;
const __wsLoaded = (link) => link.sheet ? Promise.resolve() : new Promise((resolve) => {
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
});
function __wsCss(module) {
    const own = document.querySelector(\`link[data-ws-chapters="\${module}"]\`);
    if (own) return __wsLoaded(own);
    if (!__wsCssIn) {
        let link = document.querySelector('link[data-ws-chapters="*"]');
        if (!link) {
            link = document.createElement("link");
            link.rel = "stylesheet";
            link.href = new URL(${JSON.stringify("../" + chapterCssName)}, import.meta.url).href;
            link.integrity = ${JSON.stringify(chapterCssSri)};
            link.setAttribute("data-ws-chapters", "*");
            document.head.append(link);
        }
        __wsCssIn = __wsLoaded(link);
    }
    return __wsCssIn;
}
// A pack's module starts compiling (off the main thread) as soon as its bytes arrive.
function __wsPack(name) {
    let p = __wsPacks[name];
    if (p === undefined) {
        p = __wsPacks[name] = fetch(new URL("./pack-" + name + ".wasm", import.meta.url), { integrity: __wsSri[name] }).then((r) => {
            if (!r.ok) throw new Error("pack-" + name + ".wasm: HTTP " + r.status);
            return r.arrayBuffer();
        }).then((buf) => {
            const len = new DataView(buf).getUint32(0, true);
            const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, len)));
            let off = 4 + len;
            const module = WebAssembly.compile(new Uint8Array(buf, off, header.w));
            module.catch(() => {});
            off += header.w;
            const data = [];
            for (const [m, size] of header.m) {
                data.push([typeof m === "number" ? "chunk_" + m : "split_" + m, new Uint8Array(buf, off, size)]);
                off += size;
            }
            return { module, data };
        });
        p.catch(() => { if (__wsPacks[name] === p) delete __wsPacks[name]; });
    }
    return p;
}
// Instantiates pack \`name\`'s module once: first the data of its modules not yet in memory
// (a chunk of a few chapters is in each of their packs: its data is written only once).
function __wsInstantiate(name) {
    let p = __wsInst[name];
    if (p === undefined) {
        p = __wsInst[name] = __wsPack(name).then(async ({ module, data }) => {
            const compiled = await module;
            const imports = getSharedImports();
            const fresh = [];
            const mem = new Uint8Array(imports.__wasm_split.memory.buffer);
            for (const [stem, bytes] of data) {
                if (__wsData.has(stem)) continue;
                __wsData.add(stem);
                const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
                for (let at = 0; at < bytes.length; ) {
                    const addr = view.getUint32(at, true);
                    const len = view.getUint32(at + 4, true);
                    mem.set(bytes.subarray(at + 8, at + 8 + len), addr);
                    at += 8 + len;
                }
                fresh.push(stem);
            }
            await WebAssembly.instantiate(compiled, { w: imports.__wasm_split });
            // Its data is in memory now, without its Chinese characters.
            for (const stem of fresh) __wsLive.add(stem);
            if (__wsZh) await __wsZh.then((z) => __wsZhApply(z, fresh), () => {});
        });
        p.catch(() => { if (__wsInst[name] === p) delete __wsInst[name]; });
    }
    return p;
}
// Chinese text (scripts/site.mjs, "Chinese text on demand"): zh.bin holds the Chinese characters
// cut out of every module's data; they are written back into memory once Chinese is wanted.
const __wsZhSri = ${JSON.stringify(zhSri)};
const __wsLive = new Set(); // modules whose data segments are in memory
let __wsZh = null; // Promise of zh.bin, parsed, once Chinese is wanted
let __wsZhReady = null; // zh.bin, parsed, once it has arrived
let __wsMem = null; // the main module's memory
function __wsZhApply(z, stems) {
    if (!__wsMem) return;
    const mem = new Uint8Array(__wsMem.buffer);
    for (const stem of stems) {
        const runs = z.runs[stem];
        if (!runs) continue;
        let at = 0;
        let off = z.offsets[stem];
        for (let i = 0; i < runs.length; i += 2) {
            at += runs[i];
            mem.set(z.bytes.subarray(off, off + runs[i + 1]), at);
            at += runs[i + 1];
            off += runs[i + 1];
        }
    }
}
/** The Chinese text of every module in memory now and of every module loaded later: resolves
 * once zh.bin (fetched with its integrity) is written in. ui/i18n.rs switch_lang and start.js. */
export function zhText() {
    if (!__wsZh) {
        const p = __wsZh = fetch(new URL("./zh.bin", import.meta.url), { integrity: __wsZhSri }).then((r) => {
            if (!r.ok) throw new Error("zh.bin: HTTP " + r.status);
            return r.arrayBuffer();
        }).then((buf) => {
            const len = new DataView(buf).getUint32(0, true);
            const runs = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, len)));
            const offsets = {};
            let off = 0;
            for (const [stem, r] of Object.entries(runs)) {
                offsets[stem] = off;
                for (let i = 1; i < r.length; i += 2) off += r[i];
            }
            return (__wsZhReady = { runs, offsets, bytes: new Uint8Array(buf, 4 + len) });
        });
        p.catch(() => { if (__wsZh === p) __wsZh = null; });
    }
    return __wsZh.then((z) => { __wsZhApply(z, __wsLive); });
}
/** Called by wasm-bindgen's glue (patched in site.mjs) once the main module is instantiated,
 * before its start function runs. */
export function __wsBeforeStart(wasm) {
    __wsMem = wasm.memory;
    __wsLive.add("main");
    if (__wsZhReady) __wsZhApply(__wsZhReady, ["main"]);
}
function __wsChapter(module) {
    let loading;
    const load = () => {
        // Its packs are fetched in parallel, instantiated in order (the common one first).
        preloadChapter(module);
        if (loading === undefined) {
            // Mounted once its stylesheet is in too.
            const packs = __wsNeeds[module].reduce((prev, name) => prev.then(() => __wsInstantiate(name)), Promise.resolve());
            const p = loading = Promise.all([packs, __wsCss(module)]).then(() => {});
            p.catch(() => { if (loading === p) loading = undefined; });
        }
        return loading;
    };
    return wrapAsyncCb(load);
}
/** Starts fetching chapter module \`module\`'s packs (link hover or focus, the next chapter once
 * the page is idle) and the stylesheet its load would link; loads nothing. Resolves once every
 * pack's bytes are in and its module is compiling (never rejects). */
export function preloadChapter(module) {
    if (__wsNeeds[module] && !__wsCssIn && !document.querySelector(\`link[data-ws-chapters="\${module}"], link[data-ws-chapters="*"], link[data-ws-preload]\`)) {
        // The whole sheet (see __wsCss), into the browser's cache: a preload with the same
        // integrity as the stylesheet link __wsCss adds, which then takes it from there.
        const link = document.createElement("link");
        link.rel = "preload";
        link.as = "style";
        link.href = new URL(${JSON.stringify("../" + chapterCssName)}, import.meta.url).href;
        link.integrity = ${JSON.stringify(chapterCssSri)};
        link.setAttribute("data-ws-preload", "");
        document.head.append(link);
    }
    return Promise.all((__wsNeeds[module] ?? []).map((name) => __wsPack(name).catch(() => {})));
}
` +
  splits.map((s) => `export const __wasm_split_load_${s} = __wsChapter(${JSON.stringify(s)});\n`).join("");

// --- 2. two stylesheets ---------------------------------------------------------------------
// The app shell's (SHELL_CSS, what the home page and the header use) as one linked file; the
// chapters' (every other file, in index.html's order) inside the packs (section 1).
const SHELL_CSS = ["tokens", "layout", "widgets"];
let html = fs.readFileSync(path.join(stage, "index.html"), "utf8");
// trunk 0.21 builds an implicit Rust app whenever index.html's folder has a Cargo.toml and no
// `rel="rust"` link (index.html's has data-trunk-skip): were one built, the whole unsplit module
// and an inline init script. Drop them.
for (const f of fs.readdirSync(stage)) if (/^warpscope-[0-9a-f]+(_bg\.wasm|\.js)$/.test(f)) fs.rmSync(path.join(stage, f));
html = html
  .replace(/<link rel="(?:modulepreload|preload)" href="\.\/warpscope-[0-9a-f]+(?:_bg\.wasm|\.js)"[^>]*>/g, "")
  .replace(/<script type="module">[^<]*TrunkApplicationStarted[^<]*<\/script>/, "");
if (/warpscope-[0-9a-f]+/.test(html) || /<script(?![^>]*\bsrc=)[^>]*>/.test(html)) throw new Error("site.mjs: trunk's own wasm or an inline script is left in index.html");
const cssLinks = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"[^>]*>\s*/g)];
const cssFile = (m) => path.join(stage, m[1].replace(/^\.?\//, ""));
const isShell = (m) => SHELL_CSS.some((n) => new RegExp(`^${n}(-[0-9a-f]+)?\\.css$`).test(path.basename(cssFile(m))));
if (cssLinks.filter(isShell).length !== SHELL_CSS.length) throw new Error(`site.mjs: expected the stylesheets ${SHELL_CSS} in index.html`);
const css = minCss(Buffer.concat(cssLinks.filter(isShell).map((m) => fs.readFileSync(cssFile(m)))));
const chapterCss = minCss(Buffer.concat(cssLinks.filter((m) => !isShell(m)).map((m) => fs.readFileSync(cssFile(m)))));
chapterCssName = `chapters-${sha(chapterCss).toString("hex").slice(0, 12)}.css`;
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
  const sharedTokens = classTokens(shared);
  for (const m of splits) {
    if (m === "classroom") continue;
    const dir = [path.join(ui, "chapters", m), path.join(ui, m)].find((d) => fs.existsSync(d) && fs.statSync(d).isDirectory());
    if (!dir) throw new Error(`site.mjs: no source folder for chapter module ${m} (its share of the stylesheet)`);
    const pruned = Buffer.from(pruneCss(chapterCss.toString(), classTest(new Set([...sharedTokens, ...classTokens([dir])]))));
    const name = `chapter-${m.replaceAll("_", "-")}-${sha(pruned).toString("hex").slice(0, 12)}.css`;
    fs.writeFileSync(path.join(stage, name), pruned);
    chapterCssOf[m] = [name, integrity(pruned)];
  }
}
const cssName = `app-${sha(css).toString("hex").slice(0, 12)}.css`;
for (const m of cssLinks) fs.rmSync(cssFile(m));
fs.writeFileSync(path.join(stage, cssName), css);
fs.writeFileSync(path.join(stage, chapterCssName), chapterCss);
let linked = false;
for (const m of cssLinks) {
  html = html.replace(m[0], linked ? "" : `<link rel="stylesheet" href="${cssName}" integrity="${integrity(css)}" />\n    `);
  linked = true;
}
// The favicon (335 bytes) rides in the page as a data: URL (the CSP's img-src allows data:), one
// request fewer for every page (the classroom's deep link: 13 → 12).
const icon = html.match(/<link rel="icon" href="\.?\/?(favicon-[0-9a-f]+\.svg)"[^>]*>/);
if (!icon) throw new Error("site.mjs: no favicon link in index.html");
const iconSvg = fs.readFileSync(path.join(stage, icon[1]));
// Percent-encoded rather than base64: a third shorter once gzipped (the SVG's text compresses).
html = html.replace(icon[0], `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(iconSvg.toString().trim()).replace(/%20/g, " ").replace(/%3D/g, "=").replace(/%3A/g, ":").replace(/%2F/g, "/").replace(/%22/g, "'")}" />`);
fs.rmSync(path.join(stage, icon[1]));
buildPacks();
moduleBytes("warpscope_bg"); // its Chinese characters cut too
const zh = zhBin();
const zhSri = integrity(zh);
const loader = makeLoader();

// --- 3. pkg-<hash>/ -------------------------------------------------------------------------
const files = new Map(); // name in pkg → Buffer
// The glue hands the main module to the loader before Rust's main runs (Chinese text, above).
const glue = shortGlue(dropStreamGlue(fs.readFileSync(path.join(pkgIn, "warpscope.js"), "utf8")));
const loaderNs = glue.match(/^import \* as (\w+) from "\.\/__wasm_split\.js"/m)?.[1];
if (!loaderNs || glue.split("wasm.__wbindgen_start();").length !== 2) throw new Error("site.mjs: wasm-bindgen's glue has an unexpected shape");
files.set("warpscope.js", minJs(glue.replace("wasm.__wbindgen_start();", `${loaderNs}.__wsBeforeStart(wasm);\n    wasm.__wbindgen_start();`)));
files.set("warpscope_bg.wasm", moduleBytes("warpscope_bg"));
files.set("__wasm_split.js", minJs(loader));
files.set("zh.bin", zh);
for (const [name, b] of packBytes) files.set(`pack-${name}.wasm`, b);
if (fs.existsSync(path.join(pkgIn, "snippets"))) throw new Error("site.mjs: wasm-bindgen snippets are not shipped yet");
// The entry fetches the main module with its integrity (the page preloads it with the same).
const mainSri = integrity(files.get("warpscope_bg.wasm"));
const start = fs.readFileSync(path.join(root, "assets/start.js"), "utf8");
if (!start.includes('"__MAIN_SRI__"')) throw new Error("site.mjs: assets/start.js lacks \"__MAIN_SRI__\"");
files.set("start.js", minJs(start.replace('"__MAIN_SRI__"', JSON.stringify(mainSri))));
const h = crypto.createHash("sha256");
for (const [name, b] of [...files].sort()) h.update(name).update(b);
const version = h.digest("hex").slice(0, 12);
const pkg = `pkg-${version}`;
for (const d of fs.readdirSync(stage)) if (d.startsWith("pkg-")) fs.rmSync(path.join(stage, d), { recursive: true });
fs.mkdirSync(path.join(stage, pkg), { recursive: true });
for (const [name, b] of files) fs.writeFileSync(path.join(stage, pkg, name), b);

// --- 4. entry, preloads, route pages --------------------------------------------------------
const preload = (packsToGet) =>
  [
    `<link rel="modulepreload" href="${pkg}/warpscope.js" integrity="${integrity(files.get("warpscope.js"))}" />`,
    `<link rel="modulepreload" href="${pkg}/__wasm_split.js" integrity="${integrity(files.get("__wasm_split.js"))}" />`,
    // No integrity on a fetch preload: Chromium ignores it there (and warns); the fetch that
    // uses the preloaded bytes carries the integrity and checks them.
    `<link rel="preload" as="fetch" crossorigin href="${pkg}/warpscope_bg.wasm" />`,
    ...packsToGet.map((p) => `<link rel="preload" as="fetch" crossorigin href="${pkg}/pack-${p}.wasm" />`),
    `<script type="module" src="${pkg}/start.js" integrity="${integrity(files.get("start.js"))}"></script>`,
  ].join("\n    ");
html = html.replace(/<link rel="manifest"[^>]*>/, "");
html = html.replace("</head>", `  <link rel="manifest" href="manifest.webmanifest" />\n  </head>`);
// index.html's comments (notes for whoever edits it) are not shipped.
const page = (packsToGet) => html.replace("<!-- ws:entry -->", preload(packsToGet)).replace(/[ \t]*<!--[\s\S]*?-->\n?/g, "");
// A route page also links its chapter's share of the chapters' stylesheet (its first screen is
// that chapter's; the classroom's page the whole sheet: it shows every chapter).
const chapterCssLink = (mod) => {
  const [name, sri] = chapterCssOf[mod] ?? [chapterCssName, chapterCssSri];
  return `<link rel="stylesheet" href="${name}" integrity="${sri}" data-ws-chapters="${chapterCssOf[mod] ? mod : "*"}" />`;
};
// And the check that decides, before the first paint and without a request, whether its
// prerendered first screen is shown (assets/precheck.js), inline, allowed by its hash.
const precheck = minJs(fs.readFileSync(path.join(root, "assets/precheck.js"), "utf8")).toString().trim();
const precheckHash = `'sha256-${sha(precheck).toString("base64")}'`;
const strictScripts = "script-src 'self' 'wasm-unsafe-eval'";
// Every page runs the check: it also decides the language the app starts in.
const withPrecheck = (out) => {
  out = out
    .replace(strictScripts, `${strictScripts} ${precheckHash}`)
    .replace(/<base href="[^"]*" \/>/, (base) => `${base}\n    <script>${precheck}</script>`);
  if (!out.includes(precheckHash) || !out.includes(`<script>${precheck}</script>`)) throw new Error("site.mjs: a page lacks the inline check");
  return out;
};
const routePage = (mod) => {
  const appLink = `<link rel="stylesheet" href="${cssName}" integrity="${integrity(css)}" />`;
  const out = withPrecheck(page(needs[mod] ?? [])).replace(appLink, `${appLink}\n    ${chapterCssLink(mod)}`);
  if (!out.includes(chapterCssLink(mod))) throw new Error("site.mjs: a route page lacks the chapters' stylesheet");
  return out;
};
if (!html.includes("<!-- ws:entry -->")) throw new Error("site.mjs: index.html lacks <!-- ws:entry -->");
fs.writeFileSync(path.join(stage, "index.html"), withPrecheck(page([])));
const registry = fs.readFileSync(path.join(root, "src/ui/app/registry.rs"), "utf8");
const slugs = [...registry.matchAll(/slug: "([a-z-]+)"/g)].map((m) => m[1]);
const routes = [...slugs, "classroom"];
const relative = publicUrl === "./";
if (relative) {
  for (const slug of routes) {
    const mod = slug.replaceAll("-", "_");
    const out = routePage(mod).replace('<base href="./"', '<base href="../"');
    if (out === routePage(mod)) throw new Error('site.mjs: expected <base href="./"> in index.html');
    fs.mkdirSync(path.join(stage, slug), { recursive: true });
    fs.writeFileSync(path.join(stage, slug, "index.html"), out);
    // The app's own links and permalinks have no trailing slash ("…/occupancy?regs=64"). Hosts
    // that serve `x.html` for `/x` (GitHub Pages, Netlify, Cloudflare Pages, nginx with
    // `try_files $uri $uri.html $uri/`) then answer a deep link at once instead of a 301 to
    // `occupancy/` and a second round trip; its assets resolve against <base href="./">.
    fs.writeFileSync(path.join(stage, `${slug}.html`), routePage(mod));
  }
}

// The chapters' first screens, drawn by the built app, into their route pages (scripts/prerender.mjs;
// not the quiz, whose questions are drawn at random on each visit).
if (relative) await prerender(stage, slugs.filter((s) => s !== "quiz"), log);

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
const chapterFiles = [...[...packs.keys()].map((p) => `${pkg}/pack-${p}.wasm`), `${pkg}/zh.bin`];
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
  Content-Security-Policy: ${csp.replace(strictScripts, `${strictScripts} ${precheckHash}`)}; frame-ancestors 'self'; base-uri 'self'
  X-Content-Type-Options: nosniff
  Referrer-Policy: no-referrer
/sw.js
  Cache-Control: no-cache
/pkg-*
  Cache-Control: public, max-age=31536000, immutable
`,
);
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
fs.writeFileSync(path.join(stage, pkg, "sizes.json"), JSON.stringify({ version, needs, packs: Object.fromEntries([...packs].map(([n, s]) => [n, s])) }, null, 1));
log(`${pkg}: main ${files.get("warpscope_bg.wasm").length} B (${gz(files.get("warpscope_bg.wasm"))} B gzip); ${chunkUsers.size} chunks + ${splits.length} chapter modules in ${packs.size} packs:`);
for (const [name, b] of [...packBytes].sort((a, b) => b[1].length - a[1].length)) log(`  pack-${name}.wasm ${b.length} B, ${gz(b)} B gzip (${packs.get(name).length} modules)`);
const shared = [...chunkUsers].filter(([c]) => exists(c));
for (let k = 2; k <= 6; k++) {
  const common = shared.filter(([, u]) => u.length >= k).reduce((a, [c]) => a + fs.statSync(path.join(pkgIn, c + ".wasm")).size, 0);
  log(`  (chunks of >= ${k} chapters: ${common} B raw)`);
}
log(`all files ${totals[0]} B, ${totals[1]} B gzip, ${totals[2]} B brotli`);
