//! The coalescing chapter's words, in both languages (course 001 §4, "one warp, one
//! instruction"; the H200 measurements of `tests/fixtures/coalescing_h200.json`).

// `trf!` binds each `name = value` argument with a `let`; `lane = lane` is its intended form.
#![allow(clippy::redundant_locals)]

use super::state::CoalescingPreset;
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};
use crate::ui::shared::access::text::PresetText;

pub const TITLE: Tr = tr("Coalescing", "合并访存");
pub const INTRO: [Tr; 2] = [
    tr(
        "When a [[warp]] executes one load instruction from [[global memory|global-memory]], each of its 32 [[lanes|lane]] supplies an address, and the hardware [[merges them|coalescing]] into as few memory transactions as it can. Since compute capability 6.0 the unit is the 32-byte [[sector]]; a 128-byte [[cache line|cache-line]] is four sectors. If the 32 lanes' 4-byte addresses are exactly 128 contiguous, aligned bytes, the warp's one [[request]] needs 4 sectors: one line, 100 % of the bytes moved are used.",
        "一个 [[warp]] 执行一条从[[全局内存|global-memory]]读取的 load 指令时，32 个 [[lane]] 各自给出一个地址，硬件把这些地址[[合并|coalescing]]成尽量少的内存事务。现代 GPU（CC 6.0+）的粒度是 32 字节的 [[sector]]，128 字节的 [[cache line|cache-line]] 由 4 个 sector 组成。如果 32 个 lane 的 4 字节地址恰好是连续对齐的 128 字节，这一次[[请求|request]]只需 4 个 sector：一条 line，搬运的字节 100 % 有用。",
    ),
    tr(
        "If the addresses scatter over 32 different sectors, 32 sectors = 1024 bytes move to deliver 128 useful bytes: the effective bandwidth drops to 1/8 (not the often-quoted 1/32, which counts whole 128-byte lines, the old view). Pick an example, change the element size, stride and offset, or type your own index formula; click or tab to a lane to follow its address.",
        "如果地址散落在 32 个不同的 sector 上，就要搬 32 个 sector = 1024 字节来拿 128 字节有用数据，有效带宽掉到 1/8（不是常说的 1/32——那是按 128 B cache line 数的老口径）。选择示例，改变元素大小、步长和偏移，或输入自己的下标公式；点击（或用 Tab 聚焦）某个 lane，可追踪它的地址。",
    ),
];

pub const NUMBERS: Tr = tr("The numbers", "数字与算式");
pub const LEGACY_TITLE: Tr = tr(
    "The legacy view: half- and quarter-warp transactions",
    "老口径：按半个 / 四分之一 warp 计事务",
);
pub const LEGACY_NOTE: Tr = tr(
    "Older guides (compute capability 3.x) describe 8-byte accesses as two requests, one per half-warp, and 16-byte accesses as four, one per quarter-warp, each counted in 128-byte lines. That is not what current GPUs report: on the H200 every warp-level load counted as exactly 1 request (l1tex__t_requests), float4 and scattered loads included, and the traffic is the sectors above. The table shows the old split for comparison.",
    "较早的文档（CC 3.x）把 8 字节访存描述为按半个 warp 各发一次请求（共 2 次），16 字节按四分之一 warp 各发一次（共 4 次），并以 128 字节 line 计事务。这不是现代 GPU 的计数方式：在 H200 上实测，每条 warp 级 load 都恰好是 1 个请求（l1tex__t_requests），float4 和散乱访问也一样，流量就是上面的 sector 数。下表只是把老口径列出来作对比。",
);
pub const MEASURED_NOTE: Tr = tr(
    "Requests and sectors match Nsight Compute on an H200 for every pattern measured (l1tex__t_requests and l1tex__t_sectors for global loads). The output wavefronts, ⌈lines / 4⌉, are an empirical fit to those 24 measurements, not a documented rule.",
    "请求数与 sector 数和 H200 上 Nsight Compute 的实测（全局 load 的 l1tex__t_requests、l1tex__t_sectors）在所有测过的模式上一致。输出 wavefront 数 ⌈lines / 4⌉ 只是对这 24 个实测的经验拟合，不是文档规定。",
);
pub const DATA_TABLE: Tr = tr(
    "Data table of the figure (for screen readers)",
    "图中数据表（供读屏软件使用）",
);

