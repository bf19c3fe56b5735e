//! The lab's state: its inputs (the kernel, the launch, the GPU, registers per thread, the line
//! and warp looked at), read from and written to the URL; the memos that parse the kernel and
//! build the launch; the analysis the runner ([`super::run`]) writes; the warp trace of the
//! chosen line.
//!
//! The URL: `preset` (a model preset's id: the source and the launch's defaults), `v=1&k=…` (the
//! source when it differs from the preset's: [`super::link`]), `grid` and `block` (`8x32`, the
//! dim3 with trailing 1s left out), `a.<name>` (a scalar argument's value as typed), `gpu`,
//! `regs`, `line`, `warp` (the warp's index in the launch). Only values that differ from the
//! preset's are written.

use std::collections::BTreeMap;
use std::sync::Arc;

use leptos::prelude::*;

use super::link;
use crate::model::gpu_spec::GpuSpec;
use crate::model::kernel::{
    parse, preset, presets, trace_warp_with_values, ArgValue, Kernel, ParamKind, ParseError,
    Preset, Progress, Report, RunError, ScalarType, WarpTrace,
};
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::keys::lab as key;
use crate::ui::url::{echo, Notice, QueryReader};

/// The preset a link without one opens.
pub const DEFAULT_PRESET: &str = "copy-bounds";
/// The GPU a link without one shows: the lab's counters were measured on an H100 SXM.
pub const DEFAULT_GPU: &str = "h100";
/// Registers per thread when none is given (the default; `nvcc -Xptxas -v` prints the
/// real number).
pub const DEFAULT_REGS: u32 = 32;

/// Ranges of the numeric inputs: the one place fields and permalinks clamp to.
pub mod limits {
    /// Registers per thread (ptxas never emits more than 255).
    pub const REGS: (u32, u32) = (1, 255);
    /// A dim3 component as typed (the launch check names CUDA's real limits).
    pub const DIM: (u32, u32) = (0, i32::MAX as u32);
    /// The line looked at (0: none).
    pub const LINE: (u32, u32) = (0, 100_000);
    /// The warp looked at, by its index in the launch (of the largest launch the lab runs).
    pub const WARP: (u64, u64) = (0, crate::model::kernel::MAX_GRID_THREADS / 32 - 1);
    /// Scalar arguments a link may carry.
    pub const ARGS: usize = 32;
    /// Longest argument name and value, characters.
    pub const ARG_NAME_CHARS: usize = 64;
    /// Longest argument value as typed, characters.
    pub const ARG_VALUE_CHARS: usize = 40;
}

/// Every input of the lab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabInputs {
    /// The preset the kernel started from (its id): the launch's defaults.
    pub preset: String,
    /// The kernel source.
    pub source: String,
    /// gridDim.
    pub grid: [u32; 3],
    /// blockDim.
    pub block: [u32; 3],
    /// Scalar arguments as typed, by parameter name.
    pub args: BTreeMap<String, String>,
    /// GPU preset id.
    pub gpu: String,
    /// Registers per thread (what ptxas reports; the lab cannot know it).
    pub regs: u32,
    /// The source line looked at, 1-based; 0 for none.
    pub line: u32,
    /// The line looked at as the `at`-th line of code (1-based; 0: `line` says): what a
    /// classroom step's keys advance, so each press lands on the next line that has code.
    pub at: u32,
    /// The warp looked at: its index in the launch (blocks in blockIdx order, x fastest).
    pub warp: u64,
}

impl Default for LabInputs {
    fn default() -> Self {
        LabInputs::from_preset(DEFAULT_PRESET)
    }
}

/// The model's preset with this id, or the default one.
fn preset_or_default(id: &str) -> &'static Preset {
    preset(id)
        .or_else(|| preset(DEFAULT_PRESET))
        .unwrap_or(&presets()[0])
}

/// `[8, 32, 1]` as `8x32`.
pub fn dim3_text(d: [u32; 3]) -> String {
    let n = if d[2] != 1 {
        3
    } else if d[1] != 1 {
        2
    } else {
        1
    };
    d[..n]
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("x")
}

/// Why a typed dim3 is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim3Error {
    /// Not one to three whole numbers separated by `x`, `×`, `,` or `*`.
    Format,
    /// Whole numbers, one above [`limits::DIM`]'s largest (CUDA's gridDim.x limit, 2³¹ − 1).
    TooLarge,
}

