//! Section "quantisation": an editable activation vector and a seeded 4 × 8 weight matrix,
//! through quantize → INT32 dot products → dequantise → FP16, against the float reference.

use leptos::prelude::*;

use super::state::{format_vector, limits, parse_vector, TcState, VectorError};
use super::text;
use crate::ui::format::sig3;
use crate::ui::i18n::{t, use_lang};
use crate::ui::widgets::RangeSlider;

fn state() -> TcState {
    expect_context::<TcState>()
}

/// Five significant digits in plain notation (enough for a reader to redo the products shown
/// to the digits printed), scientific only outside 1e-4 ..= 1e5.
fn num(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return if v == 0.0 { "0".into() } else { v.to_string() };
    }
    let magnitude = v.abs().log10().floor() as i32;
    if (-4..5).contains(&magnitude) {
        let decimals = usize::try_from(4 - magnitude).unwrap_or(0);
        let s = format!("{v:.decimals$}");
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    } else {
        format!("{v:.4e}")
    }
}

/// Whole section.
#[component]
pub fn QuantSection() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let error = RwSignal::new(None::<VectorError>);
    let on_change = move |ev: leptos::ev::Event| {
        let raw = event_target_value(&ev);
        match parse_vector(&raw) {
            Ok(x) => {
                error.set(None);
                let canon = format_vector(&x);
                st.inputs.update(|i| i.x = canon);
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let body = move || {
        let q = match st.quant.get() {
            Ok(q) => q,
            Err(e) => {
                return view! { <p class="gx-error" role="alert">{e.to_string()}</p> }.into_any()
            }
        };
        let k = q.x.len();
        let amax = q.x.iter().fold(0.0f32, |m, v| m.max(v.abs()));
        let head = (0..k)
            .map(|j| view! { <th scope="col">{format!("j = {j}")}</th> })
            .collect_view();
        let x_row =
            q.x.iter()
                .map(|v| view! { <td>{num(f64::from(*v))}</td> })
                .collect_view();
        let q_row =
            q.qx.iter()
                .map(|v| view! { <td data-testid="qx">{*v}</td> })
                .collect_view();
        let w_rows = (0..q.qw.n)
            .map(|o| {
                let w = q.w.get(o * k..(o + 1) * k).unwrap_or_default().to_vec();
                let qw = q.qw.q.get(o * k..(o + 1) * k).unwrap_or_default().to_vec();
                let s = q.qw.scales.get(o).copied().unwrap_or(0.0);
                view! {
                    <tr>
                        <th scope="row">{format!("w[{o}]")}</th>
                        {w.iter().map(|v| view! { <td>{num(f64::from(*v))}</td> }).collect_view()}
                        <td class="gx-formula">{format!("s_W[{o}] = {}", num(f64::from(s)))}</td>
                    </tr>
                    <tr class="gx-quant__q">
                        <th scope="row">{format!("q_W[{o}]")}</th>
                        {qw.iter().map(|v| view! { <td>{*v}</td> }).collect_view()}
                        <td></td>
                    </tr>
                }
            })
            .collect_view();
        let y16 = q.out.y_f16();
        let out_rows = (0..q.qw.n)
            .map(|o| {
                let z = q.out.z.get(o).copied().unwrap_or(0);
                let s_w = q.qw.scales.get(o).copied().unwrap_or(0.0);
                let yf = q.out.y_f32.get(o).copied().unwrap_or(0.0);
                let yh = y16.get(o).copied().unwrap_or(0.0);
                let r = q.reference.get(o).copied().unwrap_or(0.0);
                let b = q.bounds.get(o).map(|b| b.total()).unwrap_or(0.0);
                let err = (f64::from(yh) - r).abs();
                view! {
                    <tr>
                        <th scope="row">{o}</th>
                        <td data-testid="z">{z}</td>
                        <td class="gx-formula">{format!("{z} × {} × {}", num(f64::from(q.s_x)), num(f64::from(s_w)))}</td>
                        <td>{num(f64::from(yf))}</td>
                        <td>{num(f64::from(yh))}</td>
                        <td>{num(r)}</td>
                        <td>{sig3(err)}</td>
                        <td>{sig3(b)}</td>
                    </tr>
                }
            })
            .collect_view();
        view! {
            <p class="gx-formula" data-testid="s-x">{format!("s_x = max|x| / 127 = {} / 127 = {}", num(f64::from(amax)), num(f64::from(q.s_x)))}</p>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric" data-testid="quant-x">
                <thead><tr><th scope="col"><span class="gx-sr-only">{t(text::QUANT_COL_ROW)}</span></th>{head}</tr></thead>
                <tbody>
                    <tr><th scope="row">"x"</th>{x_row}</tr>
                    <tr class="gx-quant__q"><th scope="row">"q_x = round(x / s_x)"</th>{q_row}</tr>
                    {w_rows}
                </tbody>
            </table>
            </div>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric" data-testid="quant-out">
                <thead><tr>
                    <th scope="col">"o"</th>
                    <th scope="col">{t(text::COL_Z)}</th>
                    <th scope="col">{t(text::COL_SCALED)}</th>
                    <th scope="col">"FP32"</th>
                    <th scope="col">{t(text::COL_FP16)}</th>
                    <th scope="col">{t(text::COL_REFERENCE)}</th>
                    <th scope="col">{t(text::COL_ERROR)}</th>
                    <th scope="col">{t(text::COL_ERROR_BOUND)}</th>
                </tr></thead>
                <tbody>{out_rows}</tbody>
            </table>
            </div>
            <p class="gx-note">{t(text::ERROR_BOUND_NOTE)}</p>
        }
        .into_any()
    };
    view! {
        <section class="l-body gx-section" data-testid="quant">
            <h2>{t(text::QUANT_TITLE)}</h2>
            <p>{t(text::QUANT_INTRO)}</p>
            <div class="gx-quant__controls">
                <div class="gx-field" data-testid="field-x">
                    <label class="gx-field__label" for="tc-x">{t(text::X_LABEL)}</label>
                    <input id="tc-x" type="text" class="gx-field__number gx-field__number--wide"
                        class:gx-field__number--invalid=move || error.read().is_some()
                        prop:value=move || st.inputs.with(|i| i.x.clone())
                        on:change=on_change/>
                    <p class="gx-field__error" role="alert">{move || error.get().map(|e| text::vector_error(&e, limits::X_LEN, lang.get()))}</p>
                </div>
                <RangeSlider label=text::SEED_LABEL min=limits::SEED.0 max=limits::SEED.1 testid="slider-seed"
                    value=Signal::derive(move || st.inputs.with(|i| i.seed))
                    on_input=Callback::new(move |v| st.inputs.update(|i| i.seed = v))/>
            </div>
            {body}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::num;

    #[test]
    fn five_significant_digits_in_one_notation() {
        assert_eq!(num(0.018898), "0.018898");
        assert_eq!(num(0.007008), "0.007008");
        assert_eq!(num(2.4), "2.4");
        assert_eq!(num(-1.61252), "-1.6125");
        assert_eq!(num(12345.0), "12345");
        assert_eq!(num(0.0), "0");
        assert_eq!(num(3.0e-6), "3.0000e-6");
    }
}