/// Title and description of each preset of [`crate::model::access::COALESCING_PRESETS`].
pub fn preset_text(p: CoalescingPreset) -> PresetText {
    use CoalescingPreset as P;
    let (title, description) = match p {
        P::UnitStride => (tr("Unit stride", "单位步长"),
            tr("Lane i reads float i: 128 contiguous, aligned bytes = 4 sectors, 100 % efficiency.", "lane i 读第 i 个 float：连续对齐的 128 字节 = 4 个 sector，效率 100 %。"),),
        P::CourseScattered => (tr("Scattered (one sector per lane)", "散乱（每个 lane 一个 sector）"),
            tr("The course's scattered case: every lane lands in its own 32-byte sector (here 128 bytes apart), so 32 sectors = 1024 bytes move for 128 useful bytes, 1/8 efficiency. Counting whole 128-byte lines, the legacy view, would say 1/32.", "课程中的散乱情形：每个 lane 落在各自的 32 字节 sector 上（这里相距 128 字节），搬 32 个 sector = 1024 字节才拿到 128 字节有用数据，效率 1/8。按整条 128 字节 line 计的老口径会说 1/32。"),),
        P::Misaligned4b => (tr("Unit stride, misaligned by 4 B", "单位步长，错位 4 字节"),
            tr("The same 128 bytes shifted by one float: they straddle a sector (and line) boundary, so 5 sectors move, 80 % efficiency.", "同样的 128 字节整体后移一个 float：跨过了 sector（和 line）边界，要搬 5 个 sector，效率 80 %。"),),
        P::Stride2 => (tr("Stride 2", "步长 2"),
            tr("Lane i reads float 2i: every other float, 8 sectors, 50 % efficiency.", "lane i 读第 2i 个 float：隔一个读一个，8 个 sector，效率 50 %。"),),
        P::Stride8 => (tr("Stride 8", "步长 8"),
            tr("Lane i reads float 8i: 32 bytes apart, one sector per lane, 32 sectors, 12.5 %.", "lane i 读第 8i 个 float：相距 32 字节，每个 lane 一个 sector，共 32 个，效率 12.5 %。"),),
        P::Stride32 => (tr("Stride 32", "步长 32"),
            tr("Lane i reads float 32i: 128 bytes apart, one sector and one line per lane, 32 sectors, 12.5 %.", "lane i 读第 32i 个 float：相距 128 字节，每个 lane 一个 sector、一条 line，共 32 个 sector，效率 12.5 %。"),),
        P::Broadcast => (tr("Broadcast", "广播"),
            tr("Every lane reads the same float: one sector serves the whole warp.", "所有 lane 读同一个 float：一个 sector 服务整个 warp。"),),
        P::Float2Unit => (tr("float2, unit stride", "float2，单位步长"),
            tr("Lane i reads 8 bytes at 8i: 256 contiguous bytes = 8 sectors, 100 %.", "lane i 在 8i 处读 8 字节：连续 256 字节 = 8 个 sector，效率 100 %。"),),
        P::Float4Unit => (tr("float4, unit stride", "float4，单位步长"),
            tr("Lane i reads 16 bytes at 16i: 512 contiguous bytes = 16 sectors, 100 %.", "lane i 在 16i 处读 16 字节：连续 512 字节 = 16 个 sector，效率 100 %。"),),
        P::AosXyz => (tr("Array of structs (x of xyz)", "结构体数组 AoS（xyz 中的 x）"),
            tr("struct { float x, y, z; } p[]; lane i reads p[i].x: 12 bytes apart, 12 sectors for 128 useful bytes, 33 %.", "struct { float x, y, z; } p[]；lane i 读 p[i].x：相距 12 字节，为 128 字节有用数据搬 12 个 sector，效率 33 %。"),),
        P::SoaX => (tr("Struct of arrays (x[])", "数组结构体 SoA（x[]）"),
            tr("struct { float x[N], y[N], z[N]; }; lane i reads x[i]: unit stride again, 4 sectors, 100 %.", "struct { float x[N], y[N], z[N]; }；lane i 读 x[i]：又回到单位步长，4 个 sector，效率 100 %。"),),
        P::MatrixRow => (tr("Row of a row-major matrix", "行主序矩阵的一行"),
            tr("Lane i reads M[5][i] of a 1024-column float matrix: contiguous, 4 sectors.", "lane i 读 1024 列 float 矩阵的 M[5][i]：连续，4 个 sector。"),),
        P::MatrixColumn => (tr("Column of a row-major matrix", "行主序矩阵的一列"),
            tr("Lane i reads M[i][3] of a 1024-column float matrix: 4 KiB apart, 32 sectors, 12.5 %.", "lane i 读 1024 列 float 矩阵的 M[i][3]：相距 4 KiB，32 个 sector，效率 12.5 %。"),),
        P::BoundaryCheck => (tr("Boundary check (i < n)", "边界检查（i < n）"),
            tr("The last warp of a launch with n % 32 = 20: lanes 20-31 fail i < n and stay inactive. 80 bytes in 3 sectors, 83 %.", "n % 32 = 20 时的最后一个 warp：lane 20–31 不满足 i < n，保持非活跃。80 字节落在 3 个 sector 里，效率 83 %。"),),
        P::RandomPermutation => (tr("Random permutation", "随机置换"),
            tr("Each lane reads a different float of the same 128 bytes in shuffled order: still 4 sectors, 100 %. Order inside a warp does not matter.", "每个 lane 以打乱的顺序读同一段 128 字节中的不同 float：仍是 4 个 sector，效率 100 %。warp 内的顺序无关紧要。"),),
    };
    PresetText { title, description }
}

