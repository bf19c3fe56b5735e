//! A labelled range slider with a number input beside it, and the same number input alone
//! ([`IntegerInput`]).
//!
//! The slider can move linearly or in powers of two; the number input accepts any integer in
//! `min..=max`. A typed number out of range is clamped to the nearest limit with a message that
//! names the range; text that is not a whole number (or nothing) shows a message and leaves the
//! value (and so the rest of the page) unchanged.

use leptos::prelude::*;

use crate::model::typed::fold_full_width;
use crate::ui::i18n::{use_lang, Tr};
use crate::ui::text;

/// How the slider's thumb maps to the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Scale {
    /// Value = thumb position, in steps of `step`.
    #[default]
    Linear,
    /// Logarithmic: the thumb moves over the powers of two and the 1-2-5 steps of each decade
    /// (512, 1000, 1024, 2000, 2048 …), plus the value the field started with and any value
    /// typed into it, so a typed 1000 can be reached again after a move.
    Log2,
}

/// The thumb's stops of a [`Scale::Log2`] slider in `min..=max`, with `extra` values, sorted.
fn log_stops(min: u64, max: u64, extra: &[u64]) -> Vec<u64> {
    let mut stops: Vec<u64> = (0..64u32)
        .filter_map(|k| 1u64.checked_shl(k))
        .chain((0..20u32).flat_map(|k| {
            let decade = 10u64.checked_pow(k).unwrap_or(u64::MAX);
            [1u64, 2, 5].map(|m| decade.saturating_mul(m))
        }))
        .chain([min, max])
        .chain(extra.iter().copied())
        .filter(|v| (min..=max).contains(v))
        .collect();
    stops.sort_unstable();
    stops.dedup();
    stops
}

/// A typed number as the site reads it: full-width forms folded to ASCII
/// ([`fold_full_width`]: digits typed with a Chinese input method arrive as １２３), blanks
/// around it trimmed, and a grouping character (`,` `_` or a space) dropped where it separates
/// thousands: after a digit and before exactly three (`65,536`, `1 000 000`). Anywhere else it
/// stays, so that `1 2` or `1,2` reads as no number rather than as 12.
pub(crate) fn normalise_number(text: &str) -> String {
    let folded = fold_full_width(text);
    let chars: Vec<char> = folded.trim().chars().collect();
    let digit = |k: usize| chars.get(k).is_some_and(char::is_ascii_digit);
    chars
        .iter()
        .enumerate()
        .filter(|&(k, c)| {
            let thousands = matches!(c, ',' | '_' | ' ')
                && k > 0
                && digit(k - 1)
                && (k + 1..k + 4).all(digit)
                && !digit(k + 4);
            !thousands
        })
        .map(|(_, c)| *c)
        .collect()
}

/// Why a typed integer is refused; worded by [`super::text::integer_error`] at display time, so a
/// message shown before a language switch follows the switch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntegerError {
    /// A number outside the field's range: clamped to the nearest limit, which is used.
    OutOfRange {
        /// Smallest allowed value.
        min: u64,
        /// Largest allowed value.
        max: u64,
        /// The value used instead.
        used: u64,
    },
    /// Not a whole number; `shown` is the start of what was typed.
    NotANumber {
        /// What was typed, cut to 24 characters.
        shown: String,
    },
    /// Nothing typed (or only spaces).
    Empty {
        /// Smallest allowed value.
        min: u64,
        /// Largest allowed value.
        max: u64,
    },
}

impl IntegerError {
    /// Whether the text was refused (the value is unchanged), not clamped.
    pub fn is_refusal(&self) -> bool {
        matches!(self, Self::NotANumber { .. } | Self::Empty { .. })
    }
}

/// The typed integer, or why it is refused. One rule with the URL's (`crate::ui::url`): a
/// number outside `min..=max` (`-1`, `1e9`) is clamped to the nearest limit and the value
/// used comes back with an [`IntegerError::OutOfRange`] note; anything else that is not a whole
/// number (empty, `2.5`, `abc`) is refused. A whole number written as a float (`1e3`) is taken.
fn parse_in_range(
    text: &str,
    min: u64,
    max: u64,
) -> Result<(u64, Option<IntegerError>), IntegerError> {
    let cleaned = normalise_number(text);
    let shown: String = text.chars().take(24).collect();
    if cleaned.is_empty() {
        return Err(IntegerError::Empty { min, max });
    }
    if let Ok(v) = cleaned.parse::<u64>() {
        if (min..=max).contains(&v) {
            return Ok((v, None));
        }
    }
    let number = cleaned
        .parse::<i128>()
        .map(|v| v as f64)
        .or_else(|_| cleaned.parse::<f64>())
        .ok()
        .filter(|v| !v.is_nan());
    match number {
        // Not whole (`12.5`): refused wherever it lies, never truncated into range.
        Some(v) if v.fract() != 0.0 => Err(IntegerError::NotANumber { shown }),
        Some(v) if v < min as f64 => Ok((
            min,
            Some(IntegerError::OutOfRange {
                min,
                max,
                used: min,
            }),
        )),
        Some(v) if v > max as f64 => Ok((
            max,
            Some(IntegerError::OutOfRange {
                min,
                max,
                used: max,
            }),
        )),
        // In range and whole, written as a float (`1e3`): the integer it stands for.
        Some(v) if v.fract() == 0.0 => Ok((v as u64, None)),
        _ => Err(IntegerError::NotANumber { shown }),
    }
}