/// Reads `8x32`, `8 x 32 x 1`, `8,32` or `8×32`: one to three whole numbers in
/// [`limits::DIM`], the missing ones 1.
pub fn parse_dim3(text: &str) -> Result<[u32; 3], Dim3Error> {
    // Typed with a Chinese input method: ４０ｘ２ reads as 40x2.
    let text = crate::model::typed::fold_full_width(text);
    let parts: Vec<&str> = text
        .split(['x', 'X', '×', ',', '*'])
        .map(str::trim)
        .collect();
    if parts.len() > 3 {
        return Err(Dim3Error::Format);
    }
    let mut d = [1u32; 3];
    let mut too_large = false;
    for (slot, p) in d.iter_mut().zip(&parts) {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Dim3Error::Format);
        }
        match p.parse::<u32>() {
            Ok(v) if v <= limits::DIM.1 => *slot = v,
            _ => too_large = true,
        }
    }
    if too_large {
        Err(Dim3Error::TooLarge)
    } else {
        Ok(d)
    }
}

/// Whether `name` can be a C identifier.
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl LabInputs {
    /// The inputs of preset `id` (the default preset for an unknown id).
    pub fn from_preset(id: &str) -> LabInputs {
        let p = preset_or_default(id);
        LabInputs {
            preset: p.id.to_string(),
            source: p.source.to_string(),
            grid: p.grid,
            block: p.block,
            args: p
                .args
                .iter()
                .map(|(n, v)| ((*n).to_string(), v.to_string()))
                .collect(),
            gpu: DEFAULT_GPU.into(),
            regs: DEFAULT_REGS,
            line: 0,
            at: 0,
            warp: 0,
        }
    }

    /// Switches to preset `id`: its source and launch; the GPU and registers stay.
    pub fn apply_preset(&mut self, id: &str) {
        let mut next = LabInputs::from_preset(id);
        next.gpu = std::mem::take(&mut self.gpu);
        next.regs = self.regs;
        *self = next;
    }

    /// The model preset the kernel started from.
    pub fn base(&self) -> &'static Preset {
        preset_or_default(&self.preset)
    }

    /// True when the source is not the preset's.
    pub fn edited(&self) -> bool {
        self.source != self.base().source
    }

    /// Looks at line `line` (by its number: a click, a table row).
    pub fn pick_line(&mut self, line: u32) {
        self.line = line;
        self.at = 0;
    }

    /// The GPU preset.
    pub fn gpu_spec(&self) -> GpuSpec {
        GpuSpec::by_id(&self.gpu).unwrap_or_else(GpuSpec::h100_sxm)
    }
}

impl ChapterInputs for LabInputs {
    fn from_query(query: &str) -> (LabInputs, Vec<Notice>) {
        let mut r = QueryReader::parse(query);
        let ids: Vec<&str> = presets().iter().map(|p| p.id).collect();
        let id = r.one_of(key::PRESET, DEFAULT_PRESET, &ids);
        let mut inputs = LabInputs::from_preset(&id);
        // The format's version: only `1` exists; another one's `k` is not read.
        let version = r.text(key::VERSION, link::VERSION, 8);
        let k = r.text(key::SOURCE, "", link::MAX_PACKED_CHARS);
        if !k.is_empty() {
            if version != link::VERSION {
                r.notice(Notice::Unparsable {
                    key: key::VERSION.into(),
                    value: echo(&version),
                });
            } else {
                match link::unpack(&k) {
                    Ok(source) => inputs.source = source,
                    Err(_) => r.notice(Notice::Unparsable {
                        key: key::SOURCE.into(),
                        value: echo(&k),
                    }),
                }
            }
        }
        for (name, slot) in [
            (key::GRID, &mut inputs.grid),
            (key::BLOCK, &mut inputs.block),
        ] {
            let text = r.text(name, "", 64);
            if text.is_empty() {
                continue;
            }
            match parse_dim3(&text) {
                Ok(d) => *slot = d,
                Err(_) => r.notice(Notice::Unparsable {
                    key: name.into(),
                    value: echo(&text),
                }),
            }
        }
        for (name, value) in r.prefixed(key::ARG_PREFIX, limits::ARGS) {
            if is_identifier(&name)
                && name.chars().count() <= limits::ARG_NAME_CHARS
                && value.chars().count() <= limits::ARG_VALUE_CHARS
            {
                inputs.args.insert(name, value);
            } else {
                r.notice(Notice::Unparsable {
                    key: echo(&key::arg(&name)),
                    value: echo(&value),
                });
            }
        }
        let gpus: Vec<&str> = GpuSpec::presets().iter().map(|g| g.id).collect();
        inputs.gpu = r.one_of(key::GPU, DEFAULT_GPU, &gpus);
        inputs.regs = r.num(key::REGS, DEFAULT_REGS, limits::REGS.0, limits::REGS.1);
        inputs.line = r.num(key::LINE, 0, limits::LINE.0, limits::LINE.1);
        inputs.at = r.num(key::AT, 0, limits::LINE.0, limits::LINE.1);
        inputs.warp = r.num(key::WARP, 0, limits::WARP.0, limits::WARP.1);
        (inputs, r.finish())
    }

