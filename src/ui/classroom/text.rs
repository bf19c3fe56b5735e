//! Every string of classroom mode, in both languages.

use crate::trf;
use crate::ui::content::lesson::Problem;
use crate::ui::i18n::{tr, Lang, Tr};
use crate::ui::widgets::icon;

/// Page title.
pub const TITLE: Tr = tr("Classroom", "课堂模式");
/// Step counter label.
pub const STEP: Tr = tr("Step", "步骤");
/// Button: previous step.
pub const PREV: Tr = tr("Previous", "上一步");
/// Button: next step.
pub const NEXT: Tr = tr("Next", "下一步");
/// Button: reveal the answer.
pub const REVEAL: Tr = tr("Reveal answer (R)", "揭晓答案（R）");
/// Button: hide the answer.
pub const HIDE: Tr = tr("Hide answer (R)", "隐藏答案（R）");
/// Button: blank the screen.
pub const BLANK: Tr = tr("Blank (B)", "黑屏（B）");
/// Button: show the chapter's controls.
pub const CONTROLS: Tr = tr("Controls (C)", "控件（C）");
/// Button: open the presenter window (the bar's short label).
pub const PRESENTER_SHORT: Tr = tr("Presenter (S)", "演讲者（S）");
/// Button: the top bar's menu.
pub const MENU: Tr = tr("☰ Menu", "☰ 菜单");

/// An entry of the top bar's menu: an icon, a label and the key that does the same.
#[derive(Clone, Copy)]
pub struct MenuItem {
    /// The icon before the label: an SVG path ([`icon`]; decoration, hidden from screen
    /// readers).
    pub icon: &'static str,
    /// The label.
    pub label: Tr,
    /// The key.
    pub key: &'static str,
}

const fn item(icon: &'static str, label: Tr, key: &'static str) -> MenuItem {
    MenuItem { icon, label, key }
}

/// Menu: every step.
pub const MENU_OVERVIEW: MenuItem = item(icon::GRID, tr("All steps", "全部步骤"), "O");
/// Menu: the chapter's controls.
pub const MENU_CONTROLS: MenuItem = item(icon::SLIDERS, tr("Chapter controls", "本章控件"), "C");
/// Menu: high contrast.
pub const MENU_CONTRAST: MenuItem = item(icon::CONTRAST, tr("High contrast", "高对比度"), "H");
/// Menu: fullscreen.
pub const MENU_FULLSCREEN: MenuItem = item(icon::FULLSCREEN, tr("Fullscreen", "全屏"), "F");
/// Menu: blank the screen.
pub const MENU_BLANK: MenuItem = item(icon::SQUARE, tr("Blank the screen", "黑屏"), "B");
/// Menu: export the figure as SVG.
pub const MENU_SVG: MenuItem = item(icon::DOWNLOAD, tr("Figure as SVG", "导出 SVG"), "");
/// Menu: export the figure as PNG.
pub const MENU_PNG: MenuItem = item(
    icon::DOWNLOAD,
    tr("Figure as PNG (2×)", "导出 PNG（2×）"),
    "",
);
/// Menu: the lesson editor.
pub const MENU_EDIT: MenuItem = item(icon::PENCIL, tr("Edit lesson", "编辑课程"), "E");
/// Menu: the keys.
pub const MENU_HELP: MenuItem = item(icon::KEYBOARD, tr("Keys", "快捷键"), "?");

/// Label before the question.
pub const QUESTION: Tr = tr("Question", "问题");
/// Label before the answer.
pub const ANSWER: Tr = tr("Answer", "答案");
/// Shown while the screen is blank.
pub const BLANKED: Tr = tr("Paused: press B to continue", "已暂停：按 B 继续");
/// Presenter: notes heading.
pub const NOTES: Tr = tr("Speaker notes", "讲稿");
/// Presenter: next step heading.
pub const UP_NEXT: Tr = tr("Next step", "下一步");
/// Presenter: the end.
pub const THE_END: Tr = tr("End of the lesson", "课程结束");
/// Presenter: clock heading.
pub const CLOCK: Tr = tr("Time", "时间");
/// Presenter: elapsed heading.
pub const ELAPSED: Tr = tr("Elapsed", "已用时");
/// Presenter: restart the timer.
pub const RESET_TIMER: Tr = tr("Restart timer", "重新计时");
/// Presenter: pointer hint.
pub const POINTER_HINT: Tr = tr(
    "Move the mouse over the figure: a laser dot follows on the projector.",
    "在图上移动鼠标：投影屏上会出现激光点。",
);
/// Jump prompt.
pub const JUMP: Tr = tr("Go to step (number, Enter)", "跳到第几步（输入数字后回车）");
/// Help overlay heading.
pub const KEYS: Tr = tr("Keys", "快捷键");
/// Close an overlay.
pub const CLOSE: Tr = tr("Close (Esc)", "关闭（Esc）");
/// The Chinese button of the language switch (always in Chinese).
pub const LANG_ZH: &str = "中文";
/// The English button of the language switch.
pub const LANG_EN: &str = "EN";
/// The language switch's label.
pub const LANGUAGE: Tr = tr("Language", "语言");
/// The lesson has no steps.
pub const EMPTY: Tr = tr(
    "This lesson has no steps. Open a chapter and press “Add this view to a lesson”.",
    "这个课程还没有步骤。打开任意章节，点“加入课程”即可添加。",
);
/// Heading of what a classroom link could not use: its lesson's problems, a step or a language.
pub const PROBLEMS: Tr = tr(
    "Part of this link could not be used as given:",
    "这个链接有部分内容无法按原样使用：",
);
/// Back to the site.
pub const EXIT: Tr = tr("Leave classroom", "退出课堂");

