//! Classroom mode: a teacher walks a class through the chapters on a projector, with a
//! presenter window in sync.
//!
//! The route `/classroom?lesson=…&step=…` shows one step of a lesson per screen
//! ([`projector`]); `&view=presenter` is the presenter window ([`presenter`]). A step embeds a
//! chapter's body through the registry's `embed`, bound to the step's query: a slider moved on
//! either screen changes [`Classroom::params`], which both windows share ([`sync`]).
//!
//! State flows one way: [`Classroom`] holds the inputs (lesson source, step, parameters,
//! revealed, blank, pointer) as signals, the lesson and the step on screen are memos, and
//! effects only talk to the outside world (the address bar, the other window, the DOM of the
//! embedded figure). Lessons themselves are plain data ([`lesson`]).

pub mod text;

mod editor;
mod export;
mod presenter;
mod projector;
mod sync;

use leptos::prelude::*;

use crate::ui::content::lesson::{self, decode, Lesson, Read, Step};
use crate::ui::content::lessons::{course, COURSE_ID};
use crate::ui::i18n::{switch_lang, use_lang, Lang};
use crate::ui::shell::{self, is_chapter, Chapter};
use crate::ui::url::{echo, query, Notice};

/// `localStorage` key of the teacher's own lesson (its link encoding).
pub const MY_LESSON_KEY: &str = "warpscope.lesson.mine";
/// The `lesson` value that opens the teacher's own lesson from `localStorage`.
pub const MINE: &str = "mine";

/// Which overlay covers the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// None.
    None,
    /// The keys.
    Help,
    /// Every step as a grid.
    Overview,
    /// Go to a step by number.
    Jump,
    /// The lesson editor.
    Editor,
    /// The top bar's menu.
    Menu,
}

/// Everything classroom mode shows. `Copy`: closures capture it freely.
#[derive(Clone, Copy)]
pub struct Classroom {
    /// The lesson: [`COURSE_ID`] or a lesson link encoding ([`lesson::encode`]).
    pub source: RwSignal<String>,
    /// The lesson read from `source`, with what could not be read.
    pub read: Memo<Read>,
    /// The step on screen, 0-based.
    pub step: RwSignal<usize>,
    /// The chapter query as edited on screen (a slider, a simulation step); `None`: the step's.
    pub params: RwSignal<Option<String>>,
    /// Whether the step's answer is shown.
    pub revealed: RwSignal<bool>,
    /// Whether the projector is blank.
    pub blank: RwSignal<bool>,
    /// The laser pointer, as fractions of the figure's box; `None`: hidden.
    pub pointer: RwSignal<Option<(f64, f64)>>,
    /// The overlay (not shared between windows).
    pub overlay: RwSignal<Overlay>,
    /// Whether the chapter's whole body (controls included) is shown instead of the figure.
    pub controls: RwSignal<bool>,
    /// High-contrast theme.
    pub contrast: RwSignal<bool>,
    /// The step on screen.
    pub current: Memo<Option<Step>>,
    /// The chapter query on screen.
    pub query: Memo<String>,
    /// True in the presenter window.
    pub presenter: bool,
    /// The session: the projector and the presenter window it opened share it, and other
    /// classroom tabs of the browser (another lesson) keep theirs.
    pub session: StoredValue<String>,
    /// What the link asked for that the page could not honour (a step the lesson does not have,
    /// a language the site does not have); shown with the lesson's problems.
    pub link_notices: StoredValue<Vec<Notice>>,
}

/// The lesson for a source string.
fn read_source(source: &str) -> Read {
    if source == COURSE_ID {
        Read {
            lesson: course(),
            problems: Vec::new(),
        }
    } else {
        decode(source, &is_chapter)
    }
}

/// The teacher's own lesson, from `localStorage` (empty if none).
pub fn my_lesson() -> Lesson {
    let stored = window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(MY_LESSON_KEY).ok().flatten());
    stored
        .map(|s| decode(&s, &is_chapter).lesson)
        .unwrap_or_default()
}

/// Saves the teacher's own lesson.
pub fn store_my_lesson(lesson: &Lesson) {
    if let Ok(Some(s)) = window().local_storage() {
        let _ = s.set_item(MY_LESSON_KEY, &lesson::encode(lesson));
    }
}

/// What the classroom link asks for.
struct Link {
    source: String,
    /// The `step` value as given (1-based), read against the lesson's steps by [`step_of_link`].
    step: Option<String>,
    params: Option<String>,
    presenter: bool,
    contrast: bool,
    session: String,
    /// What the link asked for that the page could not honour (its language).
    notices: Vec<Notice>,
}

