// What the profiling tools (cpuprof.mjs, critrace.mjs, abload.mjs, navtrace.mjs) and bench.mjs
// share: the build to serve (DIST), the route and the selector of its first answer (ROUTE, SEL),
// an observer that stamps `window.__ans` with the time of the frame after the answer appears (as
// bench.mjs times it), the two profiles (PROFILE: desktop or phone) and the timed click on a
// chapter's "next" link.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DIST = process.env.DIST ?? path.join(here, "../dist");
export const ROUTE = process.env.ROUTE ?? "occupancy";
export const SEL = process.env.SEL ?? "[data-testid=occupancy]";
export const PROFILE = process.env.PROFILE ?? "desktop";

/** The two profiles a reader feels (DESIGN.md §3): this machine as it is, and a phone in a
 * lecture hall (CPU 4× slower, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, 390 px). */
export const PROFILES = {
  desktop: { page: {} },
  phone: {
    page: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
    cpuRate: 4,
    network: { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
  },
};
/** Applies `profile`'s CPU and network throttling to `page` (before it navigates). */
export async function throttle(page, profile) {
  const p = PROFILES[profile];
  if (!p.cpuRate && !p.network) return;
  const cdp = await page.context().newCDPSession(page);
  if (p.cpuRate) await cdp.send("Emulation.setCPUThrottlingRate", { rate: p.cpuRate });
  if (p.network) {
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", p.network);
  }
}

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

/** Clicks the chapter's "next" link and returns the milliseconds from the click to `sel` on
 * screen (bench.mjs's chapter → chapter row, navtrace.mjs). The figure is seen as the app
 * inserts it (a MutationObserver runs in the task that mounts it) and timed in the next
 * animation frame, once that frame's style and layout are done (read there; the frame's paint,
 * 1–4 ms, is left out). With `painted`, timed in the task after that frame instead (its paint
 * done, nothing forced). Marks "click" and "figure" for traces. */
export function clickNextAndTime(page, sel, painted = false) {
  return page.evaluate(async ([sel, painted]) => {
    performance.mark("click");
    const t0 = performance.now();
    const t = await new Promise((done) => {
      const timed = () => {
        performance.mark("figure");
        done(performance.now());
      };
      const seen = () => {
        const el = document.querySelector(sel);
        if (!el) return false;
        requestAnimationFrame(() => {
          if (painted) {
            const ch = new MessageChannel();
            ch.port1.onmessage = timed;
            ch.port2.postMessage(0);
          } else {
            el.getBoundingClientRect();
            timed();
          }
        });
        return true;
      };
      const mo = new MutationObserver(() => seen() && mo.disconnect());
      mo.observe(document.body, { childList: true, subtree: true });
      document.querySelector("[data-testid=chapter-next]").click();
    });
    return t - t0;
  }, [sel, painted]);
}
