// The dispatch simulation (2^20 jittered blocks on 132 SMs, as bench.mjs's "sim") in Node's V8
// without the site: builds tests/sim-wasm (a cdylib of warpscope's model) for wasm32 and times RUNS (7) calls in each
// tier: --liftoff-only (the baseline code a cold page starts in), --no-liftoff (optimised code
// only), V8's defaults. Each call instantiates the module again, but V8 keeps its compiled code:
// only the first call of a mode is cold. A quick A/B of a model change (session 18: the epochs'
// sort is 6.7 of 18.5 ms optimised and 19 of 32 ms in Liftoff). Usage: node sim-node.mjs
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RUNS = Number(process.env.RUNS ?? 7);
if (process.argv[2] === "--child") {
  const bytes = fs.readFileSync(process.argv[3]);
  const xs = [];
  for (let i = 0; i < RUNS; i++) {
    const { instance } = await WebAssembly.instantiate(bytes, {});
    const t0 = performance.now();
    instance.exports.simulate(20 + 5 * (i % 11), 2 + i);
    xs.push(performance.now() - t0);
  }
  console.log(xs.map((x) => x.toFixed(1)).join(" "));
} else {
  const crate = path.join(root, "tests/sim-wasm");
  const target = process.env.CARGO_TARGET_DIR ?? path.join(root, "target");
  execFileSync("cargo", ["build", "-q", "--release", "--target", "wasm32-unknown-unknown", "--target-dir", target], { cwd: crate, stdio: "inherit" });
  const wasm = path.join(target, "wasm32-unknown-unknown/release/sim_wasm.wasm");
  for (const [name, flags] of [["liftoff only", ["--liftoff-only"]], ["optimised only", ["--no-liftoff"]], ["defaults", []]]) {
    const out = execFileSync(process.execPath, [...flags, fileURLToPath(import.meta.url), "--child", wasm], { encoding: "utf8" });
    console.log(`${name.padEnd(15)} ms per run (first cold): ${out.trim()}`);
  }
}
