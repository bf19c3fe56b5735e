//! The one bank of self-check questions. Every question of the courses' self-check sections
//! (course 000 §6 Q1–Q13, course 001 §11 Q1–Q5) is here exactly once, plus the questions
//! warpscope wrote itself; each names the chapters that show it. Course 000 lists its questions
//! without answers, so their answers are warpscope's, written from the course's own sections;
//! course 001's answers follow the course's and add the arithmetic.
//!
//! Ids have one scheme: `"000-6-5"` is course 000 §6 Q5, `"ws-roofline-speedup"` is one of
//! warpscope's own.
//!
//! Length: the course's self-check questions with their worked answers in both languages; data read
//! top to bottom.

use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

/// A course of the seed texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Course {
    /// 000, “NVIDIA A100：从芯片到 SIMT”.
    A100ChipToSimt,
    /// 001, part 1 of “GPU Kernel 工程”: hardware and the roofline.
    KernelHardwareRoofline,
    /// 002, “Nvidia TensorCore”: its history and instructions. It has no self-check section;
    /// its questions are warpscope's, cited by the text's sections in order (1 history, 2 the
    /// instructions — MMA / WMMA, WGMMA, UTCMMA —, 3 the PE array, 4 Volta and Ampere).
    TensorCoreHistory,
}

impl Course {
    /// The course's number, the first part of a question id: "000", "001".
    pub fn id(self) -> &'static str {
        match self {
            Course::A100ChipToSimt => "000",
            Course::KernelHardwareRoofline => "001",
            Course::TensorCoreHistory => "002",
        }
    }

    /// The course's title, from the seed's own title.
    pub fn title(self) -> Tr {
        match self {
            Course::A100ChipToSimt => tr(
                "NVIDIA A100: from chip to SIMT",
                "NVIDIA A100：从芯片到 SIMT",
            ),
            Course::KernelHardwareRoofline => tr(
                "GPU kernel engineering 1: hardware and the roofline",
                "GPU Kernel 工程 1：硬件与 Roofline",
            ),
            Course::TensorCoreHistory => tr(
                "NVIDIA Tensor Cores: history and instructions",
                "Nvidia TensorCore：历史与指令",
            ),
        }
    }
}

/// Where a question comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Question `number` of the self-check section `section` of a course.
    Course {
        /// The course.
        course: Course,
        /// The section that lists the questions (§6 in course 000, §11 in course 001).
        section: u8,
        /// The question's number in that list.
        number: u8,
    },
    /// Written for warpscope, from a section of a course (e.g. "6.3").
    Warpscope {
        /// The course it draws on.
        course: Course,
        /// The section it draws on.
        section: &'static str,
    },
}

/// A question's source in one format everywhere: "NVIDIA A100: from chip to SIMT, §6 Q5".
pub fn source_text(source: Source, lang: Lang) -> String {
    match source {
        Source::Course {
            course,
            section,
            number,
        } => {
            let title = course.title().get(lang);
            trf!(
                lang,
                "{title}, §{section} Q{number}",
                "《{title}》§{section} 第 {number} 题"
            )
        }
        Source::Warpscope { course, section } => {
            let title = course.title().get(lang);
            trf!(
                lang,
                "warpscope, after {title} §{section}",
                "warpscope 自拟，依据《{title}》§{section}"
            )
        }
    }
}

/// One self-check question, with its answer and the chapters that show it.
#[derive(Clone, Copy, Debug)]
pub struct BankQuestion {
    /// Stable id: "000-6-5" for a course question, "ws-…" for warpscope's own.
    pub id: &'static str,
    /// Where it comes from.
    pub source: Source,
    /// Slugs of the chapters that list it (as in the registry, `ui::app::registry::ALL`).
    pub chapters: &'static [&'static str],
    /// The question.
    pub question: Tr,
    /// The answer.
    pub answer: Tr,
}

impl BankQuestion {
    /// The element id of the question on a page: "q-000-6-5".
    pub fn element_id(&self) -> String {
        format!("q-{}", self.id)
    }
}

/// The questions `chapter` (a slug) shows, in bank order.
pub fn for_chapter(chapter: &str) -> impl Iterator<Item = &'static BankQuestion> + '_ {
    BANK.iter()
        .copied()
        .filter(move |q| q.chapters.contains(&chapter))
}

const fn course000(number: u8) -> Source {
    Source::Course {
        course: Course::A100ChipToSimt,
        section: 6,
        number,
    }
}

const fn course001(number: u8) -> Source {
    Source::Course {
        course: Course::KernelHardwareRoofline,
        section: 11,
        number,
    }
}

/// Every question, course 000 first, then course 001, then warpscope's own (those on course
/// 002, which has no self-check section, last). Each question is a static of its own, and each
/// chapter's list (`OCCUPANCY`, …, each chapter's `ChapterBody::QUESTIONS`) names only its own: the splitter (README "How the site is
/// built") then ships a question's text with the chapters that show it (and the quiz), not in
/// the pack every chapter loads.
pub static BANK: &[&BankQuestion] = &[
    &Q_000_6_1,
    &Q_000_6_2,
    &Q_000_6_3,
    &Q_000_6_4,
    &Q_000_6_5,
    &Q_000_6_6,
    &Q_000_6_7,
    &Q_000_6_8,
    &Q_000_6_9,
    &Q_000_6_10,
    &Q_000_6_11,
    &Q_000_6_12,
    &Q_000_6_13,
    &Q_001_11_1,
    &Q_001_11_2,
    &Q_001_11_3,
    &Q_001_11_4,
    &Q_001_11_5,
    &Q_WS_DISPATCH_TAIL,
    &Q_WS_ROOFLINE_RIDGE_TREND,
    &Q_WS_ROOFLINE_SPEEDUP,
    &Q_WS_ROOFLINE_TILED,
    &Q_WS_TCGEN_PE_ARRAY,
    &Q_WS_TCGEN_PEAK_CLOCK,
    &Q_WS_TCGEN_QUAD_PAIR,
    &Q_WS_TCGEN_WGMMA,
    &Q_WS_TCGEN_ONLY_WGMMA,
];

