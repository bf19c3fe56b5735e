//! The quiz page: generated questions (kind and seed in the URL, graded by [`crate::model::quiz`]),
//! the course's questions (self-assessed), progress with review and export, and a printable
//! worksheet with its answer key.
//!
//! State flows one way: the URL's [`QuizInputs`] → a memo that generates the question → views.
//! Answers typed into a question live in that question's card; grading happens in the submit
//! handler, which also records progress and writes it to storage (no effect writes a signal).

mod card;
mod links;
mod panels;
pub mod progress;
#[cfg(test)]
mod prompt_tests;
pub mod sets;
mod sheet;
mod storage;
pub mod text;

use leptos::prelude::*;

use crate::model::quiz::{another_seed, generate, Answer, Kind, Part};
use crate::model::rng::SplitMix64;
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shell::{self, ChapterBody, ChapterInputs, UrlInputs};
use crate::ui::url::{Notice, QueryReader};
use card::QuestionCard;
use panels::{CourseQuestions, ProgressPanel};
use progress::Progress;
use sets::SetMode;
use sheet::{Worksheet, WorksheetPanel};

/// A change to the progress, applied and saved by the page (see [`QuizBody`]).
type Commit = Callback<Box<dyn FnOnce(&mut Progress) + Send + Sync>>;

/// Largest seed a link may carry (seeds are drawn as 32-bit numbers).
pub const MAX_SEED: u64 = crate::model::quiz::MAX_SEED;
/// Most questions on one worksheet.
pub const MAX_SHEET: u32 = 40;

/// The quiz's inputs, kept in the URL: chapter filter, kind, seed, worksheet size; and for a
/// question set, the mode (make, take, sheet, results) and the set's code (`set`, with `v=1`).
#[derive(Clone, Debug, PartialEq)]
pub struct QuizInputs {
    /// Practice, or one of the question-set pages.
    pub mode: SetMode,
    /// The set's code as the link carries it (read by [`sets::codec::unpack_set`]); empty for
    /// none.
    pub set: String,
    /// Chapter slug to filter by; empty for every chapter.
    pub chapter: String,
    /// The kind on screen.
    pub kind: Kind,
    /// Its seed.
    pub seed: u64,
    /// Questions on the worksheet; 0 when no worksheet is shown.
    pub sheet: u32,
}

impl Default for QuizInputs {
    fn default() -> Self {
        QuizInputs {
            mode: SetMode::Practice,
            set: String::new(),
            chapter: String::new(),
            kind: Kind::ALL[0],
            seed: 1,
            sheet: 0,
        }
    }
}

/// Slugs of the chapters that have generated kinds.
fn quiz_chapters() -> Vec<&'static str> {
    let mut slugs: Vec<&'static str> = Vec::new();
    for kind in Kind::ALL {
        if !slugs.contains(&kind.chapter()) {
            slugs.push(kind.chapter());
        }
    }
    slugs
}

/// The kinds the filter allows.
fn kinds_for(chapter: &str) -> Vec<Kind> {
    if chapter.is_empty() {
        Kind::ALL.to_vec()
    } else {
        Kind::of_chapter(chapter).collect()
    }
}

impl ChapterInputs for QuizInputs {
    fn from_query(query: &str) -> (QuizInputs, Vec<Notice>) {
        let d = QuizInputs::default();
        let mut r = QueryReader::parse(query);
        let mut chapter_ids = vec![""];
        chapter_ids.extend(quiz_chapters());
        let chapter = r.one_of("ch", "", &chapter_ids);
        let allowed = kinds_for(&chapter);
        let first = allowed.first().copied().unwrap_or(d.kind);
        let slugs: Vec<&str> = allowed.iter().map(|k| k.slug()).collect();
        let kind = Kind::from_slug(&r.one_of("kind", first.slug(), &slugs)).unwrap_or(first);
        let seed = r.num("seed", d.seed, 0, MAX_SEED);
        let sheet = r.num("sheet", 0, 0, MAX_SHEET);
        let mode =
            SetMode::from_slug(&r.one_of("mode", "", &SetMode::SLUGS)).unwrap_or(SetMode::Practice);
        let set = r.text("set", "", sets::codec::MAX_PACKED_CHARS);
        let _version = r.num(
            "v",
            sets::codec::VERSION,
            sets::codec::VERSION,
            sets::codec::VERSION,
        );
        (
            QuizInputs {
                mode,
                set,
                chapter,
                kind,
                seed,
                sheet,
            },
            r.finish(),
        )
    }

