//! The Tensor Cores chapter's state: inputs (signals, serialised to the URL) and the one memo
//! that calls the models [`crate::model::tensor_core`] and [`crate::model::w8a8`].

use leptos::prelude::*;
use serde::Serialize;

use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::rng::SplitMix64;
use crate::model::roofline::Placement;
use crate::model::tensor_core::{
    accumulator_types, fragment_layout, shapes, ElementType, FragmentLayout, FragmentSlot,
    LayoutError, MmaShape, Operand, RegisterPosition, WmmaIntShape,
};
use crate::model::w8a8::{
    error_bound, gemv_reference, quantize_per_channel, quantize_symmetric, w8a8_gemv, ErrorBound,
    GemvOutput, GlobalLoads, KernelStep, QuantizedWeights, TileCost, W8a8Error, W8a8Gemv,
};
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::keys::element;
use crate::ui::url::keys::tensor_cores as key;
use crate::ui::url::{to_query, Notice, QueryReader};

/// Every input of the chapter. Field names are the URL keys.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TcInputs {
    /// K, input features of the GEMV.
    pub k: u64,
    /// N, output features.
    pub n: u64,
    /// Warps per block.
    pub warps: u64,
    /// Instruction shape of the fragment map (URL: the model's slug, e.g. `mma_m16n8k32`).
    #[serde(serialize_with = "shape_slug")]
    pub shape: MmaShape,
    /// Operand shown (URL: `a`, `b`, `acc`).
    #[serde(serialize_with = "operand_slug")]
    pub op: Operand,
    /// Element type of A and B (the accumulator type follows from it).
    #[serde(serialize_with = "element::serialize")]
    pub el: ElementType,
    /// Selected lane, −1 for none.
    pub lane: i64,
    /// Selected element's row, −1 for none.
    pub row: i64,
    /// Selected element's column, −1 for none.
    pub col: i64,
    /// Block traced by the step-through.
    pub block: u64,
    /// Warp (inside the block) traced.
    pub warp: u64,
    /// K tile of that warp traced.
    pub kt: u64,
    /// Step of the trace shown.
    pub step: u64,
    /// The quantisation example's activations, comma-separated.
    pub x: String,
    /// Seed of the example's weight matrix.
    pub seed: u64,
}

fn shape_slug<S: serde::Serializer>(shape: &MmaShape, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(shape.slug())
}

fn operand_slug<S: serde::Serializer>(op: &Operand, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(op.slug())
}

/// Ranges of every numeric input: the one place sliders, typed numbers and permalinks clamp to.
pub mod limits {
    /// K and N (2¹⁸ lets a reader reach the INT32 overflow limit of K ≤ 133,144).
    pub const DIM: (u64, u64) = (1, 1 << 18);
    /// Warps per block: the model rejects 0 and more than 32 itself, so the range stops there.
    pub const WARPS: (u64, u64) = (1, 32);
    /// Selected lane, row or column; −1 = none.
    pub const SELECT: (i64, i64) = (-1, 31);
    /// Block and K tile indices of the trace (the model says when one is out of range).
    pub const INDEX: (u64, u64) = (0, 1 << 14);
    /// Warp index of the trace.
    pub const WARP_INDEX: (u64, u64) = (0, 31);
    /// Step of the trace.
    pub const STEP: (u64, u64) = (0, 11);
    /// Weight seed.
    pub const SEED: (u64, u64) = (0, 1000);
    /// Values in the quantisation example's activation vector.
    pub const X_LEN: usize = 8;
    /// Outputs (weight rows) of the quantisation example.
    pub const W_ROWS: usize = 4;
    /// Largest magnitude accepted in the activation vector.
    pub const X_MAX_ABS: f32 = 1.0e4;
}

/// The default activation vector of the quantisation example.
pub const DEFAULT_X: &str = "0.8,-1.5,0.25,2,-0.6,1.1,-2.4,0.05";

impl Default for TcInputs {
    fn default() -> Self {
        TcInputs {
            k: 4096,
            n: 4096,
            warps: 4,
            shape: MmaShape::WmmaM16N16K16,
            op: Operand::A,
            el: ElementType::S8,
            lane: -1,
            row: -1,
            col: -1,
            block: 0,
            warp: 0,
            kt: 0,
            step: 0,
            x: DEFAULT_X.into(),
            seed: 1,
        }
    }
}

