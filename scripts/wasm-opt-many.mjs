// wasm-opt -Oz over many modules in one process (binaryen 132 from npm, the same build as the
// wasm-opt CLI that scripts/setup.sh installs): the splitter writes ~200 small modules, and
// starting the CLI once per module costs more than optimising it.
//   node scripts/wasm-opt-many.mjs <out dir> <in.wasm>…
import fs from "node:fs";
import path from "node:path";
import binaryen from "binaryen";

const [outDir, ...inputs] = process.argv.slice(2);
/** The exports of wasm-streams' adapter classes (see below). */
const STREAM_EXPORT = /^(__wbg_)?intounderlying(bytesource|sink|source)_/;
binaryen.setOptimizeLevel(2); // -Oz = -O2 passes with shrink level 2
binaryen.setShrinkLevel(2);
// WASM_NAMES=1 keeps function names (a profiling build: tools/critrace.mjs); never shipped.
binaryen.setDebugInfo(Boolean(process.env.WASM_NAMES));
for (const file of inputs) {
  const mod = binaryen.readBinary(fs.readFileSync(file));
  mod.setFeatures(binaryen.Features.MVP | binaryen.Features.BulkMemory | binaryen.Features.BulkMemoryOpt | binaryen.Features.CallIndirectOverlong | binaryen.Features.NontrappingFPToInt | binaryen.Features.SignExt | binaryen.Features.MutableGlobals | binaryen.Features.ReferenceTypes | binaryen.Features.Multivalue);
  // wasm-streams' JS stream adapters (IntoUnderlyingSource, …Sink, …ByteSource), exported by
  // wasm-bindgen because leptos's server_fn depends on wasm-streams: the app has no server
  // functions and never hands a Rust stream to JS, so their exports go and -Oz drops the code
  // behind them (site.mjs drops their glue classes).
  for (let i = mod.getNumExports() - 1; i >= 0; i--) {
    const name = binaryen.getExportInfo(mod.getExportByIndex(i)).name;
    if (STREAM_EXPORT.test(name)) mod.removeExport(name);
  }
  mod.optimize();
  fs.writeFileSync(path.join(outDir, path.basename(file)), mod.emitBinary());
  mod.dispose();
}