    fn to_query(&self) -> String {
        let mut parts = Vec::new();
        if self.mode != SetMode::Practice {
            parts.push(format!("mode={}", self.mode.slug()));
            if !self.set.is_empty() {
                parts.push(format!("v={}", sets::codec::VERSION));
                parts.push(format!("set={}", self.set));
            }
            return parts.join("&");
        }
        if !self.chapter.is_empty() {
            parts.push(format!("ch={}", self.chapter));
        }
        parts.push(format!("kind={}", self.kind.slug()));
        parts.push(format!("seed={}", self.seed));
        if self.sheet > 0 {
            parts.push(format!("sheet={}", self.sheet));
        }
        parts.join("&")
    }
}

/// A fresh seed of `kind`: the page's clock mixed with the current seed, skipping any seed whose
/// question is the one on screen ([`another_seed`]).
fn fresh_seed(kind: Kind, current: u64) -> u64 {
    another_seed(
        kind,
        current,
        SplitMix64::nth(current, storage::now_ms().to_bits()),
    )
}

/// Seed of question `i` of the worksheet with seed `sheet_seed`.
pub fn sheet_seed(sheet_seed: u64, i: u32) -> u64 {
    SplitMix64::nth(sheet_seed, u64::from(i)) & MAX_SEED
}

/// The answer of `part` in words.
fn answer_words(part: &Part, lang: Lang) -> String {
    match &part.answer {
        Answer::Choice { options, correct } => correct
            .iter()
            .filter_map(|&i| options.get(i))
            .map(|&c| text::category(c).get(lang).to_string())
            .collect::<Vec<_>>()
            .join(" / "),
        a => {
            let value = a.text();
            let u = if value == "1" {
                text::unit_of_one(part.field, lang)
            } else {
                text::unit(part.field).get(lang)
            };
            format!("{value} {u}").trim_end().to_string()
        }
    }
}

/// A field on the worksheet: a blank with its unit, or the options to tick.
fn sheet_blank(part: &Part, lang: Lang) -> String {
    let label = text::field_label(part.field).get(lang);
    match &part.answer {
        Answer::Choice { options, .. } => {
            let boxes: Vec<String> = options
                .iter()
                .map(|&c| format!("☐ {}", text::category(c).get(lang)))
                .collect();
            format!("{label}: {}", boxes.join("  "))
        }
        _ => format!("{label}: ________ {}", text::unit(part.field).get(lang)),
    }
}

/// The quiz page's body in the shell frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = QuizInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    // The quiz lists every course question itself (`CourseQuestions`).
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] = &[];
    fn body(inputs: UrlInputs<QuizInputs>) -> AnyView {
        view! { <QuizBody inputs=inputs/> }.into_any()
    }
}

#[component]
fn QuizBody(inputs: UrlInputs<QuizInputs>) -> impl IntoView {
    let lang = use_lang();
    let (loaded, note) = storage::load();
    let progress = RwSignal::new(loaded);
    let status = RwSignal::new(note);
    let question = Memo::new(move |_| inputs.with(|i| generate(i.kind, i.seed)));
    let commit: Commit = Callback::new(move |f: Box<dyn FnOnce(&mut Progress) + Send + Sync>| {
        progress.update(|p| f(p));
        let saved = progress.with_untracked(storage::save);
        status.set(saved.err());
    });
    let mode = Memo::new(move |_| inputs.with(|i| i.mode));
    move || {
        if mode.get() != SetMode::Practice {
            return view! { <sets::SetPage inputs=inputs/> }.into_any();
        }
        practice(inputs, question, progress, status, commit, lang).into_any()
    }
}