/// The steps of the traced kernel ([`crate::model::w8a8::W8a8Gemv::trace`]), one variant per
/// step id, in order. The model names a step by a string id; the chapter maps it once to this
/// enum and matches the enum exhaustively for the step's title.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepId {
    /// `fill_tiles`.
    FillTiles,
    /// `syncwarp_tiles_ready`.
    SyncwarpTilesReady,
    /// `load_a`.
    LoadA,
    /// `load_b`.
    LoadB,
    /// `mma`.
    Mma,
    /// `syncwarp_tiles_free`.
    SyncwarpTilesFree,
    /// `repeat_k_tiles`.
    RepeatKTiles,
    /// `store_accumulator`.
    StoreAccumulator,
    /// `syncthreads`.
    Syncthreads,
    /// `reduce_partials`.
    ReducePartials,
    /// `dequantize`.
    Dequantize,
    /// `write_output`.
    WriteOutput,
}

impl StepId {
    /// Every step, in trace order.
    pub const ALL: [StepId; 12] = [
        StepId::FillTiles,
        StepId::SyncwarpTilesReady,
        StepId::LoadA,
        StepId::LoadB,
        StepId::Mma,
        StepId::SyncwarpTilesFree,
        StepId::RepeatKTiles,
        StepId::StoreAccumulator,
        StepId::Syncthreads,
        StepId::ReducePartials,
        StepId::Dequantize,
        StepId::WriteOutput,
    ];

    /// The model's id of this step.
    pub const fn id(self) -> &'static str {
        match self {
            StepId::FillTiles => "fill_tiles",
            StepId::SyncwarpTilesReady => "syncwarp_tiles_ready",
            StepId::LoadA => "load_a",
            StepId::LoadB => "load_b",
            StepId::Mma => "mma",
            StepId::SyncwarpTilesFree => "syncwarp_tiles_free",
            StepId::RepeatKTiles => "repeat_k_tiles",
            StepId::StoreAccumulator => "store_accumulator",
            StepId::Syncthreads => "syncthreads",
            StepId::ReducePartials => "reduce_partials",
            StepId::Dequantize => "dequantize",
            StepId::WriteOutput => "write_output",
        }
    }

    /// The step with this id, if the chapter knows it.
    pub fn from_id(id: &str) -> Option<StepId> {
        StepId::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// Why typed activation text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VectorError {
    /// Wrong number of values.
    Count(usize),
    /// A value that is not a number (the text, shortened).
    NotANumber(String),
    /// A value too large in magnitude or not finite.
    OutOfRange(String),
}

/// Parses the activation vector: exactly [`limits::X_LEN`] finite numbers, commas or spaces
/// between them.
pub fn parse_vector(text: &str) -> Result<Vec<f32>, VectorError> {
    let parts: Vec<&str> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() != limits::X_LEN {
        return Err(VectorError::Count(parts.len()));
    }
    parts
        .iter()
        .map(|p| {
            let short: String = p.chars().take(16).collect();
            let cleaned = p.replace('−', "-");
            // Parsed as f64 (the parser every chapter shares, no second copy for f32) and rounded
            // to f32: the f32 parse's value, except for a text built to lie within 2⁻⁵³ of the
            // midpoint of two f32 values (far more digits than an f32 holds).
            match cleaned.parse::<f64>() {
                Ok(v) if v.is_finite() && v.abs() <= f64::from(limits::X_MAX_ABS) => Ok(v as f32),
                Ok(_) => Err(VectorError::OutOfRange(short)),
                Err(_) => Err(VectorError::NotANumber(short)),
            }
        })
        .collect()
}

