// Interleaved A/B of bench.mjs's "sim" section: node sim-ab.mjs <distA> <distB> [...]; RUNS (11).
// Each run i opens every build cold at the same jit (20 + 5·(i mod 11)), one after the other, and
// also reads the renderer main thread's CPU time across the page's life (CDP ThreadTime).
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const dists = process.argv.slice(2);
const RUNS = Number(process.env.RUNS ?? 11);
const servers = await Promise.all(dists.map((d) => startServer(d, "/warpscope/", { gzip: true })));
const browser = await launch();
const xs = dists.map(() => []);
for (let i = 0; i < RUNS; i++) {
  for (let v = 0; v < dists.length; v++) {
    const { context, page } = await openPage(browser, { serviceWorkers: "block" });
    await page.goto(servers[v].base + `dispatch?gpu=h100&threads=32&regs=16&grid=1048576&dur=1000000&jit=${20 + 5 * (i % 11)}`);
    await page.waitForSelector("[data-testid=compute-ms]");
    xs[v].push(Number(await page.locator("[data-testid=compute-ms]").getAttribute("data-ms")));
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
