//! The app's shared text: the shell, the widgets and the URL notices. Chapters keep their own
//! text in `chapters/<chapter>/text.rs`; the question bank is in [`crate::ui::content`].

use crate::model::formula::FormulaError;
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};
use crate::ui::url::Notice;

/// Heading of a chapter's question list.
pub const QUESTIONS_HEADING: Tr = tr("Check yourself", "自测");
/// Button that reveals an answer.
pub const SHOW_ANSWER: Tr = tr("Show answer", "显示答案");
/// Button that hides an answer again.
pub const HIDE_ANSWER: Tr = tr("Hide answer", "隐藏答案");

/// The answer button's label when the answer is `shown` or not.
pub fn answer_toggle(shown: bool) -> Tr {
    if shown {
        HIDE_ANSWER
    } else {
        SHOW_ANSWER
    }
}

// ---- App shell -------------------------------------------------------------------------------

/// The skip link at the top of every page.
pub const SKIP_TO_CONTENT: Tr = tr("Skip to content", "跳到正文");
/// Accessible name of the chapter nav.
pub const NAV_CHAPTERS: Tr = tr("Chapters", "章节");
/// The footer.
pub const FOOTER: Tr = tr(
    "Numbers come from exact models of NVIDIA's documented rules (CUDA Programming Guide, PTX ISA, cuda_occupancy.h, whitepapers) and from measurements on an NVIDIA H200. This site loads nothing from any other origin and works offline once loaded.",
    "数字来自对 NVIDIA 文档规则（CUDA 编程指南、PTX ISA、cuda_occupancy.h、白皮书）的精确建模，以及在 NVIDIA H200 上的实测。本站不从任何其他源加载内容，加载后可离线使用。",
);
/// A chapter page that has no view yet.
pub const CHAPTER_BEING_WRITTEN: Tr = tr(
    "This chapter is being written. Its model and figure arrive in a coming release.",
    "本章正在编写中，模型与交互图将在后续版本中上线。",
);
/// Heading of the 404 page.
pub const NOT_FOUND: Tr = tr("Page not found", "页面不存在");
/// Link from the 404 page home.
pub const NOT_FOUND_HELP: Tr = tr(
    "There is no page at this address (an old link, or a typo). These are the chapters:",
    "这个地址没有页面（可能是旧链接或拼写错误）。全部章节如下：",
);
pub const BACK_TO_MAP: Tr = tr("Back to the chapter map", "返回章节目录");

// ---- Home --------------------------------------------------------------------------------------

/// The home page's tab title.
pub const HOME_TAB_TITLE: Tr = tr(
    "warpscope: how a GPU runs a kernel",
    "warpscope：GPU 如何运行一个 kernel",
);
/// The home page's heading.
pub const HOME_HEADING: Tr = tr("How a GPU runs a kernel", "GPU 如何运行一个 kernel");
/// The home page's lead paragraph.
pub const HOME_LEAD: Tr = tr(
    "An interactive explainer of the NVIDIA A100 (and H100): from the chip down to the 32 lanes of a warp. Every number on these pages comes from an exact model, checked against NVIDIA's documents and against measurements on a real GPU. Move a slider and every figure follows.",
    "一个交互式讲解：从 NVIDIA A100（以及 H100）整颗芯片，一直到一个 warp 的 32 个 lane。页面上的每个数字都来自精确模型，并对照 NVIDIA 文档和真实 GPU 上的测量做过检验。拖动滑块，所有图都会跟着变。",
);
/// Badge of a chapter card whose chapter has no view yet.
pub const IN_PREPARATION: Tr = tr("in preparation", "编写中");

/// A chapter page's tab title.
pub fn tab_title(chapter_title: &str, lang: Lang) -> String {
    trf!(
        lang,
        "{chapter_title} · warpscope",
        "{chapter_title} · warpscope"
    )
}

// ---- Widgets -----------------------------------------------------------------------------------

/// The kicker above a chapter's title.
pub fn chapter_kicker(number: u32, lang: Lang) -> String {
    trf!(lang, "Chapter {number}", "第 {number} 章")
}

/// The permalink at the end of a chapter.
pub const PERMALINK: Tr = tr("Permalink to this view", "本视图的永久链接");
/// Button that closes the permalink notices.
pub const DISMISS: Tr = tr("Dismiss", "知道了");

