//! Section "quantisation": an editable activation vector and a seeded 4 × 8 weight matrix,
//! through quantize → INT32 dot products → dequantise → FP16, against the float reference.

use leptos::prelude::*;

use super::head_row;
use super::state::{format_vector, limits, parse_vector, QuantView, TcState, VectorError};
use super::text;
use crate::ui::format::sig3;
use crate::ui::i18n::{t, tr, use_lang, Tr};
use crate::ui::widgets::Scale;

/// Columns of the output table.
const OUT_COLS: [Tr; 8] = [
    tr("o", "o"),
    text::COL_Z,
    text::COL_SCALED,
    tr("FP32", "FP32"),
    text::COL_FP16,
    text::COL_REFERENCE,
    text::COL_ERROR,
    text::COL_ERROR_BOUND,
];

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

/// The quantisation tables' cells as text (what [`QuantSection`] shows), from a [`QuantView`].
#[derive(Clone, Debug, PartialEq)]
struct QuantCells {
    /// `s_x = max|x| / 127 = … / 127 = …`.
    s_x_line: String,
    /// Per element `j`: x, q_x.
    x: Vec<String>,
    qx: Vec<String>,
    /// Per weight row `o`: its elements, its scale formula, its quantised elements.
    w: Vec<Vec<String>>,
    s_w: Vec<String>,
    qw: Vec<Vec<String>>,
    /// Per output `o`: z, z × s_x × s_W, FP32, FP16, reference, |error|, error bound.
    out: Vec<[String; 7]>,
}

impl QuantCells {
    fn of(q: &QuantView) -> QuantCells {
        let k = q.x.len();
        let amax = q.x.iter().fold(0.0f32, |m, v| m.max(v.abs()));
        let n = q.qw.n;
        let y16 = q.out.y_f16();
        let row = |v: &[f32], o: usize| {
            v.get(o * k..(o + 1) * k)
                .unwrap_or_default()
                .iter()
                .map(|v| num(f64::from(*v)))
                .collect()
        };
        QuantCells {
            s_x_line: format!(
                "s_x = max|x| / 127 = {} / 127 = {}",
                num(f64::from(amax)),
                num(f64::from(q.s_x))
            ),
            x: q.x.iter().map(|v| num(f64::from(*v))).collect(),
            qx: q.qx.iter().map(|v| v.to_string()).collect(),
            w: (0..n).map(|o| row(&q.w, o)).collect(),
            s_w: (0..n)
                .map(|o| {
                    format!(
                        "s_W[{o}] = {}",
                        num(f64::from(q.qw.scales.get(o).copied().unwrap_or(0.0)))
                    )
                })
                .collect(),
            qw: (0..n)
                .map(|o| {
                    q.qw.q
                        .get(o * k..(o + 1) * k)
                        .unwrap_or_default()
                        .iter()
                        .map(|v| v.to_string())
                        .collect()
                })
                .collect(),
            out: (0..n)
                .map(|o| {
                    let z = q.out.z.get(o).copied().unwrap_or(0);
                    let s_w = q.qw.scales.get(o).copied().unwrap_or(0.0);
                    let yh = y16.get(o).copied().unwrap_or(0.0);
                    let r = q.reference.get(o).copied().unwrap_or(0.0);
                    let b = q.bounds.get(o).map(|b| b.total()).unwrap_or(0.0);
                    [
                        z.to_string(),
                        format!("{z} × {} × {}", num(f64::from(q.s_x)), num(f64::from(s_w))),
                        num(f64::from(q.out.y_f32.get(o).copied().unwrap_or(0.0))),
                        num(f64::from(yh)),
                        num(r),
                        sig3((f64::from(yh) - r).abs()),
                        sig3(b),
                    ]
                })
                .collect(),
        }
    }
}

/// One `<td>` whose text follows `text` (every live cell of the two tables).
#[inline(never)]
fn live_cell(
    testid: Option<&'static str>,
    class: Option<&'static str>,
    text: Signal<String>,
) -> AnyView {
    view! { <td data-testid=testid class=class>{text}</td> }.into_any()
}