/// The questions the chip chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static CHIP: &[&BankQuestion] = &[
    &Q_000_6_1, &Q_000_6_2, &Q_000_6_4, &Q_000_6_5, &Q_000_6_6, &Q_000_6_8,
];

/// The questions the hierarchy chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static HIERARCHY: &[&BankQuestion] = &[&Q_000_6_2, &Q_000_6_3];

/// The questions the occupancy chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static OCCUPANCY: &[&BankQuestion] = &[&Q_000_6_3, &Q_000_6_5, &Q_001_11_2];

/// The questions the dispatch chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static DISPATCH: &[&BankQuestion] = &[&Q_000_6_3, &Q_WS_DISPATCH_TAIL];

/// The questions the scheduling chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static SCHEDULING: &[&BankQuestion] = &[&Q_000_6_7, &Q_001_11_5];

/// The questions the divergence chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static DIVERGENCE: &[&BankQuestion] = &[&Q_000_6_4, &Q_000_6_7, &Q_001_11_3];

/// The questions the coalescing chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static COALESCING: &[&BankQuestion] = &[&Q_000_6_7, &Q_001_11_4];

/// The questions the bank-conflicts chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static BANK_CONFLICTS: &[&BankQuestion] = &[&Q_000_6_7, &Q_001_11_4];

/// The questions the tensor-cores chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static TENSOR_CORES: &[&BankQuestion] = &[
    &Q_000_6_9,
    &Q_000_6_10,
    &Q_000_6_11,
    &Q_000_6_12,
    &Q_000_6_13,
];

/// The questions the tensor-core-generations chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static TENSOR_CORE_GENERATIONS: &[&BankQuestion] = &[
    &Q_WS_TCGEN_PE_ARRAY,
    &Q_WS_TCGEN_PEAK_CLOCK,
    &Q_WS_TCGEN_QUAD_PAIR,
    &Q_WS_TCGEN_WGMMA,
    &Q_WS_TCGEN_ONLY_WGMMA,
];

/// The questions the roofline chapter shows, in bank order (a test checks them against each
/// question's `chapters`).
pub static ROOFLINE: &[&BankQuestion] = &[
    &Q_001_11_1,
    &Q_WS_ROOFLINE_RIDGE_TREND,
    &Q_WS_ROOFLINE_SPEEDUP,
    &Q_WS_ROOFLINE_TILED,
];

static Q_000_6_1: BankQuestion = BankQuestion {
    id: "000-6-1",
    source: course000(1),
    chapters: &["chip"],
    question: tr(
        "Why must the full GA100's 128 SMs and the A100's 108 SMs not be mixed up?",
        "完整 GA100 的 128 SM 与 A100 的 108 SM 为什么不能混写？",
    ),
    answer: tr(
        "128 is the full die (8 GPCs × 8 TPCs × 2 SMs); the A100 product enables only 108 (54 TPCs in 7 GPCs). Every per-chip figure — peak FLOPS, waves of blocks, the number of SMs a grid can use — must be computed with the 108 that actually run code.",
        "128 是完整 die（8 GPC × 8 TPC × 2 SM）；A100 产品只启用了 108 个（7 个 GPC 中的 54 个 TPC）。整卡峰值、block 波次、grid 能用的 SM 数等所有按芯片计算的数字，都必须用真正执行代码的 108。",
    ),
};

static Q_000_6_2: BankQuestion = BankQuestion {
    id: "000-6-2",
    source: course000(2),
    chapters: &["chip", "hierarchy"],
    question: tr(
        "Why can Grid → Block → Warp → Thread not be matched level by level with GPC → TPC → SM → CUDA core?",
        "为什么不能把 grid → block → warp → thread 与 GPC → TPC → SM → CUDA Core 逐级一一对应？",
    ),
    answer: tr(
        "The first is how software is organised, the second how hardware is grouped. The only stable contract is Block → SM: a block runs entirely on one SM. A grid spreads over SMs of many GPCs, a launch cannot choose a GPC or TPC, and warps are issued to execution pipes instruction by instruction rather than owning cores.",
        "前者是软件的组织方式，后者是硬件的分组方式。唯一稳定的契约是 block → SM：一个 block 全部在一个 SM 上执行。一个 grid 会铺到多个 GPC 的 SM 上，启动时无法指定 GPC 或 TPC；warp 按指令被发射到执行流水线，并不独占某些 core。",
    ),
};

static Q_000_6_3: BankQuestion = BankQuestion {
    id: "000-6-3",
    source: course000(3),
    chapters: &["hierarchy", "occupancy", "dispatch"],
    question: tr(
        "Why does a large grid execute in several waves? What are the residency relations between block, warp and SM?",
        "一个大 grid 为什么会分多个波次执行？block、warp 与 SM 的驻留关系分别是什么？",
    ),
    answer: tr(
        "A block is the indivisible unit of residency: all its threads run on one SM, so all its warps stay on that SM, and it never migrates. An SM admits a block only when it has room for all of its registers, its shared memory, its warps and a block slot; one SM can hold several blocks at once, as many as occupancy allows (4 for 256 threads × 64 registers on the A100). So the whole GPU holds at most blocks-per-SM × 108 blocks at a time (432 in that example); the rest of the grid waits and fills in as resident blocks finish and free their resources. That is why a large grid advances in waves — dynamic ones, with no chip-wide barrier between them.",
        "block 是不可拆分的驻留单位：它的全部线程在同一个 SM 上执行，因此它的所有 warp 也留在该 SM 内，且不会迁移。SM 只有在寄存器、shared memory、warp 槽位和 block 槽位都够放下整个 block 时才接纳它；一个 SM 可同时驻留多个 block，个数由占用率决定（A100 上 256 线程 × 64 寄存器为 4 个）。所以整卡同时最多驻留“每 SM block 数 × 108”个 block（该例为 432 个），grid 中其余的 block 等待，驻留 block 完成、释放资源后再补入——大 grid 因此以多个波次推进：是动态的波次，全芯片之间没有同步栅栏。",
    ),
};