    fn to_query(&self) -> String {
        let base = LabInputs::from_preset(&self.preset);
        let mut pairs: Vec<(String, String)> = Vec::new();
        if self.preset != DEFAULT_PRESET {
            pairs.push((key::PRESET.into(), self.preset.clone()));
        }
        if self.source != base.source {
            pairs.push((key::VERSION.into(), link::VERSION.into()));
            pairs.push((key::SOURCE.into(), link::pack(&self.source)));
        }
        if self.grid != base.grid {
            pairs.push((key::GRID.into(), dim3_text(self.grid)));
        }
        if self.block != base.block {
            pairs.push((key::BLOCK.into(), dim3_text(self.block)));
        }
        for (name, value) in &self.args {
            if base.args.get(name) != Some(value) {
                pairs.push((key::arg(name), value.clone()));
            }
        }
        if self.gpu != DEFAULT_GPU {
            pairs.push((key::GPU.into(), self.gpu.clone()));
        }
        if self.regs != DEFAULT_REGS {
            pairs.push((key::REGS.into(), self.regs.to_string()));
        }
        if self.line != 0 {
            pairs.push((key::LINE.into(), self.line.to_string()));
        }
        if self.at != 0 {
            pairs.push((key::AT.into(), self.at.to_string()));
        }
        if self.warp != 0 {
            pairs.push((key::WARP.into(), self.warp.to_string()));
        }
        crate::ui::url::query::join(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }
}

/// Why a scalar argument has no value the launch can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgProblem {
    /// Nothing typed for this parameter.
    Missing,
    /// Not a number of the parameter's kind (`text` as typed).
    NotANumber { text: String },
}

/// A launch ready to run: the parsed kernel, the dim3s and the argument values.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// The kernel.
    pub kernel: Arc<Kernel>,
    /// gridDim.
    pub grid: [u32; 3],
    /// blockDim.
    pub block: [u32; 3],
    /// Scalar arguments in parameter order.
    pub args: Vec<(String, ArgValue)>,
}

impl Job {
    /// Threads per block.
    pub fn threads_per_block(&self) -> u64 {
        self.block.iter().map(|&d| u64::from(d)).product()
    }

    /// Warps per block (a partial warp counts whole).
    pub fn warps_per_block(&self) -> u64 {
        self.threads_per_block().div_ceil(32)
    }

    /// Blocks in the grid.
    pub fn blocks(&self) -> u64 {
        self.grid.iter().map(|&d| u64::from(d)).product()
    }

    /// Warps in the launch.
    pub fn warps(&self) -> u64 {
        self.blocks() * self.warps_per_block()
    }

    /// The block (blockIdx) and warp within it of the launch's warp number `g`.
    pub fn warp_place(&self, g: u64) -> ([u32; 3], u32) {
        let per = self.warps_per_block().max(1);
        let linear = g / per;
        let [gx, gy, _] = self.grid.map(|d| u64::from(d.max(1)));
        let block = [
            (linear % gx) as u32,
            ((linear / gx) % gy) as u32,
            (linear / (gx * gy)) as u32,
        ];
        (block, (g % per) as u32)
    }
}

/// The kernel parsed and the launch's values read: ready, or why not.
#[derive(Clone, Debug, PartialEq)]
pub enum Setup {
    /// The source does not parse.
    Parse(ParseError),
    /// Scalar arguments without a usable value, by name (the kernel parsed).
    Args(Arc<Kernel>, Vec<(String, ArgProblem)>),
    /// Ready to run.
    Ready(Job),
}

impl Setup {
    /// The parsed kernel, if it parsed.
    pub fn kernel(&self) -> Option<&Arc<Kernel>> {
        match self {
            Setup::Parse(_) => None,
            Setup::Args(k, _) => Some(k),
            Setup::Ready(j) => Some(&j.kernel),
        }
    }