/// The practice page: one generated question, progress, the course's questions, worksheets.
fn practice(
    inputs: UrlInputs<QuizInputs>,
    question: Memo<Result<crate::model::quiz::Question, crate::model::quiz::QuizError>>,
    progress: RwSignal<Progress>,
    status: RwSignal<Option<storage::StorageNote>>,
    commit: Commit,
    lang: RwSignal<Lang>,
) -> impl IntoView {
    view! {
        <div class="gx-quiz" data-testid="quiz">
            <QuizControls inputs=inputs/>
            <section class="l-body gx-quiz__rule" aria-labelledby="quiz-rule">
                <h2 id="quiz-rule">{t(text::RULE_HEADING)}</h2>
                <p>{t(text::RULE)}</p>
            </section>
            <div class="l-body">
                {move || match question.get() {
                    Ok(q) => view! { <QuestionCard q=q commit=commit/> }.into_any(),
                    Err(_) => view! { <p class="gx-quiz__error" role="alert">{t(text::NO_QUESTION)}</p> }.into_any(),
                }}
            </div>
            <ProgressPanel inputs=inputs progress=progress status=status commit=commit/>
            <CourseQuestions inputs=inputs progress=progress commit=commit/>
            <WorksheetPanel inputs=inputs/>
            {move || {
                let i = inputs.get();
                (i.sheet > 0).then(|| view! { <Worksheet inputs=i/> })
            }}
            <span hidden>{move || lang.get().tag()}</span>
        </div>
    }
}