static Q_000_6_4: BankQuestion = BankQuestion {
    id: "000-6-4",
    source: course000(4),
    chapters: &["chip", "divergence"],
    question: tr(
        "Why does 32 threads per warp not mean each thread is permanently tied to one CUDA core?",
        "为什么 32 threads / warp 不代表每个 thread 永久对应一个 CUDA Core？",
    ),
    answer: tr(
        "The warp, not the thread, is the unit of issue: the scheduler issues the warp's next instruction plus its active mask, and that instruction decides which execution pipe (FP32, INT32, SFU, LD/ST, Tensor Core) it goes to. A partition has only 16 FP32 lanes, so one FP32 warp instruction of 32 threads occupies them over two cycles, and the next cycle the same lanes may serve another warp. A CUDA core is a counting unit of FP32 throughput, not a small CPU bound to a thread: each thread's state lives in its registers, and the lanes of a masked-off path do no work at all.",
        "warp 才是发射单位，不是 thread：调度器发射的是“某个 warp 的下一条指令 + active mask”，由这条指令决定交给哪类执行流水线（FP32、INT32、SFU、LD/ST、Tensor Core）。一个分区只有 16 个 FP32 lane，一条 32 线程的 FP32 warp 指令要分两拍占用这些 lane，下一拍它们可能服务另一个 warp。CUDA Core 是 FP32 吞吐的计数口径，不是绑定某个线程的小 CPU：线程的状态保存在它的寄存器里，被屏蔽路径上的 lane 根本不做事。",
    ),
};

static Q_000_6_5: BankQuestion = BankQuestion {
    id: "000-6-5",
    source: course000(5),
    chapters: &["chip", "occupancy"],
    question: tr(
        "Why does 192 KiB of unified L1/shared memory not mean a block can request 192 KiB of shared memory?",
        "192 KiB 的统一 L1/shared memory 为什么不代表 block 可申请 192 KiB shared memory？",
    ),
    answer: tr(
        "The 192 KiB SRAM is split by the carveout between the hardware-managed L1 cache and the software-managed shared memory; on the A100 at most 164 KiB (167,936 B) per SM can become shared memory, the rest always stays L1. Of that, the driver reserves 1 KiB per block, so one block can get at most 163 KiB (166,912 B), and only after opting in with cudaFuncSetAttribute; without it a block gets 48 KiB, and static __shared__ arrays are limited to 48 KiB anyway. Finally, shared memory is split among all resident blocks, so the more a block takes, the fewer blocks fit.",
        "这 192 KiB SRAM 由 carveout 在硬件管理的 L1 cache 和软件管理的 shared memory 之间划分；A100 上每 SM 最多 164 KiB（167,936 B）能划为 shared memory，其余始终是 L1。其中驱动还为每个 block 保留 1 KiB，所以单个 block 最多只能拿到 163 KiB（166,912 B），而且必须先用 cudaFuncSetAttribute 申请（opt-in）；不申请时每 block 只有 48 KiB，静态 __shared__ 数组本身也以 48 KiB 为限。最后，shared memory 由所有驻留 block 分摊：每个 block 拿得越多，能驻留的 block 就越少。",
    ),
};

static Q_000_6_6: BankQuestion = BankQuestion {
    id: "000-6-6",
    source: course000(6),
    chapters: &["chip"],
    question: tr(
        "Why can local memory be much slower than shared memory?",
        "local memory 为什么可能比 shared memory 慢很多？",
    ),
    answer: tr(
        "Local memory is private to a thread in name only: it is an address space in device memory (register spills, large per-thread arrays), reached through L1 and L2 like global memory. A miss costs hundreds of cycles (about 690 measured for HBM on the H200), while shared memory is on-chip SRAM in the SM at about 20–30 cycles (23 measured).",
        "local memory 只是名义上线程私有：它是显存中的一段地址空间（寄存器溢出、较大的线程私有数组），像 global memory 一样经过 L1 和 L2 访问。缓存未命中要数百周期（H200 上实测 HBM 约 690 周期），而 shared memory 是 SM 内的片上 SRAM，约 20–30 周期（实测 23）。",
    ),
};

static Q_000_6_7: BankQuestion = BankQuestion {
    id: "000-6-7",
    source: course000(7),
    chapters: &["scheduling", "divergence", "coalescing", "bank-conflicts"],
    question: tr(
        "What resource does each of these lose: branch divergence, uncoalesced memory access, and low occupancy?",
        "分歧、访存不合并和低占用率分别损失了什么资源？",
    ),
    answer: tr(
        "Divergence loses SIMT lanes and issue slots: the warp runs each path in turn under an active mask, so the masked-off lanes idle (lane efficiency drops) and two paths take about the time of both. Uncoalesced access loses memory bandwidth: the warp's addresses need more 32-byte sectors than the bytes it uses (in the scattered case 32 sectors = 1024 B move for 128 useful bytes, 1/8 of the bandwidth), and on shared memory, bank conflicts serialise into extra wavefronts. Low occupancy loses latency hiding: with few resident warps the scheduler often finds no ready warp while the others wait hundreds of cycles for memory, so issue slots stay empty.",
        "分歧损失的是 SIMT lane 和发射槽：warp 用 active mask 依次执行各条路径，被屏蔽的 lane 空转（lane 利用率下降），两条路径大约要花两段代码之和的时间。访存不合并损失的是访存带宽：warp 的地址需要比实际使用的字节多得多的 32 字节 sector（散乱情形要搬 32 个 sector = 1024 字节才拿到 128 字节有用数据，带宽只剩 1/8）；在 shared memory 上，bank 冲突会串行成额外的 wavefront。低占用率损失的是延迟隐藏能力：驻留 warp 太少，其余 warp 等待数百周期的访存时，调度器常常找不到可发射的 warp，发射槽空闲。",
    ),
};