/// Whole section.
#[component]
pub fn QuantSection() -> impl IntoView {
    let st = state();
    let x = st.inputs.part(|i| i.x.clone());
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
    // The tables' cells as text, from one memo; the tables are built once per shape (vector
    // length, weight rows) and each cell follows its text: a seed tick rewrites the numbers that
    // changed, no element (it rebuilt both tables, 150 elements, each tick).
    let cells = Memo::new(move |_| {
        st.quant
            .with(|q| q.as_ref().map(QuantCells::of).map_err(|e| e.to_string()))
    });
    let shape = Memo::new(move |_| {
        cells.with(|c| {
            c.as_ref()
                .map(|c| (c.x.len(), c.out.len()))
                .map_err(Clone::clone)
        })
    });
    // Each cell's text as one signal type, drawn by one view function ([`live_cell`]).
    let text_of = move |f: fn(&QuantCells, usize, usize) -> Option<&String>, i: usize, j: usize| {
        Signal::derive(move || {
            cells.with(|c| {
                c.as_ref()
                    .ok()
                    .and_then(|c| f(c, i, j))
                    .cloned()
                    .unwrap_or_default()
            })
        })
    };
    let body = move || {
        let (k, n) = match shape.get() {
            Ok(kn) => kn,
            Err(e) => return view! { <p class="gx-error" role="alert">{e}</p> }.into_any(),
        };
        let head = (0..k)
            .map(|j| view! { <th scope="col">{format!("j = {j}")}</th> })
            .collect_view();
        let x_row = (0..k)
            .map(|j| live_cell(None, None, text_of(|c, _, j| c.x.get(j), 0, j)))
            .collect_view();
        let q_row = (0..k)
            .map(|j| live_cell(Some("qx"), None, text_of(|c, _, j| c.qx.get(j), 0, j)))
            .collect_view();
        let w_rows = (0..n)
            .map(|o| {
                view! {
                    <tr>
                        <th scope="row">{format!("w[{o}]")}</th>
                        {(0..k).map(|j| live_cell(None, None, text_of(|c, o, j| c.w.get(o).and_then(|r| r.get(j)), o, j))).collect_view()}
                        {live_cell(None, Some("gx-formula"), text_of(|c, o, _| c.s_w.get(o), o, 0))}
                    </tr>
                    <tr class="gx-quant__q">
                        <th scope="row">{format!("q_W[{o}]")}</th>
                        {(0..k).map(|j| live_cell(None, None, text_of(|c, o, j| c.qw.get(o).and_then(|r| r.get(j)), o, j))).collect_view()}
                        <td></td>
                    </tr>
                }
            })
            .collect_view();
        let out_rows = (0..n)
            .map(|o| {
                view! {
                    <tr>
                        <th scope="row">{o}</th>
                        {(0..7)
                            .map(|col| live_cell(
                                (col == 0).then_some("z"),
                                (col == 1).then_some("gx-formula"),
                                text_of(|c, o, col| c.out.get(o).and_then(|r| r.get(col)), o, col),
                            ))
                            .collect_view()}
                    </tr>
                }
            })
            .collect_view();
        view! {
            <p class="gx-formula" data-testid="s-x">{text_of(|c, _, _| Some(&c.s_x_line), 0, 0)}</p>
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
            {super::scroll_table("gx-table gx-table--numeric", Some("quant-out"), Some(head_row(&OUT_COLS)), out_rows.into_any())}
            {super::para(Some("gx-note"), text::ERROR_BOUND_NOTE)}
        }
        .into_any()
    };
    view! {
        <section class="l-body gx-section" data-testid="quant">
            {super::section_head(text::QUANT_TITLE, text::QUANT_INTRO)}
            <div class="gx-quant__controls">
                <div class="gx-field" data-testid="field-x">
                    <label class="gx-field__label" for="tc-x">{t(text::X_LABEL)}</label>
                    <input id="tc-x" type="text" class="gx-field__number gx-field__number--wide"
                        class:gx-field__number--invalid=move || error.read().is_some()
                        prop:value=move || x.get()
                        on:change=on_change/>
                    <p class="gx-field__error" role="alert">{move || error.get().map(|e| text::vector_error(&e, limits::X_LEN, lang.get()))}</p>
                </div>
                {super::slider(text::SEED_LABEL, limits::SEED, Scale::Linear, "slider-seed", |i| i.seed, |i, v| i.seed = v)}
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
