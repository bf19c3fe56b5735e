// The kernel lab in Node's V8 without the site: builds tools/sim-wasm (a cdylib of warpscope's
// model) for wasm32 and times, in V8's defaults, every preset with its default launch (min and
// median of RUNS calls, the first cold) and the 2^20-thread grid-stride copy run in slices of
// BUDGET warp-level steps (total and longest slice). Usage: node lab-node.mjs
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.RUNS ?? 7);
const BUDGET = Number(process.env.BUDGET ?? 100000);
const crate = path.join(root, "tools/sim-wasm");
const target = process.env.CARGO_TARGET_DIR ?? path.join(root, "target");
execFileSync("cargo", ["build", "-q", "--release", "--target", "wasm32-unknown-unknown", "--target-dir", target], { cwd: crate, stdio: "inherit" });
const bytes = fs.readFileSync(path.join(target, "wasm32-unknown-unknown/release/sim_wasm.wasm"));
const { instance } = await WebAssembly.instantiate(bytes, {});
const x = instance.exports;
const ids = ["copy-bounds", "strided-read", "offset-read", "aos", "soa", "transpose-naive", "transpose-tiled", "transpose-padded", "reduce-interleaved", "reduce-strided", "reduce-sequential", "stencil-2d", "gemv", "grid-stride-copy"];
for (let i = 0; i < ids.length; i++) {
  const ms = [];
  let steps = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    steps = x.lab_preset(i);
    ms.push(performance.now() - t0);
  }
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(`${ids[i].padEnd(20)} steps ${String(steps).padStart(8)}  min ${sorted[0].toFixed(1)} ms  median ${sorted[RUNS >> 1].toFixed(1)} ms  first ${ms[0].toFixed(1)} ms`);
}
const t0 = performance.now();
x.lab_copy_start();
let longest = 0;
let slices = 0;
for (;;) {
  const s = performance.now();
  const more = x.lab_copy_step(BUDGET);
  longest = Math.max(longest, performance.now() - s);
  slices++;
  if (!more) break;
}
console.log(`copy 2^20 threads: ${(performance.now() - t0).toFixed(0)} ms in ${slices} slices of ${BUDGET} steps, longest ${longest.toFixed(1)} ms`);
