//! The lesson editor: caption, notes, question and planned minutes of each step, reorder and
//! remove steps, add text slides and copies of the built-in lesson's steps; share the lesson as
//! a link or a JSON file, and open either. Lesson text is shown as text
//! only (input values and text nodes, never markup).

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::{store_my_lesson, text, Classroom, Overlay};
use crate::ui::content::lesson::{self, from_json, to_json, Lesson, Problem, Step, Text};
use crate::ui::content::lessons::{course, COURSE_ID};
use crate::ui::i18n::{use_lang, Lang, Tr};
use crate::ui::shell::is_chapter;

/// `t` as the teacher's own text: a built-in text becomes its text in `lang`.
fn own_text(t: &mut Text, lang: Lang) {
    if let Text::Both(b) = t {
        *t = Text::Own(b.get(lang).to_string());
    }
}

/// A step with every built-in text replaced by its text in `lang` (to edit it).
fn own_step(mut s: Step, lang: Lang) -> Step {
    for t in [&mut s.caption, &mut s.notes, &mut s.question, &mut s.answer] {
        own_text(t, lang);
    }
    s
}

/// A lesson with every built-in text replaced by its text in `lang` (to edit it).
fn own(mut l: Lesson, lang: Lang) -> Lesson {
    own_text(&mut l.title, lang);
    l.steps = l.steps.into_iter().map(|s| own_step(s, lang)).collect();
    l
}

/// Applies an edit to the lesson on screen: it becomes the teacher's own lesson.
fn edit(c: Classroom, f: impl FnOnce(&mut Lesson)) {
    let lang = use_lang().get_untracked();
    let mut l = own(c.read.with_untracked(|r| r.lesson.clone()), lang);
    f(&mut l);
    store_my_lesson(&l);
    c.source.set(lesson::encode(&l));
}

/// Opens a lesson read from a link or file: its valid steps, and its problems shown.
/// Opens a lesson read from a file or a link in place of the one being edited, unless nothing of
/// it can be shown (not a lesson, a version this site does not read, no valid step): then the
/// lesson being edited stays as it is, and only the message shows.
fn open(c: Classroom, read: lesson::Read, problems: RwSignal<Vec<Problem>>) {
    problems.set(read.problems.clone());
    let unusable = |p: &Problem| {
        matches!(
            p,
            Problem::NotALesson | Problem::Version(_) | Problem::NoSteps
        )
    };
    if read.problems.iter().any(unusable) {
        return;
    }
    c.source.set(lesson::encode(&read.lesson));
    c.go(0);
}

/// The `lesson` parameter of a pasted link, or the pasted text itself.
fn lesson_param(pasted: &str) -> String {
    let pasted = pasted.trim();
    let query = pasted.split_once('?').map_or(pasted, |(_, q)| q);
    crate::ui::url::query::value(query, "lesson").unwrap_or_else(|| pasted.to_string())
}

fn download(name: &str, mime: &str, data: &str) {
    let parts = web_sys::js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(data));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    save_blob(name, &blob);
}