/// The canonical text of a vector (what the URL carries).
pub fn format_vector(x: &[f32]) -> String {
    x.iter()
        .map(|v| format!("{v}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// The example's weight matrix, `rows × cols`, from `seed`: [`SplitMix64`] values in [−1, 1)
/// rounded to two decimals (so the reader can check the arithmetic by hand).
pub fn seeded_weights(seed: u64, rows: usize, cols: usize) -> Vec<f32> {
    let mut rng = SplitMix64::new(seed);
    (0..rows * cols)
        .map(|_| (rng.f64_in(-1.0, 1.0) * 100.0).round() as f32 / 100.0)
        .collect()
}

impl TcInputs {
    /// The kernel launch as plain data (may be invalid; [`W8a8Gemv::validate`] says).
    pub fn kernel(&self) -> W8a8Gemv {
        let narrow = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
        W8a8Gemv {
            k: narrow(self.k),
            n: narrow(self.n),
            warps_per_block: narrow(self.warps),
        }
    }

    /// The selected lane, if any.
    pub fn selected_lane(&self) -> Option<u32> {
        u32::try_from(self.lane).ok()
    }

    /// The selected element `(row, col)`, if any.
    pub fn selected_cell(&self) -> Option<(u32, u32)> {
        Some((u32::try_from(self.row).ok()?, u32::try_from(self.col).ok()?))
    }
}

/// The fragment map part of the outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct FragmentView {
    /// Element type of the operand shown (the accumulator's follows from the input type).
    pub element: ElementType,
    /// The layout, or why there is none.
    pub layout: Result<FragmentLayout, LayoutError>,
    /// The selected lane's `x[i]`: index, (row, col), register.
    pub lane_slots: Vec<(u32, (u32, u32), RegisterPosition)>,
    /// The selected element inside the tile, if any.
    pub cell: Option<(u32, u32)>,
    /// The slots holding it, with their registers.
    pub cell_slots: Vec<(FragmentSlot, RegisterPosition)>,
}

/// The launch part of the outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct LaunchView {
    /// The launch as asked.
    pub kernel: W8a8Gemv,
    /// Ok, or why the kernel cannot run this shape.
    pub valid: Result<(), W8a8Error>,
    /// Roofline placement on the A100 (INT8 Tensor roof, course values).
    pub a100: Option<Placement>,
    /// The same on the H100.
    pub h100: Option<Placement>,
    /// Global loads of the whole kernel.
    pub loads: GlobalLoads,
    /// The GEMV on each legal WMMA int8 tile shape.
    pub tile_costs: Vec<(WmmaIntShape, Option<TileCost>)>,
}

/// The quantisation example, every stage.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantView {
    /// Activations.
    pub x: Vec<f32>,
    /// Weights, row-major `[rows][X_LEN]`.
    pub w: Vec<f32>,
    /// Quantised activations.
    pub qx: Vec<i8>,
    /// Activation scale.
    pub s_x: f32,
    /// Quantised weights and their per-row scales.
    pub qw: QuantizedWeights,
    /// Integer dot products, dequantised FP32 and FP16 outputs.
    pub out: GemvOutput,
    /// Float reference.
    pub reference: Vec<f64>,
    /// Error bound per output.
    pub bounds: Vec<ErrorBound>,
}

/// Everything the chapter shows, computed in one place from the inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct TcOutputs {
    /// The fragment map.
    pub fragment: FragmentView,
    /// The launch numbers.
    pub launch: LaunchView,
    /// One warp's K-tile iteration and the epilogue, or why it cannot be traced.
    pub trace: Result<Vec<KernelStep>, W8a8Error>,
    /// The quantisation example.
    pub quant: Result<QuantView, W8a8Error>,
}

/// The element type of `operand` when A and B hold `input`: the input itself, or the first
/// accumulator type the instruction offers for it. Err (from the model) when `shape` does not
/// take `input` at all.
pub fn operand_element(
    shape: MmaShape,
    operand: Operand,
    input: ElementType,
) -> Result<ElementType, LayoutError> {
    match operand {
        Operand::A | Operand::B => Ok(input),
        Operand::Accumulator => match accumulator_types(shape, input).first() {
            Some(&acc) => Ok(acc),
            None => fragment_layout(shape, Operand::A, input).map(|_| input),
        },
    }
}

