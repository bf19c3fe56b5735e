//! Section "quantisation": an editable activation vector and a seeded 4 × 8 weight matrix,
//! through quantize → INT32 dot products → dequantise → FP16, against the float reference.

use leptos::prelude::*;

use super::state::{format_vector, limits, parse_vector, QuantView, TcState, VectorError};
use super::text;
use crate::model::w8a8::W8a8Error;
use crate::ui::format::{grouped_signed, sig3};
use crate::ui::i18n::{t, tr, use_lang, Lang, Tr};
use crate::ui::widgets::{markup_block, Markup, Scale};

/// Columns of the output table: the results first (what a phone shows without scrolling), the
/// long dequantisation product last.
const OUT_COLS: [Tr; 8] = [
    tr("o", "o"),
    text::COL_Z,
    text::COL_FP16,
    text::COL_REFERENCE,
    text::COL_ERROR,
    text::COL_ERROR_BOUND,
    tr("FP32", "FP32"),
    text::COL_SCALED,
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

/// The quantisation tables as a read-only block ([`Markup`]), from a [`QuantView`]: the activations,
/// their quantised values and the weights with their scales; the outputs against the float
/// reference. Rewritten as a whole when the vector or the seed changes (~130 cells).
fn quant_markup(q: &Result<QuantView, W8a8Error>, lang: Lang) -> Markup {
    let mut h = Markup::new();
    let q = match q {
        Ok(q) => q,
        Err(e) => {
            h.open("p")
                .class("gx-error")
                .attr("role", "alert")
                .text(e.to_string())
                .close();
            return h;
        }
    };
    let k = q.x.len();
    let n = q.qw.n;
    let amax = q.x.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    let y16 = q.out.y_f16();
    let s_x = num(f64::from(q.s_x));
    h.open("p")
        .class("gx-formula")
        .attr("data-testid", "s-x")
        .text(format!(
            "s_x = max|x| / 127 = {} / 127 = {s_x}",
            num(f64::from(amax))
        ))
        .close()
        .table("gx-table gx-table--numeric", Some("quant-x"))
        .open("thead")
        .open("tr")
        .open("th")
        .attr("scope", "col")
        .leaf_class("span", "gx-sr-only", text::QUANT_COL_ROW.get(lang))
        .close();
    for j in 0..k {
        h.col_head(format!("j = {j}"));
    }
    h.close().close().open("tbody").row_open("x");
    for v in &q.x {
        h.leaf("td", num(f64::from(*v)));
    }
    h.close()
        .open("tr")
        .class("gx-quant__q")
        .open("th")
        .attr("scope", "row")
        .text("q_x = round(x / s_x)")
        .close();
    for v in &q.qx {
        h.leaf_testid("td", "qx", v.to_string());
    }
    h.close();
    for o in 0..n {
        let row = o * k..(o + 1) * k;
        h.row_open(format!("w[{o}]"));
        for v in q.w.get(row.clone()).unwrap_or_default() {
            h.leaf("td", num(f64::from(*v)));
        }
        let s_w = q.qw.scales.get(o).copied().unwrap_or(0.0);
        h.leaf_class(
            "td",
            "gx-formula",
            format!("s_W[{o}] = {}", num(f64::from(s_w))),
        )
        .close()
        .open("tr")
        .class("gx-quant__q")
        .open("th")
        .attr("scope", "row")
        .text(format!("q_W[{o}]"))
        .close();
        for v in q.qw.q.get(row).unwrap_or_default() {
            h.leaf("td", v.to_string());
        }
        h.open("td").close().close();
    }
    h.close()
        .table_end()
        .table("gx-table gx-table--numeric", Some("quant-out"))
        .head(&OUT_COLS, lang)
        .open("tbody");
    for o in 0..n {
        let z = q.out.z.get(o).copied().unwrap_or(0);
        let s_w = q.qw.scales.get(o).copied().unwrap_or(0.0);
        let yh = y16.get(o).copied().unwrap_or(0.0);
        let r = q.reference.get(o).copied().unwrap_or(0.0);
        let b = q.bounds.get(o).map(|b| b.total()).unwrap_or(0.0);
        let z = grouped_signed(i64::from(z));
        h.row_open(o.to_string()).leaf_testid("td", "z", z.clone());
        for cell in [
            num(f64::from(yh)),
            num(r),
            sig3((f64::from(yh) - r).abs()),
            sig3(b),
            num(f64::from(q.out.y_f32.get(o).copied().unwrap_or(0.0))),
        ] {
            h.leaf("td", cell);
        }
        h.leaf_class(
            "td",
            "gx-formula",
            format!("{z} × {s_x} × {}", num(f64::from(s_w))),
        );
        h.close();
    }
    h.close()
        .table_end()
        .leaf_class("p", "gx-note", text::ERROR_BOUND_NOTE.get(lang));
    h
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
    let tables = Signal::derive(move || st.quant.with(|q| quant_markup(q, lang.get())));
    view! {
        <section class="l-body gx-section" data-testid="quant">
            {super::section_head(text::QUANT_TITLE, text::QUANT_INTRO)}
            <div class="gx-quant__controls">
                <div class="gx-field" data-testid="field-x">
                    <label class="gx-field__label" for="tc-x">{t(text::X_LABEL)}</label>
                    <input id="tc-x" type="text" class="gx-field__number gx-field__number--wide"
                        class:gx-field__number--invalid=move || error.read().is_some()
                        aria-invalid=move || if error.read().is_some() { "true" } else { "false" }
                        aria-describedby="tc-x-err"
                        prop:value=move || x.get()
                        on:change=on_change/>
                    <p class="gx-field__error" id="tc-x-err" role="alert">{move || error.get().map(|e| {
                        crate::ui::i18n::sentences(lang.get(), &text::vector_error(&e, limits::X_LEN, lang.get()), text::TABLES_KEEP_LAST.get(lang.get()))
                    })}</p>
                </div>
                {super::slider(text::SEED_LABEL, limits::SEED, Scale::Linear, "slider-seed", |i| i.seed, |i, v| i.seed = v)}
            </div>
            <div class:gx-stale=move || error.read().is_some()>
                {markup_block("div", "gx-quant__tables", None, tables)}
            </div>
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