/// Saves `blob` as a download named `name`.
pub fn save_blob(name: &str, blob: &web_sys::Blob) {
    let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else {
        return;
    };
    save_url(name, &url);
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Saves the resource at `url` (a blob or data URL) as a download named `name`.
pub fn save_url(name: &str, url: &str) {
    let Some(a) = document()
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    else {
        return;
    };
    a.set_href(url);
    a.set_download(name);
    if let Some(body) = document().body() {
        let _ = body.append_child(&a);
        a.click();
        let _ = body.remove_child(&a);
    }
}

/// The editor overlay.
#[component]
pub fn Editor() -> impl IntoView {
    let c = expect_context::<Classroom>();
    let lang = use_lang();
    let problems = RwSignal::new(Vec::<Problem>::new());
    let builtin = move || c.source.with(|s| s == COURSE_ID);
    let share = move || {
        let origin = window().location().origin().unwrap_or_default();
        let path = window().location().pathname().unwrap_or_default();
        // In the language it was made in, as the quiz's student links.
        format!(
            "{origin}{path}?lesson={}&lang={}",
            crate::ui::url::query::component(&c.source.get()),
            lang.get().param()
        )
    };
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        let Ok(reader) = web_sys::FileReader::new() else {
            return;
        };
        let r = reader.clone();
        let onload = Closure::<dyn Fn()>::new(move || {
            let textv = r
                .result()
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            open(c, from_json(&textv, &is_chapter), problems);
        });
        reader.set_onload(Some(onload.as_ref().unchecked_ref()));
        onload.forget();
        let _ = reader.read_as_text(&file);
    };
    let field = move |i: usize,
                      label: Tr,
                      get: fn(&lesson::Step) -> &Text,
                      set: fn(&mut lesson::Step, String)| {
        let value = move || {
            c.read
                .with(|r| {
                    r.lesson
                        .steps
                        .get(i)
                        .map(|s| get(s).get(lang.get()).to_string())
                })
                .unwrap_or_default()
        };
        view! {
            <label class="gx-cls-edit__field">
                <span>{move || label.get(lang.get())}</span>
                <textarea rows="2" data-testid=format!("cls-edit-{}-{}", label.en.split([' ', ',']).next().unwrap_or("").to_ascii_lowercase(), i + 1)
                    prop:value=value
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        edit(c, |l| if let Some(s) = l.steps.get_mut(i) { set(s, v) });
                    }></textarea>
            </label>
        }
    };
    let steps = move || {
        let n = c.step_count();
        (0..n)
            .map(|i| {
                let chapter = move || {
                    c.read.with(|r| {
                        r.lesson.steps.get(i).map(|s| {
                            let name = match crate::ui::shell::by_slug(&s.chapter) {
                                Some(ch) => ch.title.get(lang.get()),
                                None => text::TEXT_SLIDE.get(lang.get()),
                            };
                            format!("{}. {name}", i + 1)
                        })
                    })
                };
                let minutes = move || {
                    c.read
                        .with(|r| r.lesson.steps.get(i).and_then(|s| s.minutes))
                        .map(|m| m.to_string())
                        .unwrap_or_default()
                };
                view! {
                    <li class="gx-cls-edit__step" data-testid="cls-edit-step">
                        <div class="gx-cls-edit__head">
                            <strong>{chapter}</strong>
                            <button class="gx-cls-btn" data-testid=format!("cls-up-{}", i + 1) disabled=i == 0
                                on:click=move |_| edit(c, |l| if i > 0 && i < l.steps.len() { l.steps.swap(i - 1, i) })>{move || text::UP.get(lang.get())}</button>
                            <button class="gx-cls-btn" data-testid=format!("cls-down-{}", i + 1) disabled=i + 1 == n
                                on:click=move |_| edit(c, |l| if i + 1 < l.steps.len() { l.steps.swap(i, i + 1) })>{move || text::DOWN.get(lang.get())}</button>
                            <button class="gx-cls-btn" data-testid=format!("cls-remove-{}", i + 1)
                                on:click=move |_| edit(c, |l| if i < l.steps.len() { l.steps.remove(i); })>{move || text::REMOVE.get(lang.get())}</button>
                        </div>
                        {field(i, text::CAPTION, |s| &s.caption, |s, v| s.caption = Text::Own(v))}
                        {field(i, text::NOTES_FIELD, |s| &s.notes, |s, v| s.notes = Text::Own(v))}
                        {field(i, text::QUESTION_FIELD, |s| &s.question, |s, v| s.question = Text::Own(v))}
                        {field(i, text::ANSWER_FIELD, |s| &s.answer, |s, v| s.answer = Text::Own(v))}
                        <label class="gx-cls-edit__field gx-cls-edit__minutes">
                            <span>{move || text::MINUTES_FIELD.get(lang.get())}</span>
                            <input type="number" min="1" max=lesson::MAX_MINUTES.to_string() inputmode="numeric"
                                data-testid=format!("cls-edit-minutes-{}", i + 1)
                                prop:value=minutes
                                on:change=move |ev| {
                                    let v = event_target_value(&ev).trim().parse::<u32>().ok()
                                        .filter(|m| (1..=lesson::MAX_MINUTES).contains(m));
                                    edit(c, |l| if let Some(s) = l.steps.get_mut(i) { s.minutes = v });
                                }/>
                        </label>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <div class="gx-cls-overlay gx-cls-overlay--wide gx-cls-edit" role="dialog" aria-label=move || text::EDITOR.get(lang.get()) data-testid="cls-editor">
            <h2>{move || text::EDITOR.get(lang.get())}</h2>
            <Show when=builtin>
                <p><button class="gx-cls-btn" data-testid="cls-make-mine" on:click=move |_| edit(c, |_| {})>{move || text::MAKE_MINE.get(lang.get())}</button></p>
            </Show>
            <label class="gx-cls-edit__field">
                <span>{move || text::LESSON_TITLE.get(lang.get())}</span>
                <input type="text" data-testid="cls-edit-title"
                    prop:value=move || c.read.with(|r| r.lesson.title.get(lang.get()).to_string())
                    on:change=move |ev| { let v = event_target_value(&ev); edit(c, |l| l.title = Text::Own(v)); }/>
            </label>
            <div class="gx-cls-edit__share">
                <label class="gx-cls-edit__field">
                    <span>{move || text::SHARE_LINK.get(lang.get())}</span>
                    <input type="text" readonly=true data-testid="cls-share-link" prop:value=share/>
                </label>
                <button class="gx-cls-btn" data-testid="cls-download-json"
                    on:click=move |_| download("lesson.json", "application/json", &to_json(&c.read.with_untracked(|r| r.lesson.clone())))>
                    {move || text::DOWNLOAD_JSON.get(lang.get())}
                </button>
                <label class="gx-cls-edit__field">
                    <span>{move || text::OPEN_JSON.get(lang.get())}</span>
                    <input type="file" accept=".json,application/json" data-testid="cls-open-json" on:change=on_file/>
                </label>
                <label class="gx-cls-edit__field">
                    <span>{move || text::OPEN_LINK.get(lang.get())}</span>
                    <input type="text" data-testid="cls-open-link" on:keydown=move |ev| {
                        if ev.key() == "Enter" {
                            let param = lesson_param(&event_target_value(&ev));
                            open(c, lesson::decode(&param, &is_chapter), problems);
                        }
                    }/>
                </label>
            </div>
            <Show when=move || !problems.with(Vec::is_empty)>
                <ul class="gx-cls-problems" role="alert" data-testid="cls-import-problems">
                    {move || problems.get().iter().map(|p| view! { <li>{text::problem(lang.get(), p)}</li> }).collect_view()}
                </ul>
            </Show>
            <p class="gx-cls-edit__plan" data-testid="cls-plan-total">{move || {
                let (planned, total) = c.read.with(|r| {
                    let planned = r.lesson.steps.iter().filter(|s| s.minutes.is_some()).count();
                    (planned, r.lesson.steps.iter().filter_map(|s| s.minutes).sum::<u32>())
                });
                text::plan_total(lang.get(), total, planned, c.step_count())
            }}</p>
            <ol class="gx-cls-edit__steps">{steps}</ol>
            <div class="gx-cls-edit__add">
                <button class="gx-cls-btn" data-testid="cls-add-text"
                    on:click=move |_| edit(c, |l| l.steps.push(Step {
                        chapter: lesson::TEXT_STEP.into(),
                        caption: Text::Own(text::NEW_TEXT_SLIDE.get(lang.get_untracked()).into()),
                        minutes: Some(1),
                        ..Step::default()
                    }))>
                    {move || text::ADD_TEXT_SLIDE.get(lang.get())}
                </button>
                <label class="gx-cls-edit__field">
                    <span>{move || text::COPY_BUILT_IN.get(lang.get())}</span>
                    <select data-testid="cls-copy-built-in" on:change=move |ev| {
                        let target = event_target::<web_sys::HtmlSelectElement>(&ev);
                        if let Ok(k) = target.value().parse::<usize>() {
                            let step = course().steps.get(k).cloned();
                            if let Some(step) = step {
                                let step = own_step(step, lang.get_untracked());
                                edit(c, |l| l.steps.push(step));
                            }
                        }
                        target.set_value("");
                    }>
                        <option value="">{move || text::PICK_STEP.get(lang.get())}</option>
                        {move || course().steps.iter().enumerate().map(|(k, s)| {
                            let name = crate::ui::shell::by_slug(&s.chapter).map(|ch| ch.title.get(lang.get())).unwrap_or_default();
                            let caption: String = s.caption.get(lang.get()).chars().take(70).collect();
                            view! { <option value=k.to_string()>{format!("{}. {name}: {caption}…", k + 1)}</option> }
                        }).collect_view()}
                    </select>
                </label>
            </div>
            <button class="gx-cls-btn" on:click=move |_| c.overlay.set(Overlay::None)>{move || text::CLOSE.get(lang.get())}</button>
        </div>
    }
}