/// Reads the whole number typed into the box of `ev` (a `change` event) with
/// [`parse_in_range`]'s rule and sets `error` to the field's message (or none): the value to
/// use, or `None` when the text is refused. A clamped value is written back into the box, so
/// the box shows the value used even when it equals the current one (the value's signal then
/// does not change and would leave the typed text in the box).
pub(crate) fn read_typed_integer(
    ev: &leptos::ev::Event,
    min: u64,
    max: u64,
    error: RwSignal<Option<IntegerError>>,
) -> Option<u64> {
    match parse_in_range(&event_target_value(ev), min, max) {
        Ok((v, note)) => {
            if note.is_some() {
                event_target::<web_sys::HtmlInputElement>(ev).set_value(&v.to_string());
            }
            error.set(note);
            Some(v)
        }
        Err(e) => {
            error.set(Some(e));
            None
        }
    }
}

/// The text box of one whole number in `min..=max` (no message: its caller places `error`'s,
/// under the id `<id>-err` the box is described by). [`IntegerInput`] and [`RangeSlider`]'s box.
#[component]
fn IntegerBox(
    /// The box's id, for its label's `for`.
    id: String,
    /// Smallest value.
    min: u64,
    /// Largest value.
    max: Signal<u64>,
    /// Current value.
    value: Signal<u64>,
    /// Called with a new value in `min..=max`.
    on_input: Callback<u64>,
    /// The box's message ([`read_typed_integer`]); a refusal marks the box invalid.
    error: RwSignal<Option<IntegerError>>,
    /// The box's classes.
    class: &'static str,
    /// `data-testid` of the box.
    testid: Option<String>,
    /// Whether a whole number in range counts as it is typed (see [`IntegerInput`]).
    live: bool,
) -> impl IntoView {
    let refused = move || error.read().as_ref().is_some_and(IntegerError::is_refusal);
    let id_err = format!("{id}-err");
    view! {
        <input
            type="text"
            inputmode="numeric"
            id=id
            class=class
            class:gx-field__number--invalid=refused
            data-testid=testid
            aria-invalid=move || if refused() { "true" } else { "false" }
            aria-describedby=id_err
            prop:value=move || value.get().to_string()
            on:input=move |ev| {
                // Text that reads as a whole number in range takes the last message away (the
                // clamp note of a value typed before it too: typing the clamped value itself
                // fires no `change`); it counts at once only when `live`.
                if let Ok((v, None)) = parse_in_range(&event_target_value(&ev), min, max.get_untracked()) {
                    if error.read_untracked().is_some() {
                        error.set(None);
                    }
                    if live {
                        on_input.run(v);
                    }
                }
            }
            on:change=move |ev| {
                if let Some(v) = read_typed_integer(&ev, min, max.get_untracked(), error) {
                    on_input.run(v);
                }
            }
        />
    }
}

/// A box for one whole number in `min..=max`, with the message of [`read_typed_integer`] in
/// the element after it (block-level: it takes a line of its own in a wrapping row). For
/// counts typed without a slider (the lab's warp, the quiz's worksheet size).
#[component]
pub fn IntegerInput(
    /// The box's id, for its label's `for`; the message's id is `<id>-err`.
    #[prop(into)]
    id: String,
    /// Smallest value.
    min: u64,
    /// Largest value (it may follow the page: the lab's launch sets its warp count).
    #[prop(into)]
    max: Signal<u64>,
    /// Current value.
    #[prop(into)]
    value: Signal<u64>,
    /// Called with a new value in `min..=max`.
    on_input: Callback<u64>,
    /// The box's classes.
    #[prop(default = "gx-field__number")]
    class: &'static str,
    /// `data-testid` of the box.
    #[prop(optional, into)]
    testid: Option<String>,
    /// Whether a whole number in range counts as it is typed (a count whose total the page
    /// shows beside it); text that is not is still only judged when the box is left.
    #[prop(optional)]
    live: bool,
) -> impl IntoView {
    let lang = use_lang();
    let error = RwSignal::new(None::<IntegerError>);
    let id_err = format!("{id}-err");
    view! {
        <IntegerBox id=id min=min max=max value=value on_input=on_input error=error class=class testid=testid live=live/>
        <span class="gx-field__error gx-field__error--own-line" id=id_err role="alert">
            {move || error.read().as_ref().map(|e| super::text::integer_error(e, lang.get()))}
        </span>
    }
}

