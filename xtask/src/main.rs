//! The site build's own steps (scripts/split.sh runs them):
//!
//! ```text
//! xtask split <app.wasm> <out dir> <name>   the wasm split: <out>/<name>.wasm (the main module),
//!                                           split_*/chunk_*.wasm, __wasm_split.js, split-graph.json
//! xtask pack <pkg dir>                      pack-<name>.wasm for every pack, packs.json
//! ```
//!
//! `split` is wasm_split_cli_support's transform, called as a library, so the split graph comes
//! back as data (`split-graph.json`: chapter → the chunks it needs). `pack` reads that graph
//! and the optimised modules, plans the packs ([`plan`]), takes each module's data out
//! ([`wasm::split_data`]), merges a pack's modules with binaryen's `wasm-merge`, drops the
//! merged module's re-exports and optimises it with `wasm-opt -Oz`, and writes the pack files
//! ([`wasm::pack_file`]) and `packs.json` (the plan: what each chapter instantiates).
//! Environment: `WS_COMMON_MIN` (default 8), `WS_STANDALONE` (default `quiz,lab`),
//! `WASM_NAMES=1` (keep function names: a profiling build).

mod plan;
mod wasm;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use plan::Graph;
use wasm::ModuleId;

type Result<T> = std::result::Result<T, String>;

/// Chunks used by at least this many chapter modules go to the common pack; the others are
/// copied into each user's pack. Measured (gzip, deep link / all files): 4 → 318.7–377.0
/// KiB / 1.19 MB; 6 → 308.2–367.8 / 1.24 MB; 8 → 303.4–365.4 / 1.30 MB; 13 (no common pack) →
/// 277.2–362.6 / 2.20 MB. With 8 a deep link is 9–15 KiB lighter than with 4, for 9 % more
/// bytes the service worker caches in the background.
const COMMON_MIN: usize = 8;
/// Chapters that use no common pack. The quiz uses three quarters of it (its questions draw on
/// the models, not the chapters' views: its deep link 356.1 → 336.9 KiB gzip); the kernel lab,
/// counted among the chapters, pushed its own shared chunks into the common pack (+6.2 KiB).
const STANDALONE: &str = "quiz,lab";
/// binaryen's features for the merged modules: those rustc's wasm32 target emits. Not
/// `--all-features`: it writes the compact-imports proposal's encoding.
const FEATURES: [&str; 8] = [
    "--enable-bulk-memory",
    "--enable-bulk-memory-opt",
    "--enable-call-indirect-overlong",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--enable-multivalue",
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["split", input, out, name] => split(Path::new(input), Path::new(out), name),
        ["pack", pkg] => pack(Path::new(pkg)),
        _ => Err("usage: xtask split <app.wasm> <out dir> <name> | xtask pack <pkg dir>".into()),
    };
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn log(s: &str) {
    eprintln!("[xtask] {s}");
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// The split: the main module `<out>/<name>.wasm` (for wasm-bindgen, importing its loader from
/// `./__wasm_split.js`), every split module and chunk, the loader, and `split-graph.json`.
fn split(input: &Path, out: &Path, name: &str) -> Result<()> {
    let wasm = read(input)?;
    let main_out = out.join(format!("{name}.wasm"));
    let main_module = format!("./{name}.js");
    let mut opts = wasm_split_cli_support::Options::new(&wasm);
    opts.output_dir = out;
    opts.main_out_path = &main_out;
    opts.main_module = &main_module;
    let result =
        wasm_split_cli_support::transform(opts).map_err(|e| format!("the split: {e:#}"))?;
    // The prefetch map lists, per chapter, the files it loads: its chunks, then its own module.
    let graph: Graph = result
        .prefetch_map
        .into_iter()
        .map(|(chapter, files)| {
            let chunks = files
                .into_iter()
                .filter(|f| f.starts_with("chunk_"))
                .collect();
            (chapter, chunks)
        })
        .collect();
    wasm::check_main(&read(&main_out)?, graph.keys().map(String::as_str))?;
    let json = serde_json::to_vec_pretty(&graph).map_err(|e| e.to_string())?;
    write(&out.join("split-graph.json"), &json)?;
    log(&format!(
        "{} chapter modules, {} modules in all",
        graph.len(),
        result.split_modules.len()
    ));
    Ok(())
}

fn env_or(key: &str, default: &str) -> String {
    std::env::var(key).unwrap_or_else(|_| default.to_string())
}

/// Runs `tool args…`, failing with its name where it fails.
fn run(tool: &str, args: &[&str]) -> Result<()> {
    let status = Command::new(tool)
        .args(args)
        .status()
        .map_err(|e| format!("{tool}: {e} (scripts/setup.sh installs it)"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("{tool} failed ({status})"))
}

/// The packs of the optimised modules in `pkg` (`split-graph.json` beside them).
fn pack(pkg: &Path) -> Result<()> {
    let graph: Graph = serde_json::from_slice(&read(&pkg.join("split-graph.json"))?)
        .map_err(|e| format!("split-graph.json: {e}"))?;
    let common_min = env_or("WS_COMMON_MIN", &COMMON_MIN.to_string())
        .parse()
        .map_err(|_| "WS_COMMON_MIN is not a number")?;
    let standalone: BTreeSet<String> = env_or("WS_STANDALONE", STANDALONE)
        .split(',')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let plan = plan::plan(&graph, common_min, &standalone);
    let names = std::env::var_os("WASM_NAMES").is_some();
    // Two packs at a time per core would only contend: one per core, each merged and optimised
    // by its own wasm-merge and wasm-opt processes.
    let todo: Vec<(&String, &Vec<String>)> = plan.packs.iter().collect();
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let results: Vec<Result<()>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| -> Result<()> {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((name, stems)) = todo.get(i) else {
                            return Ok(());
                        };
                        build_pack(pkg, name, stems, &plan, names)?;
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a pack's thread panicked".into()))
            })
            .collect()
    });
    results.into_iter().collect::<Result<Vec<()>>>()?;
    let summary: BTreeMap<&str, serde_json::Value> = BTreeMap::from([
        (
            "needs",
            serde_json::to_value(&plan.needs).map_err(|e| e.to_string())?,
        ),
        (
            "packs",
            serde_json::to_value(&plan.packs).map_err(|e| e.to_string())?,
        ),
        (
            "later",
            serde_json::to_value(&plan.later).map_err(|e| e.to_string())?,
        ),
    ]);
    write(
        &pkg.join("packs.json"),
        &serde_json::to_vec_pretty(&summary).map_err(|e| e.to_string())?,
    )
}