/// The 0-based step a link's `step` (1-based, as given) opens in a lesson of `steps` steps, and
/// the notice when the value is not a step of the lesson: a number out of range is clamped to
/// the nearest step, anything else opens the first.
fn step_of_link(given: Option<&str>, steps: usize) -> (usize, Option<Notice>) {
    // A lesson with no step shows that it has none; a step number means nothing there.
    let (Some(given), true) = (given, steps > 0) else {
        return (0, None);
    };
    let number = given.trim().parse::<i64>();
    match number {
        Ok(n) if (1..=steps as i64).contains(&n) => (n as usize - 1, None),
        Ok(n) => {
            let used = if n < 1 { 1 } else { steps };
            let notice = Notice::Clamped {
                key: "step".into(),
                value: echo(given),
                used: used.to_string(),
                allowed: format!("1–{steps}"),
            };
            (used - 1, Some(notice))
        }
        Err(_) => {
            let notice = Notice::Unparsable {
                key: "step".into(),
                value: echo(given),
            };
            (0, Some(notice))
        }
    }
}

/// Reads the link's query (untrusted: unknown values fall back).
fn read_link(search: &str) -> Link {
    let mut link = Link {
        source: COURSE_ID.into(),
        step: None,
        params: None,
        presenter: false,
        contrast: false,
        session: String::new(),
        notices: Vec::new(),
    };
    for (k, v) in query::pairs(search) {
        match k.as_str() {
            "lesson" if v == MINE => link.source = lesson::encode(&my_lesson()),
            "lesson" if !v.is_empty() => link.source = v,
            "step" => link.step = Some(v),
            "q" => link.params = Some(v),
            "view" => link.presenter = v == "presenter",
            "hc" => link.contrast = v == "1",
            "sid" if v.len() <= 16 && v.chars().all(|c| c.is_ascii_alphanumeric()) => {
                link.session = v
            }
            "lang" => link.notices.extend(crate::ui::url::lang_notice(&v)),
            _ => {}
        }
    }
    if link.session.is_empty() {
        // A window opened from a link starts its own session; S hands it to the presenter.
        let r = web_sys::js_sys::Math::random();
        link.session = format!("{:08x}", (r * f64::from(u32::MAX)) as u32);
    }
    link
}

impl Classroom {
    /// State read from the router's query (the page may have been reached by an in-app link,
    /// before the address bar changed).
    fn new() -> Self {
        let search = leptos_router::hooks::use_location().search.get_untracked();
        let link = read_link(&search);
        let source = RwSignal::new(link.source);
        let read = Memo::new(move |_| source.with(|s| read_source(s)));
        let steps = read.with_untracked(|r| r.lesson.steps.len());
        let (first, step_notice) = step_of_link(link.step.as_deref(), steps);
        let mut notices = link.notices;
        notices.extend(step_notice);
        let step = RwSignal::new(first);
        let params = RwSignal::new(link.params);
        let current = Memo::new(move |_| {
            let i = step.get();
            read.with(|r| {
                r.lesson
                    .steps
                    .get(i.min(r.lesson.steps.len().saturating_sub(1)))
                    .cloned()
            })
        });
        let query = Memo::new(move |_| {
            params
                .get()
                .or_else(|| current.with(|s| s.as_ref().map(|s| s.query.clone())))
                .unwrap_or_default()
        });
        Classroom {
            source,
            read,
            step,
            params,
            revealed: RwSignal::new(false),
            blank: RwSignal::new(false),
            pointer: RwSignal::new(None),
            overlay: RwSignal::new(Overlay::None),
            controls: RwSignal::new(false),
            contrast: RwSignal::new(link.contrast),
            current,
            query,
            presenter: link.presenter,
            session: StoredValue::new(link.session),
            link_notices: StoredValue::new(notices),
        }
    }

    /// Number of steps.
    pub fn step_count(&self) -> usize {
        self.read.with(|r| r.lesson.steps.len())
    }

    /// The step on screen, clamped to the lesson.
    pub fn index(&self) -> usize {
        self.step.get().min(self.step_count().saturating_sub(1))
    }

    /// Goes to step `i` (clamped), with its own parameters and its answer hidden.
    pub fn go(&self, i: usize) {
        let i = i.min(self.step_count().saturating_sub(1));
        self.step.set(i);
        self.params.set(None);
        self.revealed.set(false);
        self.pointer.set(None);
    }