/// Slider + number input for one integer input.
#[component]
pub fn RangeSlider(
    /// Label in both languages.
    label: Tr,
    /// Smallest value.
    min: u64,
    /// Largest value.
    max: u64,
    /// Step of the linear slider (ignored for `Scale::Log2`). The slider starts at the first
    /// multiple of `step` ≥ `min`; the number input still takes any value in `min..=max`.
    #[prop(default = 1)]
    step: u64,
    /// Linear or powers of two.
    #[prop(optional)]
    scale: Scale,
    /// Unit shown after the number (e.g. "B"); plain text.
    #[prop(optional)]
    unit: &'static str,
    /// Current value.
    #[prop(into)]
    value: Signal<u64>,
    /// Called with a new value in `min..=max`.
    on_input: Callback<u64>,
    /// `data-testid` of the wrapper, for browser tests.
    #[prop(optional)]
    testid: &'static str,
) -> impl IntoView {
    let lang = use_lang();
    let error = RwSignal::new(None::<IntegerError>);
    // A log slider's stops: the scale's, the starting value and every value typed (written by
    // the event handlers only).
    let typed = RwSignal::new(vec![value.get_untracked()]);
    let stops = Memo::new(move |_| match scale {
        Scale::Linear => Vec::new(),
        Scale::Log2 => typed.with(|t| log_stops(min, max, t)),
    });
    let slider_bounds = move || match scale {
        Scale::Linear => {
            let step = step.max(1);
            (min.div_ceil(step).saturating_mul(step).min(max), max, step)
        }
        Scale::Log2 => (0, stops.with(|s| s.len().saturating_sub(1)) as u64, 1),
    };
    let slider_value = move || match scale {
        Scale::Linear => value.get().to_string(),
        Scale::Log2 => {
            let v = value.get();
            // The stop at or below the value (the value itself once typed).
            stops
                .with(|s| s.iter().rposition(|&x| x <= v).unwrap_or(0))
                .to_string()
        }
    };
    let on_slide = move |ev: leptos::ev::Event| {
        let Ok(pos) = event_target_value(&ev).parse::<u64>() else {
            return;
        };
        let v = match scale {
            Scale::Linear => pos,
            Scale::Log2 => stops.with_untracked(|s| s.get(pos as usize).copied().unwrap_or(max)),
        };
        error.set(None);
        on_input.run(v.clamp(min, max));
    };
    // A typed value becomes a stop of a log slider.
    let on_type = Callback::new(move |v: u64| {
        if scale == Scale::Log2 {
            typed.update(|t| {
                if !t.contains(&v) {
                    t.push(v);
                }
            });
        }
        on_input.run(v);
    });
    let id = format!("in-{}", if testid.is_empty() { label.en } else { testid })
        .replace(|c: char| !c.is_ascii_alphanumeric(), "-");
    let id_num = format!("{id}-num");
    let id_err = format!("{id_num}-err");
    view! {
        <div class="gx-field" data-testid=testid>
            <label class="gx-field__label" for=id_num.clone()>{move || label.get(lang.get())}</label>
            <div class="gx-field__row">
                <input
                    type="range"
                    id=id.clone()
                    class="gx-field__range"
                    aria-label=move || label.get(lang.get())
                    min=move || slider_bounds().0.to_string()
                    max=move || slider_bounds().1.to_string()
                    step=move || slider_bounds().2.to_string()
                    aria-valuetext=move || format!("{} {unit}", value.get()).trim_end().to_string()
                    prop:value=slider_value
                    on:input=on_slide
                />
                <IntegerBox id=id_num min=min max=Signal::stored(max) value=value on_input=on_type error=error
                    class="gx-field__number" testid=None live=false/>
                <span class="gx-field__unit">{unit}</span>
            </div>
            <p class="gx-field__error" id=id_err role="alert">{move || error.read().as_ref().map(|e| super::text::integer_error(e, lang.get()))}</p>
        </div>
    }
}

/// How a free number reads in its box: plain digits while exact, scientific beyond.
fn display_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{v:.0}")
    } else {
        format!("{v:e}")
    }
}

