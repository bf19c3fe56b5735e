//! Making a set: kinds and how many of each, course questions, fixed or per-student seeds,
//! exam mode; then its links (take, sheet, results) and the LMS exports.

use leptos::prelude::*;

use super::{export, set_href, SetMode};
use crate::model::quiz::set::{QuestionSet, Seeding, SetItem, MAX_PER_KIND, MAX_TITLE_CHARS};
use crate::model::quiz::Kind;
use crate::model::rng::SplitMix64;
use crate::ui::content::questions::{Source, BANK};
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::quiz::{storage, text};
use crate::ui::widgets::IntegerInput;

/// The course questions a set may include (the quiz's course list).
fn course_ids() -> Vec<&'static str> {
    BANK.iter()
        .filter(|q| matches!(q.source, Source::Course { .. }))
        .map(|q| q.id)
        .collect()
}

/// A salt from the page's clock.
fn fresh_salt() -> u32 {
    (SplitMix64::nth(storage::now_ms().to_bits(), 7) & u64::from(u32::MAX)) as u32
}

/// The absolute URL of a relative href (for copying).
fn absolute(href: &str) -> String {
    let loc = window().location();
    let origin = loc.origin().unwrap_or_default();
    format!("{origin}{href}")
}

/// A `data:` URL of `bytes` in base64 (binary downloads: no request leaves the page).
pub fn data_url_base64(mime: &str, bytes: &[u8]) -> String {
    let url = crate::ui::content::lesson::base64url_encode(bytes);
    let mut b64: String = url
        .chars()
        .map(|c| match c {
            '-' => '+',
            '_' => '/',
            c => c,
        })
        .collect();
    while !b64.len().is_multiple_of(4) {
        b64.push('=');
    }
    format!("data:{mime};base64,{b64}")
}

