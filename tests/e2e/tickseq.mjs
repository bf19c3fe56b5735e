// The frame-aligned input → painted time of a sequence of slider values after load
// (d = the default value, a = 25 %, b = 75 %), per page load: which changes are slow, and whether
// a slow one stays slow when repeated (the figure's shape) or only the first time (code compiled
// on first call). Usage: SLUGS=bank-conflicts SEQ=adadababbaba LOADS=2 node tickseq.mjs
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.DIST ?? path.join(here, "../../dist");
const SEQ = process.env.SEQ ?? "adadabababab";
const server = await startServer(DIST, "/warpscope/", { gzip: true });
const browser = await launch();
for (const slug of (process.env.SLUGS ?? "bank-conflicts").split(",")) {
  for (let l = 0; l < Number(process.env.LOADS ?? 2); l++) {
    const { context, page } = await openPage(browser, { serviceWorkers: "block" });
    await page.goto(server.base + slug);
    await page.waitForSelector(`[data-testid=chapter-${slug}] input[type=range]`);
    await page.waitForTimeout(300);
    const r = await page.evaluate(async ({ slug, SEQ }) => {
      const range = document.querySelector(`[data-testid=chapter-${slug}] input[type=range]`);
      const lo = Number(range.min || 0), hi = Number(range.max || 100);
      const v = { d: range.value, a: String(lo + Math.round((hi - lo) * 0.25)), b: String(lo + Math.round((hi - lo) * 0.75)) };
      const out = [];
      for (const c of SEQ) {
        await new Promise((r) => requestAnimationFrame(r));
        out.push(await new Promise((resolve) => requestAnimationFrame(() => {
          const t0 = performance.now();
          range.value = v[c];
          range.dispatchEvent(new Event("input", { bubbles: true }));
          const ch = new MessageChannel();
          ch.port1.onmessage = () => resolve(performance.now() - t0);
          ch.port2.postMessage(0);
        })));
        await new Promise((r) => setTimeout(r, 40));
      }
      return { v, out };
    }, { slug, SEQ });
    await context.close();
    console.log(`${slug} d=${r.v.d} a=${r.v.a} b=${r.v.b}: ` + [...SEQ].map((c, i) => `${c} ${r.out[i].toFixed(0)}`).join(", "));
  }
}
await browser.close();
server.close();
