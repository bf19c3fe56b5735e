// The entry module (index.html loads it from pkg-<hash>/ with an integrity attribute; no inline
// script, so the Content-Security-Policy needs no 'unsafe-inline' for scripts).
//  - starts the wasm (wasm-bindgen's glue) from the main module fetched with its integrity (the
//    page preloads it with the same; scripts/site.mjs writes the hash in);
//  - fetches a chapter's packs when a link to it is hovered or focused, and the next chapter's
//    once the page is idle, then builds that chapter once off the page (ui/shell/warm.rs) in a
//    long idle period, so its code is compiled before the click;
//  - registers the service worker (sw.js, beside index.html) and, once the page is idle, asks it
//    to cache every chapter for offline use.
import init, { warm_chapter } from "./warpscope.js";
import { mainStarted, preloadChapter } from "./__wasm_split.js";

const base = new URL(document.baseURI);

// The builder of the app's read-only blocks (ui/widgets/markup.rs, `Markup::build_in_page`):
// makes `parent`'s children from `ops`, a code per operation (0 open, 1 attribute, 2 text,
// 3 close) each followed by its strings as "<UTF-16 length>:<string>", with createElement(NS),
// setAttribute and text nodes only (text stays text: nothing is parsed as markup). Returns, per
// operation, the node made or set (null for a close), for patches.
const SVG_NS = "http://www.w3.org/2000/svg";
globalThis.__wsMarkup = (parent, ops) => {
  parent.textContent = "";
  const nodes = [];
  const stack = [parent];
  let at = 0;
  const take = () => {
    let n = 0;
    for (let c; (c = ops.charCodeAt(at++)) !== 58; ) n = n * 10 + c - 48; // digits up to ":"
    return ops.slice(at, (at += n));
  };
  while (at < ops.length) {
    const top = stack[stack.length - 1];
    const code = ops[at++];
    let node = top;
    if (code === "0") {
      const tag = take();
      node = tag === "svg" || top.namespaceURI === SVG_NS ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
      top.append(node);
      stack.push(node);
    } else if (code === "1") top.setAttribute(take(), take());
    else if (code === "2") top.append((node = document.createTextNode(take())));
    else {
      if (stack.length > 1) stack.pop();
      node = null;
    }
    nodes.push(node);
  }
  return nodes;
};

/** Fetches the packs of the chapter link `a` leads to (nothing for other links); resolves to
 * its slug once they are in, or to "" for another link. */
function preloadLink(a) {
  const url = new URL(a.href, base);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return Promise.resolve("");
  const slug = url.pathname.slice(base.pathname.length).split("/")[0];
  return slug ? preloadChapter(slug.replaceAll("-", "_")).then(() => slug) : Promise.resolve("");
}
function intent(event) {
  const a = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (a) preloadLink(a);
}
document.addEventListener("pointerover", intent, { passive: true });
document.addEventListener("focusin", intent);
// Once a page is idle, its "next chapter" link's packs are fetched and compiled ahead (what a
// reader most often opens next; the click then waits only for the chapter's view): after the
// first load and after every navigation in the app (a link clicked, Back or Forward). The link
// is in the page's tail, built a frame after the chapter, so it is looked for once the page has
// rested; a page without one (home, quiz, classroom, the last chapter) fetches nothing.
const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 1000));
let nextTimer = 0;
function preloadNextSoon(tries = 6) {
  clearTimeout(nextTimer);
  nextTimer = setTimeout(() => idle(() => {
    const a = document.querySelector("a[rel=next][href]");
    if (a) preloadLink(a).then((slug) => slug && warmSoon(slug));
    // Not there yet (the chapter still loading, its tail not built) or no such link: a while
    // later, a few times.
    else if (tries > 1) preloadNextSoon(tries - 1);
  }, { timeout: 3000 }), 500);
}
// The next chapter's body is built once off the page (wasm `warm_chapter`): its code is compiled
// then, not on the click (18–37 ms of it). That build takes the main thread for tens of ms, so
// it waits for the app to have started and for a long idle period (≥ 40 ms before the browser
// expects to render again: never between the frames of a slider drag or an animation).
let appStarted;
const started = new Promise((resolve) => (appStarted = resolve));
function warmSoon(slug) {
  started.then(() => idle((deadline) => ((deadline?.timeRemaining?.() ?? 50) >= 40 ? warm_chapter(slug) : warmSoon(slug))));
}
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("a[href]")) preloadNextSoon();
});
addEventListener("popstate", preloadNextSoon);
if (document.readyState === "complete") preloadNextSoon();
else addEventListener("load", preloadNextSoon, { once: true });
// A deep link: its chapter's packs (preloaded by the page, in parallel with the main module)
// start compiling (off the main thread) before the main module's start function takes the main
// thread to mount the app: otherwise their compile waits behind the mount (≈ 30–50 ms cold).
const here = location.pathname.startsWith(base.pathname) ? location.pathname.slice(base.pathname.length).split("/")[0] : "";
const packs = here ? preloadChapter(here.replaceAll("-", "_")) : null;

const main = fetch(new URL("./warpscope_bg.wasm", import.meta.url), { integrity: "__MAIN_SRI__" });
if (packs) await packs;
await init({ module_or_path: main });
appStarted();
mainStarted();

if ("serviceWorker" in navigator && (location.protocol === "https:" || location.hostname === "127.0.0.1" || location.hostname === "localhost")) {
  navigator.serviceWorker
    .register(new URL("sw.js", base))
    .then(() => {
      const ask = () => idle(() => navigator.serviceWorker.ready.then((r) => r.active?.postMessage("cache-chapters")), { timeout: 5000 });
      if (document.readyState === "complete") ask();
      else addEventListener("load", ask, { once: true });
    })
    .catch(() => {});
}