/// A labelled free number input (floats in scientific notation allowed), for FLOPs and bytes.
#[component]
pub fn NumberField(
    /// Label in both languages.
    label: Tr,
    /// Current value.
    #[prop(into)]
    value: Signal<f64>,
    /// Smallest accepted value.
    min: f64,
    /// Largest accepted value.
    max: f64,
    /// Called with a new finite value in range.
    on_input: Callback<f64>,
    /// `data-testid`.
    #[prop(optional)]
    testid: &'static str,
) -> impl IntoView {
    let lang = use_lang();
    // (message, refused): out of range is clamped with a note; not a number is refused.
    let error = RwSignal::new(None::<(String, bool)>);
    let on_type = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let cleaned = normalise_number(&text);
        let (lo, hi) = (display_number(min), display_number(max));
        match cleaned.parse::<f64>() {
            Ok(v) if v >= min && v <= max => {
                error.set(None);
                on_input.run(v);
            }
            Ok(v) if !v.is_nan() => {
                let used = v.clamp(min, max);
                let note =
                    text::number_clamped(&lo, &hi, &display_number(used), lang.get_untracked());
                error.set(Some((note, false)));
                on_input.run(used);
            }
            _ => error.set(Some((
                text::number_error(&lo, &hi, lang.get_untracked()),
                true,
            ))),
        }
    };
    let refused = move || error.read().as_ref().is_some_and(|e| e.1);
    let id = format!("nf-{}", if testid.is_empty() { label.en } else { testid })
        .replace(|c: char| !c.is_ascii_alphanumeric(), "-");
    let id_err2 = format!("{id}-err");
    view! {
        <div class="gx-field" data-testid=testid>
            <label class="gx-field__label" for=id.clone()>{move || label.get(lang.get())}</label>
            <div class="gx-field__row">
                <input
                    type="text"
                    inputmode="decimal"
                    id=id
                    class="gx-field__number gx-field__number--wide"
                    class:gx-field__number--invalid=refused
                    aria-invalid=move || if refused() { "true" } else { "false" }
                    aria-describedby=id_err2.clone()
                    prop:value=move || display_number(value.get())
                    on:change=on_type
                />
            </div>
            <p class="gx-field__error" id=id_err2 role="alert">{move || error.get().map(|e| e.0)}</p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_numbers_are_checked() {
        assert_eq!(parse_in_range("4,096", 1, 65536), Ok((4096, None)));
        let clamped = |used| {
            Some(IntegerError::OutOfRange {
                min: 1,
                max: 65536,
                used,
            })
        };
        assert_eq!(
            parse_in_range("70000", 1, 65536),
            Ok((65536, clamped(65536)))
        );
        assert_eq!(parse_in_range("-1", 1, 65536), Ok((1, clamped(1))));
        assert_eq!(
            parse_in_range("1e308", 1, 65536),
            Ok((65536, clamped(65536)))
        );
        assert!(parse_in_range("abc", 1, 65536).is_err());
        assert!(parse_in_range("7.5", 1, 65536).is_err());
        // Out of range and not whole: refused, not truncated and clamped.
        assert!(parse_in_range("12.5", 0, 3).is_err());
        assert!(parse_in_range("-0.5", 1, 8).is_err());
        assert_eq!(parse_in_range("1e3", 1, 65536), Ok((1000, None)));
        assert_eq!(
            parse_in_range("  ", 1, 65536),
            Err(IntegerError::Empty { min: 1, max: 65536 })
        );
        assert_eq!(parse_in_range("４０９６", 1, 65536), Ok((4096, None)));
        // Grouping characters only between thousands.
        assert_eq!(parse_in_range("65,536", 1, 65536), Ok((65536, None)));
        assert_eq!(parse_in_range(" 1 024 ", 1, 65536), Ok((1024, None)));
        assert_eq!(parse_in_range("4_096", 1, 65536), Ok((4096, None)));
        assert!(parse_in_range("1 2", 1, 65536).is_err());
        assert!(parse_in_range("1,2", 1, 65536).is_err());
        assert!(parse_in_range("10,00", 1, 65536).is_err());
        assert_eq!(display_number(1.0), "1");
        assert_eq!(display_number(1e24), "1e24");
        let stops = log_stops(1, 5000, &[1000, 1500]);
        assert_eq!(&stops[..6], &[1, 2, 4, 5, 8, 10]);
        assert!(stops.windows(2).all(|w| w[0] < w[1]));
        for v in [512, 1000, 1024, 1500, 2000, 2048, 4096, 5000] {
            assert!(stops.contains(&v), "{v}");
        }
    }
}