    /// The next event of the step's simulation, else the next step.
    pub fn next(&self) {
        if let Some((key, value, last)) = self.simulation() {
            if value < last {
                let q =
                    query::with_value(&self.query.get_untracked(), &key, &(value + 1).to_string());
                self.params.set(Some(q));
                return;
            }
        }
        self.go(self
            .step
            .get_untracked()
            .saturating_add(1)
            .min(self.step_count().saturating_sub(1)));
    }

    /// The previous event of the step's simulation, else the previous step.
    pub fn prev(&self) {
        if let Some((key, value, _)) = self.simulation() {
            let first = self
                .current
                .with_untracked(|s| s.as_ref().and_then(|s| query::number(&s.query, &key)))
                .unwrap_or(0);
            if value > first {
                let q =
                    query::with_value(&self.query.get_untracked(), &key, &(value - 1).to_string());
                self.params.set(Some(q));
                return;
            }
        }
        self.go(self.step.get_untracked().saturating_sub(1));
    }

    /// The sub-step on screen of a step whose keys step a simulation: `(value, first, last)` of
    /// its advance key.
    pub fn substep(&self) -> Option<(u32, u32, u32)> {
        let (key, value, last) = self.simulation()?;
        let first = self
            .current
            .with_untracked(|s| s.as_ref().and_then(|s| query::number(&s.query, &key)))
            .unwrap_or(0);
        Some((value, first, last))
    }

    /// `(key, value, last)` of the step's simulation, if it has one.
    fn simulation(&self) -> Option<(String, u32, u32)> {
        let adv = self
            .current
            .with_untracked(|s| s.as_ref().and_then(|s| s.advance.clone()))?;
        let value = query::number(&self.query.get_untracked(), &adv.key).unwrap_or(0);
        Some((adv.key, value, adv.last))
    }

    /// Whether the step on screen asks the room a question (only then is there an answer to
    /// reveal or hide).
    pub fn has_question(&self) -> bool {
        self.current
            .with(|s| s.as_ref().is_some_and(|s| !s.question.is_empty()))
    }

    /// Whether the keys step the step's simulation (its link has an advance field).
    pub fn keys_advance(&self) -> bool {
        self.current
            .with(|s| s.as_ref().is_some_and(|s| s.advance.is_some()))
    }

    /// The chapter of the step on screen.
    pub fn chapter(&self) -> Option<&'static Chapter> {
        self.current
            .with(|s| s.as_ref().and_then(|s| shell::by_slug(&s.chapter)))
    }

    /// The classroom link for the current state (path, query, `lang`).
    pub fn href(&self, presenter: bool, lang: Lang) -> String {
        let path = window().location().pathname().unwrap_or_default();
        let mut q = format!(
            "lesson={}&step={}",
            query::component(&self.source.get_untracked()),
            // The step on screen (a link's step=99 of 31 shows 31, and the address bar says so).
            self.step.get_untracked().min(
                self.read
                    .with_untracked(|r| r.lesson.steps.len())
                    .saturating_sub(1)
            ) + 1
        );
        if let Some(p) = self.params.get_untracked() {
            q.push_str(&format!("&q={}", query::component(&p)));
        }
        if presenter {
            q.push_str("&view=presenter");
        }
        if self.contrast.get_untracked() {
            q.push_str("&hc=1");
        }
        q.push_str(&format!("&sid={}", self.session.get_value()));
        format!("{path}?{q}&lang={}", lang.param())
    }

    /// The permalink of the chapter view on screen.
    pub fn chapter_href(&self, lang: Lang) -> String {
        let base = crate::ui::shell::route_href("");
        let slug = self.chapter().map(|c| c.slug).unwrap_or_default();
        let q = self.query.get_untracked();
        let origin = window().location().origin().unwrap_or_default();
        if q.is_empty() {
            format!("{origin}{base}{slug}?lang={}", lang.param())
        } else {
            format!("{origin}{base}{slug}?{q}&lang={}", lang.param())
        }
    }
}

