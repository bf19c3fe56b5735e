//! A typed formula field: every keystroke goes to `on_input` (the page redraws within the frame),
//! and whatever the caller reports as wrong is shown inline underneath, as text.
//!
//! [`formula_error_text`] gives a [`FormulaError`] in both languages; it is the one place the
//! formula language's errors are worded.

use leptos::prelude::*;

use crate::model::formula::FormulaError;
use crate::ui::i18n::{use_lang, Tr};

/// English and Chinese text of a formula error.
pub fn formula_error_text(e: &FormulaError) -> (String, String) {
    match e {
        FormulaError::Empty => (
            "The formula is empty.".into(),
            "公式为空。".into(),
        ),
        FormulaError::TooLong { max_chars } => (
            format!("The formula is longer than {max_chars} characters."),
            format!("公式超过 {max_chars} 个字符。"),
        ),
        FormulaError::UnbalancedParentheses => (
            "Unbalanced parentheses.".into(),
            "括号不配对。".into(),
        ),
        FormulaError::Syntax { detail } => (
            format!("Syntax error ({detail})."),
            format!("语法错误（{detail}）。"),
        ),
        FormulaError::Unsupported { operator } => {
            let (hint_en, hint_zh) = match operator.as_str() {
                "<<" | ">>" => (" Use shl(a, b) or shr(a, b).", "请用 shl(a, b) 或 shr(a, b)。"),
                "&" | "|" => (" Use bitand(a, b) or bitor(a, b).", "请用 bitand(a, b) 或 bitor(a, b)。"),
                _ => ("", ""),
            };
            (
                format!("“{operator}” is not supported: use + - * / % ^ ( ) and integers.{hint_en}"),
                format!("不支持“{operator}”：只能用 + - * / % ^ ( ) 和整数。{hint_zh}"),
            )
        }
        FormulaError::AmbiguousXor => (
            "Put parentheses around ^ (XOR) next to + - * / %: in C, ^ binds more loosely than + and *. Write lane * 32 + (lane ^ 3).".into(),
            "^（异或）与 + - * / % 相邻时请加括号：C 里 ^ 的优先级低于 + 和 *。例如写成 lane * 32 + (lane ^ 3)。".into(),
        ),
        FormulaError::UnknownVariable { name } => (
            format!("Unknown variable “{name}”."),
            format!("未知变量“{name}”。"),
        ),
        FormulaError::UnknownFunction { name } => (
            format!("Unknown function “{name}”: use min, max, abs, bitand, bitor, bitxor, shl, shr."),
            format!("未知函数“{name}”：可用 min、max、abs、bitand、bitor、bitxor、shl、shr。"),
        ),
        FormulaError::WrongArgumentCount { function, expected } => (
            format!("{function} takes {expected} argument(s)."),
            format!("{function} 需要 {expected} 个参数。"),
        ),
        FormulaError::NotAnInteger => (
            "Element indices are integers: no decimals, strings or true/false.".into(),
            "元素下标必须是整数：不能有小数、字符串或 true/false。".into(),
        ),
        FormulaError::DivisionByZero { lane } => (
            format!("Division by zero at lane {lane}."),
            format!("lane {lane} 处除以零。"),
        ),
        FormulaError::Overflow { lane } => (
            format!("Integer overflow at lane {lane} (beyond 64 bits)."),
            format!("lane {lane} 处整数溢出（超出 64 位）。"),
        ),
    }
}

/// A labelled one-line formula input with an inline error.
#[component]
pub fn FormulaField(
    /// Label in both languages.
    label: Tr,
    /// The formula as stored (typed text; empty = none).
    #[prop(into)]
    value: Signal<String>,
    /// Shown greyed when the field is empty (e.g. the preset's equivalent formula).
    #[prop(into)]
    placeholder: Signal<String>,
    /// Called on every keystroke with the whole text.
    on_input: Callback<String>,
    /// The current error, already in the page's language; `None` when the formula is fine.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// A short help line under the field (variables and operators).
    #[prop(into)]
    help: Signal<String>,
    /// `data-testid` of the wrapper.
    #[prop(optional)]
    testid: &'static str,
) -> impl IntoView {
    let lang = use_lang();
    let id = format!("ff-{}", if testid.is_empty() { "formula" } else { testid });
    let help_id = format!("{id}-help");
    view! {
        <div class="gx-field gx-formula-field" data-testid=testid>
            <label class="gx-field__label" for=id.clone()>{move || label.get(lang.get())}</label>
            <input
                type="text"
                id=id
                class="gx-field__number gx-field__number--wide gx-formula-field__input"
                class:gx-field__number--invalid=move || error.read().is_some()
                aria-invalid=move || if error.read().is_some() { "true" } else { "false" }
                aria-describedby=help_id.clone()
                spellcheck="false"
                autocomplete="off"
                placeholder=move || placeholder.get()
                prop:value=move || value.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
            <p class="gx-field__error" role="alert" data-testid="formula-error">{move || error.get()}</p>
            <p class="gx-field__help" id=help_id>{move || help.get()}</p>
        </div>
    }
}