static Q_000_6_8: BankQuestion = BankQuestion {
    id: "000-6-8",
    source: course000(8),
    chapters: &["chip"],
    question: tr(
        "On the 80 GB SXM A100, which path does each of HBM bandwidth, NVLink bandwidth and PCIe bandwidth describe?",
        "80 GB SXM 的 HBM 带宽、NVLink 带宽与 PCIe 带宽各描述哪条路径？",
    ),
    answer: tr(
        "HBM (~2 TB/s) is the GPU reading and writing its own device memory. NVLink 3.0 (600 GB/s) is the bidirectional aggregate of 12 links to peer GPUs. PCIe 4.0 x16 (64 GB/s) is the bidirectional aggregate to the host, about 32 GB/s each way. They are different paths and must not be added or substituted.",
        "HBM（约 2 TB/s）是 GPU 读写自己显存的带宽；NVLink 3.0（600 GB/s）是 12 条链路到其他 GPU 的双向聚合带宽；PCIe 4.0 x16（64 GB/s）是到主机的双向聚合带宽，单方向约 32 GB/s。它们是不同的路径，不能相加或互相替代。",
    ),
};

static Q_000_6_9: BankQuestion = BankQuestion {
    id: "000-6-9",
    source: course000(9),
    chapters: &["tensor-cores"],
    question: tr(
        "In symmetric W8A8, why can INT8 × INT8 first be accumulated completely in INT32, and only then be dequantised by one multiplication with sₓ × sᵂ[o]?",
        "对称 W8A8 中，为什么 INT8 × INT8 可以先完整累加到 INT32，再统一乘 sₓ × sᵂ[o] 反量化？",
    ),
    answer: tr(
        "With zero points 0, x ≈ sₓ · qₓ and w[o] ≈ sᵂ[o] · q_W[o], and the scales are constant along K (one per tensor for x, one per output row for W). So Σ_k w[o][k] · x[k] ≈ sₓ · sᵂ[o] · Σ_k q_W[o][k] · qₓ[k]: the scales factor out of the sum. The sum of integers is exact in INT32 as long as it cannot overflow: K · 127² < 2³¹ (even 4096 · 128² = 67,108,864 fits).",
        "zero point 为 0 时 x ≈ sₓ · qₓ、w[o] ≈ sᵂ[o] · q_W[o]，且 scale 沿 K 维不变（x 整个张量一个，W 每个输出行一个）。因此 Σ_k w[o][k] · x[k] ≈ sₓ · sᵂ[o] · Σ_k q_W[o][k] · qₓ[k]：scale 可以提到求和号外面。整数求和在 INT32 中是精确的，只要不溢出：K · 127² < 2³¹（即使按 4096 · 128² = 67,108,864 估算也放得下）。",
    ),
};

static Q_000_6_10: BankQuestion = BankQuestion {
    id: "000-6-10",
    source: course000(10),
    chapters: &["tensor-cores"],
    question: tr(
        "In the teaching kernel, the block, the warp and the lane are responsible for the N tile, the K slice, and what kind of cooperation respectively?",
        "教学 kernel 中，block、warp 与 lane 分别负责 N tile、K slice 和哪一类协作？",
    ),
    answer: tr(
        "A block owns one N tile of 16 outputs (blockIdx.x · 16 …). Each of its 4 warps owns a 1024-wide K slice and runs 64 mma_syncs over it. The lanes cooperate inside the warp: they stage the A and B tiles into shared memory (i = lane, i += 32), together hold the distributed A, B and accumulator fragments so that load_matrix_sync / mma_sync / store_matrix_sync are complete only when all 32 take part; in the epilogue, threads 0–15 add the 4 warps' partials and write the outputs.",
        "block 负责一个 16 个输出的 N tile（blockIdx.x · 16 起）；其中 4 个 warp 各负责一段 1024 宽的 K slice，在上面执行 64 次 mma_sync；lane 负责 warp 内的协作：按 i = lane、i += 32 把 A、B tile 搬进 shared memory，并共同持有分布式的 A、B 与累加器 fragment——只有 32 个 lane 都参与，load_matrix_sync / mma_sync / store_matrix_sync 才完整；epilogue 中由线程 0–15 合并 4 个 warp 的部分和并写出结果。",
    ),
};

static Q_000_6_11: BankQuestion = BankQuestion {
    id: "000-6-11",
    source: course000(11),
    chapters: &["tensor-cores"],
    question: tr(
        "Why can an output element of a WMMA fragment not be permanently assigned to one thread?",
        "为什么不能把 WMMA fragment 的某个输出元素永久对应到某个 thread？",
    ),
    answer: tr(
        "A fragment is a cooperative object spread over the registers of all 32 lanes, and the element-to-lane mapping is not a stable interface of the CUDA C++ API: NVIDIA leaves it unspecified, it may differ between architectures, element types and compiler versions (what this page draws was observed on sm_90). Code that reads acc_frag.x[i] as “output o of thread t” is relying on an accident; go through store_matrix_sync, or use mma.sync, whose layout the PTX ISA documents.",
        "fragment 是分布在 32 个 lane 寄存器中的协作对象，其元素到 lane 的映射不是 CUDA C++ API 的稳定接口：NVIDIA 没有规定它，不同架构、元素类型和编译器版本都可能不同（本页画的是在 sm_90 上观察到的）。把 acc_frag.x[i] 当作“线程 t 的第 o 个输出”是在依赖偶然现象；应通过 store_matrix_sync 取结果，或改用 PTX ISA 明确规定布局的 mma.sync。",
    ),
};