/// Step player: go to the first step.
pub const STEP_FIRST: Tr = tr("First step", "第一步");
/// Step player: go back one step.
pub const STEP_PREV: Tr = tr("Previous step", "上一步");
/// Step player: go on one step.
pub const STEP_NEXT: Tr = tr("Next step", "下一步");
/// Step player: go to the last step.
pub const STEP_LAST: Tr = tr("Last step", "最后一步");
/// Step player: the scrubber.
pub const STEP_SCRUB: Tr = tr("Scrub through the steps", "拖动选择步骤");
/// Step player: the play button while playing / stopped.
pub fn play_toggle(playing: bool) -> Tr {
    if playing {
        tr("Pause", "暂停")
    } else {
        tr("Play", "播放")
    }
}

/// A typed number outside `min..=max`, clamped to `used` (all already formatted).
pub fn number_clamped(min: &str, max: &str, used: &str, lang: Lang) -> String {
    if min == max {
        return trf!(
            lang,
            "Only {min} is allowed here; using {used}.",
            "这里只能是 {min}，已改用 {used}。"
        );
    }
    trf!(
        lang,
        "Allowed: {min}–{max}; using {used}.",
        "允许范围 {min}–{max}，已改用 {used}。"
    )
}

/// Typed text that is not a number in `min..=max` (both already formatted).
pub fn number_error(min: &str, max: &str, lang: Lang) -> String {
    trf!(
        lang,
        "Enter a number from {min} to {max}, e.g. 1.5e9.",
        "请输入 {min} 到 {max} 之间的数，例如 1.5e9。"
    )
}

/// A formula error, the one place the formula language's errors are worded.
pub fn formula_error(e: &FormulaError, lang: Lang) -> String {
    match e {
        FormulaError::Empty => tr("The formula is empty.", "公式为空。").get(lang).into(),
        FormulaError::TooLong { max_chars } => trf!(
            lang,
            "The formula is longer than {max_chars} characters.",
            "公式超过 {max_chars} 个字符。"
        ),
        FormulaError::UnbalancedParentheses => tr("Unbalanced parentheses.", "括号不配对。").get(lang).into(),
        FormulaError::MissingOperator => tr(
            "Two values stand side by side with no operator between them (as in “lane 2”): write lane * 2.",
            "两个值之间缺少运算符（如“lane 2”）：应写成 lane * 2。",
        )
        .get(lang)
        .into(),
        FormulaError::MissingOperand => tr(
            "An operator is missing a value on one side (as in “lane +” or “lane ** 2”).",
            "有运算符缺少一侧的值（如“lane +”或“lane ** 2”）。",
        )
        .get(lang)
        .into(),
        FormulaError::IntegerTooLarge => tr(
            "A number is too large: indices are 64-bit integers (at most 9,223,372,036,854,775,807).",
            "数字太大：下标是 64 位整数（最大 9,223,372,036,854,775,807）。",
        )
        .get(lang)
        .into(),
        FormulaError::Unsupported { operator } => {
            let hint = match operator.as_str() {
                "<<" | ">>" => tr(" Use shl(a, b) or shr(a, b).", "请用 shl(a, b) 或 shr(a, b)。"),
                "&" | "|" => tr(" Use bitand(a, b) or bitor(a, b).", "请用 bitand(a, b) 或 bitor(a, b)。"),
                _ => tr("", ""),
            }
            .get(lang);
            trf!(
                lang,
                "“{operator}” is not supported: use + - * / % ^ ( ) and integers.{hint}",
                "不支持“{operator}”：只能用 + - * / % ^ ( ) 和整数。{hint}"
            )
        }
        FormulaError::AmbiguousXor => tr(
            "Put parentheses around ^ (XOR) next to + - * / %: in C, ^ binds more loosely than + and *. Write lane * 32 + (lane ^ 3).",
            "^（异或）与 + - * / % 相邻时请加括号：C 里 ^ 的优先级低于 + 和 *。例如写成 lane * 32 + (lane ^ 3)。",
        )
        .get(lang)
        .into(),
        FormulaError::UnknownVariable { name } => trf!(lang, "Unknown variable “{name}”.", "未知变量“{name}”。"),
        FormulaError::UnknownFunction { name } => trf!(
            lang,
            "Unknown function “{name}”: use min, max, abs, bitand, bitor, bitxor, shl, shr.",
            "未知函数“{name}”：可用 min、max、abs、bitand、bitor、bitxor、shl、shr。"
        ),
        FormulaError::WrongArgumentCount { function, expected } => trf!(
            lang,
            "{function} takes {expected} argument(s).",
            "{function} 需要 {expected} 个参数。"
        ),
        FormulaError::NotAnInteger => tr(
            "Element indices are integers: no decimals, strings or true/false.",
            "元素下标必须是整数：不能有小数、字符串或 true/false。",
        )
        .get(lang)
        .into(),
        FormulaError::DivisionByZero { lane } => {
            trf!(lang, "Division by zero at lane {lane}.", "lane {lane} 处除以零。")
        }
        FormulaError::Overflow { lane } => trf!(
            lang,
            "Integer overflow at lane {lane} (beyond 64 bits).",
            "lane {lane} 处整数溢出（超出 64 位）。"
        ),
        FormulaError::ShiftOutOfRange { lane, amount } => trf!(
            lang,
            "At lane {lane}, a shift by {amount}: shl and shr shift by 0 to 63 bits.",
            "lane {lane} 处移位 {amount} 位：shl 和 shr 只能移 0 到 63 位。"
        ),
    }
}

