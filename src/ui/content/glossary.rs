//! The glossary: every term a reader meets, with a one-line definition as CUDA, PTX and Nsight
//! Compute use the term, the chapter that shows it, and the course's Chinese term.
//!
//! Plain data, read by the glossary page (`/glossary`, `ui::glossary`), by the chapters' links
//! at a term's first use (`[[shown|slug]]` in a text module, rendered by `widgets::TermText`)
//! and by the wording test below, which holds every Chinese string of the text modules to the
//! course's spelling of the English words it keeps.
//!
//! The Chinese column is the course's term (the seeds: `a100-from-chip-to-simt`,
//! `gpu-kernel-engineering-01-hardware-and-roofline`, the Tensor Core history): a Chinese word
//! where the course translates (占用率, 合并访存, 拐点), else the English word as the course
//! writes it inside Chinese sentences (warp, lane, shared memory: lower case; SM, HBM, Tensor
//! Core: as named). [`Term::en`] is written as English running text writes it (lower case
//! except names and abbreviations); inside Chinese text an English term keeps that spelling.

use crate::ui::i18n::{tr, Tr};

/// One glossary entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// Anchor id on the glossary page (`/glossary#sector`) and the slug of `[[…|slug]]` links:
    /// lower-case ASCII letters, digits and `-`.
    pub slug: &'static str,
    /// The English term as running text writes it ("sector", "Tensor Core", "block (CTA)").
    pub en: &'static str,
    /// The course's Chinese term (or the English word as the course keeps it).
    pub zh: &'static str,
    /// One-line definition.
    pub definition: Tr,
    /// Slug of the chapter that shows it.
    pub chapter: &'static str,
    /// A query of that chapter that shows it (no `?`), where the default view does not.
    pub query: Option<&'static str>,
}

const fn term(
    slug: &'static str,
    en: &'static str,
    zh: &'static str,
    chapter: &'static str,
    query: Option<&'static str>,
    definition: Tr,
) -> Term {
    Term {
        slug,
        en,
        zh,
        definition,
        chapter,
        query,
    }
}

