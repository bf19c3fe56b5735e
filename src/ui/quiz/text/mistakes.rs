//! The diagnosis of each known mistake, in both languages: what the student did, and the rule
//! that gives the right value.

use crate::model::quiz::Mistake;
use crate::ui::i18n::{tr, Tr};

/// The diagnosis of a known mistake.
pub fn mistake(m: Mistake) -> Tr {
    match m {
        Mistake::LinesNotSectors => tr(
            "You counted 128-byte lines; the memory system moves 32-byte sectors. Count the distinct 32-byte sectors the addresses fall in.",
            "你数的是 128 字节的 cache line；内存系统按 32 字节 sector 搬运数据。请数地址落在多少个不同的 32 字节 sector 中。",
        ),
        Mistake::RegisterAllocationUnit => tr(
            "You forgot the register allocation unit: registers are given to a warp in units of 256 (regs × 32 rounded up to a multiple of 256).",
            "你忘了寄存器分配粒度：寄存器按每个 warp 256 个为单位分配（regs × 32 向上取整到 256 的倍数）。",
        ),
        Mistake::ReservedSharedMemory => tr(
            "You forgot the 1 KiB of shared memory the system reserves per block on compute capability 8.x and later: add it before rounding.",
            "你忘了计算能力 8.x 及以后每个 block 由系统预留的 1 KiB shared memory：先加上它再取整。",
        ),
        Mistake::DatasheetValues => tr(
            "That is what the datasheet's values give (e.g. 2,039 GB/s on the A100); this question uses the values it states: the course's rounded ones where the course rounds (A100 2.0 TB/s, 19.5 / 312 TFLOP/s; H100 3.35 TB/s, 67 / 989 TFLOP/s).",
            "这是按规格表数值算出的结果（如 A100 的 2,039 GB/s）；本题使用题中给出的数值：课程有取整值的地方用取整值（A100 2.0 TB/s、19.5 / 312 TFLOP/s；H100 3.35 TB/s、67 / 989 TFLOP/s）。",
        ),
        Mistake::BroadcastAsConflict => tr(
            "You counted a broadcast as a conflict: lanes reading the same 4-byte word of a bank are served together in one wavefront.",
            "你把广播算成了冲突：读取同一 bank 中同一个 4 字节字的多个 lane 在同一个 wavefront 中一起完成。",
        ),
        Mistake::FloorNotCeil => tr(
            "You rounded down: the blocks left over after the full waves still need a (partial) tail wave, so round up; when the grid divides evenly, the last wave is a full one.",
            "你向下取整了：整波之后剩下的 block 还需要一个（不满的）尾波，所以要向上取整；grid 恰好整除时，最后一波是满的。",
        ),
        Mistake::PartialWarpLaunchMask => tr(
            "The block size is not a multiple of 32, so this warp starts with a partial launch mask: lanes beyond blockDim.x never run. AND the condition with the launch mask.",
            "block 大小不是 32 的倍数，这个 warp 的初始掩码只有部分 lane：超出 blockDim.x 的 lane 从不执行。请把条件与初始掩码相与。",
        ),
        Mistake::RequestPerLane => tr(
            "One warp-wide load instruction is one request, however many lanes it has; the lanes' addresses decide the sectors, not the requests.",
            "一条 warp 级的 load 指令就是一个请求，不论有多少个 lane；lane 的地址决定的是 sector 数，而不是请求数。",
        ),
        Mistake::PerSmNotPerScheduler => tr(
            "Per SM and per scheduler differ by 4: each SM has 4 warp schedulers, and the resident warps are split among them.",
            "按 SM 计和按调度器计相差 4 倍：每个 SM 有 4 个 warp 调度器，驻留的 warp 平均分给它们。",
        ),
        Mistake::BoostNotTensorClock => tr(
            "That is the units at the maximum boost clock: the datasheet's Tensor figures assume the lower clock the question gives.",
            "这是按最高 Boost 频率算的：数据手册的 Tensor 峰值假设的是题中给出的较低频率。",
        ),
        Mistake::FmaNotTwoFlops => tr(
            "One fused multiply-add counts as 2 FLOP.",
            "一次融合乘加（FMA）算 2 个 FLOP。",
        ),
        Mistake::OtherClock => tr(
            "You used another clock: the peak at a clock is the units × that clock, so use the one the question gives.",
            "你用了另一个频率：某个频率下的峰值 = 各单元 × 该频率，请用题中给出的频率。",
        ),
        Mistake::SparsePeak => tr(
            "That is the 2:4-sparse figure, twice the dense one: datasheets print it first (with an asterisk); the dense peak is half.",
            "这是 2:4 稀疏的数值，是稠密峰值的两倍：规格表常把它列在前面（带星号）；稠密峰值是它的一半。",
        ),
        Mistake::UnitPrefix => tr(
            "The number is right but the unit is not: check the prefix (giga, tera, peta; s, ms, µs, ns) against the unit beside the field.",
            "数值对了但单位不对：请对照输入框旁的单位检查前缀（G、T、P；s、ms、µs、ns）。",
        ),
        Mistake::ThreadIdRowMajor => tr(
            "Threads of a block are numbered x fastest: tid = threadIdx.x + threadIdx.y × blockDim.x, not y first.",
            "block 内线程按 x 最快编号：tid = threadIdx.x + threadIdx.y × blockDim.x，而不是 y 优先。",
        ),
        Mistake::WarpFromThreadIdxX => tr(
            "Warps are cut from the linear thread id, not from threadIdx.x: in a 2-D block, warp = tid / 32 and lane = tid % 32.",
            "warp 是按线性线程号划分的，而不是按 threadIdx.x：在二维 block 中，warp = tid / 32，lane = tid % 32。",
        ),
        Mistake::SubPartitionRegisters => tr(
            "The SM's 65,536 registers are split over its 4 partitions (16,384 each), and a warp gets all its registers from one: divide the partition's registers by the warp's, then multiply by 4.",
            "SM 的 65,536 个寄存器分属 4 个分区（每个 16,384 个），一个 warp 的寄存器全部来自同一个分区：先用分区的寄存器数除以每个 warp 的寄存器数，再乘以 4。",
        ),
        Mistake::FloorWarpsPerBlock => tr(
            "A partial warp still takes a whole warp: warps per block = ⌈threads / 32⌉, not ⌊threads / 32⌋.",
            "不满的 warp 也占用一个完整的 warp：每个 block 的 warp 数 = ⌈线程数 / 32⌉，而不是 ⌊线程数 / 32⌋。",
        ),
        Mistake::MaxWarps64 => tr(
            "Not every SM holds 64 warps: divide by this GPU's maximum (48 on compute capability 8.6, 8.9 and 12.0; 32 on 7.5), given in the question.",
            "并非每个 SM 都能驻留 64 个 warp：请除以这块 GPU 的最大值（计算能力 8.6、8.9、12.0 为 48，7.5 为 32），题中已给出。",
        ),
        Mistake::FullWaveOneBlockPerSm => tr(
            "A full wave is blocks per SM × SMs: each SM runs several blocks at once, not one.",
            "一整波 = 每个 SM 的 block 数 × SM 数：每个 SM 同时运行多个 block，而不是一个。",
        ),
        Mistake::LoadCountedInK => tr(
            "The load is not one of the k independent instructions: warps needed ≈ L / k, and a warp issues 1 + k instructions per iteration.",
            "load 本身不算在 k 条独立指令里：所需 warp 数 ≈ L / k，每个 warp 每次迭代发射 1 + k 条指令。",
        ),
        Mistake::ElseSideMask => tr(
            "That is the mask of the lanes where the condition is false: the then side runs the lanes where it is true.",
            "这是条件为假的 lane 的掩码：then 分支执行的是条件为真的 lane。",
        ),
        Mistake::ReversedBitOrder => tr(
            "The bits are reversed: bit i of the mask is lane i, so lane 0 is the lowest bit (0x00000001).",
            "位序反了：掩码的第 i 位对应 lane i，所以 lane 0 是最低位（0x00000001）。",
        ),
        Mistake::EmptySideCounted => tr(
            "A side with no instructions is not a path: the lanes that skip the then side just wait at the end of the if, so only one path runs under a partial mask.",
            "没有指令的一侧不算路径：跳过 then 分支的 lane 只是在 if 末尾等待，所以只有一条路径在部分掩码下执行。",
        ),
        Mistake::UniformBranchSerialised => tr(
            "Every active lane takes the same side here, so the warp does not diverge: nothing runs under a partial mask, the answer is 0.",
            "这里所有活跃 lane 都走同一侧，warp 不分歧：没有路径在部分掩码下执行，答案是 0。",
        ),
        Mistake::LegacyHalfWarpRequests => tr(
            "Splitting 8- and 16-byte loads into half- and quarter-warp requests is the compute capability 3.x description; since Volta, ncu counts one request per warp instruction.",
            "把 8 字节和 16 字节的访问拆成半个或四分之一个 warp 的请求，是计算能力 3.x 的说法；从 Volta 起，ncu 对每条 warp 指令只记一个请求。",
        ),
        Mistake::RequestPerLine => tr(
            "One request per 128-byte line is the pre-Volta \"transaction\" count; since Volta, one warp instruction is one request and the lines show up as sectors.",
            "每个 128 字节 line 一个请求是 Volta 之前“transaction”的算法；从 Volta 起，一条 warp 指令就是一个请求，line 的数量体现在 sector 上。",
        ),
        Mistake::RequestedBytesNotSectors => tr(
            "Bytes requested / 32 assumes the lanes fill whole sectors back to back; with a stride, an offset or shared addresses, count the distinct sectors the addresses fall in.",
            "请求字节数 / 32 假设各 lane 紧密填满整个 sector；有步长、偏移或共享地址时，请数地址实际落入的不同 sector。",
        ),
        Mistake::IgnoredOffset => tr(
            "You left out the offset: lane 0 starts at the byte address the question gives, and a misaligned start touches one more sector.",
            "你漏掉了偏移：lane 0 从题中给出的字节地址开始，起点不对齐时会多涉及一个 sector。",
        ),
        Mistake::IdealNotPhases => tr(
            "That is wavefronts − ideal (requested bytes / 128). Nsight Compute counts a conflict for every wavefront beyond the first of each phase; when paired lanes share an address the phases halve but the ideal does not, and the two counts differ.",
            "这是 wavefront 数 − 理想值（请求字节数 / 128）。Nsight Compute 把每个阶段第一个之外的 wavefront 都记为冲突；当成对的 lane 共享地址时阶段数减半而理想值不变，两种算法的结果就不同了。",
        ),
        Mistake::NoPhaseSplit => tr(
            "An 8-byte access is served in half-warp phases and a 16-byte one in quarter-warp phases (128 bytes each); count each phase's busiest bank separately.",
            "8 字节访问按半个 warp 分阶段，16 字节访问按四分之一个 warp 分阶段（每阶段 128 字节）；每个阶段分别找最忙的 bank。",
        ),
        Mistake::NoPairPacking => tr(
            "When every pair of lanes n and n^1 (or n and n^2) shares an address, the hardware halves the phases: 8-byte loads run as one whole-warp phase, 16-byte loads as two half-warp phases.",
            "当每对 lane n 与 n^1（或 n 与 n^2）地址相同时，硬件把阶段数减半：8 字节访问按整个 warp 一个阶段，16 字节访问按两个半 warp 阶段。",
        ),
        Mistake::ConflictsNotExtra => tr(
            "Not every wavefront is a conflict: the first wavefront of each phase is the access itself; conflicts are the ones beyond it.",
            "并非每个 wavefront 都是冲突：每个阶段的第一个 wavefront 是访问本身，冲突是它之外的那些。",
        ),
        Mistake::RowColumnSwapped => tr(
            "You swapped row and column: the element is (row, column) of the operand's matrix as the question gives it.",
            "你把行和列弄反了：元素是题中所给矩阵的（行，列）。",
        ),
        Mistake::SlotNotRegister => tr(
            "That is the fragment slot x[i]; a 32-bit register packs 32 / bits of them, so register = i / elements per register.",
            "这是 fragment 槽位 x[i]；一个 32 位寄存器装 32 / 位宽 个元素，所以寄存器号 = i / 每寄存器元素数。",
        ),
        Mistake::BlockPerOutput => tr(
            "Each block computes 16 outputs (the N side of one WMMA tile): blocks = N / 16.",
            "每个 block 计算 16 个输出（一个 WMMA tile 的 N 方向）：block 数 = N / 16。",
        ),
        Mistake::WarpsNotThreads => tr(
            "The question asks for threads: each warp is 32 threads.",
            "题目问的是线程数：每个 warp 有 32 个线程。",
        ),
        Mistake::KNotSplitOverWarps => tr(
            "The warps of a block split K between them: each warp covers K / warps, then one MMA per 16 of it.",
            "block 内各 warp 平分 K：每个 warp 负责 K / warp 数，再每 16 个做一次 MMA。",
        ),
        Mistake::WrongSideOfRidge => tr(
            "Compare the kernel's intensity with the ridge: below the ridge the memory roof is lower, so the kernel is memory-bound; above it, compute-bound.",
            "比较 kernel 的算术强度与拐点：低于拐点时访存屋顶更低，kernel 是 memory-bound；高于拐点时是 compute-bound。",
        ),
        Mistake::RidgeInverted => tr(
            "The ridge is peak / bandwidth (FLOP/s ÷ bytes/s = FLOP/byte), not bandwidth / peak.",
            "拐点 = 峰值 / 带宽（FLOP/s ÷ bytes/s = FLOP/byte），而不是带宽 / 峰值。",
        ),
        Mistake::SumNotMax => tr(
            "Compute and memory traffic overlap: the lower bound is the larger of FLOPs / peak and bytes / bandwidth, not their sum.",
            "计算和访存是重叠进行的：时间下界是 FLOPs / 峰值 与 bytes / 带宽 中较大的一个，而不是两者之和。",
        ),
        Mistake::OtherPrecisionRoof => tr(
            "You used the roof of the other precision: a BF16 Tensor Core kernel runs against the BF16 Tensor roof, an FP32 kernel on the CUDA cores against the FP32 roof.",
            "你用了另一种精度的屋顶：BF16 Tensor Core kernel 对照 BF16 Tensor 屋顶，CUDA Core 上的 FP32 kernel 对照 FP32 屋顶。",
        ),
        Mistake::ForgotOutputWrite => tr(
            "C is written once too: add M × N × element size to the bytes.",
            "C 还要写一次：字节数要加上 M × N × 元素大小。",
        ),
        Mistake::IdealTraffic => tr(
            "That counts each matrix once, as if every tile were reused: without L2 reuse each block reads its own (BM + BN) × K elements.",
            "这是把每个矩阵只算一次，好像每个 tile 都被完全复用了；不考虑 L2 复用时，每个 block 都要读自己的 (BM + BN) × K 个元素。",
        ),
        Mistake::ForgotDotLength => tr(
            "Each PE does k products per cycle, so the array does n × n × k multiply-adds per cycle and covers k of K each cycle.",
            "每个 PE 每周期做 k 次乘法，所以阵列每周期做 n × n × k 次乘加，每周期处理 K 中的 k 个。",
        ),
        Mistake::LinearAdderLevels => tr(
            "The k products are added pairwise in a tree: log2 k levels, not a chain of k − 1 adders.",
            "k 个乘积用加法树两两相加：需要 log2 k 级，而不是串联 k − 1 个加法器。",
        ),
        Mistake::PerWarpNotWarpGroup => tr(
            "wgmma is issued by a warp group: the 64 × N accumulators are spread over its 128 threads, not over 32.",
            "wgmma 由一个 warp group 发射：64 × N 个累加器分布在它的 128 个线程上，而不是 32 个。",
        ),
        Mistake::AllAccumulators => tr(
            "That is the whole 64 × N tile: each of the warp group's 128 threads holds its share.",
            "这是整个 64 × N 的 tile：warp group 的 128 个线程各持有其中一份。",
        ),
        Mistake::ForgotRowBlocks => tr(
            "An m16n8k16 covers 16 of the 64 rows too: (64 / 16) × (N / 8) instructions.",
            "一条 m16n8k16 也只覆盖 64 行中的 16 行：需要 (64 / 16) × (N / 8) 条指令。",
        ),
        Mistake::ForgotWarpBand => tr(
            "That is the lane inside the warp: warp w of the group holds rows 16w … 16w + 15, so the thread is 32 × (row / 16) + lane.",
            "这是 warp 内的 lane：warp group 的 warp w 负责第 16w … 16w + 15 行，所以线程号 = 32 × (行 / 16) + lane。",
        ),
        Mistake::ForgotColumnBlocks => tr(
            "That is the register inside the first 8 columns: every further block of 8 columns adds 4 elements, i = 4 × (column / 8) + ….",
            "这是前 8 列中的寄存器：每往后一个 8 列的块，元素序号加 4，i = 4 × (列 / 8) + …。",
        ),
        Mistake::WholeNPerCta => tr(
            "With cta_group::2 and M = 128 (Layout B) the pair splits D by columns too: each SM holds N / 2 columns on all 128 lanes.",
            "cta_group::2 且 M = 128（Layout B）时，一对 SM 也按列拆分 D：每个 SM 在全部 128 个 lane 上占 N / 2 列。",
        ),
        Mistake::ElementsNotColumns => tr(
            "That counts elements: one Tensor Memory column holds a whole column of D, one row per lane.",
            "这数的是元素：Tensor Memory 的一列容纳 D 的一整列，每行占一个 lane。",
        ),
        Mistake::AllocNotPowerOfTwo => tr(
            "tcgen05.alloc takes a power of two (32, 64, 128, 256, 512), not any multiple of 32.",
            "tcgen05.alloc 只接受二的幂（32、64、128、256、512），不是任意 32 的倍数。",
        ),
        Mistake::AllocBelowMinimum => tr(
            "The unit of tcgen05.alloc is 32 columns: no allocation is smaller.",
            "tcgen05.alloc 的分配单位是 32 列：不能申请更少。",
        ),
        Mistake::XorLeftOut => tr(
            "That leaves out the swizzle: the hardware XORs address bits 4–6 with bits 7–9 (128 B; fewer bits for 32 and 64 B), which moves each row's 16-byte chunk.",
            "这里漏掉了 swizzle：硬件把地址第 4–6 位与第 7–9 位异或（128 B；32、64 B 时位数更少），每行的 16 字节块因此移动。",
        ),
        Mistake::XorKept => tr(
            "Without the XOR the rows keep their plain pitch: S bytes apart, they start S / 4 banks apart and meet the same banks again every 128 bytes.",
            "去掉 XOR 后各行保持原来的间距：相距 S 字节的行起始 bank 相差 S / 4，每 128 字节就回到同样的 bank。",
        ),
        Mistake::LboSboSwapped => tr(
            "LBO and SBO are swapped: for a K-major operand SBO steps the 8-row groups along M or N, LBO the 16-byte chunks along K (no swizzle).",
            "LBO 与 SBO 弄反了：K-major 操作数中 SBO 跨越 M 或 N 方向的 8 行组，LBO 跨越 K 方向的 16 字节块（无 swizzle 时）。",
        ),
    }
}
