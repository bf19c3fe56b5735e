// Unit tests of the site step's pure parts (scripts/site-lib.mjs): node --test scripts/
import { test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import { contentVersion, entryLines, fillPage, fillTemplate, hashedName, headersFile, integrity, loaderSource, PAGE_CSP, pageCsp, pageModules, routeOf, scriptHash, shellFiles, svgDataUrl } from "./site-lib.mjs";

test("integrity is the base64 sha256 the browser checks; a hashed name carries 12 hex digits of it", () => {
  assert.equal(integrity("abc"), "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
  assert.equal(hashedName("app", "css", "abc"), "app-ba7816bf8f01.css");
});

test("a template's placeholders are filled as JSON; a missing or an unfilled one is an error", () => {
  assert.equal(fillTemplate('const A = "__A__"; const B = "__B__"; f("__A__");', { A: { x: 1 }, B: ["y"] }, "t.js"), 'const A = {"x":1}; const B = ["y"]; f({"x":1});');
  assert.throws(() => fillTemplate('const A = "__A__";', { B: 1 }, "t.js"), /t\.js lacks "__B__"/);
  assert.throws(() => fillTemplate('const A = "__A__"; const C = "__C__";', { A: 1 }, "t.js"), /"__C__" is not filled in/);
});

test("the loader gets its tables and one export per chapter, and the real template fills", () => {
  const template = fs.readFileSync(new URL("../assets/loader.js", import.meta.url), "utf8");
  const out = loaderSource(template, { sri: { common: "sha256-a", chip: "sha256-b" }, needs: { chip: ["common", "chip"], quiz: ["quiz"] }, later: { chip: "chip_later" }, chapterCss: "../chapters-1.css", chapterCssSri: "sha256-c" });
  assert.match(out, /const __wsSri = \{"common":"sha256-a","chip":"sha256-b"\};/);
  assert.match(out, /const __wsNeeds = \{"chip":\["common","chip"\],"quiz":\["quiz"\]\};/);
  assert.match(out, /const __wsLater = \{"chip":"chip_later"\};/);
  assert.match(out, /export const __wasm_split_load_chip = __wsChapter\("chip"\);\nexport const __wasm_split_load_quiz = __wsChapter\("quiz"\);\n$/);
  assert.doesNotMatch(out, /"__[A-Z_]+__"/);
});

test("the version depends on the files' names and bytes, not on their order", () => {
  const a = new Map([["x.js", Buffer.from("1")], ["y.wasm", Buffer.from("2")]]);
  const b = new Map([["y.wasm", Buffer.from("2")], ["x.js", Buffer.from("1")]]);
  assert.equal(contentVersion(a), contentVersion(b));
  assert.match(contentVersion(a), /^[0-9a-f]{12}$/);
  assert.notEqual(contentVersion(a), contentVersion(new Map([["x.js", Buffer.from("1")], ["y.wasm", Buffer.from("3")]])));
});

test("a route is its module's name with hyphens; a chapter's later module is no route", () => {
  assert.equal(routeOf("bank_conflicts"), "bank-conflicts");
  assert.equal(routeOf("chip"), "chip");
  assert.deepEqual(pageModules(["chip", "occupancy", "occupancy_later", "quiz"], { occupancy: "occupancy_later" }), ["chip", "occupancy", "quiz"]);
});

test("the entry lines preload the modules with integrity, the wasm without, and start the app", () => {
  const lines = entryLines("pkg-1", { "warpscope.js": "sha256-g", "__wasm_split.js": "sha256-l", "start.js": "sha256-s" }, ["common", "chip"]).split("\n").map((l) => l.trim());
  assert.deepEqual(lines, [
    '<link rel="modulepreload" href="pkg-1/warpscope.js" integrity="sha256-g" />',
    '<link rel="modulepreload" href="pkg-1/__wasm_split.js" integrity="sha256-l" />',
    '<link rel="preload" as="fetch" crossorigin href="pkg-1/warpscope_bg.wasm" />',
    '<link rel="preload" as="fetch" crossorigin href="pkg-1/pack-common.wasm" />',
    '<link rel="preload" as="fetch" crossorigin href="pkg-1/pack-chip.wasm" />',
    '<script type="module" src="pkg-1/start.js" integrity="sha256-s"></script>',
  ]);
});

test("a page's ws: comments are filled once each and its other comments taken out; a missing, doubled or unfilled one is an error", () => {
  const template = "<head>\n    <!-- a note\n         on two lines -->\n    <!-- ws:base -->\n    <!-- ws:entry -->\n  </head>";
  assert.equal(fillPage(template, { base: '<base href="./" />', entry: "<script></script>" }), '<head>\n    <base href="./" />\n    <script></script>\n  </head>');
  assert.throws(() => fillPage(template, { base: "", entry: "", icon: "" }), /lacks|0 <!-- ws:icon -->/);
  assert.throws(() => fillPage(template, { base: "" }), /ws:entry -->.*not filled/);
  assert.throws(() => fillPage(template + "<!-- ws:base -->", { base: "", entry: "" }), /2 <!-- ws:base -->/);
  // The real template: every placeholder site.mjs fills, and no comment left.
  const page = fillPage(fs.readFileSync(new URL("../index.html", import.meta.url), "utf8"), { csp: "#csp", base: "#base", icon: "#icon", styles: "#styles", entry: "#entry" });
  assert.doesNotMatch(page, /<!--/);
  const at = (s) => page.indexOf(s);
  assert.ok(at("#csp") > 0 && at("#csp") < at("#base") && at("#base") < at("<title>") && at("<title>") < at("#icon") && at("#icon") < at("#styles") && at("#styles") < at("#entry") && at("#entry") < at("</head>"));
});

test("the pages' policy allows no other origin and the inline check only by its hash", () => {
  const hash = `'sha256-${crypto.createHash("sha256").update("go()").digest("base64")}'`;
  assert.equal(scriptHash("go()"), hash);
  const csp = pageCsp([hash]);
  assert.ok(csp.startsWith("default-src 'self'; "));
  assert.ok(csp.includes(`script-src 'self' 'wasm-unsafe-eval' ${hash};`));
  assert.doesNotMatch(PAGE_CSP, /unsafe-inline'[^;]*;.*script-src|script-src[^;]*unsafe-inline/);
  assert.doesNotMatch(csp, /https?:|\*/);
});

test("an SVG as a data: URL decodes to itself and keeps no raw quote or angle bracket", () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M0 0h8v8z"/></svg>\n`;
  const url = svgDataUrl(svg);
  assert.ok(url.startsWith("data:image/svg+xml,"));
  assert.doesNotMatch(url, /["<>]/);
  assert.equal(decodeURIComponent(url.slice("data:image/svg+xml,".length)).replaceAll("'", '"'), svg.trim());
});

test("the service worker's shell: the site, every route's folder, the top files but the page, the start files", () => {
  assert.deepEqual(shellFiles({ routes: ["chip", "bank-conflicts"], topFiles: ["index.html", "app-1.css", "chip.html"], pkg: "pkg-9" }), [
    "./",
    "chip/",
    "bank-conflicts/",
    "app-1.css",
    "chip.html",
    "pkg-9/start.js",
    "pkg-9/warpscope.js",
    "pkg-9/__wasm_split.js",
    "pkg-9/warpscope_bg.wasm",
  ]);
});

test("_headers carries the page's policy with the inline check and caches hashed files for ever", () => {
  const out = headersFile(["'sha256-x'", "'sha256-y'"]);
  assert.ok(out.includes(`Content-Security-Policy: ${pageCsp(["'sha256-x'", "'sha256-y'"])}; frame-ancestors 'self'; base-uri 'self'\n`));
  assert.match(out, /script-src 'self' 'wasm-unsafe-eval' 'sha256-x' 'sha256-y';/);
  assert.match(out, /\/sw\.js\n  Cache-Control: no-cache\n/);
  assert.match(out, /\/pkg-\*\n  Cache-Control: public, max-age=31536000, immutable\n/);
});