// ---- URL notices -------------------------------------------------------------------------------

/// A permalink notice: what a link asked for that the page could not honour.
pub fn notice(n: &Notice, lang: Lang) -> String {
    match n {
        Notice::UnknownKey { key } => trf!(
            lang,
            "Ignored unknown link parameter “{key}”.",
            "已忽略未知的链接参数“{key}”。"
        ),
        Notice::Unparsable { key, value } => trf!(
            lang,
            "Link parameter “{key}={value}” is not valid; using the default.",
            "链接参数“{key}={value}”无效，已使用默认值。"
        ),
        Notice::Clamped {
            key,
            value,
            used,
            allowed,
        } => trf!(
            lang,
            "Link parameter “{key}={value}” is outside {allowed}; using {used}.",
            "链接参数“{key}={value}”超出允许范围 {allowed}，已改用 {used}。"
        ),
        Notice::Malformed => tr(
            "The link's parameters are malformed; the readable ones were used.",
            "链接参数格式有误，只使用了能读懂的部分。",
        )
        .get(lang)
        .into(),
    }
}

/// The one line that stands for many notices (it expands to the list).
pub fn notices_summary(count: usize, lang: Lang) -> String {
    trf!(
        lang,
        "{count} link parameters could not be used as given; the page uses defaults or the nearest allowed values. Show them.",
        "有 {count} 个链接参数无法按原样使用，页面已改用默认值或最接近的允许值。展开查看。",
        count = count,
    )
}

/// Accessible name of a chapter's control panel.
pub const CONTROLS: Tr = tr("Controls", "控制");

/// The language switch's group name, in both languages at once (it is read before a choice).
pub const LANGUAGE_GROUP: &str = "Language / 语言";
/// The Chinese button of the language switch, always in Chinese.
pub const CHINESE: &str = "中文";
/// The home page's line for classroom mode.
pub const CLASSROOM_SUMMARY: Tr = tr(
    "For teachers: walk a class through the chapters on a projector, step by step, with a presenter window, keys as in slide tools, and lessons of your own.",
    "给老师：在投影上一步步带全班走过各章，配演讲者窗口、与幻灯片工具相同的按键，也可以编排自己的课程。",
);

/// The label of every chapter's GPU picker (`shared::gpu_select`).
pub const GPU: Tr = tr("GPU", "GPU");

/// A GPU picker's option with its SM count: `H100 SXM (132 SMs)`, `H100 SXM（132 个 SM）`.
pub fn gpu_with_sms(name: &str, sm_count: u32, lang: Lang) -> String {
    trf!(
        lang,
        "{name} ({sm_count} SMs)",
        "{name}（{sm_count} 个 SM）"
    )
}

/// A GPU with its compute capability and SM count, over a chapter's numbers.
pub fn gpu_line(name: &str, cc: (u32, u32), sm_count: u32, lang: Lang) -> String {
    let (major, minor) = cc;
    trf!(
        lang,
        "{name} · CC {major}.{minor} · {sm_count} SMs",
        "{name} · CC {major}.{minor} · {sm_count} 个 SM"
    )
}

// The registry's words: each chapter's line on the home page, and the titles of the pages
// that are not chapters.