/// Every term, grouped by the chapter that shows it, in teaching order.
pub const TERMS: &[Term] = &[
    // ---- 1. Chip anatomy
    term("sm", "SM", "SM", "chip", None, tr(
        "Streaming multiprocessor: the unit that runs thread blocks, with its own register file, L1/shared memory, warp schedulers and execution units; a block stays on one SM from start to end.",
        "流式多处理器（streaming multiprocessor）：执行 thread block 的单元，有自己的寄存器文件、L1/shared memory、warp 调度器和执行单元；一个 block 从开始到结束都留在同一个 SM 上。",
    )),
    term("smsp", "SMSP (partition)", "处理分区", "chip", None, tr(
        "SM sub-partition (Nsight Compute's smsp__ metrics; a processing block in NVIDIA's whitepapers): one of the four quarters of an SM, with its own warp scheduler, register-file slice and execution units; a resident warp stays on one.",
        "SM 子分区（Nsight Compute 的 smsp__ 指标；NVIDIA 白皮书称 processing block）：SM 的四个处理分区之一，有自己的 warp 调度器、寄存器文件切片和执行单元；驻留 warp 固定在其中一个分区上。",
    )),
    term("gpc", "GPC", "GPC（图形处理簇）", "chip", None, tr(
        "Graphics processing cluster: the largest repeated group on the die; it contains TPCs. A launch cannot choose a GPC.",
        "图形处理簇（graphics processing cluster）：die 上最大的重复单元，内含若干 TPC。启动 kernel 时不能指定 GPC。",
    )),
    term("tpc", "TPC", "TPC", "chip", None, tr(
        "Texture processing cluster: the pair of SMs that a GPC repeats.",
        "纹理处理簇（texture processing cluster）：GPC 中重复的单元，每个含两个 SM。",
    )),
    term("cuda-core", "CUDA Core", "CUDA Core", "chip", None, tr(
        "NVIDIA's count of FP32 lanes: one executes one lane of a warp's FP32 instruction. Not a core with its own instruction stream.",
        "NVIDIA 计数口径中的 FP32 lane：执行 warp 的一条 FP32 指令中的一个 lane，不是能独立取指的核心。",
    )),
    term("register-file", "register file", "寄存器文件", "chip", None, tr(
        "The SM's storage for the 32-bit registers of every resident thread, one slice per partition; a warp's registers stay there for its whole life, so switching warps costs nothing.",
        "SM 中存放所有驻留线程的 32 位寄存器的存储，每个处理分区一个切片；warp 的寄存器在它整个生命周期里都留在这里，所以切换 warp 没有开销。",
    )),
    term("l1", "L1", "L1", "chip", None, tr(
        "The SM's hardware-managed data cache; it shares one SRAM with shared memory, split by the carveout.",
        "SM 内由硬件管理的数据缓存；与 shared memory 共用一块 SRAM，两者的划分由 carveout 决定。",
    )),
    term("l2", "L2", "L2", "chip", None, tr(
        "The cache every SM shares; all traffic between the SMs and HBM passes through it.",
        "所有 SM 共享的缓存；SM 与 HBM 之间的全部流量都经过它。",
    )),
    term("hbm", "HBM", "HBM", "chip", None, tr(
        "High-bandwidth memory: the GPU's DRAM stacked beside the die, where global memory lives; its bandwidth is the slanted roof of the roofline.",
        "高带宽内存（high-bandwidth memory）：封装在 die 旁边的 GPU 显存，全局内存就在这里；它的带宽就是 Roofline 的斜屋顶。",
    )),
    // ---- 2. Grid, block, warp, thread
    term("kernel", "kernel", "kernel", "hierarchy", None, tr(
        "A __global__ function launched on the GPU over a grid of blocks (<<<grid, block>>>): every thread runs the same code on its own indices.",
        "在 GPU 上以 grid 启动（<<<grid, block>>>）的 __global__ 函数：每个线程执行同一份代码，处理自己的编号。",
    )),
    term("grid", "grid", "grid", "hierarchy", None, tr(
        "All the blocks of one kernel launch (gridDim, up to three dimensions); the blocks run in no guaranteed order.",
        "一次 kernel 启动的全部 block（gridDim，最多三维）；block 之间的执行顺序没有保证。",
    )),
    term("block", "block (CTA)", "block", "hierarchy", None, tr(
        "Thread block, in PTX and Nsight Compute a CTA (cooperative thread array): up to 1024 threads that run on one SM, share its shared memory and can wait for each other (__syncthreads).",
        "线程块（thread block），PTX 与 Nsight Compute 中称 CTA（cooperative thread array）：最多 1024 个线程，在同一个 SM 上执行，共用它的 shared memory，可以互相等待（__syncthreads）。",
    )),
    term("thread", "thread", "线程", "hierarchy", None, tr(
        "One instance of the kernel's code with its own registers and indices (threadIdx, blockIdx); the hardware runs it as one lane of a warp.",
        "kernel 代码的一个实例，有自己的寄存器和编号（threadIdx、blockIdx）；硬件把它作为 warp 中的一个 lane 执行。",
    )),
    term("warp", "warp", "warp", "hierarchy", Some("bx=24&by=8"), tr(
        "32 threads of a block with consecutive linear thread numbers: the warp scheduler issues each instruction for all of them at once.",
        "block 中线性编号连续的 32 个线程：warp 调度器每次为它们一起发射同一条指令。",
    )),
    term("lane", "lane", "lane", "hierarchy", None, tr(
        "A thread's place 0–31 in its warp: its linear thread number in the block mod 32.",
        "线程在 warp 中的位置 0–31：它在 block 内的线性编号对 32 取模。",
    )),
    // ---- 3. Occupancy
    term("occupancy", "occupancy", "占用率", "occupancy", None, tr(
        "Resident warps per SM divided by the most an SM can hold: theoretical from the launch's limits (cuda_occupancy.h), achieved as Nsight Compute measures it while the kernel runs.",
        "每个 SM 的驻留 warp 数除以 SM 最多能驻留的 warp 数：理论值由启动参数的各项限制算出（cuda_occupancy.h），实际值（achieved）由 Nsight Compute 在 kernel 运行时测得。",
    )),
    term("resident", "resident", "驻留", "occupancy", None, tr(
        "A block or warp whose registers, shared memory and slots are allocated on an SM; resident does not mean issuing this cycle.",
        "block 或 warp 的寄存器、shared memory 和槽位都已在某个 SM 上分配好；驻留不等于这个周期正在发射。",
    )),
    term("limiter", "limiter", "限制因素", "occupancy", Some("regs=128"), tr(
        "The per-SM budget (warp slots, block slots, registers or shared memory) that admits the fewest blocks, and so sets occupancy; Nsight Compute's block limit rows.",
        "每个 SM 的各项预算（warp 槽位、block 槽位、寄存器、shared memory）中允许驻留 block 数最少的那一项，它决定占用率；对应 Nsight Compute 的 Block Limit 各行。",
    )),
    term("carveout", "carveout", "carveout", "occupancy", None, tr(
        "The share of the SM's unified L1/shared SRAM given to shared memory: the kernel states a preference and the driver picks one of the architecture's legal sizes.",
        "SM 统一的 L1/shared SRAM 中划给 shared memory 的部分：kernel 给出偏好，驱动从该架构的合法容量中选一个。",
    )),
    // ---- 4. Block dispatch
    term("wave", "wave", "波次", "dispatch", Some("grid=432&event=0"), tr(
        "As many blocks as the whole GPU holds at once (blocks per SM × SMs); a grid takes grid size ÷ that many waves, the last one possibly partial (Nsight Compute: Waves Per SM).",
        "整块 GPU 同时能容纳的 block 数（每 SM block 数 × SM 数）；grid 需要 grid 大小 ÷ 这个数个波次，最后一波可能不满（Nsight Compute：Waves Per SM）。",
    )),
    term("tail-wave", "tail wave", "尾波", "dispatch", Some("threads=1024&grid=109&event=0"), tr(
        "The last, partial wave of a grid that is not a whole number of waves: a few SMs work while the others sit idle.",
        "grid 不是波次的整数倍时最后那一波不满的 block：少数 SM 在算，其余 SM 空等。",
    )),
    // ---- 5. Warp scheduling
    term("warp-scheduler", "warp scheduler", "warp 调度器", "scheduling", None, tr(
        "The unit of each SM partition that, every cycle, picks one ready warp among those resident on it and issues its next instruction.",
        "每个处理分区中的调度单元：每个周期从驻留在该分区的就绪 warp 中挑一个，发射它的下一条指令。",
    )),
    term("issue-slot", "issue slot", "发射槽", "scheduling", None, tr(
        "One cycle of one warp scheduler, in which it can issue one instruction; a slot with no ready warp is lost.",
        "一个 warp 调度器的一个周期，可以发射一条指令；没有就绪 warp 的发射槽就浪费了。",
    )),
    term("latency-hiding", "latency hiding", "延迟隐藏", "scheduling", None, tr(
        "Keeping the schedulers issuing while some warps wait for memory, by switching to other ready warps and to independent instructions.",
        "一些 warp 等待访存时，调度器切到其他就绪 warp、发射彼此独立的指令，使发射不停。",
    )),
    term("ilp", "ILP", "ILP（指令级并行）", "scheduling", Some("ilp=4"), tr(
        "Instruction-level parallelism: independent instructions of one warp issued without waiting for each other, such as several loads in flight at once.",
        "指令级并行（instruction-level parallelism）：同一个 warp 中互不依赖、无需彼此等待即可发射的指令，例如同时在飞的多条 load。",
    )),
    // ---- 6. SIMT divergence
    term("simt", "SIMT", "SIMT", "divergence", None, tr(
        "Single instruction, multiple threads: a warp executes one instruction for its 32 lanes, each on its own registers and data.",
        "单指令多线程（single instruction, multiple threads）：warp 为 32 个 lane 执行同一条指令，每个 lane 作用在自己的寄存器和数据上。",
    )),
    term("active-mask", "active mask", "活跃掩码", "divergence", None, tr(
        "The bit per lane issued with a warp instruction that says which lanes execute it (__activemask()).",
        "随 warp 指令一起发射的每 lane 一位的掩码，表示哪些 lane 执行这条指令（__activemask()）。",
    )),
    term("divergence", "divergence", "分歧", "divergence", Some("preset=odd-even"), tr(
        "Lanes of one warp taking different sides of a branch: the warp runs each side in turn under its mask, so the time is the sum of the paths.",
        "同一 warp 的 lane 在分支上走了不同的路：warp 在各自的掩码下依次执行每条路径，时间是各路径之和。",
    )),
    term("reconvergence", "reconvergence", "重汇合", "divergence", Some("preset=odd-even"), tr(
        "The point after a divergent branch where the warp's lanes run together again under one mask.",
        "分歧的分支之后，warp 的 lane 重新在同一个掩码下一起执行的位置。",
    )),
    // ---- 7. Coalescing
    term("global-memory", "global memory", "全局内存", "coalescing", None, tr(
        "The device memory every thread can address, in HBM and cached by L2 and L1; kernel pointers point into it.",
        "所有线程都能寻址的设备内存，位于 HBM，经 L2 与 L1 缓存；kernel 的指针参数就指向这里。",
    )),
    term("coalescing", "coalescing", "合并访存", "coalescing", None, tr(
        "Merging the 32 lane addresses of one warp memory instruction into the fewest 32-byte sectors; fully coalesced, every byte moved is used.",
        "把一条 warp 访存指令的 32 个 lane 地址合并成尽量少的 32 字节 sector；完全合并时搬运的每个字节都有用。",
    )),
    term("sector", "sector", "sector", "coalescing", Some("preset=stride-2"), tr(
        "32 aligned bytes: the unit in which L1 and L2 move global-memory data (compute capability 6.0 and later); Nsight Compute counts sectors.",
        "32 字节对齐的一段内存：L1 与 L2 搬运全局内存数据的单位（计算能力 6.0 及以后）；Nsight Compute 按 sector 计数。",
    )),
    term("request", "request", "请求", "coalescing", None, tr(
        "What one warp-wide memory instruction becomes at the L1 (Nsight Compute: l1tex requests); its cost is the sectors it touches.",
        "一条 warp 级访存指令在 L1 处成为的一次请求（Nsight Compute：l1tex 的 requests）；代价看它涉及多少个 sector。",
    )),
    term("cache-line", "cache line", "cache line", "coalescing", None, tr(
        "128 aligned bytes, four sectors: the unit a cache tags; data moves by sector, not by whole line.",
        "128 字节对齐的一段，即 4 个 sector：缓存打标签的单位；数据按 sector 搬运，而不是整条 line。",
    )),
    // ---- 8. Bank conflicts
    term("shared-memory", "shared memory", "shared memory", "bank-conflicts", None, tr(
        "On-chip memory of the SM that a block addresses explicitly (__shared__): each block has its own, visible to all its threads, in 32 banks.",
        "SM 片上由 block 显式寻址的存储（__shared__）：每个 block 有自己的一份，block 内所有线程可见，分为 32 个 bank。",
    )),
    term("bank", "bank", "bank", "bank-conflicts", None, tr(
        "One of the 32 four-byte-wide columns of shared memory: word w is in bank w mod 32, and each bank delivers one word per cycle.",
        "shared memory 的 32 个 4 字节宽的列之一：第 w 个 word 在 bank w mod 32，每个 bank 每周期提供一个 word。",
    )),
    term("bank-conflict", "bank conflict", "bank 冲突", "bank-conflicts", Some("preset=tile-column"), tr(
        "Lanes of one phase that need different words of the same bank: the bank serves them one after another, one wavefront each.",
        "同一 phase 中需要同一个 bank 里不同 word 的 lane：这个 bank 只能依次服务，每多一个 word 多一个 wavefront。",
    )),
    term("wavefront", "wavefront", "wavefront", "bank-conflicts", Some("preset=tile-column"), tr(
        "Nsight Compute's unit of shared-memory work: one pass through the banks. An access takes as many as its busiest bank has distinct words, summed over phases.",
        "Nsight Compute 统计 shared memory 工作量的单位：对 bank 的一次遍历。一次访问的 wavefront 数等于最忙的 bank 要提供的不同 word 数，再对各 phase 求和。",
    )),
    term("phase", "phase", "phase", "bank-conflicts", Some("preset=float2-stride-2"), tr(
        "The lanes shared memory serves together, at most 128 bytes: the whole warp for 4-byte accesses, each half-warp for 8-byte, each quarter-warp for 16-byte.",
        "shared memory 一起服务的那组 lane，至多 128 字节：4 字节访存是整个 warp，8 字节是每半个 warp，16 字节是每四分之一 warp。",
    )),
    term("broadcast", "broadcast", "广播", "bank-conflicts", Some("preset=broadcast"), tr(
        "Lanes that read the same word get it from one bank access: no conflict.",
        "读同一个 word 的 lane 由一次 bank 访问一起满足：不算冲突。",
    )),
    term("padding", "padding", "padding", "bank-conflicts", Some("preset=tile-column-padded"), tr(
        "Unused elements added to each row of an array ([32][33] for a [32][32] tile) so that a column's elements fall in different banks.",
        "在数组每行末尾多加的不用的元素（[32][32] 的 tile 写成 [32][33]），使一列的元素落在不同的 bank 上。",
    )),
    term("swizzle", "swizzle", "swizzle", "bank-conflicts", Some("preset=tile-column-xor"), tr(
        "Permuting where elements are stored (column XOR row) so that both a row and a column hit 32 different banks, with no padding.",
        "改变元素的存放位置（列号 XOR 行号），使一行和一列都落在 32 个不同的 bank 上，不需要 padding。",
    )),
    // ---- 9. Tensor Cores and the W8A8 GEMV
    term("tensor-core", "Tensor Core", "Tensor Core", "tensor-cores", None, tr(
        "The execution unit of each SM partition that performs a small matrix multiply-accumulate D = A · B + C for one warp-level (later warp-group-level) instruction.",
        "每个处理分区中的执行单元：一条 warp 级（后来是 warp group 级）指令完成一次小矩阵乘加 D = A · B + C。",
    )),
    term("tile", "tile", "tile", "tensor-cores", None, tr(
        "A fixed-size sub-matrix that an instruction, a warp or a block works on at once (a WMMA m16n16k16 tile, a 128 × 128 block tile of a GEMM).",
        "一条指令、一个 warp 或一个 block 一次处理的固定大小的子矩阵（WMMA m16n16k16 的 tile，GEMM 中 128 × 128 的 block tile）。",
    )),
    term("fragment", "fragment", "fragment", "tensor-cores", Some("lane=5"), tr(
        "The part of a matrix tile that one warp holds in registers for a matrix instruction (wmma::fragment): each lane owns a few elements, in a fixed layout.",
        "一个 warp 为矩阵指令放在寄存器里的矩阵 tile（wmma::fragment）：每个 lane 持有其中几个元素，布局是固定的。",
    )),
    term("accumulator", "accumulator", "累加器", "tensor-cores", Some("op=acc"), tr(
        "The C / D fragment a matrix instruction adds into; it stays in registers across the K loop.",
        "矩阵指令累加进去的 C / D fragment；它在整个 K 循环中一直留在寄存器里。",
    )),
    term("wmma", "WMMA", "WMMA", "tensor-cores", None, tr(
        "Warp matrix multiply-accumulate, CUDA C++'s warp-level API (nvcuda::wmma: load_matrix_sync, mma_sync, store_matrix_sync); NVIDIA leaves its fragment layouts unspecified.",
        "CUDA C++ 的 warp 级矩阵乘加 API（nvcuda::wmma：load_matrix_sync、mma_sync、store_matrix_sync）；NVIDIA 没有规定它的 fragment 布局。",
    )),
    term("mma-sync", "mma.sync", "mma.sync", "tensor-cores", Some("shape=mma_m16n8k16"), tr(
        "PTX's warp-level matrix multiply-accumulate (mma.sync.aligned.m16n8k16 …): the 32 lanes supply A, B and C from registers in layouts the PTX ISA specifies.",
        "PTX 的 warp 级矩阵乘加指令（mma.sync.aligned.m16n8k16 …）：32 个 lane 从寄存器提供 A、B、C，布局由 PTX ISA 规定。",
    )),
    term("ptx", "PTX", "PTX", "tensor-cores", None, tr(
        "NVIDIA's virtual instruction set: ptxas (or the driver, just in time) compiles it to SASS for one architecture.",
        "NVIDIA 的虚拟指令集：由 ptxas（或驱动在运行时 JIT）编译成某一架构的 SASS。",
    )),
    term("sass", "SASS", "SASS", "tensor-cores", None, tr(
        "The GPU's machine code for one architecture (IMMA, HMMA for Tensor Core work), shown by cuobjdump -sass.",
        "某一架构上 GPU 真正执行的机器码（Tensor Core 的 IMMA、HMMA 等），可用 cuobjdump -sass 查看。",
    )),
    term("quantisation", "quantisation", "量化", "tensor-cores", None, tr(
        "Storing real values as small integers q = round(v / s) with a scale s per tensor or per channel (symmetric: zero point 0); dequantising multiplies back by the scales.",
        "用小整数 q = round(v / s) 表示实数，每个张量或每个通道一个 scale s（对称量化的 zero point 为 0）；反量化再乘回 scale。",
    )),
    term("w8a8", "W8A8", "W8A8", "tensor-cores", None, tr(
        "8-bit integer weights and activations: INT8 × INT8 products accumulated in INT32, scaled back to floating point only in the epilogue.",
        "权重与 activation 都是 8 位整数：INT8 × INT8 的乘积累加到 INT32，只在 epilogue 中才乘 scale 回到浮点。",
    )),
    term("activation", "activation", "activation", "tensor-cores", None, tr(
        "A layer's input vector (here one token's x), as opposed to its weights; W8A8 quantises it at run time, one scale per tensor.",
        "一层的输入向量（这里是一个 token 的 x），与权重相对；W8A8 在运行时量化它，整个张量共用一个 scale。",
    )),
    term("epilogue", "epilogue", "epilogue", "tensor-cores", Some("step=9"), tr(
        "The code after a kernel's main loop that turns accumulators into outputs: here adding the warps' partial sums, dequantising and writing FP16.",
        "kernel 主循环之后把累加器变成输出的代码：这里是合并各 warp 的部分和、反量化并写出 FP16。",
    )),
    term("gemv", "GEMV", "GEMV", "tensor-cores", None, tr(
        "General matrix-vector multiply y = W · x (a GEMM with M = 1): every weight is used once, so it is memory-bound.",
        "通用矩阵向量乘 y = W · x（M = 1 的 GEMM）：每个权重只用一次，所以是 memory-bound。",
    )),
    // ---- 10. Inside the Tensor Core, by generation
    term("warp-group", "warp group", "warp group", "tensor-core-generations", None, tr(
        "Four consecutive warps of a block (128 threads, starting at a warp number that is a multiple of 4) that issue one wgmma together.",
        "block 中连续的 4 个 warp（128 个线程，起始 warp 编号是 4 的倍数），一起发射一条 wgmma。",
    )),
    term("wgmma", "wgmma", "wgmma", "tensor-core-generations", None, tr(
        "Hopper's warp-group matrix multiply-accumulate (wgmma.mma_async, SASS HGMMA): asynchronous, shape m64nNk16 for 16-bit types, B always read from shared memory.",
        "Hopper 的 warp group 级矩阵乘加（wgmma.mma_async，SASS 为 HGMMA）：异步执行，16 位类型的形状为 m64nNk16，B 总是直接从 shared memory 读取。",
    )),
    term("tma", "TMA", "TMA", "tensor-core-generations", None, tr(
        "Tensor Memory Accelerator (Hopper): a unit that copies a multi-dimensional tile between global and shared memory for one thread's instruction (cp.async.bulk.tensor).",
        "张量内存加速器（Tensor Memory Accelerator，Hopper）：由一个线程的一条指令（cp.async.bulk.tensor）驱动，在全局内存与 shared memory 之间搬运多维 tile 的硬件单元。",
    )),
    term("tensor-memory", "Tensor Memory", "Tensor Memory（TMEM）", "tensor-core-generations", None, tr(
        "Blackwell's per-SM memory for Tensor Core operands and accumulators, apart from registers and shared memory (TMEM).",
        "Blackwell 每个 SM 中专门存放 Tensor Core 操作数与累加器的存储，独立于寄存器和 shared memory（TMEM）。",
    )),
    term("tcgen05", "tcgen05", "tcgen05", "tensor-core-generations", None, tr(
        "Blackwell's Tensor Core instruction family (tcgen05.mma, tcgen05.ld …): issued by one thread, accumulating in Tensor Memory, optionally across a pair of SMs.",
        "Blackwell 的 Tensor Core 指令族（tcgen05.mma、tcgen05.ld …）：由单个线程发起，累加在 Tensor Memory 中，可由一对 SM 共同执行。",
    )),
    // ---- 11. Roofline
    term("arithmetic-intensity", "arithmetic intensity", "算术强度", "roofline", None, tr(
        "I = FLOPs / bytes moved to and from HBM, the bytes counted at the minimum (every input read once, every output written once): a property of the algorithm.",
        "I = FLOPs / 与 HBM 之间搬运的字节数，字节按最小必要流量计（输入各读一次、输出各写一次）：只和算法有关。",
    )),
    term("roofline", "Roofline", "Roofline", "roofline", None, tr(
        "The bound min(P, I × BW) on the FLOP/s a kernel of intensity I can reach: a slanted bandwidth roof and a flat compute roof on log-log axes.",
        "算术强度为 I 的 kernel 所能达到的 FLOP/s 上界 min(P, I × BW)：双对数坐标上一条斜的带宽屋顶和一条平的算力屋顶。",
    )),
    term("ridge-point", "ridge point", "拐点", "roofline", None, tr(
        "The intensity P / BW where the two roofs meet: left of it a kernel is memory-bound, right of it compute-bound.",
        "两条屋顶的交点 I = P / BW：左侧的 kernel 是 memory-bound，右侧是 compute-bound。",
    )),
    term("memory-bound", "memory-bound", "memory-bound", "roofline", Some("kind=elementwise"), tr(
        "Intensity below the ridge point: the time is at least bytes / bandwidth, whatever the compute peak.",
        "算术强度低于拐点：时间至少是字节数 / 带宽，与算力峰值无关。",
    )),
    term("compute-bound", "compute-bound", "compute-bound", "roofline", Some("kind=gemm"), tr(
        "Intensity above the ridge point: the time is at least FLOPs / peak compute.",
        "算术强度高于拐点：时间至少是 FLOPs / 峰值算力。",
    )),
    term("gemm", "GEMM", "GEMM", "roofline", Some("kind=gemm"), tr(
        "General matrix multiply C = A · B (+ C) with A M × K and B K × N: 2·M·N·K FLOPs on M·K + K·N + M·N elements, so its intensity grows with the sizes.",
        "通用矩阵乘 C = A · B（+ C），A 为 M × K、B 为 K × N：2·M·N·K 次运算、M·K + K·N + M·N 个元素，所以算术强度随尺寸增大。",
    )),
    term("flops", "FLOP/s", "FLOP/s", "roofline", None, tr(
        "Floating-point operations per second, a fused multiply-add counting as two; FLOPs without “/s” is a count. Integer work is counted in OP/s.",
        "每秒浮点运算次数，一次乘加（FMA）算两次运算；不带“/s”的 FLOPs 是次数。整数运算用 OP/s 计。",
    )),
    term("tflops", "TFLOP/s", "TFLOPS", "roofline", None, tr(
        "10¹² FLOP/s, the unit of the compute roofs (datasheets and the course write TFLOPS).",
        "10¹² FLOP/s，算力屋顶的单位（数据手册和课程写作 TFLOPS）。",
    )),
];

/// The entry with this slug.
pub fn by_slug(slug: &str) -> Option<&'static Term> {
    TERMS.iter().find(|t| t.slug == slug)
}

#[cfg(test)]
#[path = "glossary_tests.rs"]
mod tests;