/// Keys and what they do, for the help overlay.
pub const KEY_LIST: [(&str, Tr); 14] = [
    (
        "→  Space  N",
        tr(
            "next step (or next event of a simulation)",
            "下一步（或模拟的下一个事件）",
        ),
    ),
    (
        "←  P",
        tr(
            "previous step (or previous event)",
            "上一步（或上一个事件）",
        ),
    ),
    (
        "Shift+→ / ←  PgDn / PgUp",
        tr(
            "next / previous step, skipping a simulation's events",
            "下一步 / 上一步，跳过模拟的事件",
        ),
    ),
    ("Home  End", tr("first / last step", "第一步 / 最后一步")),
    ("G", tr("go to a step", "跳到某一步")),
    ("R", tr("reveal the answer", "揭晓答案")),
    ("B  .", tr("blank the screen", "黑屏")),
    ("F", tr("fullscreen", "全屏")),
    ("O  Esc", tr("overview of all steps", "全部步骤一览")),
    (
        "S",
        tr(
            "open the presenter window (new tab)",
            "打开演讲者窗口（新标签页）",
        ),
    ),
    ("C", tr("show the chapter's controls", "显示本章控件")),
    ("H", tr("high contrast", "高对比度")),
    ("E", tr("edit the lesson", "编辑课程")),
    ("?", tr("this help", "本帮助")),
];

// ── The lesson editor ──

/// Editor heading.
pub const EDITOR: Tr = tr("Lesson editor", "课程编辑");
/// Title field.
pub const LESSON_TITLE: Tr = tr("Lesson title", "课程标题");
/// Caption field.
pub const CAPTION: Tr = tr("Caption", "说明");
/// Notes field.
pub const NOTES_FIELD: Tr = tr("Speaker notes", "讲稿");
/// Question field.
pub const QUESTION_FIELD: Tr = tr("Question (optional)", "问题（可选）");
/// Answer field.
pub const ANSWER_FIELD: Tr = tr("Answer, hidden until revealed", "答案（揭晓前隐藏）");
/// Minutes field.
pub const MINUTES_FIELD: Tr = tr("Minutes planned", "计划分钟数");
/// A step without a chapter.
pub const TEXT_SLIDE: Tr = tr("Text slide", "文字页");
/// Adds a text slide.
pub const ADD_TEXT_SLIDE: Tr = tr("Add a title or text slide", "添加标题页或文字页");
/// The caption a new text slide starts with.
pub const NEW_TEXT_SLIDE: Tr = tr("Title", "标题");
/// Copies a built-in step.
pub const COPY_BUILT_IN: Tr = tr("Copy a step of the built-in lesson", "从内置课程复制一步");
/// The picker's first entry.
pub const PICK_STEP: Tr = tr("Pick a step…", "选择一步……");

/// The plan's total: minutes over the steps that have a plan.
pub fn plan_total(lang: Lang, minutes: u32, planned: usize, steps: usize) -> String {
    trf!(
        lang,
        "Plan: {minutes} min over {planned} of {steps} steps.",
        "计划：{steps} 步中的 {planned} 步共 {minutes} 分钟。"
    )
}

/// The presenter's plan line: this step's minutes, the plan up to its end against the elapsed
/// minutes; and whether the class is behind the plan.
pub fn plan_line(
    lang: Lang,
    this: Option<u32>,
    up_to: u32,
    total: u32,
    elapsed_min: f64,
) -> (String, bool) {
    let this = this.map_or_else(|| "—".to_string(), |m| m.to_string());
    let gap = elapsed_min - f64::from(up_to);
    let late = gap > 0.5;
    let gap_min = gap.abs().round() as u64;
    let state = if late {
        trf!(lang, "{gap_min} min behind", "落后 {gap_min} 分钟")
    } else if gap < -0.5 {
        trf!(lang, "{gap_min} min to spare", "还有 {gap_min} 分钟余量")
    } else {
        tr("on time", "按计划").get(lang).to_string()
    };
    (
        trf!(
            lang,
            "Plan: this step {this} min; {up_to} of {total} min by its end; {state}.",
            "计划：本步 {this} 分钟；到本步结束共 {up_to} / {total} 分钟；{state}。"
        ),
        late,
    )
}