static Q_000_6_12: BankQuestion = BankQuestion {
    id: "000-6-12",
    source: course000(12),
    chapters: &["tensor-cores"],
    question: tr(
        "At which layers do wmma::mma_sync, PTX wmma.mma…s32.s8.s8.s32 and the A100's IMMA-family SASS each sit?",
        "wmma::mma_sync、PTX wmma.mma...s32.s8.s8.s32 与 A100 IMMA-family SASS 分别处在哪一层？",
    ),
    answer: tr(
        "wmma::mma_sync is CUDA C++, a warp-level matrix API in <mma.h>. wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32 is PTX, the virtual ISA that nvcc emits and that the GPU does not execute as text. IMMA is SASS, the machine code ptxas (or the driver's JIT) produces for sm_80: on sm_80 and sm_90 each mma_sync became two IMMA.16816.S8.S8.",
        "wmma::mma_sync 属于 CUDA C++ 层，是 <mma.h> 中的 warp 级矩阵 API；wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32 属于 PTX 层，是 nvcc 生成的虚拟 ISA，GPU 不直接执行 PTX 文本；IMMA 属于 SASS 层，是 ptxas（或驱动 JIT）为 sm_80 生成的机器码：在 sm_80 与 sm_90 上每个 mma_sync 都变成两条 IMMA.16816.S8.S8。",
    ),
};

static Q_000_6_13: BankQuestion = BankQuestion {
    id: "000-6-13",
    source: course000(13),
    chapters: &["tensor-cores"],
    question: tr(
        "Why does batch = 1, even with INT8 Tensor Cores, face both low M-tile utilisation and the HBM weight-bandwidth bottleneck?",
        "为什么 batch=1 即使使用 INT8 Tensor Core，仍会同时面临 M tile 利用率低和 HBM 权重带宽瓶颈？",
    ),
    answer: tr(
        "With one token, A has one real row: in an m16n16k16 tile 15 of 16 rows are padding, so the Tensor Cores do 16 × the useful multiply-adds (1/16 utilisation). Independently, every weight byte is read from HBM once and used for a single multiply-add (2 operations per byte, far left of the A100's INT8 ridge of 312): the kernel is bound by streaming the 16 MiB of weights, however fast the Tensor Cores are. INT8 halves the bytes compared with FP16, but does not create reuse; only a larger batch does.",
        "只有一个 token 时 A 只有一行真实数据：m16n16k16 tile 的 16 行中 15 行是补 0，Tensor Core 做的乘加是有用量的 16 倍（利用率 1/16）。与此无关的另一面是：每个权重字节从 HBM 读出后只参与一次乘加（每字节 2 次运算，远在 A100 INT8 拐点 312 的左侧），不管 Tensor Core 多快，kernel 都受限于搬运 16 MiB 权重的带宽。INT8 相比 FP16 把字节数减半，却不产生数据复用；只有更大的 batch 才能。",
    ),
};

static Q_001_11_1: BankQuestion = BankQuestion {
    id: "001-11-1",
    source: course001(1),
    chapters: &["roofline"],
    question: tr(
        "A100: BF16 peak 312 TFLOPS, HBM 2.0 TB/s. What is the ridge point? Is a kernel with I = 40 FLOP/byte memory- or compute-bound on it? And on an H100 (989 TFLOPS, 3.35 TB/s)?",
        "A100 BF16 峰值 312 TFLOPS、HBM 2.0 TB/s：ridge point 是多少？一个 I = 40 FLOP/byte 的 kernel 在它上面是哪类？在 H100（989 T、3.35 TB/s）上呢？",
    ),
    answer: tr(
        "A100 ridge = 312 / 2.0 = 156; 40 < 156, so it is memory-bound. H100 ridge = 989 / 3.35 ≈ 295: still memory-bound, and further from the compute roof. Every generation moves the ridge to the right, so the same kernel leans more towards the bandwidth bound.",
        "A100 ridge = 312 / 2.0 = 156，40 < 156 是 memory-bound；H100 ridge = 989 / 3.35 ≈ 295，仍是 memory-bound 且离屋顶更远——每代硬件 ridge 右移，同一个 kernel 更偏向带宽瓶颈。",
    ),
};

static Q_001_11_2: BankQuestion = BankQuestion {
    id: "001-11-2",
    source: course001(2),
    chapters: &["occupancy"],
    question: tr(
        "An SM has 256 KiB of registers and at most 64 resident warps. A kernel uses 128 registers per thread and 256 threads per block. How many blocks and how many warps can one SM hold? What is the occupancy?",
        "一个 SM 有 256 KiB 寄存器、最多 64 个驻留 warp。kernel 每线程用 128 个寄存器、block 256 线程，一个 SM 能驻留几个 block、几个 warp？占用率多少？",
    ),
    answer: tr(
        "Registers per block: 256 × 128 × 4 B = 128 KiB, so the SM holds 2 blocks = 16 warps; occupancy 16 / 64 = 25 %. Registers are the limiting factor. (The occupancy chapter's second example shows it.)",
        "每 block 寄存器 256 × 128 × 4 B = 128 KiB，SM 放 2 个 block = 16 个 warp；占用率 16 / 64 = 25%。寄存器是限制因素。（占用率一章的第二个例子就是它。）",
    ),
};

