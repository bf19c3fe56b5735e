//! A slider bound to one numeric field of a chapter's inputs: the one place a chapter's
//! sliders read and edit [`UrlInputs`].

use leptos::prelude::*;

use super::{ChapterInputs, UrlInputs};
use crate::ui::i18n::Tr;
use crate::ui::widgets::{RangeSlider, Scale};

/// A [`RangeSlider`] over `min..=max` showing `get(inputs)` and editing with `put` (an edit:
/// it replaces the history entry).
#[component]
pub fn FieldSlider<I, V>(
    /// The chapter's inputs.
    inputs: UrlInputs<I>,
    /// Label.
    label: Tr,
    /// Smallest value.
    min: u64,
    /// Largest value.
    max: u64,
    /// Slider step.
    #[prop(default = 1)]
    step: u64,
    /// Linear or logarithmic track.
    #[prop(optional)]
    scale: Scale,
    /// Unit after the number.
    #[prop(optional)]
    unit: &'static str,
    /// Reads the field.
    get: fn(&I) -> V,
    /// Writes the field (the value is already within `min..=max`).
    put: fn(&mut I, V),
    /// `data-testid`.
    #[prop(optional)]
    testid: &'static str,
) -> impl IntoView
where
    I: ChapterInputs,
    V: Copy + Into<u64> + TryFrom<u64> + Send + Sync + 'static,
{
    // Its own memo: another slider's tick leaves this one's effects alone.
    let value = inputs.part(move |i| -> u64 { get(i).into() });
    view! {
        <RangeSlider label=label min=min max=max step=step scale=scale unit=unit testid=testid
            value=value
            on_input=Callback::new(move |v: u64| {
                if let Ok(v) = V::try_from(v.clamp(min, max)) {
                    inputs.update(|i| put(i, v));
                }
            })/>
    }
}

/// A [`FieldSlider`] of a `u32` field over the range `(min, max)` (a chapter's `limits` pair),
/// linear, step 1, no unit.
pub fn range_slider<I: ChapterInputs>(
    inputs: UrlInputs<I>,
    label: Tr,
    range: (u32, u32),
    get: fn(&I) -> u32,
    put: fn(&mut I, u32),
    testid: &'static str,
) -> impl IntoView {
    let (min, max) = (u64::from(range.0), u64::from(range.1));
    view! { <FieldSlider inputs=inputs label=label min=min max=max get=get put=put testid=testid/> }
}
