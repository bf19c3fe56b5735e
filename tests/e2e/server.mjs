// A tiny static file server for the built site, mounted under a sub-path (as a static host
// would serve it), on 127.0.0.1 only. Directories serve their index.html; a directory without
// a trailing slash redirects, as most static hosts do (unless a same-named .html file exists); anything else is a 404 (the site's
// 404.html when it has one).
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** `encoding`: "raw" sends every file as it is. "gzip", like GitHub Pages or nginx with
 * gzip_static: compressible files gzip-encoded to a browser that accepts it, the file's `.gz`
 * beside it when there is one (dist/ ships them), else gzip -9 of it, made once. "br", like
 * Netlify, Cloudflare Pages or nginx with brotli_static: brotli to a browser that accepts it (the
 * `.br` beside the file, else brotli at quality 11, made once), else as "gzip". Both sites in the
 * benchmark are served the same way. */
const COMPRESSIBLE = new Set([".html", ".js", ".wasm", ".css", ".svg", ".json", ".webmanifest", ".bin", ""]);
const ENCODERS = {
  gzip: { ext: ".gz", make: (raw) => zlib.gzipSync(raw, { level: 9 }) },
  br: { ext: ".br", make: (raw) => zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }) },
};
const encoded = new Map();
function encodedOf(file, name) {
  const key = `${name}:${file}`;
  const { ext, make } = ENCODERS[name];
  if (!encoded.has(key)) encoded.set(key, fs.existsSync(file + ext) ? fs.readFileSync(file + ext) : make(fs.readFileSync(file)));
  return encoded.get(key);
}

export function startServer(root, prefix = "/warpscope/", { encoding = "raw" } = {}) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    let rel = decodeURIComponent(url.pathname);
    if (!rel.startsWith(prefix)) {
      res.writeHead(404).end("not found");
      return;
    }
    rel = rel.slice(prefix.length);
    let file = path.join(root, rel);
    if (!file.startsWith(path.resolve(root))) {
      res.writeHead(403).end();
      return;
    }
    // Like GitHub Pages, Netlify and nginx's `try_files $uri $uri.html $uri/`: `/x` serves x.html
    // when there is one (dist/ has one per route beside its folder, so a deep link needs no redirect).
    if (!url.pathname.endsWith("/") && !(fs.existsSync(file) && fs.statSync(file).isFile()) && fs.existsSync(file + ".html")) file += ".html";
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) {
      if (!url.pathname.endsWith("/")) {
        res.writeHead(301, { Location: url.pathname + "/" + url.search }).end();
        return;
      }
      file = path.join(file, "index.html");
    }
    if (!fs.existsSync(file)) {
      // Like GitHub Pages and most static hosts: the site's own 404.html when it has one.
      const notFound = path.join(root, "404.html");
      if (fs.existsSync(notFound)) {
        res.writeHead(404, { "Content-Type": TYPES[".html"] });
        fs.createReadStream(notFound).pipe(res);
      } else {
        res.writeHead(404).end("not found");
      }
      return;
    }
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    const accepts = (name) => new RegExp(`\\b${name}\\b`).test(req.headers["accept-encoding"] ?? "");
    const use = !COMPRESSIBLE.has(path.extname(file))
      ? null
      : encoding === "br" && accepts("br")
        ? "br"
        : (encoding === "br" || encoding === "gzip") && accepts("gzip")
          ? "gzip"
          : null;
    if (use) {
      const body = encodedOf(file, use);
      res.writeHead(200, { "Content-Type": type, "Content-Encoding": use, "Content-Length": body.length, Vary: "Accept-Encoding" });
      res.end(body);
      return;
    }
    res.writeHead(200, { "Content-Type": type });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ origin: `http://127.0.0.1:${port}`, base: `http://127.0.0.1:${port}${prefix}`, close: () => server.close() });
    });
  });
}

/** [`startServer`] in a process of its own, for timings: in the process that drives the browser,
 * its protocol traffic (an event per request) delays the server's responses (measured: 12–38 ms
 * from request to first byte on localhost, 2–10 ms from a process of its own). Same arguments
 * and result; `close` ends the process. */
export function startServerProcess(root, prefix = "/warpscope/", { encoding = "raw" } = {}) {
  // Its stdin is a pipe from this process: it ends when this process does, however it ends.
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), root, prefix, encoding], { stdio: ["pipe", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the server process exited (${code})`)));
    child.stdout.once("data", (line) => {
      const base = String(line).trim();
      resolve({ origin: new URL(base).origin, base, close: () => child.kill() });
    });
  });
}

// As a script (startServerProcess): serves ROOT at PREFIX with ENCODING ("raw", "gzip" or "br"), and prints its base
// URL; exits when its stdin ends (the process that started it is gone).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root, prefix, encoding] = process.argv.slice(2);
  process.stdin.on("end", () => process.exit(0)).resume();
  const { base } = await startServer(root, prefix, { encoding });
  process.stdout.write(base + "\n");
}