/// The maker.
#[component]
pub fn Maker(start: Option<QuestionSet>) -> impl IntoView {
    let lang = use_lang();
    let start = start.unwrap_or(QuestionSet {
        title: String::new(),
        salt: fresh_salt(),
        seeding: Seeding::Fixed,
        exam: false,
        items: Vec::new(),
    });
    let counts = RwSignal::new(
        Kind::ALL
            .iter()
            .map(|k| {
                start
                    .items
                    .iter()
                    .map(|i| match i {
                        SetItem::Generated { kind, count } if kind == k => *count,
                        _ => 0,
                    })
                    .sum::<u32>()
                    .min(MAX_PER_KIND)
            })
            .collect::<Vec<u32>>(),
    );
    let ids = course_ids();
    let course = RwSignal::new(
        ids.iter()
            .map(|id| {
                start
                    .items
                    .iter()
                    .any(|i| matches!(i, SetItem::Course { id: x } if x == id))
            })
            .collect::<Vec<bool>>(),
    );
    let title = RwSignal::new(start.title.clone());
    let salt = RwSignal::new(start.salt);
    let per_student = RwSignal::new(start.seeding == Seeding::PerStudent);
    let exam = RwSignal::new(start.exam);
    let ids_for_draft = ids.clone();
    let draft = Memo::new(move |_| {
        let mut items: Vec<SetItem> = Kind::ALL
            .iter()
            .zip(counts.get())
            .filter(|(_, c)| *c > 0)
            .map(|(&kind, count)| SetItem::Generated { kind, count })
            .collect();
        items.extend(
            ids_for_draft
                .iter()
                .zip(course.get())
                .filter(|(_, on)| *on)
                .map(|(id, _)| SetItem::Course { id: id.to_string() }),
        );
        QuestionSet {
            title: title.get(),
            salt: salt.get(),
            seeding: if per_student.get() {
                Seeding::PerStudent
            } else {
                Seeding::Fixed
            },
            exam: exam.get(),
            items,
        }
    });
    let variants = RwSignal::new(export::DEFAULT_EXPORT_VARIANTS);
    let checked =
        Memo::new(move |_| draft.with(|d| d.validate().map(|()| super::codec::pack_set(d))));
    view! {
        <section class="l-body gx-sets__make" data-testid="set-maker" aria-labelledby="set-make-h">
            <h2 id="set-make-h">{t(text::sets::MAKE_HEADING)}</h2>
            <p>{t(text::sets::MAKE_INTRO)}</p>
            <label class="gx-quiz__control gx-sets__title">
                <span>{t(text::sets::SET_TITLE)}</span>
                <input type="text" class="gx-quiz__input" data-testid="set-title" maxlength=MAX_TITLE_CHARS.to_string()
                    prop:value=move || title.get()
                    on:input=move |ev| title.set(event_target_value(&ev))/>
            </label>
            <fieldset class="gx-sets__options">
                <legend>{t(text::sets::SEEDING)}</legend>
                <label class="gx-quiz__choice">
                    <input type="radio" name="set-seeding" data-testid="set-fixed"
                        prop:checked=move || !per_student.get() on:change=move |_| per_student.set(false)/>
                    {t(text::sets::FIXED)}
                </label>
                <label class="gx-quiz__choice">
                    <input type="radio" name="set-seeding" data-testid="set-per-student"
                        prop:checked=move || per_student.get() on:change=move |_| per_student.set(true)/>
                    {t(text::sets::PER_STUDENT)}
                </label>
                <label class="gx-quiz__choice">
                    <input type="checkbox" data-testid="set-exam"
                        prop:checked=move || exam.get() on:change=move |ev| exam.set(event_target_checked(&ev))/>
                    {t(text::sets::EXAM)}
                </label>
                <p class="gx-sets__salt">
                    <span data-testid="set-salt">{move || text::sets::salt_line(lang.get(), salt.get())}</span>
                    " "
                    <button type="button" class="gx-button gx-button--small" data-testid="set-new-salt"
                        on:click=move |_| salt.set(fresh_salt())>{t(text::sets::NEW_SALT)}</button>
                </p>
            </fieldset>
            <h3>{t(text::sets::GENERATED_KINDS)}</h3>
            <div class="gx-table-scroll">
                <table class="gx-table gx-sets__kinds">
                    <thead><tr>
                        <th scope="col">{t(text::COL_KIND)}</th>
                        <th scope="col">{t(text::sets::COUNT)}</th>
                    </tr></thead>
                    <tbody>
                        {Kind::ALL.iter().enumerate().map(|(i, &k)| {
                            let id = format!("set-count-{}", k.slug());
                            view! {
                                <tr>
                                    <th scope="row"><label for=id.clone()>{move || text::kind_title(k).get(lang.get())}</label></th>
                                    <td>
                                        <IntegerInput id=id.clone() min=0 max=u64::from(MAX_PER_KIND)
                                            class="gx-quiz__input gx-quiz__input--short" testid=id live=true
                                            value=Signal::derive(move || counts.with(|c| u64::from(c[i])))
                                            on_input=Callback::new(move |n: u64| counts.update(|c| c[i] = n as u32))/>
                                    </td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
            <h3>{t(text::sets::COURSE_OPEN)}</h3>
            <ul class="gx-sets__course">
                {ids.iter().enumerate().map(|(i, &id)| {
                    let q = BANK.iter().find(|q| q.id == id).copied();
                    view! {
                        <li>
                            <label class="gx-quiz__choice">
                                <input type="checkbox" data-testid=format!("set-course-{id}")
                                    prop:checked=move || course.with(|c| c[i])
                                    on:change=move |ev| { let on = event_target_checked(&ev); course.update(|c| c[i] = on); }/>
                                {move || q.map(|q| q.question.get(lang.get()).to_string()).unwrap_or_default()}
                            </label>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <p class="gx-sets__size" data-testid="set-size" role="status">
                {move || text::sets::set_size(lang.get(), draft.with(QuestionSet::len))}
            </p>
            {move || match checked.get() {
                Err(e) => view! {
                    <p class="gx-notice" data-testid="set-invalid">{move || text::sets::set_error(&e, lang.get())}</p>
                }.into_any(),
                Ok(code) => view! { <Outputs code=code draft=draft lang=lang variants=variants/> }.into_any(),
            }}
        </section>
    }
}

/// The links and exports of a valid set.
#[component]
fn Outputs(
    code: String,
    draft: Memo<QuestionSet>,
    lang: RwSignal<Lang>,
    variants: RwSignal<u32>,
) -> impl IntoView {
    let per_student = move || draft.with(|d| d.seeding == Seeding::PerStudent);
    let take = set_href(SetMode::Take, &code);
    let sheet = set_href(SetMode::Sheet, &code);
    let results = set_href(SetMode::Results, &code);
    // The link a teacher copies opens in the language the set was made in (a student's browser
    // may prefer another; the page's own switch still changes it).
    let take_abs = {
        let take = absolute(&take);
        move || format!("{take}&lang={}", lang.get().param())
    };
    let qti = move || {
        let l = lang.get();
        draft.with(|d| data_url_base64("application/zip", &export::qti_zip(d, l, variants.get())))
    };
    let moodle = move || {
        let l = lang.get();
        draft.with(|d| {
            storage::data_url("application/xml", &export::moodle_xml(d, l, variants.get()))
        })
    };
    let gift = move || {
        let l = lang.get();
        draft.with(|d| storage::data_url("text/plain", &export::gift(d, l, variants.get())))
    };
    view! {
        <section class="gx-sets__share" aria-labelledby="set-share-h">
            <h3 id="set-share-h">{t(text::sets::SHARE)}</h3>
            <label class="gx-quiz__control gx-sets__link">
                <span>{t(text::sets::STUDENT_LINK)}</span>
                <input type="text" readonly class="gx-quiz__input" data-testid="set-student-url" prop:value=take_abs/>
            </label>
            <ul class="gx-sets__links">
                <li><a href=take data-testid="set-take-link">{t(text::sets::STUDENT_LINK)}</a></li>
                <li><a href=sheet data-testid="set-sheet-link">{t(text::sets::SHEET_LINK)}</a></li>
                <li><a href=results data-testid="set-results-link">{t(text::sets::RESULTS_LINK)}</a></li>
            </ul>
            <h3>{t(text::sets::EXPORTS)}</h3>
            <p>{t(text::sets::EXPORTS_INTRO)}</p>
            <Show when=per_student>
                <p class="gx-quiz__control">
                    <label for="set-export-variants">{t(text::sets::EXPORT_VARIANTS)}</label>
                    " "
                    <IntegerInput id="set-export-variants" min=1 max=u64::from(export::MAX_EXPORT_VARIANTS)
                        class="gx-quiz__input gx-quiz__input--short" testid="set-export-variants" live=true
                        value=Signal::derive(move || u64::from(variants.get()))
                        on_input=Callback::new(move |n: u64| variants.set(n as u32))/>
                </p>
            </Show>
            <p class="gx-quiz__actions">
                <a class="gx-button" data-testid="set-export-qti" href=qti download="warpscope-set-qti21.zip">{t(text::sets::EXPORT_QTI)}</a>
                <a class="gx-button" data-testid="set-export-moodle" href=moodle download="warpscope-set-moodle.xml">{t(text::sets::EXPORT_MOODLE)}</a>
                <a class="gx-button" data-testid="set-export-gift" href=gift download="warpscope-set.gift.txt">{t(text::sets::EXPORT_GIFT)}</a>
            </p>
        </section>
    }
}
