// Budgets of DESIGN.md §3, measured and printed (never asserted):
//  - first-load bytes: every resource the first load fetches, gzip -9;
//  - time to interactive: navigation start → the Roofline chapter's figure and controls are live;
//  - repaint after a control change: input event → the moved point is in the DOM (next frame).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.DIST ?? path.join(here, "../../dist");
const RUNS = Number(process.env.RUNS ?? 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const server = await startServer(DIST);
const browser = await launch();

// 1. First-load bytes.
{
  const { context, page, requests } = await openPage(browser);
  await page.goto(server.base + "roofline");
  await page.waitForSelector("[data-testid=point-user] circle");
  let total = 0;
  const rows = [];
  const seen = new Set();
  for (const url of new Set(requests)) {
    const rel = new URL(url).pathname.replace("/warpscope/", "");
    let file = path.join(DIST, rel);
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    if (!fs.existsSync(file) || seen.has(file)) continue;
    seen.add(file);
    const raw = fs.readFileSync(file);
    const gz = zlib.gzipSync(raw, { level: 9 }).length;
    total += gz;
    rows.push([path.basename(file), raw.length, gz]);
  }
  console.log("first load (Roofline chapter), gzip -9:");
  for (const [name, raw, gz] of rows) console.log(`  ${name.padEnd(40)} ${String(raw).padStart(9)} B raw ${String(gz).padStart(8)} B gzip`);
  console.log(`  TOTAL ${(total / 1024).toFixed(1)} KiB gzip (budget 186 KB)`);
  await context.close();
}

// 2. Time to interactive, fresh context each run (no cache).
{
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await openPage(browser);
    await page.goto(server.base + "roofline", { waitUntil: "commit" });
    await page.waitForSelector("[data-testid=point-user] circle");
    await page.waitForSelector("[data-testid=slider-k] input[type=range]");
    times.push(await page.evaluate(() => performance.now()));
    await context.close();
  }
  console.log(`time to interactive (Roofline): median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms over ${RUNS} runs (budget 200 ms)`);
}

// 3. Control change → repaint.
{
  const { context, page } = await openPage(browser);
  await page.goto(server.base + "roofline");
  await page.waitForSelector("[data-testid=point-user] circle");
  const samples = await page.evaluate(async (n) => {
    const range = document.querySelector("[data-testid=slider-k] input[type=range]");
    const point = () => document.querySelector("[data-testid=point-user] circle").getAttribute("cx");
    const out = [];
    for (let i = 0; i < n; i++) {
      const before = point();
      const t0 = performance.now();
      range.value = String(i % 2 === 0 ? 6 : 12);
      range.dispatchEvent(new Event("input", { bubbles: true }));
      // The update is synchronous; wait one frame so the canvas redraw counts too.
      await new Promise((r) => requestAnimationFrame(() => r()));
      const t1 = performance.now();
      if (point() === before) out.push(NaN);
      else out.push(t1 - t0);
    }
    return out;
  }, 40);
  const ok = samples.filter((x) => !Number.isNaN(x));
  console.log(`slider → next animation frame (includes waiting for the frame): p50 ${median(ok).toFixed(1)} ms, p95 ${pct(ok, 0.95).toFixed(1)} ms over ${ok.length} changes (budget 16 ms)`);
  // Leptos runs effects (the canvas redraw) in a microtask: the next macrotask sees all work done.
  const work = await page.evaluate(async (n) => {
    const range = document.querySelector("[data-testid=slider-k] input[type=range]");
    const out = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      range.value = String(i % 2 === 0 ? 6 : 12);
      range.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      out.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    return out;
  }, 40);
  console.log(`slider → model + DOM + canvas redrawn (all work, before paint): p50 ${median(work).toFixed(1)} ms, p95 ${pct(work, 0.95).toFixed(1)} ms (budget 16 ms)`);
  await context.close();
}

// 4. Animation frame times: rAF intervals while a chapter plays, p50 / p95 over ~4 s.
async function frames(pathAndQuery, label) {
  const { context, page } = await openPage(browser);
  await page.goto(server.base + pathAndQuery);
  await page.waitForSelector("[data-testid=play]");
  await page.waitForTimeout(500);
  await page.click("[data-testid=play]");
  const gaps = await page.evaluate(async () => {
    const out = [];
    let last = performance.now();
    const end = last + 4000;
    await new Promise((done) => {
      const tick = (t) => {
        out.push(t - last);
        last = t;
        if (t < end) requestAnimationFrame(tick);
        else done();
      };
      requestAnimationFrame(tick);
    });
    return out.slice(2);
  });
  console.log(`${label}: frame p50 ${median(gaps).toFixed(1)} ms, p95 ${pct(gaps, 0.95).toFixed(1)} ms over ${gaps.length} frames (60 fps = 16.7 ms)`);
  await context.close();
}
await frames("dispatch?gpu=h100&threads=32&regs=16&grid=1048576", "dispatch animation, H100 132 SMs × 32 slots, grid 2^20");
await frames("scheduling", "warp-scheduling animation (default view)");

// 5. The dispatch model for 2^20 blocks in wasm, on its own: the page times its memo (occupancy
//    + simulation, performance.now() around the pure `compute`) and prints it with
//    data-ms on [data-testid=compute-ms]. Each jitter value forces a fresh simulation.
{
  const { context, page } = await openPage(browser);
  await page.goto(server.base + "dispatch?gpu=h100&threads=32&regs=16&grid=1048576&dur=1000000&jit=20");
  await page.waitForSelector("[data-testid=compute-ms]");
  const ms = () => page.locator("[data-testid=compute-ms]").getAttribute("data-ms");
  const jitter = [Number(await ms())];
  for (const jit of [25, 30, 35, 40, 45, 50, 55, 60, 65, 70]) {
    const before = await ms();
    await page.locator("[data-testid=slider-jit] input[type=range]").evaluate((el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, jit);
    await page.waitForFunction((b) => document.querySelector("[data-testid=compute-ms]").getAttribute("data-ms") !== b, before);
    jitter.push(Number(await ms()));
  }
  await page.goto(server.base + "dispatch?gpu=h100&threads=32&regs=16&grid=1048576");
  await page.waitForSelector("[data-testid=compute-ms]");
  const constant = Number(await ms());
  console.log(`dispatch simulation in wasm, 2^20 blocks on 132 SMs × 32 slots: jittered durations median ${median(jitter).toFixed(1)} ms, max ${Math.max(...jitter).toFixed(1)} ms over ${jitter.length} runs; constant durations ${constant.toFixed(2)} ms (budget 100 ms)`);
  await context.close();
}

await browser.close();
server.close();