static Q_001_11_3: BankQuestion = BankQuestion {
    id: "001-11-3",
    source: course001(3),
    chapters: &["divergence"],
    question: tr(
        "In a warp, 16 threads take the if and 16 take the else. How does the execution time compare with no divergence?",
        "warp 内 16 个线程走 if、16 个走 else，执行时间与无分歧比怎么变？",
    ),
    answer: tr(
        "The two paths run one after the other, each with a mask that turns off half of the lanes: the time is about twice that without divergence (the sum of the lengths of the two code paths). Under SIMT a warp can only issue one instruction at a time.",
        "两路串行执行、各用 mask 屏蔽一半 lane，时间约是无分歧的 2 倍（两段代码长度之和）；SIMT 下同一 warp 只能同时发一条指令。",
    ),
};

static Q_001_11_4: BankQuestion = BankQuestion {
    id: "001-11-4",
    source: course001(4),
    chapters: &["coalescing", "bank-conflicts"],
    question: tr(
        "Roughly how many cycles does an access to registers, shared memory, L2 and HBM take? Why is shared memory called “the place where data is reused”?",
        "寄存器、shared memory、L2、HBM 的访问延迟大约各多少周期？为什么说 shared 是“数据复用的场所”？",
    ),
    answer: tr(
        "About 0, 20–30, 200 and 400–800 cycles. Shared memory delivers 128 B per SM per cycle, and summed over the whole chip that is an order of magnitude more than HBM bandwidth: once a block of data is in shared memory, many threads of the block read it again and again. That is the mechanism by which GEMM tiling crosses the ridge point.",
        "约 0、20–30、200、400–800 周期；shared 每 SM 每周期 128 B，全卡合计比 HBM 带宽高一个数量级——把一块数据搬进 shared 后被 block 内多个线程反复读，是 GEMM 分块跨过 ridge 的机制。",
    ),
};

static Q_001_11_5: BankQuestion = BankQuestion {
    id: "001-11-5",
    source: course001(5),
    chapters: &["scheduling"],
    question: tr(
        "Nsight Compute shows a kernel at 30 % Memory Throughput and 20 % Compute Throughput. Which kind of bottleneck is it, and which metrics should you look at?",
        "ncu 显示一个 kernel 的 Memory Throughput 30%、Compute Throughput 20%，它是哪类瓶颈？该看什么指标？",
    ),
    answer: tr(
        "It touches neither roof: it is latency-bound. Look at the achieved occupancy and what limits it (registers / shared memory / grid size), and at the warp stall reasons (long scoreboard = waiting for global memory, barrier = waiting for synchronisation). The remedy is higher occupancy or more ILP per thread.",
        "两条屋顶都没碰到，latency-bound：看 achieved occupancy 与它的限制因素（寄存器 / shared / grid 大小），看 warp stall 原因（long scoreboard = 等全局访存、barrier = 等同步）；处方是提高占用率或每线程的 ILP。",
    ),
};

static Q_WS_DISPATCH_TAIL: BankQuestion = BankQuestion {
    id: "ws-dispatch-tail",
    source: Source::Warpscope { course: Course::A100ChipToSimt, section: "5" },
    chapters: &["dispatch"],
    question: tr(
        "The W8A8 GEMV launches 256 blocks on an A100 with 108 SMs. How are they spread, and why does the course say there is no chip-wide wave barrier?",
        "W8A8 GEMV 在 108 个 SM 的 A100 上启动 256 个 block。它们如何分布？为什么课程说不存在全芯片整齐同步的“波次栅栏”？",
    ),
    answer: tr(
        "The kernel's occupancy allows 10 blocks per SM, so all 256 fit in one wave, but unevenly: 256 = 2 × 108 + 40, so 40 SMs get 3 blocks and 68 get 2; the SMs with 3 finish last. Admission is per slot: a slot that frees takes the next waiting block at once, whatever the other SMs do, so waves are a counting device, not a synchronisation.",
        "该 kernel 的占用率允许每 SM 10 个 block，所以 256 个 block 一波就能全部驻留，但分布不均：256 = 2 × 108 + 40，40 个 SM 各 3 个、68 个 SM 各 2 个，有 3 个 block 的 SM 最后完成。准入是按槽位进行的：一个槽位空出后立即接纳下一个等待的 block，与其他 SM 无关，所以“波次”只是计数方式，并不是同步。",
    ),
};

static Q_WS_ROOFLINE_RIDGE_TREND: BankQuestion = BankQuestion {
    id: "ws-roofline-ridge-trend",
    source: Source::Warpscope { course: Course::KernelHardwareRoofline, section: "6.3" },
    chapters: &["roofline"],
    question: tr(
        "From A100 to H100 compute grew 3.2× but bandwidth only 1.7×. What happens to the ridge point, and why does that make kernel fusion more important?",
        "从 A100 到 H100，算力提高了 3.2 倍，带宽只提高了 1.7 倍。ridge point 怎么变？为什么这让 kernel 融合越来越重要？",
    ),
    answer: tr(
        "The ridge moves from 156 to 295 FLOP/byte: each generation turns more operators memory-bound. Fusion matters not because compute is short but because there is too much of it for the bandwidth: the only way forward for a memory-bound kernel is to move fewer bytes.",
        "ridge 从 156 抬到 295 FLOP/byte：每一代硬件都让更多的算子变成 memory-bound。kernel 融合越来越重要，不是因为算力不够，而是因为算力太多、带宽跟不上——memory-bound 的 kernel 唯一的出路是少搬字节。",
    ),
};