/// The texts of the preset with this id (the controls' lookup: the id is mapped once to
/// [`CoalescingPreset`], whose texts are an exhaustive match).
pub fn preset(id: &str) -> Option<PresetText> {
    CoalescingPreset::from_id(id).map(preset_text)
}

// The numbers panel.
/// Formulas of the numbers panel in words.
pub const F_ACTIVE_LANES: Tr = tr(
    "popcount(active mask)",
    "popcount(active mask)，即活跃 lane 数",
);
pub const F_SECTORS: Tr = tr("distinct ⌊address / 32⌋", "不同的 ⌊地址 / 32⌋ 的个数");
pub const F_LINES: Tr = tr("distinct ⌊address / 128⌋", "不同的 ⌊地址 / 128⌋ 的个数");
pub const F_BYTES_MOVED: Tr = tr("sectors × 32 B", "sector 数 × 32 B");
pub const COL_QUANTITY: Tr = tr("Quantity", "量");
pub const COL_FORMULA: Tr = tr("Formula", "算式");
pub const COL_VALUE: Tr = tr("Value", "数值");
pub const ACTIVE_LANES: Tr = tr("Active lanes", "活跃 lane");
pub const BYTES_REQUESTED: Tr = tr("Bytes requested", "请求的字节");
pub const SECTORS: Tr = tr("Sectors", "sector 数");
pub const LINES: Tr = tr("Lines", "line 数");
pub const REQUESTS: Tr = tr("Requests", "请求数");
pub const REQUESTS_FORMULA: Tr = tr(
    "1 per warp instruction (measured on H200)",
    "每条 warp 指令 1 个（H200 实测）",
);
pub const BYTES_MOVED: Tr = tr("Bytes moved", "搬运的字节");
pub const BYTES_USED: Tr = tr("Distinct bytes used", "实际用到的字节（去重）");
pub const BYTES_USED_FORMULA: Tr = tr(
    "Σ bytes read in each sector",
    "Σ 每个 sector 中被读到的字节",
);
pub const EFFICIENCY: Tr = tr("Efficiency", "效率");
pub const WAVEFRONTS_FIT: Tr = tr("Output wavefronts (fit)", "输出 wavefront（拟合）");