fn compute_fragment(inputs: &TcInputs) -> FragmentView {
    let result = operand_element(inputs.shape, inputs.op, inputs.el);
    let element = *result.as_ref().unwrap_or(&inputs.el);
    let layout = result.and_then(|e| fragment_layout(inputs.shape, inputs.op, e));
    let (mut lane_slots, mut cell, mut cell_slots) = (Vec::new(), None, Vec::new());
    if let Ok(l) = &layout {
        if let Some(lane) = inputs.selected_lane() {
            lane_slots = l
                .lane_elements(lane)
                .into_iter()
                .zip(0u32..)
                .filter_map(|(rc, index)| {
                    let reg = l.register_of(FragmentSlot { lane, index })?;
                    Some((index, rc, reg))
                })
                .collect();
        }
        cell = inputs
            .selected_cell()
            .filter(|&(r, c)| r < l.rows() && c < l.cols());
        if let Some((r, c)) = cell {
            cell_slots = l
                .slots_of(r, c)
                .into_iter()
                .filter_map(|s| Some((s, l.register_of(s)?)))
                .collect();
        }
    }
    FragmentView {
        element,
        layout,
        lane_slots,
        cell,
        cell_slots,
    }
}

fn compute_launch(inputs: &TcInputs) -> LaunchView {
    let kernel = inputs.kernel();
    let valid = kernel.validate();
    let ok = valid.is_ok();
    let place = |g: GpuSpec| {
        if ok {
            kernel.roofline(&g, ValueSource::Course)
        } else {
            None
        }
    };
    LaunchView {
        kernel,
        valid,
        a100: place(GpuSpec::a100_sxm()),
        h100: place(GpuSpec::h100_sxm()),
        loads: kernel.global_loads(),
        tile_costs: shapes()
            .into_iter()
            .map(|s| (s, kernel.tile_cost(&s)))
            .collect(),
    }
}

fn compute_quant(inputs: &TcInputs) -> Result<QuantView, W8a8Error> {
    // `x` is canonical after `from_query` and the typed-text check; fall back if not.
    let x = parse_vector(&inputs.x)
        .or_else(|_| parse_vector(DEFAULT_X))
        .unwrap_or_default();
    let rows = limits::W_ROWS;
    let w = seeded_weights(inputs.seed, rows, x.len());
    let (qx, s_x) = quantize_symmetric(&x);
    let qw = quantize_per_channel(&w, rows, x.len())?;
    let out = w8a8_gemv(&qw, &qx, s_x)?;
    let reference = gemv_reference(&w, &x, rows)?;
    let bounds = error_bound(&w, &x, &qw, s_x)?;
    Ok(QuantView {
        x,
        w,
        qx,
        s_x,
        qw,
        out,
        reference,
        bounds,
    })
}

/// The whole chapter as a pure function of its inputs.
pub fn compute(inputs: &TcInputs) -> TcOutputs {
    let narrow = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    TcOutputs {
        fragment: compute_fragment(inputs),
        launch: compute_launch(inputs),
        trace: inputs
            .kernel()
            .trace(narrow(inputs.block), narrow(inputs.warp), narrow(inputs.kt)),
        quant: compute_quant(inputs),
    }
}

impl ChapterInputs for TcInputs {
    /// Reads a permalink's query; never panics; unknown/bad values become notices.
    fn from_query(query: &str) -> (TcInputs, Vec<Notice>) {
        use limits::*;
        let d = TcInputs::default();
        let mut r = QueryReader::parse(query);
        let raw_x: String = r.choice(key::X, d.x.clone());
        let shape_slugs: Vec<&str> = MmaShape::ALL.iter().map(|s| s.slug()).collect();
        let op_slugs: Vec<&str> = Operand::ALL.iter().map(|o| o.slug()).collect();
        let shape = r.one_of(key::SHAPE, d.shape.slug(), &shape_slugs);
        let op = r.one_of(key::OP, d.op.slug(), &op_slugs);
        let mut inputs = TcInputs {
            k: r.num(key::K, d.k, DIM.0, DIM.1),
            n: r.num(key::N, d.n, DIM.0, DIM.1),
            warps: r.num(key::WARPS, d.warps, WARPS.0, WARPS.1),
            shape: MmaShape::from_slug(&shape).unwrap_or(d.shape),
            op: Operand::from_slug(&op).unwrap_or(d.op),
            el: r.parsed(key::EL, d.el, element::parse),
            lane: r.num(key::LANE, d.lane, SELECT.0, SELECT.1),
            row: r.num(key::ROW, d.row, SELECT.0, SELECT.1),
            col: r.num(key::COL, d.col, SELECT.0, SELECT.1),
            block: r.num(key::BLOCK, d.block, INDEX.0, INDEX.1),
            warp: r.num(key::WARP, d.warp, WARP_INDEX.0, WARP_INDEX.1),
            kt: r.num(key::KT, d.kt, INDEX.0, INDEX.1),
            step: r.num(key::STEP, d.step, STEP.0, STEP.1),
            x: d.x.clone(),
            seed: r.num(key::SEED, d.seed, SEED.0, SEED.1),
        };
        let mut notices = r.finish();
        match parse_vector(&raw_x) {
            Ok(x) => inputs.x = format_vector(&x),
            Err(_) => notices.push(Notice::Unparsable {
                key: key::X.into(),
                value: raw_x.chars().take(40).collect(),
            }),
        }
        (inputs, notices)
    }

