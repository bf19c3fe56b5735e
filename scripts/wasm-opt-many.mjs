// wasm-opt -Oz over many modules in one process (binaryen 132 from npm, the same build as the
// wasm-opt CLI that scripts/setup.sh installs): the splitter writes ~200 small modules, and
// starting the CLI once per module costs more than optimising it.
//   node scripts/wasm-opt-many.mjs <out dir> <in.wasm>…
import fs from "node:fs";
import path from "node:path";
import binaryen from "binaryen";

const [outDir, ...inputs] = process.argv.slice(2);
binaryen.setOptimizeLevel(2); // -Oz = -O2 passes with shrink level 2
binaryen.setShrinkLevel(2);
// WASM_NAMES=1 keeps function names (a profiling build: tools/critrace.mjs); never shipped.
binaryen.setDebugInfo(Boolean(process.env.WASM_NAMES));
for (const file of inputs) {
  const mod = binaryen.readBinary(fs.readFileSync(file));
  mod.setFeatures(binaryen.Features.MVP | binaryen.Features.BulkMemory | binaryen.Features.BulkMemoryOpt | binaryen.Features.CallIndirectOverlong | binaryen.Features.NontrappingFPToInt | binaryen.Features.SignExt | binaryen.Features.MutableGlobals | binaryen.Features.ReferenceTypes | binaryen.Features.Multivalue);
  // The toolchain's `producers` and `target_features` sections: no browser reads them.
  mod.runPasses(["strip-producers", "strip-target-features"]);
  mod.optimize();
  fs.writeFileSync(path.join(outDir, path.basename(file)), mod.emitBinary());
  mod.dispose();
}