/// Chapter filter, kind, seed and "another like this".
#[component]
fn QuizControls(inputs: UrlInputs<QuizInputs>) -> impl IntoView {
    let lang = use_lang();
    let on_chapter = move |ev: leptos::ev::Event| {
        let ch = event_target_value(&ev);
        inputs.navigate_update(|i| {
            let kinds = kinds_for(&ch);
            if !kinds.contains(&i.kind) {
                i.kind = kinds.first().copied().unwrap_or(i.kind);
            }
            i.chapter = ch;
        });
    };
    let on_kind = move |ev: leptos::ev::Event| {
        if let Some(k) = Kind::from_slug(&event_target_value(&ev)) {
            inputs.navigate_update(|i| i.kind = k);
        }
    };
    let another = move |_| inputs.navigate_update(|i| i.seed = fresh_seed(i.kind, i.seed));
    view! {
        <div class="l-body gx-quiz__controls" role="group" aria-label=t(text::KIND)>
            <label class="gx-quiz__control">
                <span>{t(text::FILTER)}</span>
                <select data-testid="quiz-chapter" on:change=on_chapter
                    prop:value=move || inputs.with(|i| i.chapter.clone())>
                    <option value="">{t(text::ALL_CHAPTERS)}</option>
                    {quiz_chapters()
                        .into_iter()
                        .map(|slug| {
                            let c = shell::by_slug(slug);
                            view! {
                                <option value=slug selected=move || inputs.with(|i| i.chapter == slug)>
                                    {move || c.map(|c| {
                                        let title = c.title.get(lang.get());
                                        // The lab has no chapter number: its title alone.
                                        c.number.map_or_else(|| title.to_string(), |n| format!("{n}. {title}"))
                                    }).unwrap_or_default()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label class="gx-quiz__control">
                <span>{t(text::KIND)}</span>
                <select data-testid="quiz-kind" on:change=on_kind
                    prop:value=move || inputs.with(|i| i.kind.slug())>
                    {move || {
                        inputs
                            .with(|i| kinds_for(&i.chapter))
                            .into_iter()
                            .map(|k| view! {
                                <option value=k.slug() selected=move || inputs.with(|i| i.kind == k)>
                                    {move || text::kind_title(k).get(lang.get())}
                                </option>
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <button type="button" class="gx-button" data-testid="quiz-another" on:click=another>
                {t(text::ANOTHER)}
            </button>
            <span class="gx-quiz__seed" data-testid="quiz-seed">
                {move || text::seed_line(lang.get(), inputs.with(|i| i.seed))}
            </span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notices_of<I: ChapterInputs>(query: &str) -> Vec<Notice> {
        I::from_query(query).1
    }

    /// The registry, as the app hands it down at start (the chapter filter reads it).
    fn install_registry() {
        shell::install(shell::Site {
            pages: crate::ui::app::registry::ALL,
            lesson_button: |_| ().into_any(),
        });
    }

    #[test]
    fn quiz_inputs_round_trip_and_fall_back() {
        install_registry();
        let (i, n) = QuizInputs::from_query("ch=coalescing&kind=coalescing-sectors&seed=42");
        assert!(n.is_empty());
        assert_eq!((i.kind, i.seed), (Kind::CoalescingSectors, 42));
        assert_eq!(QuizInputs::from_query(&i.to_query()).0, i);
        // A kind outside the filter, a bad seed: fall back with notices, no panic.
        let (i, n) = QuizInputs::from_query("ch=roofline&kind=bogus&seed=-3&sheet=999");
        assert_eq!(i.kind, Kind::RooflineRidge);
        assert_eq!(i.sheet, MAX_SHEET);
        assert!(n.len() >= 2);
        let _ = QuizInputs::from_query("%%%&&==seed=\u{0}");
    }

    /// A count of one reads in the singular in English, in the prompt and in the answer line
    /// ("keeps 1 block resident", "1 request"), for every kind over 300 seeds.
    #[test]
    fn a_count_of_one_is_singular() {
        let plural = first_plural_after_one;
        let mut ones = 0;
        for kind in Kind::ALL {
            for seed in 0..300 {
                let q = generate(kind, seed).expect("question");
                let p = text::prompt(&q, Lang::En);
                assert_eq!(plural(&p), None, "{kind:?} seed {seed}: {p}");
                for part in &q.parts {
                    let a = answer_words(part, Lang::En);
                    ones += usize::from(a.starts_with("1 "));
                    assert_eq!(plural(&a), None, "{kind:?} seed {seed}: {a}");
                }
            }
        }
        assert!(ones > 0, "no answer of 1 seen: the test checked nothing");
    }

    /// The first "1 <plural count word>" in `s`, if any.
    fn first_plural_after_one(s: &str) -> Option<String> {
        const WORDS: [&str; 16] = [
            "blocks",
            "warps",
            "waves",
            "requests",
            "sectors",
            "wavefronts",
            "lanes",
            "threads",
            "registers",
            "cycles",
            "paths",
            "levels",
            "instructions",
            "MMAs",
            "bytes",
            "elements",
        ];
        let words: Vec<&str> = s.split(|c: char| c.is_whitespace() || c == '(').collect();
        words.windows(2).find_map(|w| {
            let one = w[0] == "1";
            let word = w[1].trim_end_matches(|c: char| !c.is_alphanumeric());
            (one && WORDS.contains(&word)).then(|| format!("1 {word}"))
        })
    }

    /// Every kind's chapter link opens its chapter with no notice: the parameters are honoured.
    #[test]
    fn quiz_chapter_links_are_exact() {
        use crate::ui::chapters::{
            bank_conflicts, chip, coalescing, dispatch, divergence, hierarchy, occupancy, roofline,
            scheduling, tensor_core_generations, tensor_cores,
        };
        for kind in Kind::ALL {
            for seed in 0..200 {
                let q = generate(kind, seed).expect("question");
                let query = links::chapter_query(&q.params);
                let notices = match kind.chapter() {
                    "chip" => notices_of::<<chip::Page as ChapterBody>::Inputs>(&query),
                    "hierarchy" => notices_of::<<hierarchy::Page as ChapterBody>::Inputs>(&query),
                    "occupancy" => notices_of::<<occupancy::Page as ChapterBody>::Inputs>(&query),
                    "dispatch" => notices_of::<<dispatch::Page as ChapterBody>::Inputs>(&query),
                    "scheduling" => notices_of::<<scheduling::Page as ChapterBody>::Inputs>(&query),
                    "divergence" => notices_of::<<divergence::Page as ChapterBody>::Inputs>(&query),
                    "coalescing" => notices_of::<<coalescing::Page as ChapterBody>::Inputs>(&query),
                    "bank-conflicts" => {
                        notices_of::<<bank_conflicts::Page as ChapterBody>::Inputs>(&query)
                    }
                    "tensor-cores" => {
                        notices_of::<<tensor_cores::Page as ChapterBody>::Inputs>(&query)
                    }
                    "tensor-core-generations" => {
                        notices_of::<<tensor_core_generations::Page as ChapterBody>::Inputs>(&query)
                    }
                    "roofline" => notices_of::<<roofline::Page as ChapterBody>::Inputs>(&query),
                    "lab" => notices_of::<<crate::ui::lab::Page as ChapterBody>::Inputs>(&query),
                    other => panic!("no chapter {other}"),
                };
                assert!(notices.is_empty(), "{kind:?} {seed}: {query} → {notices:?}");
            }
        }
    }
}