/// Move a step up.
pub const UP: Tr = tr("Move up", "上移");
/// Move a step down.
pub const DOWN: Tr = tr("Move down", "下移");
/// Remove a step.
pub const REMOVE: Tr = tr("Remove", "删除");
/// The link of this lesson.
pub const SHARE_LINK: Tr = tr("Link to this lesson", "本课程的链接");
/// Download the JSON file.
pub const DOWNLOAD_JSON: Tr = tr("Download as JSON", "下载 JSON 文件");
/// Open a JSON file.
pub const OPEN_JSON: Tr = tr("Open a JSON file", "打开 JSON 文件");
/// Open a lesson link.
pub const OPEN_LINK: Tr = tr(
    "Open a lesson link (paste, Enter)",
    "打开课程链接（粘贴后回车）",
);
/// Copy the built-in lesson to the teacher's own.
pub const MAKE_MINE: Tr = tr(
    "Copy this lesson to my lesson to edit it",
    "复制为我的课程后再编辑",
);
/// The teacher's lesson's default title.
pub const MY_LESSON: Tr = tr("My lesson", "我的课程");
/// The shell's button.
pub const ADD_VIEW: Tr = tr("Add this view to a lesson", "把此视图加入课程");
/// Open my lesson.
pub const OPEN_MINE: Tr = tr(
    "Open my lesson in the classroom",
    "在课堂模式中打开我的课程",
);

/// "Added as step n of my lesson".
pub fn added(lang: Lang, steps: usize) -> String {
    trf!(
        lang,
        "Added as step {n} of my lesson.",
        "已加入：我的课程第 {n} 步。",
        n = steps
    )
}

/// The caption of a view added to a lesson: the chapter and what it shows, in the language of
/// the page it was added from (the teacher edits it in the lesson editor).
pub fn added_caption(title: &str, summary: &str, lang: Lang) -> String {
    trf!(lang, "{title}: {summary}", "{title}：{summary}")
}

/// A simulation's sub-step in the presenter's notes: "Sub-step i of n".
pub fn substep_of(lang: Lang, i: u32, n: u32) -> String {
    trf!(
        lang,
        "Sub-step {i} of {n}: on the stage now",
        "第 {i} / {n} 小步：台上正显示"
    )
}

/// "Step i of n".
pub fn step_of(lang: Lang, step: usize, steps: usize) -> String {
    // A lesson without steps is on none of them ("0 / 0", not "1 / 0").
    trf!(
        lang,
        "{i} / {n}",
        "第 {i} / {n} 步",
        i = step.min(steps),
        n = steps
    )
}

/// One problem of a lesson link or file, as a sentence.
pub fn problem(lang: Lang, p: &Problem) -> String {
    match p {
        Problem::NotALesson => trf!(
            lang,
            "This is not a warpscope lesson (the link or file is damaged or incomplete).",
            "这不是 warpscope 课程（链接或文件已损坏或不完整）。"
        ),
        Problem::Version(version) => trf!(
            lang,
            "Lesson version “{v}” is not one this site reads (it reads version 1).",
            "本站无法读取版本“{v}”的课程（只支持版本 1）。",
            v = version
        ),
        Problem::UnknownChapter {
            index: at,
            chapter: name,
        } => trf!(
            lang,
            "Step {index} names a chapter “{chapter}” that does not exist; it was left out.",
            "第 {index} 步指向不存在的章节“{chapter}”，已跳过。",
            index = at,
            chapter = name
        ),
        Problem::BadStep { index: at } => trf!(
            lang,
            "Step {index} is not a valid step (it needs a chapter); it was left out.",
            "第 {index} 步不是有效步骤（缺少章节），已跳过。",
            index = at
        ),
        Problem::TooManySteps(most) => trf!(
            lang,
            "The lesson has more than {n} steps; the rest were left out.",
            "课程超过 {n} 步，多出的部分已忽略。",
            n = most
        ),
        Problem::TooLong => trf!(
            lang,
            "A text was too long and was cut.",
            "有一段文字过长，已截断。"
        ),
        Problem::NoSteps => trf!(
            lang,
            "This lesson has no steps; the lesson you are editing is kept.",
            "这个课程没有任何步骤；正在编辑的课程保持不变。"
        ),
    }
}
