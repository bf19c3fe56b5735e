// Interleaved A/B of bench.mjs's "sim" section: node sim-ab.mjs <distA> [<distB> ...]; RUNS (11).
// Each run i opens every build cold at the same jit (20 + 5·(i mod 11)), one after the other.
// WARM=k: then moves the jitter slider k times on the same page (the simulation again, its wasm
// by then optimised or not) and prints each run's cold and warm times on a line. JSFLAGS passes
// V8 flags: --no-liftoff (every function optimised on its first call: session 17, 23–25 ms a
// cold run, against 23–55 with the defaults); --trace-wasm-compilation-times with
// DEBUG=pw:browser (which functions tier up, when, and how long TurboFan took).
import path from "node:path";
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const dists = process.argv.slice(2).map((d) => path.resolve(d));
const RUNS = Number(process.env.RUNS ?? 11);
const WARM = Number(process.env.WARM ?? 0);
const servers = await Promise.all(dists.map((d) => startServer(d, "/warpscope/", { gzip: true })));
const browser = await launch({ jsFlags: process.env.JSFLAGS });
const xs = dists.map(() => []);
const ms = async (page) => Number(await page.locator("[data-testid=compute-ms]").getAttribute("data-ms"));
for (let i = 0; i < RUNS; i++) {
  for (let v = 0; v < dists.length; v++) {
    const { context, page } = await openPage(browser, { serviceWorkers: "block" });
    await page.goto(servers[v].base + `dispatch?gpu=h100&threads=32&regs=16&grid=1048576&dur=1000000&jit=${20 + 5 * (i % 11)}`);
    await page.waitForSelector("[data-testid=compute-ms]");
    xs[v].push(await ms(page));
    if (WARM) {
      const row = [xs[v].at(-1)];
      const jit = page.locator("[data-testid=slider-jit] input[type=range]");
      for (let k = 0; k < WARM; k++) {
        const before = await page.locator("[data-testid=compute-ms]").getAttribute("data-ms");
        await jit.focus();
        await page.keyboard.press(k % 2 ? "ArrowRight" : "ArrowLeft"); // jit 20–70: either way moves
        await page.waitForFunction((b) => document.querySelector("[data-testid=compute-ms]").getAttribute("data-ms") !== b, before);
        row.push(await ms(page));
      }
      console.log(`${dists[v]} run ${i}: cold then warm ${row.map((x) => x.toFixed(1)).join(" ")} ms`);
    }
    await context.close();
  }
}
const pct = (a, p) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))];
for (let v = 0; v < dists.length; v++) {
  const a = xs[v];
  console.log(`${dists[v]}: min / median / p95 ${Math.min(...a).toFixed(1)} / ${pct(a, 0.5).toFixed(1)} / ${pct(a, 0.95).toFixed(1)} ms over ${a.length} cold runs | ${a.map((x) => x.toFixed(0)).join(" ")}`);
}
await browser.close();
for (const s of servers) s.close?.();
process.exit(0);