    /// The job, if ready.
    pub fn job(&self) -> Option<&Job> {
        match self {
            Setup::Ready(j) => Some(j),
            _ => None,
        }
    }
}

/// The value of a scalar argument of type `ty` typed as `text`: a whole number for integer and
/// `bool` parameters (`1e6` is read as 1,000,000), any real for `float` and `double`.
pub fn arg_value(ty: ScalarType, text: &str) -> Result<ArgValue, ArgProblem> {
    let t = crate::ui::widgets::normalise_number(text);
    if t.is_empty() {
        return Err(ArgProblem::Missing);
    }
    let bad = || ArgProblem::NotANumber {
        text: text.chars().take(24).collect(),
    };
    match ty {
        ScalarType::Float | ScalarType::Double => t
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .map(ArgValue::Float)
            .ok_or_else(bad),
        _ => match t.parse::<i64>() {
            Ok(v) => Ok(ArgValue::Int(v)),
            Err(_) => t
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && v.fract() == 0.0 && v.abs() < 9.0e18)
                .map(|v| ArgValue::Int(v as i64))
                .ok_or_else(bad),
        },
    }
}

/// The launch of `kernel` with the inputs' dims and arguments (only the kernel's scalar
/// parameters are read; other typed values are ignored).
pub fn setup(kernel: &Result<Arc<Kernel>, ParseError>, inputs: &LabInputs) -> Setup {
    let kernel = match kernel {
        Ok(k) => Arc::clone(k),
        Err(e) => return Setup::Parse(e.clone()),
    };
    let mut args = Vec::new();
    let mut problems = Vec::new();
    for p in &kernel.params {
        let ParamKind::Scalar { ty } = p.kind else {
            continue;
        };
        let text = inputs.args.get(&p.name).map_or("", String::as_str);
        match arg_value(ty, text) {
            Ok(v) => args.push((p.name.clone(), v)),
            Err(e) => problems.push((p.name.clone(), e)),
        }
    }
    if !problems.is_empty() {
        return Setup::Args(kernel, problems);
    }
    Setup::Ready(Job {
        kernel,
        grid: inputs.grid,
        block: inputs.block,
        args,
    })
}

/// A report on screen and the source it was analysed from (the code column of its lines while a
/// newer edit waits for its own).
#[derive(Clone, Debug, PartialEq)]
pub struct ShownReport {
    /// The counts.
    pub report: Arc<Report>,
    /// The source as analysed.
    pub source: Arc<str>,
}

/// How an analysis ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Every block ran: the counts.
    Report(Arc<Report>),
    /// The launch could not start or the kernel failed.
    Failed(RunError),
    /// The reader stopped it.
    Stopped,
}

/// An analysis that ended, and the job it was for.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// What ran.
    pub job: Job,
    /// How it ended.
    pub outcome: Outcome,
}

/// Most warp-level steps of the block a trace runs in one go (a trace runs the block at once,
/// not in slices: ~0.15 µs a step keeps it under ~50 ms).
pub const TRACE_STEP_LIMIT: u64 = 300_000;

/// Why no trace is shown for the chosen line and warp.
#[derive(Clone, Debug, PartialEq)]
pub enum TraceProblem {
    /// The block's warps ran more steps than [`TRACE_STEP_LIMIT`].
    TooLong { steps: u64 },
    /// Running the block alone failed.
    Run(RunError),
}

/// The warp trace of warp `warp` (its index in the launch) of `job`, given the launch's
/// report (for the block's step count).
pub fn trace(job: &Job, report: &Report, warp: u64) -> Result<Arc<WarpTrace>, TraceProblem> {
    let (block, w) = job.warp_place(warp.min(job.warps().saturating_sub(1)));
    let steps: u64 = report
        .warps
        .iter()
        .filter(|c| c.block == block)
        .map(|c| c.counts.warp_instructions)
        .sum();
    if steps > TRACE_STEP_LIMIT {
        return Err(TraceProblem::TooLong { steps });
    }
    trace_warp_with_values(&job.kernel, job.grid, job.block, &job.args, block, w)
        .map(Arc::new)
        .map_err(TraceProblem::Run)
}

