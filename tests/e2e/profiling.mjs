// What the profiling tools (cpuprof.mjs, critrace.mjs, abload.mjs) share: the build to serve
// (DIST), the route and the selector of its first answer (ROUTE, SEL), and an observer that
// stamps `window.__ans` with the time of the frame after the answer appears (as bench.mjs times it).
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DIST = process.env.DIST ?? path.join(here, "../../dist");
export const ROUTE = process.env.ROUTE ?? "occupancy";
export const SEL = process.env.SEL ?? "[data-testid=occupancy]";

/** Before the page's scripts: `window.__ans` = the next frame's time once `sel` matches (and a
 * performance mark "answer", for traces). */
export function observeAnswer(page, sel = SEL) {
  return page.addInitScript((s) => {
    const o = new MutationObserver(() => {
      if (!document.querySelector(s)) return;
      o.disconnect();
      requestAnimationFrame(() => {
        window.__ans = performance.now();
        performance.mark("answer");
      });
    });
    o.observe(document, { childList: true, subtree: true });
  }, sel);
}