/// Pack `name`: its modules (`stems`, files in `pkg`) merged into one module, with their data
/// beside it, written to `pkg/pack-<name>.wasm`.
fn build_pack(
    pkg: &Path,
    name: &str,
    stems: &[String],
    plan: &plan::Plan,
    names: bool,
) -> Result<()> {
    let t0 = Instant::now();
    let mut parts = Vec::new();
    for stem in stems {
        let module = read(&pkg.join(format!("{stem}.wasm")))?;
        let stripped = wasm::split_data(&module).map_err(|e| format!("{stem}.wasm: {e}"))?;
        let id = match stem.strip_prefix("split_") {
            Some(chapter) => ModuleId::Chapter(chapter.into()),
            None => ModuleId::Chunk(plan.chunk_ids[stem]),
        };
        parts.push((id, stripped));
    }
    let limit = |f: fn(&wasm::Stripped) -> Option<u64>, what: &str| -> Result<u64> {
        let mins: BTreeSet<u64> = parts.iter().filter_map(|(_, s)| f(s)).collect();
        match mins.len() {
            0 => Ok(1),
            1 => Ok(*mins.first().expect("one")),
            _ => Err(format!(
                "pack-{name}: its modules import different {what} sizes"
            )),
        }
    };
    let base = wasm::base_module(
        limit(|s| s.memory_min, "memory")?,
        limit(|s| s.table_min, "table")?,
    );
    let dir = pkg.join(format!("merge-{name}"));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = |f: &str| -> PathBuf { dir.join(f) };
    write(&path("base.wasm"), &base)?;
    let mut args: Vec<String> = FEATURES.iter().map(|s| s.to_string()).collect();
    args.push(path("base.wasm").display().to_string());
    args.push(wasm::SHARED_MODULE.into());
    for (k, (_, s)) in parts.iter().enumerate() {
        let file = path(&format!("m{k}.wasm"));
        write(&file, &s.code)?;
        args.push(file.display().to_string());
        args.push(format!("m{k}"));
    }
    if names {
        args.push("-g".into());
    }
    args.push("-o".into());
    args.push(path("merged.wasm").display().to_string());
    run(
        "wasm-merge",
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
    )?;
    let merged = wasm::without_exports(&read(&path("merged.wasm"))?, &wasm::SHARED)
        .map_err(|e| format!("pack-{name}: {e}"))?;
    write(&path("bare.wasm"), &merged)?;
    let mut opt: Vec<String> = FEATURES.iter().map(|s| s.to_string()).collect();
    opt.extend(["-Oz".into(), path("bare.wasm").display().to_string()]);
    if names {
        opt.push("-g".into());
    }
    opt.extend(["-o".into(), path("opt.wasm").display().to_string()]);
    run(
        "wasm-opt",
        &opt.iter().map(String::as_str).collect::<Vec<_>>(),
    )?;
    let optimised = read(&path("opt.wasm"))?;
    wasmparser::validate(&optimised).map_err(|e| format!("pack-{name}: {e}"))?;
    std::fs::remove_dir_all(&dir).map_err(|e| e.to_string())?;
    let code_bytes: usize = parts.iter().map(|(_, s)| s.code.len()).sum();
    let modules: Vec<(ModuleId, Vec<u8>)> = parts.into_iter().map(|(id, s)| (id, s.data)).collect();
    write(
        &pkg.join(format!("pack-{name}.wasm")),
        &wasm::pack_file(&optimised, &modules),
    )?;
    log(&format!(
        "pack-{name}: {} modules merged into one, {code_bytes} B of code → {} B ({} ms)",
        stems.len(),
        optimised.len(),
        t0.elapsed().as_millis()
    ));
    Ok(())
}