static Q_WS_ROOFLINE_SPEEDUP: BankQuestion = BankQuestion {
    id: "ws-roofline-speedup",
    source: Source::Warpscope { course: Course::KernelHardwareRoofline, section: "6.7" },
    chapters: &["roofline"],
    question: tr(
        "Without a profiler: a kernel runs 1.68× faster on an H100 than on an A100. Which bound is it? And if it ran 3.17× faster?",
        "不用 profiler：一个 kernel 在 H100 上比 A100 快 1.68 倍，它是哪类瓶颈？如果快 3.17 倍呢？",
    ),
    answer: tr(
        "1.68× is the bandwidth ratio 3.35 / 2.0, so its time is set by bytes: memory-bound. 3.17× is the compute ratio 989 / 312: compute-bound.",
        "1.68× 恰好是带宽比 3.35 / 2.0，说明时间由字节数决定：memory-bound。3.17× 是算力比 989 / 312：compute-bound。",
    ),
};

static Q_WS_ROOFLINE_TILED: BankQuestion = BankQuestion {
    id: "ws-roofline-tiled",
    source: Source::Warpscope { course: Course::KernelHardwareRoofline, section: "6.5" },
    chapters: &["roofline"],
    question: tr(
        "A 4096³ BF16 GEMM tiled 128 × 128: each block reads (BM + BN) · K elements. With no reuse between tiles in L2, what is its intensity against HBM, and which side of the A100's ridge (156) is it?",
        "4096³ 的 BF16 GEMM 按 128 × 128 分块：每个 block 读 (BM + BN) · K 个元素。如果 tile 之间在 L2 里完全没有复用，它对 HBM 的算术强度是多少？在 A100 ridge（156）的哪一侧？",
    ),
    answer: tr(
        "1024 blocks × 256 × 4096 elements × 2 B = 2.15 GB, plus 33.5 MB for C: I = 137.4 GFLOP / 2.18 GB ≈ 63 FLOP/byte < 156, so it would be memory-bound. In practice L2 catches the repeated reads of A's row blocks and B's column blocks, which is what makes large GEMMs compute-bound.",
        "1024 个 block × 256 × 4096 个元素 × 2 B = 2.15 GB，再加 C 的 33.5 MB：I = 137.4 GFLOP / 2.18 GB ≈ 63 FLOP/byte < 156，会是 memory-bound。实际中 40 MiB 的 L2 拦住了对 A 行块、B 列块的重复读取，这才让大 GEMM 成为 compute-bound。",
    ),
};

static Q_WS_TCGEN_PE_ARRAY: BankQuestion = BankQuestion {
    id: "ws-tcgen-pe-array",
    source: Source::Warpscope { course: Course::TensorCoreHistory, section: "3" },
    chapters: &["tensor-core-generations"],
    question: tr(
        "A 4 × 4 processing-element array multiplies 4 pairs per PE per cycle. How many multiply-adds does it do per cycle, how many adder levels does each PE's reduction tree need, and which generation's Tensor Core does exactly that many?",
        "一个 4 × 4 的 PE 阵列，每个 PE 每周期做 4 对乘法。它每周期完成多少次乘加？每个 PE 的归约树需要几级加法？哪一代 Tensor Core 正好是这个速率？",
    ),
    answer: tr(
        "16 PEs × 4 products = 64 multiply-adds per cycle; summing 4 products takes log2 4 = 2 adder levels (3 adders), then one add into the FP32 accumulator. 64 FP16 FMA per clock is Volta's (and Turing's) Tensor Core; Ampere's does 256 and Hopper's 512. The speed comes from the broadcast wiring (A rows horizontally, B columns vertically: no register conflicts) and from doing every multiply at once.",
        "16 个 PE × 4 个乘积 = 每周期 64 次乘加；4 个乘积求和需要 log2 4 = 2 级加法（3 个加法器），再加到 FP32 累加器。每时钟 64 次 FP16 FMA 正是 Volta（以及 Turing）的 Tensor Core；Ampere 为 256，Hopper 为 512。快的原因是广播连线（A 的行水平广播、B 的列垂直广播，无寄存器冲突）以及所有乘法同时进行。",
    ),
};

static Q_WS_TCGEN_PEAK_CLOCK: BankQuestion = BankQuestion {
    id: "ws-tcgen-peak-clock",
    source: Source::Warpscope { course: Course::TensorCoreHistory, section: "1" },
    chapters: &["tensor-core-generations"],
    question: tr(
        "An H100 SXM has 132 SMs with 4 Tensor Cores each, 512 dense BF16 FMA per clock per Tensor Core, and a 1,980 MHz maximum boost clock. Why does its datasheet say 989.4 TFLOPS rather than 1,070 TFLOPS?",
        "H100 SXM 有 132 个 SM，每个 4 个 Tensor Core，每个 Tensor Core 每时钟 512 次稠密 BF16 FMA，最高 Boost 频率 1,980 MHz。为什么数据手册写的是 989.4 TFLOPS 而不是 1,070 TFLOPS？",
    ),
    answer: tr(
        "132 × 4 × 512 × 2 = 540,672 FLOP per clock. At 1,980 MHz that is 1,070.5 TFLOPS; the datasheet's 989.4 corresponds to 1,830 MHz, the clock its Tensor figures assume (the FP32 66.9 TFLOPS does use 1,980 MHz). Always ask which clock a peak is quoted at; on the H200 the wgmma loop measured 1,710–1,800 MHz under load.",
        "132 × 4 × 512 × 2 = 每时钟 540,672 FLOP。按 1,980 MHz 是 1,070.5 TFLOPS；数据手册的 989.4 对应 1,830 MHz，即其 Tensor 峰值所假设的频率（FP32 的 66.9 TFLOPS 才用 1,980 MHz）。看峰值时总要问它按哪个频率算；在 H200 上，wgmma 循环满载时实测频率为 1,710–1,800 MHz。",
    ),
};