/// The home page's line for /chip.
pub const CHIP_SUMMARY: Tr = tr(
    "GPC → TPC → SM → 4 partitions, and the memory hierarchy of the A100.",
    "GPC → TPC → SM → 4 个处理分区，以及 A100 的存储层次。",
);

/// The home page's line for /hierarchy.
pub const HIERARCHY_SUMMARY: Tr = tr(
    "dim3 grids and blocks: any thread's index, warp and lane; software vs hardware hierarchy.",
    "dim3 形式的 grid 与 block：任一线程的索引、warp 与 lane；软件层次与硬件层次。",
);

/// The home page's line for /occupancy.
pub const OCCUPANCY_SUMMARY: Tr = tr(
    "How registers, threads and shared memory limit the blocks resident on one SM.",
    "寄存器、线程数和 shared memory 如何限制一个 SM 上驻留的 block 数。",
);

/// The home page's line for /dispatch.
pub const DISPATCH_SUMMARY: Tr = tr(
    "A grid's blocks land on all 108 SMs in waves; the tail wave.",
    "grid 的 block 按波次分派到全部 108 个 SM；尾波。",
);

/// The home page's line for /scheduling.
pub const SCHEDULING_SUMMARY: Tr = tr(
    "Four schedulers hide memory latency by switching warps: warps needed ≈ L / k.",
    "四个调度器靠切换 warp 隐藏访存延迟：所需 warp 数 ≈ L / k。",
);

/// The home page's line for /divergence.
pub const DIVERGENCE_SUMMARY: Tr = tr(
    "32 lanes, one instruction: active masks, serialised paths, reconvergence.",
    "32 个 lane 一条指令：active mask、路径串行与重汇合。",
);

/// The home page's line for /coalescing.
pub const COALESCING_SUMMARY: Tr = tr(
    "32 lane addresses become 32-byte sectors: requests, sectors, efficiency.",
    "32 个 lane 的地址变成 32 字节 sector：请求数、sector 数与效率。",
);

/// The home page's line for /bank-conflicts.
pub const BANK_CONFLICTS_SUMMARY: Tr = tr(
    "32 banks × 4 bytes: wavefronts, conflicts, padding and swizzles.",
    "32 个 4 字节 bank：wavefront、冲突、padding 与 swizzle。",
);

/// The home page's line for /tensor-cores.
pub const TENSOR_CORES_SUMMARY: Tr = tr(
    "The course's INT8 kernel end to end, fragment by fragment, lane by lane.",
    "课程的 INT8 kernel 从头到尾：逐个 fragment、逐个 lane。",
);

/// The home page's line for /tensor-core-generations.
pub const TENSOR_CORE_GENERATIONS_SUMMARY: Tr = tr(
    "A PE array cycle by cycle, peaks from units, Volta's quad-pairs, Hopper's wgmma, measured on an H200.",
    "逐周期的 PE 阵列、由单元推出的峰值、Volta 的 quad-pair、Hopper 的 wgmma，以及 H200 实测。",
);

/// The home page's line for /roofline.
pub const ROOFLINE_SUMMARY: Tr = tr(
    "Arithmetic intensity, ridge points and time lower bounds on A100 and H100.",
    "算术强度、拐点与 A100 / H100 上的理论时间下界。",
);

/// The title of /quiz.
pub const QUIZ_TITLE: Tr = tr("Quiz", "测验");

/// The title of /lab (here, not in the lab's module: the header's nav and the home page show it).
pub const LAB_TITLE: Tr = tr("Kernel lab", "kernel 实验室");

/// The home page's line for /lab.
pub const LAB_SUMMARY: Tr = tr(
    "Write a kernel, launch it: what Nsight Compute would count, line by line, and why.",
    "写一个 kernel 并启动它：Nsight Compute 会统计的量，逐行给出，并说明原因。",
);

/// The home page's line for /quiz.
pub const QUIZ_SUMMARY: Tr = tr(
    "All self-check questions plus questions generated from the models.",
    "全部自测题，以及由模型随机出题、自动判分。",
);

/// The glossary page's title (`/glossary`), in the nav and on the home page.
pub const GLOSSARY_TITLE: Tr = tr("Glossary", "术语表");

/// The home page's line for /glossary.
pub const GLOSSARY_SUMMARY: Tr = tr(
    "Every term with a one-line definition, the chapter that shows it and its Chinese name.",
    "每个术语的一句话定义、展示它的章节与中文名称。",
);