    /// The query string for this state (only non-default values).
    fn to_query(&self) -> String {
        to_query(self, &TcInputs::default())
    }
}

/// The chapter's reactive state: one signal of inputs and one memo per section's outputs, each
/// over only the inputs it reads, so that moving one section's slider re-renders that section
/// alone (a memo notifies its readers only when its value changes).
#[derive(Clone, Copy)]
pub struct TcState {
    /// Every input.
    pub inputs: UrlInputs<TcInputs>,
    /// [`TcOutputs::fragment`] (shape, operand, element, lane, row, col).
    pub fragment: Memo<FragmentView>,
    /// [`TcOutputs::launch`] (the kernel's K, N, warps).
    pub launch: Memo<LaunchView>,
    /// [`TcOutputs::trace`] (the kernel, block, warp, K tile).
    pub trace: Memo<Result<Vec<KernelStep>, W8a8Error>>,
    /// [`TcOutputs::quant`] (x, seed).
    pub quant: Memo<Result<QuantView, W8a8Error>>,
    /// The step shown (the URL's `step`).
    pub step: Memo<u64>,
    /// The selected lane ([`TcInputs::selected_lane`]).
    pub lane: Memo<Option<u32>>,
    /// The fragment map's layout ([`FragmentView::layout`]).
    pub layout: Memo<Result<FragmentLayout, LayoutError>>,
    /// Whether the map shows the course kernel's own tiles ([`is_course_tile`]).
    pub course: Memo<bool>,
}

/// `true` when the map shows the course kernel's own tiles (WMMA m16n16k16 with 8-bit inputs).
pub fn is_course_tile(i: &TcInputs) -> bool {
    i.shape == MmaShape::WmmaM16N16K16 && matches!(i.el, ElementType::S8 | ElementType::U8)
}

impl TcState {
    /// State starting from `inputs`.
    pub fn new(inputs: UrlInputs<TcInputs>) -> Self {
        let narrow = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
        // Each output follows only the inputs it reads (shell `UrlInputs::keyed`).
        let kernel = inputs.part(TcInputs::kernel);
        let trace_at = inputs.part(move |i| (narrow(i.block), narrow(i.warp), narrow(i.kt)));
        let fragment = inputs.keyed(
            |i| (i.shape, i.op, i.el, i.lane, i.row, i.col),
            compute_fragment,
        );
        // Function pointers: one memo type per value type, shared with the sliders' parts.
        let step: fn(&TcInputs) -> u64 = |i| i.step;
        let course: fn(&TcInputs) -> bool = is_course_tile;
        TcState {
            inputs,
            fragment,
            launch: Memo::new(move |_| {
                // Read (not only tracked), so that the input memo runs and follows the inputs.
                kernel.with(|_| ());
                inputs.with_untracked(compute_launch)
            }),
            trace: Memo::new(move |_| {
                let (block, warp, kt) = trace_at.get();
                kernel.with(|k| k.trace(block, warp, kt))
            }),
            quant: inputs.keyed(|i| (i.x.clone(), i.seed), compute_quant),
            step: inputs.part(step),
            lane: inputs.part(TcInputs::selected_lane),
            layout: Memo::new(move |_| fragment.with(|f| f.layout.clone())),
            course: inputs.part(course),
        }
    }

    /// Everything derived, as [`compute`] gives it (tracked).
    pub fn outputs(&self) -> TcOutputs {
        TcOutputs {
            fragment: self.fragment.get(),
            launch: self.launch.get(),
            trace: self.trace.get(),
            quant: self.quant.get(),
        }
    }
}

#[cfg(test)]
mod tests;