/// The `/classroom` page: the projector view, or the presenter window with `view=presenter`.
#[component]
pub fn ClassroomPage() -> impl IntoView {
    let c = Classroom::new();
    provide_context(c);
    let lang = use_lang();
    // The outside world: the address bar follows the step (reload and links resume it).
    Effect::new(move |_| {
        c.source.track();
        c.step.track();
        c.params.track();
        c.contrast.track();
        let href = c.href(c.presenter, lang.get());
        if let Ok(h) = window().history() {
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href));
        }
        let title = c.read.with(|r| r.lesson.title.get(lang.get()).to_string());
        document().set_title(&format!(
            "{} · {title} · warpscope",
            text::TITLE.get(lang.get())
        ));
    });
    sync::connect(c);
    projector::keys(c);
    move || {
        if c.presenter {
            view! { <presenter::Presenter/> }.into_any()
        } else {
            view! { <projector::Projector/> }.into_any()
        }
    }
}

/// The language switch of classroom mode (the site header is hidden).
#[component]
fn LangSwitch() -> impl IntoView {
    let lang = use_lang();
    let switch = move |to: Lang| switch_lang(lang, to);
    view! {
        <span class="gx-cls-lang" role="group" aria-label=move || text::LANGUAGE.get(lang.get())>
            <button class="gx-cls-btn" data-testid="cls-lang-zh" aria-pressed=move || (lang.get() == Lang::Zh).to_string() on:click=move |_| switch(Lang::Zh)>{text::LANG_ZH}</button>
            <button class="gx-cls-btn" data-testid="cls-lang-en" aria-pressed=move || (lang.get() == Lang::En).to_string() on:click=move |_| switch(Lang::En)>{text::LANG_EN}</button>
        </span>
    }
}

/// The shell's "add this view to a lesson" button: appends the chapter on screen, at its
/// current parameters, to the teacher's own lesson.
#[component]
pub fn AddToLesson(chapter: &'static Chapter) -> impl IntoView {
    let lang = use_lang();
    let added = RwSignal::new(None::<usize>);
    // A page that steps through something with the keys says so (the kernel lab's lines).
    let advance = use_context::<crate::ui::shell::LessonAdvance>();
    let add = move |_| {
        let search = window().location().search().unwrap_or_default();
        let mut mine = my_lesson();
        if mine.title.is_empty() {
            mine.title = lesson::Text::Own(text::MY_LESSON.get(lang.get_untracked()).into());
        }
        let l = lang.get_untracked();
        mine.steps.push(Step {
            chapter: chapter.slug.into(),
            query: query::without(&search, "lang"),
            caption: lesson::Text::Own(text::added_caption(
                chapter.title.get(l),
                chapter.summary.get(l),
                l,
            )),
            advance: advance.map(|a| lesson::Advance {
                key: a.key.into(),
                last: a.last.get_untracked(),
            }),
            ..Step::default()
        });
        store_my_lesson(&mine);
        added.set(Some(mine.steps.len()));
    };
    let open = move || {
        let n = added.get().unwrap_or(1);
        format!(
            "{}?lesson={MINE}&step={n}&lang={}",
            crate::ui::shell::route_href("classroom"),
            lang.get().param()
        )
    };
    view! {
        <div class="l-body gx-add-lesson">
            <button class="gx-button" data-testid="add-to-lesson" on:click=add>{move || text::ADD_VIEW.get(lang.get())}</button>
            {move || added.get().map(|n| view! {
                <span class="gx-add-lesson__done" role="status" data-testid="added-to-lesson">{text::added(lang.get(), n)}" "</span>
                <a href=open data-testid="open-my-lesson">{move || text::OPEN_MINE.get(lang.get())}</a>
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_links_step_is_read_against_the_lessons_steps() {
        assert_eq!(step_of_link(None, 12), (0, None));
        assert_eq!(step_of_link(Some("3"), 12), (2, None));
        assert_eq!(step_of_link(Some("12"), 12), (11, None));
        let clamped = |value: &str, used: usize| {
            Some(Notice::Clamped {
                key: "step".into(),
                value: value.into(),
                used: used.to_string(),
                allowed: "1–12".into(),
            })
        };
        assert_eq!(step_of_link(Some("999"), 12), (11, clamped("999", 12)));
        assert_eq!(step_of_link(Some("0"), 12), (0, clamped("0", 1)));
        assert_eq!(step_of_link(Some("-1"), 12), (0, clamped("-1", 1)));
        let unreadable = Some(Notice::Unparsable {
            key: "step".into(),
            value: "abc".into(),
        });
        assert_eq!(step_of_link(Some("abc"), 12), (0, unreadable));
        // A lesson with no step left says so; no notice about a step.
        assert_eq!(step_of_link(Some("5"), 0), (0, None));
    }
}