static Q_WS_TCGEN_QUAD_PAIR: BankQuestion = BankQuestion {
    id: "ws-tcgen-quad-pair",
    source: Source::Warpscope { course: Course::TensorCoreHistory, section: "4" },
    chapters: &["tensor-core-generations"],
    question: tr(
        "On Volta, a warp's mma.sync.m8n8k4 with FP32 accumulators leaves 8 accumulators in each of 32 lanes: 256 values for an 8 × 8 output of 64 elements. Where do the other 192 values come from?",
        "在 Volta 上，一个 warp 执行 FP32 累加的 mma.sync.m8n8k4 后，32 个 lane 各有 8 个累加器：8 × 8 的输出只有 64 个元素，却有 256 个值。多出来的 192 个值是什么？",
    ),
    answer: tr(
        "Nothing is duplicated: the warp computes four independent 8 × 8 × 4 products, one per quad-pair (lanes 0–3 + 16–19, 4–7 + 20–23, 8–11 + 24–27, 12–15 + 28–31), each with its own A, B and C. 4 × 64 = 256. Each Volta Tensor Core serves 8 threads; from Ampere on one Tensor Core per partition serves the whole warp, and mma.sync.m16n8k16 computes one product per warp.",
        "没有重复：这个 warp 计算的是四个独立的 8 × 8 × 4 乘积，每个 quad-pair 一个（lane 0–3 + 16–19、4–7 + 20–23、8–11 + 24–27、12–15 + 28–31），各有自己的 A、B、C。4 × 64 = 256。Volta 的每个 Tensor Core 服务 8 个线程；从 Ampere 起每个分区一个 Tensor Core 服务整个 warp，mma.sync.m16n8k16 每个 warp 只算一个乘积。",
    ),
};

static Q_WS_TCGEN_WGMMA: BankQuestion = BankQuestion {
    id: "ws-tcgen-wgmma",
    source: Source::Warpscope { course: Course::TensorCoreHistory, section: "2" },
    chapters: &["tensor-core-generations"],
    question: tr(
        "How many mma.sync.m16n8k16 instructions compute the same product as one wgmma m64n128k16, why must B of a wgmma sit in shared memory, and what does wgmma.wait_group 1 guarantee after three commit_groups?",
        "一条 wgmma m64n128k16 的乘积需要多少条 mma.sync.m16n8k16？为什么 wgmma 的 B 必须放在 shared memory？提交 3 个 commit_group 后，wgmma.wait_group 1 保证什么？",
    ),
    answer: tr(
        "(64 / 16) × (128 / 8) = 64 mma.sync, 16 per warp of the warp group, against one wgmma per warp. B is read by all four warps' Tensor Cores (the course's reading: A split into four 16-row blocks, one per partition, B shared), so it lives where all four can reach it: shared memory. wait_group 1 returns when at most one group is pending: the two oldest groups are complete, the newest may still run.",
        "(64 / 16) × (128 / 8) = 64 条 mma.sync，warp group 中每个 warp 16 条，而 wgmma 每个 warp 只要 1 条。B 要被 4 个 warp 对应的 Tensor Core 共同读取（课程的推测：A 切成 4 个 16 行的块、每个分区一个，B 共享），所以只能放在 4 个都能访问的 shared memory 中。wait_group 1 在至多一个组未完成时返回：最早的两个组已完成，最新的一个可能仍在执行。",
    ),
};

static Q_WS_TCGEN_ONLY_WGMMA: BankQuestion = BankQuestion {
    id: "ws-tcgen-only-wgmma",
    source: Source::Warpscope { course: Course::TensorCoreHistory, section: "2" },
    chapters: &["tensor-core-generations"],
    question: tr(
        "The course says only TMA + wgmma can reach Hopper's Tensor Core peak. On an H200, a register-only mma.sync m16n8k16 loop reaches 641 TFLOP/s and a wgmma m64n256k16 loop 953 TFLOP/s. What does each number say, and what does neither test?",
        "课程说只有 TMA + wgmma 才能打满 Hopper 的 Tensor Core 理论算力。在 H200 上，只用寄存器的 mma.sync m16n8k16 循环达到 641 TFLOP/s，wgmma m64n256k16 循环达到 953 TFLOP/s。两个数字各说明什么？两者都没有检验什么？",
    ),
    answer: tr(
        "mma.sync stays at 65 % of 989.4 even with nothing but Tensor Core work and 32 warps per SM: each Tensor Core does about 338 of its 512 FMA per clock, limited by issuing one small warp instruction per 16 × 8 × 16 tile through the register file. wgmma with two warp groups per SM does 511 of 512 per clock (96 % of the datasheet; the rest is the clock, about 1,765 MHz instead of 1,830). Neither loop loads data from HBM: that is TMA's half of the claim, and a real GEMM (cuBLAS 4096³ BF16: 669 TFLOP/s) pays for it.",
        "即使只有 Tensor Core 工作、每 SM 32 个 warp，mma.sync 也停在 989.4 的 65 %：每个 Tensor Core 每时钟约 338 次 FMA（满值 512），受限于每个 16 × 8 × 16 tile 都要经寄存器文件发射一条小的 warp 指令。每 SM 两个 warp group 的 wgmma 达到每时钟 511 / 512（数据手册的 96 %，差距来自频率：约 1,765 MHz 而非 1,830 MHz）。两者都没有从 HBM 加载数据：那是课程说法中 TMA 的一半，真实 GEMM（cuBLAS 4096³ BF16：669 TFLOP/s）要为此付出代价。",
    ),
};

#[cfg(test)]
mod tests;
