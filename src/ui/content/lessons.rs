//! The built-in lesson of classroom mode: the course from the chip to the roofline (course 000,
//! "A100 from chip to SIMT", then course 001, "hardware and roofline"), one step per idea, in
//! both languages. Each step's query was opened in its chapter and checked against its caption
//! (and `tests` below re-checks the numbers with the chapters' own models).
//!
//! Length: the built-in lesson, one step per idea in course order, in both languages; data read top
//! to bottom.

use crate::ui::content::lesson::{Advance, Lesson, Step, Text};
use crate::ui::i18n::{tr, Tr};

/// The id of the built-in lesson in a classroom link (`?lesson=course`).
pub const COURSE_ID: &str = "course";

/// One built-in step, as written here.
struct Built {
    chapter: &'static str,
    query: &'static str,
    focus: &'static str,
    highlight: &'static str,
    crop: &'static str,
    caption: Tr,
    notes: Tr,
    question: Option<(Tr, Tr)>,
    advance: Option<(&'static str, u32)>,
}

const fn step(chapter: &'static str, query: &'static str, caption: Tr, notes: Tr) -> Built {
    Built {
        chapter,
        query,
        focus: "",
        highlight: "",
        crop: "",
        caption,
        notes,
        question: None,
        advance: None,
    }
}

impl Built {
    const fn focus(mut self, focus: &'static str) -> Built {
        self.focus = focus;
        self
    }
    /// The part of the focus the step is about (see [`Step::crop`]); the caption names it.
    const fn crop(mut self, crop: &'static str) -> Built {
        self.crop = crop;
        self
    }
    const fn highlight(mut self, highlight: &'static str) -> Built {
        self.highlight = highlight;
        self
    }
    const fn ask(mut self, question: Tr, answer: Tr) -> Built {
        self.question = Some((question, answer));
        self
    }
    const fn advance(mut self, key: &'static str, last: u32) -> Built {
        self.advance = Some((key, last));
        self
    }
}

/// The lesson's title.
const TITLE: Tr = tr("From the chip to the roofline", "从芯片到 Roofline");

/// Rows 0–7 of the bank-conflict grid, with the lane strip and the bank numbers above them.
const BANK_ROWS_0_7: &str =
    "text.gx-mem__heading:first-of-type, .gx-lane, [data-testid=bank-row]:nth-of-type(-n+8)";
/// Rows 0–6 of the bank-conflict grid (a step with a question has less room).
const BANK_ROWS_0_6: &str =
    "text.gx-mem__heading:first-of-type, .gx-lane, [data-testid=bank-row]:nth-of-type(-n+7)";
/// The block-dispatch grid with its read-out and event line (the colour legend gives its room).
const DISPATCH_GRID: &str =
    ".gx-dispatch__stack, .gx-dispatch__readout, [data-testid=dispatch-event]";
/// The block-dispatch grid and its read-out (wave k of n, SMs idle): a step with a question has
/// no room for the event line as well.
const DISPATCH_GRID_READOUT: &str = ".gx-dispatch__stack, .gx-dispatch__readout";
/// The SM figure's L1 instruction cache and partitions 0–1 (its top row: 2 and 3 are the same).
const SM_PARTITIONS_0_1: &str = ".gx-sm > rect:first-of-type, .gx-sm > g:nth-of-type(-n+2)";
/// A divergence step's listing, the warp's 32 lanes and its active mask (the headings, the step
/// read-out and the legend give their room: C shows them).
const DIVERGENCE_LANES: &str = "[data-testid=listing], [data-testid=lanes], .gx-mask";
/// The roofline chart without its key (the notes name the numbered dots): the chart fills the
/// stage at its own text size.
const ROOFLINE_CHART: &str = ".gx-sfig";
/// Shared-memory rows 0–7 of the descriptor's map, with the bank numbers above them.
const DESC_ROWS_0_7: &str = "text.gx-wgm__axis, [data-testid=mrow-0], [data-testid=mrow-7]";
/// The drawing of a memory figure (coalescing, bank conflicts) without its frame and legend.
const MEMORY_DRAWING: &str = "[data-testid=figure] .gx-scroll-x";

const STEPS: &[Built] = &[
    // ── Chapter 1: the chip ──
    step(
        "chip",
        "",
        tr(
            "The full GA100 die has 128 SMs. The A100 you can buy enables 108 of them.",
            "完整的 GA100 芯片有 128 个 SM，而实际出售的 A100 只启用了其中 108 个。",
        ),
        tr(
            "Start with the whole die: 8 GPCs × 8 TPCs × 2 SMs = 128. Ask the room before revealing.",
            "先看整颗芯片：8 个 GPC × 8 个 TPC × 2 个 SM = 128。先让学生回答再揭晓。",
        ),
    )
    .ask(
        tr("Why does the A100 ship with 108 SMs instead of 128?", "为什么 A100 只启用 108 个 SM，而不是 128 个？"),
        tr(
            "Yield: a die this large almost always has a defect somewhere, so NVIDIA disables some TPCs. 54 of 64 TPCs = 108 of 128 SMs.",
            "良率：这么大的芯片几乎总有缺陷，所以 NVIDIA 屏蔽部分 TPC。64 个 TPC 启用 54 个 = 128 个 SM 启用 108 个。",
        ),
    ),
    step(
        "chip",
        "",
        tr(
            "One SM is four partitions (0 and 1 shown; 2 and 3 are the same). Each has its own warp scheduler, a 16K × 32-bit register slice, 16 FP32, 16 INT32, 8 FP64 units and 1 Tensor Core.",
            "一个 SM 分成 4 个处理分区（图中是分区 0 和 1，分区 2、3 与之相同），每个分区有自己的 warp 调度器、16K × 32 位寄存器、16 个 FP32、16 个 INT32、8 个 FP64 单元和 1 个 Tensor Core。",
        ),
        tr(
            "The four partitions are why a block of 128 threads (4 warps) keeps all four schedulers busy. The stage shows the L1 instruction cache and partitions 0–1 at reading size; press C for the whole SM.",
            "正因为有 4 个分区，一个 128 线程（4 个 warp）的 block 才能让 4 个调度器都有活干。画面以可读字号显示 L1 指令缓存和分区 0–1；按 C 查看完整的 SM。",
        ),
    )
    .focus("[data-testid=figure-sm]")
    .crop(SM_PARTITIONS_0_1)
    .ask(
        tr("How many FP32 lanes does one SM have? And the whole A100?", "一个 SM 有多少个 FP32 单元？整块 A100 呢？"),
        tr("4 × 16 = 64 per SM; 108 × 64 = 6,912 on the A100.", "每个 SM 4 × 16 = 64 个；A100 共 108 × 64 = 6,912 个。"),
    ),
    step(
        "chip",
        "",
        tr(
            "The memory hierarchy: registers, 192 KiB of L1/shared memory per SM, 40 MiB of L2, 80 GiB of HBM2e. Each level is larger and slower.",
            "存储层次：寄存器、每个 SM 192 KiB 的 L1/shared memory、40 MiB L2、80 GiB HBM2e。越往下容量越大、速度越慢。",
        ),
        tr(
            "Point at the latency columns: the rest of the course is about hiding or avoiding the bottom rows. The stage shows the table alone; the off-chip links are on the chapter's page (press C).",
            "指向延迟两栏：课程后面的内容都在讲如何隐藏或避开最下面几层的延迟。画面只显示这张表；片外互连见本章页面（按 C）。",
        ),
    )
    .focus("[data-testid=memory]")
    .crop(".gx-table-scroll"),
    // ── Chapter 2: grid, block, warp, lane ──
    step(
        "hierarchy",
        "bx=24&by=8",
        tr(
            "A 24 × 8 block: 192 threads, tid = x + 24·y, 6 warps of 32. Warp 0 is row 0 and the first 8 threads of row 1: warps straddle rows.",
            "24 × 8 的 block：192 个线程，tid = x + 24·y，共 6 个 warp。warp 0 是第 0 行加上第 1 行的前 8 个线程：warp 跨行。",
        ),
        tr(
            "Warps are cut from the linear thread id, x fastest. With a 16- or 32-wide block each warp is whole rows; with 24 it is not, and a branch on threadIdx.y splits warps.",
            "warp 按线性线程号切分，x 变化最快。block 宽 16 或 32 时每个 warp 恰好是整行；宽 24 时不是，按 threadIdx.y 分支就会把 warp 分开。",
        ),
    )
    .ask(
        tr("Which warp and lane is thread (x = 5, y = 1)?", "线程 (x = 5, y = 1) 属于哪个 warp、哪个 lane？"),
        tr("tid = 5 + 24 × 1 = 29: warp 0, lane 29.", "tid = 5 + 24 × 1 = 29：warp 0，lane 29。"),
    ),
    // ── Chapter 3: occupancy ──
    step(
        "occupancy",
        "",
        tr(
            "256 threads × 64 registers = 16,384 registers per block. 65,536 / 16,384 = 4 blocks per SM = 32 warps: 50 % occupancy.",
            "256 线程 × 64 寄存器 = 每个 block 16,384 个寄存器。65,536 / 16,384 = 每个 SM 4 个 block = 32 个 warp：占用率 50%。",
        ),
        tr(
            "The course's first occupancy example. The register bar is full; the warp slots are half empty.",
            "课程中第一个占用率例子。寄存器条已满，warp 槽位只用了一半。",
        ),
    )
    .ask(
        tr("Which resource limits this kernel?", "哪种资源限制了这个 kernel？"),
        tr("Registers: 4 blocks × 16,384 use all 65,536.", "寄存器：4 个 block × 16,384 用满了全部 65,536 个。"),
    ),
    step(
        "occupancy",
        "regs=128",
        tr(
            "128 registers per thread: only 2 blocks fit, 16 warps, 25 % occupancy.",
            "每线程 128 个寄存器：只能放下 2 个 block、16 个 warp，占用率 25%。",
        ),
        tr(
            "Doubling registers halves occupancy. Whether that hurts depends on latency hiding (the warp-scheduling chapter).",
            "寄存器翻倍，占用率减半。是否变慢取决于延迟能否被隐藏（见 warp 调度一章）。",
        ),
    )
    .ask(
        tr("How many warps per SM now?", "现在每个 SM 有多少个 warp？"),
        tr("2 blocks × 8 warps = 16 of 64: 25 %.", "2 个 block × 8 个 warp = 64 个中的 16 个：25%。"),
    ),
    step(
        "occupancy",
        "regs=32&smem=32768",
        tr(
            "A GEMM tile with 32 KiB of shared memory per block (+1 KiB the driver reserves): 167,936 / 33,792 → 4 blocks. Shared memory is the limiter.",
            "GEMM tile 每个 block 使用 32 KiB shared memory（驱动另保留 1 KiB）：167,936 / 33,792 → 4 个 block。限制因素是 shared memory。",
        ),
        tr(
            "The course says 5 blocks; the 1 KiB per-block reserve of cuda_occupancy.h makes it 4.",
            "课程里算的是 5 个；cuda_occupancy.h 中每个 block 保留的 1 KiB 使结果变为 4 个。",
        ),
    ),
    // ── Chapter 3: dispatch ──
    step(
        "dispatch",
        "grid=432&event=0",
        tr(
            "4 blocks per SM × 108 SMs = 432 blocks: exactly one full wave.",
            "每个 SM 4 个 block × 108 个 SM = 432 个 block：正好一个满波。",
        ),
        tr(
            "Event 1: every SM starts 4 blocks at once. Press → for event 2: they all finish together.",
            "事件 1：每个 SM 同时开始 4 个 block。按 → 看事件 2：它们一起结束。",
        ),
    )
    .crop(DISPATCH_GRID)
    .highlight("[data-testid=dispatch-event]")
    // Events: the launch (cycle 0) and the end of the wave (cycle 10,000).
    .advance("event", 1),
    step(
        "dispatch",
        "threads=1024&grid=109&event=0",
        tr(
            "1,024 threads × 64 registers fill an SM: 1 block per SM. 109 blocks on 108 SMs → 2 waves; the second runs one block while 107 SMs idle.",
            "1,024 线程 × 64 寄存器占满一个 SM：每个 SM 1 个 block。108 个 SM 上跑 109 个 block → 2 个波次；第二波只有 1 个 block，另外 107 个 SM 空闲。",
        ),
        tr(
            "The tail wave: one block too many doubles the run time. Press → once per event: 108 blocks start; 108 finish as the 109th starts; it finishes alone. The line under the grid counts the waves and the idle SMs.",
            "尾波：多出一个 block，运行时间翻倍。每按一次 → 前进一个事件：108 个 block 开始；108 个结束时第 109 个开始；它独自结束。网格下方一行给出当前波次和空闲 SM 数。",
        ),
    )
    .crop(DISPATCH_GRID_READOUT)
    .highlight("[data-testid=dispatch-readout]")
    // Events: cycle 0, 10,000 (wave 1 ends, the tail starts) and 20,000.
    .advance("event", 2)
    .ask(
        tr("How long does this grid take compared with 108 blocks?", "与 108 个 block 相比，这个 grid 要跑多久？"),
        tr(
            "About twice as long: the 109th block runs alone in a second wave.",
            "大约两倍：第 109 个 block 独自在第二个波次里运行。",
        ),
    ),
    step(
        "dispatch",
        "threads=128&regs=48&smem=6144&grid=256",
        tr(
            "The course's W8A8 GEMV: 256 blocks of 128 threads, all in a single wave.",
            "课程中的 W8A8 GEMV：256 个 128 线程的 block，一个波次全部放下。",
        ),
        tr(
            "We meet this kernel again in the Tensor Core chapter (its fragments) and on the roofline (its point).",
            "在 Tensor Core 一章（fragment）和 Roofline 一章（图上的点）还会再见到这个 kernel。",
        ),
    ),
    // ── Chapter 4: scheduling ──
    step(
        "scheduling",
        "",
        tr(
            "Memory latency L = 600 cycles, k = 10 independent instructions per load: each scheduler needs about L / k = 60 warps to stay busy.",
            "访存延迟 L = 600 个周期，每次 load 之后有 k = 10 条独立指令：每个调度器大约需要 L / k = 60 个 warp 才能不空闲。",
        ),
        tr(
            "The course's rule of thumb. Each warp issues k instructions, then waits L cycles. The chart: utilisation against resident warps; 4 · L / k = 240 warps per SM would be needed, the A100 holds 64 (29 %).",
            "课程中的经验公式。每个 warp 发射 k 条指令后等待 L 个周期。图中是发射槽利用率随驻留 warp 数的变化：每个 SM 需要 4 · L / k = 240 个 warp，而 A100 最多 64 个（29%）。",
        ),
    )
    .focus("[data-testid=sweep] .gx-figure")
    .ask(
        tr(
            "An A100 SM holds at most 64 warps, 16 per scheduler. Can it reach 60?",
            "A100 一个 SM 最多驻留 64 个 warp，每个调度器 16 个。能达到 60 吗？",
        ),
        tr(
            "No: 16 < 60. This loop cannot hide the latency with warps alone; it needs more independent work per load (ILP).",
            "不能：16 < 60。仅靠 warp 数无法隐藏这个延迟，需要每次 load 之后有更多独立指令（ILP）。",
        ),
    ),
    step(
        "scheduling",
        "w=8",
        tr(
            "With only 8 resident warps (2 per scheduler) the issue slots stay mostly empty.",
            "只有 8 个驻留 warp（每个调度器 2 个）时，发射槽大部分是空的。",
        ),
        tr(
            "Low occupancy plus long latency: the schedulers have nothing ready to issue. Press → to move the cursor 4 cycles at a time through the first 32 cycles: each scheduler issues its 2 warps' instructions, then nothing is ready until the loads return near cycle 600. After cycle 32, → goes on to the next step.",
            "低占用率加长延迟：调度器没有就绪的 warp 可发射。按 → 让光标每次前进 4 个周期，走完前 32 个周期：每个调度器发射完它 2 个 warp 的指令后，直到 load 在约第 600 个周期返回前都没有就绪的 warp。过了第 32 个周期，→ 进入下一步。",
        ),
    )
    .highlight("[data-testid=cycle-info]")
    // The cursor moves 4 cycles a press: the first 32 cycles (the issue burst and the first
    // idle slots) in 8 presses; the rest of the 1200 is on screen without stepping through it.
    .advance("step", 8),
    step(
        "scheduling",
        "k=40",
        tr(
            "k = 40: L / k = 15 warps per scheduler, within the 16 an A100 scheduler holds: 64 resident warps now hide the latency.",
            "k = 40：L / k = 每个调度器 15 个 warp，不超过 A100 每个调度器的 16 个：64 个驻留 warp 现在能隐藏延迟。",
        ),
        tr(
            "More independent work per load lowers the number of warps needed: on the chart, utilisation reaches 100 % at 4 · L / k = 60 resident warps.",
            "每次 load 之后的独立工作越多，所需的 warp 越少：图中利用率在 4 · L / k = 60 个驻留 warp 时达到 100%。",
        ),
    )
    .focus("[data-testid=sweep] .gx-figure"),
    // ── Chapter 5: divergence ──
    step(
        "divergence",
        "preset=odd-even",
        tr(
            "if (threadIdx.x % 2 == 0): the even lanes (mask 0x55555555) and the odd lanes (mask 0xAAAAAAAA) run their paths one after the other.",
            "if (threadIdx.x % 2 == 0)：偶数 lane（mask 0x55555555）和奇数 lane（mask 0xAAAAAAAA）先后执行各自的分支。",
        ),
        tr(
            "Press → to step one instruction at a time; watch the active mask. Shown: the listing, the warp's 32 lanes and its active mask (C: the step read-out and the legend).",
            "按 → 逐条指令前进，观察 active mask 的变化。图中显示代码、warp 的 32 个 lane 和 active mask（按 C 查看步骤说明和图例）。",
        ),
    )
    .crop(DIVERGENCE_LANES)
    .highlight("[data-testid=mask-hex]")
    .advance("step", 4)
    .ask(
        tr("What fraction of the lanes does useful work inside the branch?", "分支内部有多少比例的 lane 在做有效工作？"),
        tr("Half: 16 of 32 lanes on each path.", "一半：每条路径上 32 个 lane 中只有 16 个。"),
    ),
    step(
        "divergence",
        "preset=warp-aligned",
        tr(
            "Split the same work by (threadIdx.x / 32) % 2: all 32 lanes of a warp agree, so no warp diverges.",
            "改用 (threadIdx.x / 32) % 2 划分同样的工作：一个 warp 的 32 个 lane 条件一致，没有 warp 分歧。",
        ),
        tr(
            "Divergence is about lanes of one warp, not threads of a block. Press → to step: the warp's 32 lanes take the same path together, so its mask stays 0xffffffff. Shown: the listing, the 32 lanes and the active mask.",
            "分歧只发生在同一个 warp 的 lane 之间，而不是整个 block 的线程之间。按 → 逐步执行：warp 的 32 个 lane 一起走同一条路径，mask 始终是 0xffffffff。图中显示代码、32 个 lane 和 active mask。",
        ),
    )
    .crop(DIVERGENCE_LANES)
    .advance("step", 3),
    step(
        "divergence",
        "preset=bounds-check",
        tr(
            "A boundary check i < n with n = 1000: only the warp holding i = 992…1023 diverges.",
            "边界检查 i < n，n = 1000：只有包含 i = 992…1023 的那个 warp 会分歧。",
        ),
        tr(
            "The usual `if (i < n)` costs almost nothing: one warp out of 32. Press → twice: inside the if, lanes 0–7 (i = 992…999) run and lanes 8–31 wait, mask 0x000000ff. Shown: this warp's listing, 32 lanes and active mask.",
            "常见的 `if (i < n)` 几乎没有代价：32 个 warp 中只有 1 个分歧。按两次 →：进入 if 后，lane 0–7（i = 992…999）执行，lane 8–31 等待，mask 为 0x000000ff。图中显示这个 warp 的代码、32 个 lane 和 active mask。",
        ),
    )
    .crop(DIVERGENCE_LANES)
    .advance("step", 2),
    // ── Chapter 6: coalescing ──
    step(
        "coalescing",
        "",
        tr(
            "Stride 1, 4-byte floats: 32 lanes × 4 B = 128 B = 4 sectors of 32 B. 100 % efficiency.",
            "步长 1、4 字节 float：32 个 lane × 4 B = 128 B = 4 个 32 B sector。效率 100%。",
        ),
        tr(
            "Coalesced: neighbouring lanes read neighbouring addresses.",
            "合并访存：相邻 lane 读取相邻地址。",
        ),
    ),
    step(
        "coalescing",
        "preset=stride-2",
        tr(
            "Stride 2: the same 128 B requested now spans 256 B: 8 sectors, 50 % efficiency.",
            "步长 2：同样请求 128 B，却跨越 256 B：8 个 sector，效率 50%。",
        ),
        tr(
            "Half of every sector moved is thrown away.",
            "每个搬运的 sector 有一半被浪费。",
        ),
    )
    .ask(
        tr("How many sectors would stride 32 need?", "步长为 32 时需要多少个 sector？"),
        tr(
            "32: every lane in its own sector; 1,024 B moved for 128 B used, 12.5 %.",
            "32 个：每个 lane 各占一个 sector；搬运 1,024 B 只用了 128 B，效率 12.5%。",
        ),
    ),
    step(
        "coalescing",
        "preset=stride-32",
        tr(
            "Stride 32: each lane touches its own sector. 32 sectors, 12.5 % efficiency. (Lines 0–7 of 32 shown.)",
            "步长 32：每个 lane 各占一个 sector。32 个 sector，效率 12.5%。（图中显示 32 条 line 中的第 0–7 条。）",
        ),
        tr(
            "Typical of reading a column of a row-major matrix. The stage shows the first 8 of the 32 lines at reading size; press C for the whole figure.",
            "按列读取行主序矩阵就是这种情况。画面以可读字号只显示 32 条 line 中的前 8 条；按 C 查看完整图。",
        ),
    )
    .focus(MEMORY_DRAWING)
    .crop("text.gx-mem__heading:first-of-type, .gx-lane, [data-testid=line]:nth-of-type(-n+9)"),
    // ── Chapter 7: bank conflicts ──
    step(
        "bank-conflicts",
        "",
        tr(
            "Shared memory has 32 banks of 4 bytes. Stride 1: each lane in its own bank, 1 wavefront.",
            "shared memory 有 32 个 4 字节 bank。步长 1：每个 lane 各用一个 bank，1 个 wavefront。",
        ),
        tr(
            "Bank = (byte address / 4) mod 32.",
            "bank = (字节地址 / 4) mod 32。",
        ),
    ),
    step(
        "bank-conflicts",
        "preset=tile-column",
        tr(
            "Reading a column of float tile[32][32]: every element sits in the same bank. 32-way conflict, 32 wavefronts. (Rows 0–6 of 32 shown.)",
            "读取 float tile[32][32] 的一列：所有元素都在同一个 bank。32 路冲突，32 个 wavefront。（图中显示 32 行中的第 0–6 行。）",
        ),
        tr(
            "Row r, column c is word 32·r + c: the bank is c for every r. The stage shows rows 0–6 of the 32 at reading size (the question leaves less room); press C for the whole grid.",
            "第 r 行第 c 列是第 32·r + c 个字：无论 r 是多少，bank 都是 c。画面以可读字号只显示 32 行中的第 0–6 行（问题占去了一些空间）；按 C 查看完整网格。",
        ),
    )
    .focus(MEMORY_DRAWING)
    .crop(BANK_ROWS_0_6)
    .ask(
        tr("How would you remove the conflict?", "如何消除这个冲突？"),
        tr(
            "Pad each row by one float: tile[32][33]. Word 33·r + c puts row r in bank (r + c) mod 32.",
            "每行多填充一个 float：tile[32][33]。第 33·r + c 个字让第 r 行落在 bank (r + c) mod 32。",
        ),
    ),
    step(
        "bank-conflicts",
        "preset=tile-column-padded",
        tr(
            "tile[32][33]: the +1 padding shifts each row by one bank. 32 different banks, 1 wavefront. (Rows 0–7 of 32 shown.)",
            "tile[32][33]：+1 填充让每行错开一个 bank。32 个不同的 bank，1 个 wavefront。（图中显示 32 行中的第 0–7 行。）",
        ),
        tr(
            "The cost: 32 × 4 B = 128 B of unused shared memory. Rows 0–7 shown: lane r sits in bank r.",
            "代价：32 × 4 B = 128 B 的 shared memory 被闲置。图中显示第 0–7 行：lane r 落在 bank r。",
        ),
    )
    .focus(MEMORY_DRAWING)
    .crop(BANK_ROWS_0_7),
    step(
        "bank-conflicts",
        "preset=tile-column-xor",
        tr(
            "An XOR swizzle (column ^ row) spreads the column over all 32 banks without padding: 1 wavefront. (Rows 0–7 of 32 shown.)",
            "XOR swizzle（列号 ^ 行号）不用填充也能把一列分散到 32 个 bank：1 个 wavefront。（图中显示 32 行中的第 0–7 行。）",
        ),
        tr(
            "The idea behind CUTLASS's swizzled shared-memory layouts. Rows 0–7 shown; press C for all 32.",
            "这就是 CUTLASS 中 swizzle 共享内存布局的思路。图中显示第 0–7 行；按 C 查看全部 32 行。",
        ),
    )
    .focus(MEMORY_DRAWING)
    .crop(BANK_ROWS_0_7),
    // ── Chapter 8: Tensor Cores and the W8A8 GEMV ──
    step(
        "tensor-cores",
        "",
        tr(
            "W8A8 GEMV: the 16×16 s8 matrix_a fragment of one warp. A GEMV has one activation row, so only row 0 holds x; rows 1–15 are zero. (Rows 0–7 shown.)",
            "W8A8 GEMV：一个 warp 的 16×16 s8 matrix_a fragment。GEMV 只有一行激活值，所以只有第 0 行存放 x，第 1–15 行都是 0。（图中显示第 0–7 行。）",
        ),
        tr(
            "15 of 16 rows of the Tensor Core's work are padding: the price of using an MMA for a matrix-vector product.",
            "Tensor Core 的 16 行中有 15 行是填充：用 MMA 做矩阵-向量乘的代价。",
        ),
    )
    .focus("[data-testid=fragment-grid]")
    .crop(".gx-frag__axis:not(.gx-frag__axis--row), .gx-sfig__labels .gx-frag__axis--row:first-of-type, [data-testid^=cell-0-], [data-testid=cell-7-0]")
    .ask(
        tr("What fraction of the A tile is useful data?", "A tile 中有多少比例是有效数据？"),
        tr("1 row of 16: 6.25 %.", "16 行中的 1 行：6.25%。"),
    ),
    step(
        "tensor-cores",
        "",
        tr(
            "K = N = 4096: 4096 / 16 = 256 blocks of 4 warps; each warp takes 4096 / 4 = 1,024 of K. (First 4 rows of the launch table shown.)",
            "K = N = 4096：4096 / 16 = 256 个 block，每个 4 个 warp；每个 warp 负责 K 中的 4096 / 4 = 1,024 个。（图中显示启动表的前 4 行。）",
        ),
        tr(
            "The same 256 blocks we dispatched in one wave in the block-dispatch chapter. Press C for the whole table (MMA counts, bytes, intensity).",
            "正是 block 分派一章中一个波次分派完的 256 个 block。按 C 查看完整表格（MMA 次数、字节数、算术强度）。",
        ),
    )
    .focus("[data-testid=launch-numbers]")
    .crop("tr:nth-child(-n+4)"),
    step(
        "tensor-cores",
        "",
        tr(
            "One K-tile iteration of one warp, line by line: fill the shared tiles, load the fragments, mma_sync, then the block's epilogue.",
            "一个 warp 的一次 K-tile 迭代，逐行执行：填充 shared tile、加载 fragment、mma_sync，最后是 block 的收尾。",
        ),
        tr(
            "Press → to advance one of the 12 steps of the trace; the highlighted lines are the ones running. Press C for the step list and the lane grid.",
            "按 → 前进到 trace 的下一步（共 12 步），高亮的代码行就是正在执行的部分。按 C 可看到步骤列表和 lane 网格。",
        ),
    )
    .focus(".gx-steps__main [data-testid=listing]")
    .advance("step", 11),
    // ── Chapter 10: inside the Tensor Core ──
    step(
        "tensor-core-generations",
        "",
        tr(
            "Inside a Tensor Core: a 4 × 4 array of processing elements. Each cycle A's rows go out horizontally and B's columns vertically; every PE multiplies 4 pairs at once and sums them in a 2-level tree: 64 multiply-adds per cycle.",
            "Tensor Core 内部：4 × 4 的 PE 阵列。每个周期 A 的行水平广播、B 的列垂直广播；每个 PE 同时做 4 个乘法，再用 2 级加法树求和：每周期 64 次乘加。",
        ),
        tr(
            "Press → to step through broadcast, multiply, the two adder levels and the accumulate. 64 FP16 FMA per clock is Volta's Tensor Core; Ampere's does 256, Hopper's 512.",
            "按 → 逐步执行：广播、乘法、两级加法、累加。每时钟 64 次 FP16 FMA 正是 Volta 的 Tensor Core；Ampere 为 256，Hopper 为 512。",
        ),
    )
    .focus("[data-testid=pe-grid]")
    .advance("step", 9)
    .ask(
        tr("How many adder levels does a PE need to sum 8 products?", "一个 PE 要把 8 个乘积相加，需要几级加法？"),
        tr("log2 8 = 3 levels (7 adders).", "log2 8 = 3 级（7 个加法器）。"),
    ),
    step(
        "tensor-core-generations",
        "wt=37",
        tr(
            "wgmma m64n64k16 (f32 accumulators): warp w of the warp group owns rows 16w–16w+15. Thread 37 (warp 1, lane 5) holds rows 17 and 25, columns 2 and 3 of every 8-column block: 32 accumulators.",
            "wgmma m64n64k16（f32 累加）：warp group 的 warp w 负责第 16w–16w+15 行。线程 37（warp 1，lane 5）持有第 17、25 行中每个 8 列块的第 2、3 列：共 32 个累加器。",
        ),
        tr(
            "Inside its band each warp holds what mma.sync.m16n8k16 would, repeated every 8 columns: one wgmma is 4 warps × 8 of the old tiles here. The marks are thread 37's elements; press C for the zoomed tile with every thread's number.",
            "在自己的行带内，每个 warp 持有的元素与 mma.sync.m16n8k16 相同，每 8 列重复一次：这里一条 wgmma 相当于 4 个 warp × 8 个旧式 tile。小方块是线程 37 的元素；按 C 查看放大的 tile 及每个元素的线程号。",
        ),
    )
    .focus("[data-testid=wg-overview]")
    .ask(
        tr("Which thread of the warp group holds D[40][9]?", "D[40][9] 由 warp group 中的哪个线程持有？"),
        tr(
            "Row 40 is in warp 2's band (rows 32–47); lane = 4 × (40 % 8) + (9 % 8) / 2 = 0: thread 64, as its element d7.",
            "第 40 行属于 warp 2 的行带（第 32–47 行）；lane = 4 × (40 % 8) + (9 % 8) / 2 = 0：线程 64，对应其元素 d7。",
        ),
    ),
    step(
        "tensor-core-generations",
        "",
        tr(
            "A bf16 tile with 128-byte rows under the 128-byte swizzle: row j of a core matrix moves to 16-byte chunk c ^ j, so its 8 rows sit on 8 different 4-bank groups. (Shared-memory rows 0–7 shown.)",
            "128 字节 swizzle 下、每行 128 字节的 bf16 tile：core matrix 的第 j 行移到第 c ^ j 个 16 字节块，8 行落在 8 组不同的 4 个 bank 上。（图中显示 shared memory 第 0–7 行。）",
        ),
        tr(
            "Each chunk is labelled core matrix : row. Without the XOR all 8 rows of core matrix 0 would start in bank 0: 8 wavefronts for one read instead of 1. Press C for the descriptor's fields and both bank views.",
            "每块标注为 core matrix 序号 : 行号。没有 XOR 时，core matrix 0 的 8 行都从 bank 0 开始：一次读取要 8 个 wavefront，而不是 1 个。按 C 查看描述符的各字段和两种 bank 视图。",
        ),
    )
    .focus("[data-testid=desc-memory]")
    .crop(DESC_ROWS_0_7)
    .ask(
        tr(
            "With a 64-byte swizzle and 64-byte rows, how many wavefronts does one core-matrix read take with the XOR, and without it?",
            "使用 64 字节 swizzle、每行 64 字节时，读取一个 core matrix 有 XOR 时需要几个 wavefront？没有 XOR 时呢？",
        ),
        tr(
            "1 with the XOR; 4 without (rows 64 bytes apart repeat their banks every 2 rows).",
            "有 XOR 时 1 个；没有时 4 个（间距 64 字节的行每 2 行就回到同样的 bank）。",
        ),
    ),
    step(
        "tensor-core-generations",
        "cg=2&tm=128&tn=256",
        tr(
            "Blackwell's Tensor Memory: tcgen05.mma with cta_group::2, M = 128, N = 256. The SM pair splits D; SM 0 holds rows 0–63, columns 0–127 on lanes 0–63 and columns 128–255 on lanes 64–127: 128 of its 512 columns.",
            "Blackwell 的 Tensor Memory：cta_group::2、M = 128、N = 256 的 tcgen05.mma。一对 SM 分担 D；SM 0 持有第 0–63 行，其中第 0–127 列在 lane 0–63，第 128–255 列在 lane 64–127：占其 512 列中的 128 列。",
        ),
        tr(
            "The accumulator no longer lives in registers. Warp w of a warp group can read lanes 32w–32w+31 back with tcgen05.ld. The RTX 5090 (sm_120) has no Tensor Memory. Press C for D and the other SM.",
            "累加器不再放在寄存器中。warp group 的 warp w 只能用 tcgen05.ld 读回第 32w–32w+31 个 lane。RTX 5090（sm_120）没有 Tensor Memory。按 C 查看 D 和另一个 SM。",
        ),
    )
    .focus("[data-testid=tm-cta-0]"),
    // ── Chapter 11: the roofline ──
    step(
        "roofline",
        "",
        tr(
            "A 4096³ GEMM in BF16 does about 1,365 FLOP per byte, far right of the A100's ridge at 156 FLOP/B: compute-bound.",
            "4096³ 的 BF16 GEMM 每字节约 1,365 FLOP，远在 A100 拐点 156 FLOP/B 的右侧：计算受限。",
        ),
        tr(
            "2 · 4096³ FLOP over 3 · 4096² · 2 B. Ridge = 312 TFLOPS / 2.0 TB/s. Shown: the chart without its key; the numbered dots are the course's kernels (1 elementwise, 2 RMSNorm, 3 decode attention, 4 this GEMM, 5 the W8A8 GEMV; C shows the key).",
            "2 · 4096³ FLOP ÷ 3 · 4096² · 2 B。拐点 = 312 TFLOPS / 2.0 TB/s。图中只显示图表（不含图例）；编号的点是课程中的 kernel：1 逐元素加法、2 RMSNorm、3 decode attention、4 这个 GEMM、5 W8A8 GEMV（按 C 查看图例）。",
        ),
    )
    .crop(ROOFLINE_CHART),
    step(
        "roofline",
        "kind=elementwise",
        tr(
            "An elementwise y = x + b does one FLOP per several bytes: far left of the ridge, memory-bound.",
            "逐元素 y = x + b 每几个字节才做一次 FLOP：远在拐点左侧，访存受限。",
        ),
        tr(
            "Its time is bytes / bandwidth; faster math would not help. Shown: the chart without its key; your kernel is an elementwise add, the numbered dots the course's kernels (1 is the course's elementwise add).",
            "它的时间就是字节数 / 带宽；算力再高也没有用。图中只显示图表（不含图例）；你的 kernel 是一个逐元素加法，编号的点是课程中的 kernel（1 是课程中的逐元素加法）。",
        ),
    )
    .crop(ROOFLINE_CHART),
    step(
        "roofline",
        "kind=w8a8",
        tr(
            "The W8A8 GEMV of the Tensor Core chapter: about 2 FLOP per weight byte, memory-bound like every GEMV.",
            "Tensor Core 一章的 W8A8 GEMV：每字节权重约 2 FLOP，和所有 GEMV 一样访存受限。",
        ),
        tr(
            "INT8 weights halve the bytes against FP16, which is why they speed up decoding. Shown: the chart without its key; your kernel is the W8A8 GEMV (the course's 5), far left of the INT8 ridge at 312.",
            "INT8 权重的字节数是 FP16 的一半，这正是它能加速 decode 的原因。图中只显示图表（不含图例）；你的 kernel 就是 W8A8 GEMV（课程中的 5），远在 INT8 拐点 312 的左侧。",
        ),
    )
    .crop(ROOFLINE_CHART),
    step(
        "roofline",
        "",
        tr(
            "The course's table: four kernels on A100 and H100, their intensity, bound and lower-bound time.",
            "课程中的表格：四个 kernel 在 A100 和 H100 上的算术强度、受限类型和理论时间下界。",
        ),
        tr(
            "Memory-bound kernels speed up with bandwidth (3.35 / 2.0 ≈ 1.7×), compute-bound ones with peak FLOPS (989 / 312 ≈ 3.2×).",
            "访存受限的 kernel 按带宽提速（3.35 / 2.0 ≈ 1.7 倍），计算受限的按峰值算力提速（989 / 312 ≈ 3.2 倍）。",
        ),
    )
    .focus("[data-testid=course-table]")
    .ask(
        tr(
            "Moving from A100 to H100, which kernel gains most: the GEMM or the decode attention?",
            "从 A100 换到 H100，哪个 kernel 提速更多：GEMM 还是 decode attention？",
        ),
        tr(
            "The GEMM (compute-bound, ≈ 3.2×); decode attention is memory-bound and gains ≈ 1.7×.",
            "GEMM（计算受限，约 3.2 倍）；decode attention 访存受限，只提速约 1.7 倍。",
        ),
    ),
    // ── The kernel lab ──
    step(
        "lab",
        "preset=transpose-tiled&at=1",
        tr(
            "The kernel lab runs the tiled transpose as written: press → to walk its lines of code and see what each one costs, as Nsight Compute counts it.",
            "kernel 实验室按原样运行分块转置：按 → 逐行走过它的代码，看每一行按 Nsight Compute 的计数花了多少。",
        ),
        tr(
            "Each press picks the next line that has code. The global reads and writes move 4 sectors per request (coalesced); the last line reads the shared tile by column: all 32 lanes in one bank, 32 wavefronts where 1 would do. The padded preset, tile[32][33], fixes it.",
            "每按一次选中下一行有代码的行。全局读写每个请求搬 4 个 sector（合并）；最后一行按列读 shared tile：32 个 lane 落在同一个 bank，本该 1 个 wavefront 却要 32 个。padding 预设 tile[32][33] 可以修复它。",
        ),
    )
    // The line-by-line counts, cut to the columns the caption reads (line, code, global,
    // shared), fit a projector; the picked line's warp figure (32 rows of banks for the column
    // read) is one key away, C for the whole page.
    .focus("[data-testid=lab-lines]")
    .crop("h2, tr > :nth-child(-n+4)")
    .advance("at", 9),
];

/// The built-in lesson.
pub fn course() -> Lesson {
    Lesson {
        title: Text::Both(TITLE),
        steps: STEPS
            .iter()
            .map(|b| Step {
                chapter: b.chapter.into(),
                query: b.query.into(),
                focus: b.focus.into(),
                highlight: b.highlight.into(),
                crop: b.crop.into(),
                caption: Text::Both(b.caption),
                notes: Text::Both(b.notes),
                question: b.question.map(|q| Text::Both(q.0)).unwrap_or_default(),
                answer: b.question.map(|q| Text::Both(q.1)).unwrap_or_default(),
                advance: b.advance.map(|(key, last)| Advance {
                    key: key.into(),
                    last,
                }),
                // The plan: a step with a question or a simulation to step through takes longer.
                minutes: Some(if b.question.is_some() || b.advance.is_some() {
                    3
                } else {
                    2
                }),
            })
            .collect(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ui::shell::ChapterInputs;

    /// The notices chapter `slug` raises reading `query` (`usize::MAX` for an unknown slug).
    pub(crate) fn notices(slug: &str, query: &str) -> usize {
        use crate::ui::chapters::*;
        use crate::ui::shared::access::AccessQuery;
        match slug {
            "chip" => chip::state::ChipInputs::from_query(query).1.len(),
            "hierarchy" => hierarchy::state::HierarchyInputs::from_query(query).1.len(),
            "occupancy" => occupancy::state::OccInputs::from_query(query).1.len(),
            "dispatch" => dispatch::state::DispInputs::from_query(query).1.len(),
            "scheduling" => scheduling::state::SchedulingInputs::from_query(query)
                .1
                .len(),
            "divergence" => divergence::state::DivergenceInputs::from_query(query)
                .1
                .len(),
            "coalescing" => {
                AccessQuery::<crate::model::coalescing::CoalescingDetail>::from_query(query)
                    .1
                    .len()
            }
            "bank-conflicts" => {
                AccessQuery::<crate::model::bank_conflicts::BankReport>::from_query(query)
                    .1
                    .len()
            }
            "tensor-cores" => tensor_cores::state::TcInputs::from_query(query).1.len(),
            "tensor-core-generations" => {
                tensor_core_generations::state::GenInputs::from_query(query)
                    .1
                    .len()
            }
            "roofline" => roofline::state::RooflineInputs::from_query(query).1.len(),
            "lab" => crate::ui::lab::state::LabInputs::from_query(query).1.len(),
            _ => usize::MAX,
        }
    }

    #[test]
    fn the_course_lesson_has_24_steps_over_every_chapter() {
        let lesson = course();
        assert!(lesson.steps.len() >= 24);
        for c in crate::ui::app::registry::ALL
            .iter()
            .filter(|c| c.number.is_some())
        {
            assert!(
                lesson.steps.iter().any(|s| s.chapter == c.slug),
                "{}",
                c.slug
            );
        }
    }

    #[test]
    fn a_dispatch_step_advances_to_its_last_event_exactly() {
        use crate::ui::chapters::dispatch::state::{compute, event_times, DispInputs};
        let lesson = course();
        let stepped: Vec<_> = lesson
            .steps
            .iter()
            .filter(|s| s.chapter == "dispatch" && s.advance.is_some())
            .collect();
        assert_eq!(stepped.len(), 2);
        for s in stepped {
            let (inputs, _) = DispInputs::from_query(&s.query);
            assert_eq!(inputs.event, Some(0), "{}", s.query);
            let trace = compute(&inputs).trace.expect("trace");
            let events = event_times(trace.as_ref());
            let last = s.advance.as_ref().map(|a| a.last).unwrap_or_default();
            assert_eq!(last as usize, events.len() - 1, "{}: {events:?}", s.query);
        }
    }

    #[test]
    fn a_divergence_step_advances_to_its_last_instruction_exactly() {
        use crate::ui::chapters::divergence::state::{compute, DivergenceInputs};
        let lesson = course();
        let stepped: Vec<_> = lesson
            .steps
            .iter()
            .filter(|s| s.chapter == "divergence" && s.advance.is_some())
            .collect();
        assert_eq!(stepped.len(), 3);
        for s in stepped {
            let (inputs, _) = DivergenceInputs::from_query(&s.query);
            let last = s.advance.as_ref().map(|a| a.last).unwrap_or_default();
            assert_eq!(last, compute(&inputs).last_step(), "{}", s.query);
        }
    }

    /// The numbers of the newest Tensor Core steps, from the chapter's models.
    #[test]
    fn the_tensor_memory_and_wgmma_steps_say_what_the_models_give() {
        use crate::model::tensor_core::ElementType;
        use crate::model::tensor_core_gen::smem_banks::swizzle_effect;
        use crate::model::tensor_core_gen::smem_descriptor::Swizzle;
        use crate::model::tensor_core_gen::tmem::{CtaGroup, Tcgen05Kind, Tcgen05Mma, TmemCell};
        use crate::model::tensor_core_gen::wgmma_fragments::WgmmaDLayout;
        use crate::ui::chapters::tensor_core_generations::state::{compute, GenInputs};
        let steps: Vec<_> = course()
            .steps
            .into_iter()
            .filter(|s| s.chapter == "tensor-core-generations")
            .collect();
        // wgmma: thread 37's rows and columns; D[40][9] is thread 64's d4.
        let (i, _) = GenInputs::from_query(&steps[1].query);
        let wg = compute(&i).wg;
        let mut rows: Vec<u32> = wg.thread_elements.iter().map(|e| e.at.0).collect();
        rows.sort_unstable();
        rows.dedup();
        assert_eq!(
            (wg.n, rows, wg.thread_elements.len()),
            (64, vec![17, 25], 32)
        );
        let d = WgmmaDLayout::new(64, ElementType::F32).expect("legal");
        let e = d.slot_of(40, 9).expect("in range");
        assert_eq!((e.thread, e.index), (64, 7));
        // The descriptor: the default 128 B swizzled tile, 1 wavefront with the XOR, 8 without;
        // 64 B: 1 and 4.
        let (i, _) = GenInputs::from_query(&steps[2].query);
        assert_eq!(compute(&i).desc.effect, (8, 1));
        let e64 = swizzle_effect(Swizzle::B64);
        assert_eq!((e64.swizzled_wavefronts, e64.plain_wavefronts), (1, 4));
        // Tensor Memory: Layout B, 128 columns per SM; row 0 column 128 on lane 64.
        let (i, _) = GenInputs::from_query(&steps[3].query);
        let mma = compute(&i).tmem.mma.expect("legal");
        let same = Tcgen05Mma::new(Tcgen05Kind::F16, CtaGroup::Two, 128, 256, ElementType::F32);
        assert_eq!(Ok(mma), same);
        assert_eq!(mma.columns_per_cta(), 128);
        assert_eq!(
            mma.accumulator_cell(0, 128),
            Some(TmemCell {
                cta: 0,
                lane: 64,
                column: 0
            })
        );
        assert_eq!(mma.accumulator_cell(64, 0).map(|c| c.cta), Some(1));
    }

    #[test]
    fn the_lab_step_walks_every_line_of_code_to_the_conflicted_read() {
        use crate::model::kernel::{parse, run};
        use crate::ui::lab::state::LabInputs;
        let lesson = course();
        let s = lesson
            .steps
            .iter()
            .find(|s| s.chapter == "lab")
            .expect("a lab step");
        let (inputs, _) = LabInputs::from_query(&s.query);
        let k = parse(&inputs.source).expect("parses");
        let lines = k.code_lines();
        let last = s.advance.as_ref().map(|a| a.last).unwrap_or_default();
        assert_eq!(last as usize, lines.len(), "{lines:?}");
        // The last line of code is the column read of the tile: 32 wavefronts per instruction.
        let line = *lines.last().expect("code");
        let launch = crate::model::kernel::preset("transpose-tiled")
            .expect("preset")
            .launch();
        let r = run(&k, &launch).expect("runs");
        let l = r.line(line).expect("ran");
        assert_eq!(l.shared_load.wavefronts, 32 * l.shared_load.instructions);
    }

    /// Every key a step's query names is in its page's URL table (`ui::url::keys`).
    #[test]
    fn every_step_key_is_in_its_pages_table() {
        for s in &course().steps {
            let table = crate::ui::chapters::tests::table_of(&s.chapter);
            for (key, _) in crate::ui::url::query::pairs(&s.query) {
                assert!(
                    table.contains(&key.as_str()),
                    "{}?{}: {key}",
                    s.chapter,
                    s.query
                );
            }
        }
    }

    #[test]
    fn every_step_query_is_read_without_a_notice() {
        for (i, s) in course().steps.iter().enumerate() {
            assert_eq!(
                notices(&s.chapter, &s.query),
                0,
                "step {} {}?{}",
                i + 1,
                s.chapter,
                s.query
            );
        }
    }
}