/// Formula of the bytes requested.
pub fn bytes_requested_formula(lanes: usize, elem_bytes: u32, lang: Lang) -> String {
    trf!(
        lang,
        "active lanes × {w} B = {n} × {w}",
        "活跃 lane 数 × {w} B = {n} × {w}",
        w = elem_bytes,
        n = lanes,
    )
}

/// Formula of the output wavefronts.
pub fn wavefronts_fit_formula(lines: u32, lang: Lang) -> String {
    trf!(
        lang,
        "⌈lines / 4⌉ = ⌈{lines} / 4⌉, an empirical fit",
        "⌈lines / 4⌉ = ⌈{lines} / 4⌉，经验拟合",
        lines = lines,
    )
}

/// The note under the numbers when lanes share bytes.
pub fn broadcast_note(
    used: u64,
    requested: u64,
    moved: u64,
    share: &str,
    per_lane: &str,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "Lanes share bytes (a broadcast): {requested} requested bytes are only {used} distinct bytes, which one load delivers to every lane that asks for them. The efficiency counts each byte once: {used} used of {moved} moved = {share}, as the figure paints it (counting the shared bytes once per lane, {requested} / {moved}, would give {per_lane}).",
        "多个 lane 读同一批字节（广播）：{requested} 个请求字节其实只有 {used} 个不同字节，一次访存就把它们送给每个要它们的 lane。效率对每个字节只计一次：搬运的 {moved} 字节中用到 {used} 字节 = {share}，与图中着色一致（若按每个 lane 重复计算共享字节，{requested} / {moved} 会得到 {per_lane}）。",
        used = used,
        requested = requested,
        moved = moved,
        share = share,
        per_lane = per_lane,
    )
}

/// The efficiency row's formula: distinct bytes used over bytes moved.
pub fn efficiency_formula(used: u64, moved: u64, lang: Lang) -> String {
    trf!(
        lang,
        "distinct bytes used / moved = {used} / {moved}",
        "用到的不同字节 / 搬运字节 = {used} / {moved}",
        used = used,
        moved = moved,
    )
}

// The legacy panel.
pub const LEGACY_GROUP: Tr = tr("group", "分组");
pub const LEGACY_LANES: Tr = tr("lanes", "lane");
pub const LEGACY_LINES: Tr = tr("128-byte lines", "128 字节 line");
pub const LEGACY_SECTORS: Tr = tr("32-byte sectors", "32 字节 sector");
pub const LEGACY_REQUESTS: Tr = tr("Legacy requests", "老口径请求数");
pub const LEGACY_REQUESTS_FORMULA: Tr = tr("groups with an active lane", "含活跃 lane 的分组数");
pub const LEGACY_LINE_TRANSACTIONS: Tr = tr("Legacy line transactions", "老口径 line 事务数");
pub const LEGACY_LINE_TRANSACTIONS_FORMULA: Tr = tr("Σ lines per group", "Σ 各分组的 line 数");
pub const LEGACY_BYTES: Tr = tr("Bytes moved, line view", "按 line 计的搬运字节");
pub const LEGACY_EFFICIENCY: Tr = tr("Efficiency, line view", "按 line 计的效率");
pub const MEASURED_REQUESTS: Tr = tr("Requests measured on H200", "H200 实测请求数");

/// Name of a legacy request group of `lanes` lanes.
pub fn legacy_group(lanes: u32) -> Tr {
    match lanes {
        32 => tr("whole warp", "整个 warp"),
        16 => tr("half-warp", "半个 warp"),
        _ => tr("quarter-warp", "四分之一 warp"),
    }
}
