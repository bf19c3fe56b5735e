// A/B: interleaved cold loads of ROUTE from two builds (A=dist, B=$B), navigation → first answer
// (MutationObserver + next frame, as bench.mjs). Usage: B=/tmp/distx RUNS=15 node abload.mjs
// (B may be the same build as A, with CSS_B='…' added to B's pages).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
import { ROUTE, observeAnswer } from "./profiling.mjs";
const here = path.dirname(fileURLToPath(import.meta.url));
const A = process.env.A ?? path.join(here, "../../dist");
const B = process.env.B;
const sa = await startServer(A, "/warpscope/", { gzip: true });
const sb = await startServer(B, "/warpscope/", { gzip: true });
const browser = await launch();
async function one(server, css) {
  const { context, page, errors } = await openPage(browser, { serviceWorkers: "block" });
  // CSS_B: a style added to B's pages before they load (to try a style change without a build).
  if (css) await page.addInitScript((c) => document.addEventListener("readystatechange", () => { if (document.readyState === "interactive") document.head.append(Object.assign(document.createElement("style"), { textContent: c })); }, { once: true }), css);
  await observeAnswer(page);
  await page.goto(server.base + ROUTE, { waitUntil: "commit" });
  const ms = await page.waitForFunction(() => window.__ans, null, { timeout: 30000 }).then((h) => h.jsonValue());
  if (errors.length) console.log("errors", errors);
  await context.close();
  return ms;
}
const ra = [], rb = [];
for (let i = 0; i < Number(process.env.RUNS ?? 11); i++) {
  if (i % 2) { rb.push(await one(sb, process.env.CSS_B)); ra.push(await one(sa)); } else { ra.push(await one(sa)); rb.push(await one(sb, process.env.CSS_B)); }
}
const st = (v) => { const s = [...v].sort((x, y) => x - y); const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))]; return `${s[0].toFixed(0)} / ${q(0.5).toFixed(0)} / ${q(0.95).toFixed(0)}`; };
console.log(`A ${st(ra)}\nB ${st(rb)}`);
await browser.close(); sa.close(); sb.close();
