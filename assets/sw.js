// warpscope's service worker (scripts/site.mjs fills in the lists). Scoped to the folder that
// holds it, so the site works offline at any sub-path.
//  - install: caches the app shell (pages, styles, the main module and its glue);
//  - "cache-chapters" (sent by the page once it is idle): caches every chapter's pack;
//  - fetch: hashed files and the shell from the cache, anything else of this site from the
//    network into the cache; pages from the network first (a new version shows as soon as it is
//    online), from the cache when offline;
//  - a new version installs beside the old one and takes over on the next visit (no
//    skipWaiting); its activation deletes the old caches.
const VERSION = "__VERSION__";
const SHELL = "__SHELL__";
const CHAPTERS = "__CHAPTERS__";
const CACHE = `warpscope-${VERSION}`;
const SCOPE = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL.map((u) => new URL(u, SCOPE).href))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith("warpscope-") && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data !== "cache-chapters") return;
  event.waitUntil(
    caches.open(CACHE).then((c) =>
      Promise.all(
        CHAPTERS.map((u) => {
          const url = new URL(u, SCOPE).href;
          return c.match(url).then((hit) => hit ?? c.add(url)).catch(() => {});
        }),
      ),
    ),
  );
});

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") cache.put(request.url.split("?")[0], response.clone());
    return response;
  } catch (offline) {
    const url = new URL(request.url);
    const search = url.search;
    url.search = "";
    url.hash = "";
    const hit = await cache.match(url.href);
    if (hit) return hit;
    // "/base/roofline" → "/base/roofline.html", as the host serves it (scripts/site.mjs).
    const html = url.pathname.endsWith("/") ? undefined : await cache.match(url.href + ".html");
    if (html) return html;
    // "/base/roofline" → "/base/roofline/" as the server would redirect.
    if (!url.pathname.endsWith("/") && (await cache.match(url.href + "/"))) return Response.redirect(url.href + "/" + search, 301);
    throw offline;
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  if (new URL(request.url).pathname.endsWith("/sw.js")) return;
  event.respondWith(request.mode === "navigate" ? page(request) : asset(request));
});