/// The lab's reactive state. `Copy`: closures capture it freely.
#[derive(Clone, Copy)]
pub struct LabState {
    /// Every input, following the URL.
    pub inputs: UrlInputs<LabInputs>,
    /// The kernel parsed (again only when the source changes).
    pub kernel: Memo<Result<Arc<Kernel>, ParseError>>,
    /// The kernel and launch, ready to run or why not.
    pub setup: Memo<Setup>,
    /// The last analysis that ended: written only by the runner's scheduling ([`super::run`])
    /// and the Stop button.
    pub finished: RwSignal<Option<Finished>>,
    /// How far the analysis in progress has got; written only by the runner's scheduling.
    pub progress: RwSignal<Option<Progress>>,
    /// The report of the current job, once its analysis has ended with one.
    pub report: Memo<Option<Arc<Report>>>,
    /// The last report shown, for the current job or an earlier one (kept while a new one runs).
    pub shown: Memo<Option<ShownReport>>,
    /// True while the current job's analysis has not ended.
    pub running: Memo<bool>,
    /// The line looked at: `line`, or the `at`-th line of code of the parsed kernel.
    pub line: Memo<u32>,
    /// The trace of the chosen warp (for the current report): `None` before there is one.
    pub trace: Memo<Option<Result<Arc<WarpTrace>, TraceProblem>>>,
    /// Text typed in the editor and not yet committed to the inputs: the source it was typed
    /// over, and the text.
    pub draft: RwSignal<Option<(String, String)>>,
}

impl LabState {
    /// State following `inputs`.
    pub fn new(inputs: UrlInputs<LabInputs>) -> LabState {
        let kernel = inputs.keyed(|i| i.source.clone(), |i| parse(&i.source).map(Arc::new));
        let launch = inputs.part(|i| (i.grid, i.block, i.args.clone()));
        let setup = Memo::new(move |_| {
            let kernel = kernel.get();
            inputs.with_untracked(|i| {
                launch.track();
                setup(&kernel, i)
            })
        });
        let finished: RwSignal<Option<Finished>> = RwSignal::new(None);
        let report = Memo::new(move |_| {
            setup.with(|s| {
                let job = s.job()?;
                finished.with(|f| match f {
                    Some(Finished {
                        job: j,
                        outcome: Outcome::Report(r),
                    }) if j == job => Some(Arc::clone(r)),
                    _ => None,
                })
            })
        });
        let shown = Memo::new(move |prev: Option<&Option<ShownReport>>| {
            let now = finished.with(|f| match f {
                Some(Finished {
                    outcome: Outcome::Report(r),
                    ..
                }) => Some(Arc::clone(r)),
                _ => None,
            });
            let prev = prev.cloned().flatten();
            match (now, prev) {
                // The same report again: its source as it was when it came.
                (Some(r), Some(p)) if Arc::ptr_eq(&r, &p.report) => Some(p),
                // A new report: of the job that has just ended, whose source is the one typed
                // (a newer edit would have stopped it).
                (Some(report), _) => Some(ShownReport {
                    report,
                    source: inputs.with_untracked(|i| Arc::from(i.source.as_str())),
                }),
                (None, prev) => prev,
            }
        });
        let running = Memo::new(move |_| {
            setup.with(|s| {
                s.job()
                    .is_some_and(|job| finished.with(|f| f.as_ref().is_none_or(|f| f.job != *job)))
            })
        });
        let warp = inputs.part(|i| i.warp);
        let picked = inputs.part(|i| (i.line, i.at));
        let line = Memo::new(move |_| {
            let (line, at) = picked.get();
            if at == 0 {
                return line;
            }
            kernel.with(|k| match k {
                Ok(k) => {
                    let lines = k.code_lines();
                    let i = (at as usize).min(lines.len()).saturating_sub(1);
                    lines.get(i).copied().unwrap_or(line)
                }
                Err(_) => line,
            })
        });
        // The trace is the warp's, whatever line is looked at: it runs again only for another
        // warp or report, or when a line is first picked.
        let has_line = Memo::new(move |_| line.get() != 0);
        let trace = Memo::new(move |_| {
            let report = report.get()?;
            if !has_line.get() {
                return None;
            }
            let warp = warp.get();
            setup.with_untracked(|s| s.job().map(|job| trace(job, &report, warp)))
        });
        LabState {
            inputs,
            kernel,
            setup,
            finished,
            progress: RwSignal::new(None),
            report,
            shown,
            running,
            line,
            trace,
            draft: RwSignal::new(None),
        }
    }
}

#[cfg(test)]
mod tests;
