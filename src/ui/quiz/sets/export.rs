//! A question set for a learning-management system: QTI 2.1 (a zip of one `assessmentItem`
//! per question and an `imsmanifest.xml`, as Canvas, Blackboard and others import it), Moodle
//! XML and GIFT. Each question of the set as everyone gets it with fixed seeds (the seeds
//! without a student name, [`QuestionSet::questions`]`("")`) is one question; numeric fields
//! keep the quiz's tolerance (±1 % relative for reals, the whole numbers either side where
//! the quiz accepts them, exact counts), categories are multiple choice with their options,
//! masks short answers in hex; course questions are open (essay) questions with the worked
//! answer for the grader. Text in the page's language.
//!
//! Formats: IMS QTI 2.1 (`imsqti_v2p1`, items `imsqti_item_xmlv2p1` in an IMS Content Packaging
//! 1.1 manifest); Moodle XML with `cloze` (multianswer) questions for several fields
//! (docs.moodle.org "Moodle XML format", "Embedded Answers (Cloze) question type"); GIFT
//! (docs.moodle.org "GIFT format"): one answer per GIFT question, so a question with several
//! fields becomes one GIFT question per field.

use crate::model::quiz::set::{QuestionSet, Seeding, SetQuestion};
use crate::model::quiz::{generate, Answer, Part, Question};
use crate::ui::content::questions::{BankQuestion, BANK};
use crate::ui::i18n::Lang;
use crate::ui::quiz::text;

/// One question of the export, in words.
enum Item {
    /// A generated question with its parts.
    Generated(Box<Question>),
    /// A course question.
    Course(&'static BankQuestion),
}

/// The most variants per question an export holds (a set with one variant per student).
pub const MAX_EXPORT_VARIANTS: u32 = 20;
/// Variants per question the maker offers first.
pub const DEFAULT_EXPORT_VARIANTS: u32 = 5;

/// The student key of variant `v` (1-based) of a set with one variant per student: the
/// exported variants are the sets of students with these names.
fn variant_student(v: u32) -> String {
    format!("variant {v}")
}

/// The set's questions as exported, each with its variants: one (the fixed seeds,
/// [`QuestionSet::questions`]`("")`) for a set with fixed seeds, `variants` (clamped to
/// 1..=[`MAX_EXPORT_VARIANTS`]) for a set with one variant per student, so that the LMS draws
/// one per student from the question's category; a variant equal to an earlier one (a course
/// question is the same in every variant) is listed once. Questions that cannot be made are
/// skipped.
fn slots(set: &QuestionSet, variants: u32) -> Vec<Vec<Item>> {
    let lists: Vec<Vec<SetQuestion>> = match set.seeding {
        Seeding::Fixed => vec![set.questions("")],
        Seeding::PerStudent => (1..=variants.clamp(1, MAX_EXPORT_VARIANTS))
            .map(|v| set.questions(&variant_student(v)))
            .collect(),
    };
    let len = lists.iter().map(Vec::len).max().unwrap_or(0);
    (0..len)
        .map(|i| {
            let mut seen: Vec<&SetQuestion> = Vec::new();
            lists
                .iter()
                .filter_map(|l| l.get(i))
                .filter(|q| {
                    let new = !seen.contains(q);
                    seen.push(q);
                    new
                })
                .filter_map(|q| match q {
                    SetQuestion::Generated { kind, seed } => generate(*kind, *seed)
                        .ok()
                        .map(|q| Item::Generated(Box::new(q))),
                    SetQuestion::Course { id } => {
                        BANK.iter().find(|b| b.id == *id).copied().map(Item::Course)
                    }
                })
                .collect::<Vec<Item>>()
        })
        .filter(|v| !v.is_empty())
        .collect()
}

/// Whether the export groups each question's variants in a category of its own (a set with one
/// variant per student).
fn per_question_categories(set: &QuestionSet) -> bool {
    set.seeding == Seeding::PerStudent
}

/// The LMS category the set's questions go in: "warpscope" or "warpscope/<title>".
fn category(set: &QuestionSet) -> String {
    if set.title.is_empty() {
        "warpscope".to_string()
    } else {
        format!(
            "warpscope/{}",
            set.title.replace('/', "-").replace(['\n', '\r'], " ")
        )
    }
}

/// `text` with `&`, `<`, `>`, `"` and `'` as entities (XML and HTML).
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than tab and line breaks are not XML 1.0.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

/// The worked solution of `q` as an HTML list, one step per item.
fn worked_html(q: &Question, lang: Lang) -> String {
    let steps: String = q
        .steps
        .iter()
        .map(|s| {
            format!(
                "<li>{}: {}</li>",
                xml_escape(text::step_label(s.label).get(lang)),
                xml_escape(&s.math)
            )
        })
        .collect();
    format!("<ol>{steps}</ol>")
}

/// The prompt of `q` as HTML: a paragraph and, for a divergence question, its kernel.
fn prompt_html(q: &Question, lang: Lang) -> String {
    let mut html = format!("<p>{}</p>", xml_escape(&text::prompt(q, lang)));
    if let Some(lines) = q.listing() {
        html.push_str(&format!("<pre>{}</pre>", xml_escape(&lines.join("\n"))));
    }
    html
}

/// A field's label with its unit: "Sectors (sectors)".
fn field_words(part: &Part, lang: Lang) -> String {
    let label = text::field_label(part.field).get(lang);
    let unit = text::unit(part.field).get(lang);
    if unit.is_empty() || matches!(part.answer, Answer::Choice { .. }) {
        label.to_string()
    } else {
        format!("{label} ({unit})")
    }
}

/// A tolerance as the exports write it: 6 significant digits, rounded up (never narrower than the
/// quiz's, whose relative tolerance times the value leaves float noise: `0.49167360000000004`
/// is written `0.491674`); `0` for none.
fn tolerance(t: f64) -> String {
    if !(t.is_finite() && t > 0.0) {
        return "0".into();
    }
    let digits = 5 - t.log10().floor() as i32;
    let scale = 10f64.powi(digits);
    let up = (t * scale).ceil() / scale;
    let text = format!("{up:.*}", digits.max(0) as usize);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A number as the exports write it: shortest round-trip decimal, no exponent for the values
/// the quiz asks (up to 1e15), `0` for anything not finite.
fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".into();
    }
    let s = format!("{v}");
    if s.contains('e') {
        format!("{v:.0}")
    } else {
        s
    }
}

/// Accepted spellings of a mask: `0x0000ffff`, `0xffff`, `0000ffff`, `ffff` (lower case; the
/// LMS compares without case).
fn mask_forms(m: u32) -> Vec<String> {
    let mut forms = vec![
        format!("0x{m:08x}"),
        format!("0x{m:x}"),
        format!("{m:08x}"),
        format!("{m:x}"),
    ];
    forms.dedup();
    forms.sort();
    forms.dedup();
    forms
}

/// A question's title in the exports: "Q3 · coalescing-sectors · seed 123", with the variant
/// ("Q3 · v2 · …") when the question has several.
fn title(i: usize, variant: Option<usize>, item: &Item) -> String {
    let q = match variant {
        Some(v) => format!("Q{} · v{}", i + 1, v + 1),
        None => format!("Q{}", i + 1),
    };
    match item {
        Item::Generated(g) => format!("{q} · {} · seed {}", g.kind.slug(), g.seed),
        Item::Course(b) => format!("{q} · course {}", b.id),
    }
}

/// Each exported question as (slot, variant, title, item); variant 0 opens its slot (where a
/// set with one variant per student starts the slot's category).
fn numbered(slots: &[Vec<Item>]) -> Vec<(usize, usize, String, &Item)> {
    slots
        .iter()
        .enumerate()
        .flat_map(|(i, vs)| {
            let several = vs.len() > 1;
            vs.iter()
                .enumerate()
                .map(move |(v, item)| (i, v, title(i, several.then_some(v), item), item))
        })
        .collect()
}

// ---- GIFT -------------------------------------------------------------------------------------

/// `text` with GIFT's special characters escaped (`~ = # { } :` and the backslash), and each
/// line break as the HTML character reference `&#10;` (its `#` escaped): a blank line would end
/// the GIFT question, and the questions are `[html]`, where a code listing's `<pre>` keeps the
/// reference as a line break (Moodle's GIFT format documentation).
pub fn gift_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("&\\#10;"),
            '\r' => {}
            '~' | '=' | '#' | '{' | '}' | ':' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// What a field accepts, as every export format states it: numbers with an absolute tolerance
/// (the quiz's, and the whole numbers either side where it takes them), texts (a mask's
/// spellings), or the options of a choice with the right ones marked.
enum Accepted {
    Numbers(Vec<(f64, f64)>),
    Texts(Vec<String>),
    Choices(Vec<(String, bool)>),
}

fn accepted(part: &Part, lang: Lang) -> Accepted {
    match &part.answer {
        Answer::Count(n) => Accepted::Numbers(vec![(*n as f64, 0.0)]),
        Answer::Real {
            value,
            rel_tol,
            whole,
        } => {
            let mut v = vec![(*value, rel_tol * value.abs())];
            if *whole {
                v.extend([(value.floor(), 0.0), (value.ceil(), 0.0)]);
            }
            Accepted::Numbers(v)
        }
        Answer::Mask(m) => Accepted::Texts(mask_forms(*m)),
        Answer::Choice { options, correct } => Accepted::Choices(
            options
                .iter()
                .enumerate()
                .map(|(j, &c)| {
                    (
                        text::category(c).get(lang).to_string(),
                        correct.contains(&j),
                    )
                })
                .collect(),
        ),
    }
}

/// The GIFT answer block of one field.
fn gift_answer(part: &Part, lang: Lang) -> String {
    match accepted(part, lang) {
        Accepted::Numbers(v) if v.len() == 1 => {
            format!("{{#{}:{}}}", num(v[0].0), tolerance(v[0].1))
        }
        Accepted::Numbers(v) => {
            let all: Vec<String> = v
                .iter()
                .map(|(x, t)| format!("={}:{}", num(*x), tolerance(*t)))
                .collect();
            format!("{{#{}}}", all.join(" "))
        }
        Accepted::Texts(t) => {
            let forms: Vec<String> = t.iter().map(|f| format!("={f}")).collect();
            format!("{{{}}}", forms.join(" "))
        }
        Accepted::Choices(c) => {
            let opts: Vec<String> = c
                .iter()
                .map(|(o, right)| format!("{}{}", if *right { '=' } else { '~' }, gift_escape(o)))
                .collect();
            format!("{{{}}}", opts.join(" "))
        }
    }
}

/// The set in GIFT; `variants` per question for a set with one variant per student (see
/// [`MAX_EXPORT_VARIANTS`]), each question's variants under a `$CATEGORY` of their own.
pub fn gift(set: &QuestionSet, lang: Lang, variants: u32) -> String {
    let mut out = format!(
        "// warpscope question set{}\n// {}\n\n",
        if set.title.is_empty() {
            String::new()
        } else {
            format!(": {}", set.title.replace(['\n', '\r'], " "))
        },
        text::sets::EXPORT_NOTE.get(lang)
    );
    let slots = slots(set, variants);
    for (i, v, name, item) in numbered(&slots) {
        if per_question_categories(set) && v == 0 {
            out.push_str(&format!(
                "$CATEGORY: $course$/{}/Q{}\n\n",
                category(set),
                i + 1
            ));
        }
        match item {
            Item::Generated(q) => {
                let n = q.parts.len();
                for (j, part) in q.parts.iter().enumerate() {
                    let name = if n > 1 {
                        format!("{name} · {}/{n}", j + 1)
                    } else {
                        name.clone()
                    };
                    out.push_str(&format!(
                        "::{}::[html]{}<p>{}</p>{}\n\n",
                        gift_escape(&name),
                        gift_escape(&prompt_html(q, lang)),
                        gift_escape(&xml_escape(&field_words(part, lang))),
                        gift_answer(part, lang)
                    ));
                }
            }
            Item::Course(b) => {
                out.push_str(&format!(
                    "::{}::[html]<p>{}</p>{{####{}}}\n\n",
                    gift_escape(&name),
                    gift_escape(&xml_escape(b.question.get(lang))),
                    gift_escape(&xml_escape(b.answer.get(lang)))
                ));
            }
        }
    }
    out
}

// ---- Moodle XML -------------------------------------------------------------------------------

/// `text` escaped for a Cloze answer (`} # ~ / " \` with a backslash).
fn cloze_escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if matches!(c, '}' | '#' | '~' | '/' | '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The Cloze placeholder of one field.
fn cloze(part: &Part, lang: Lang) -> String {
    match accepted(part, lang) {
        Accepted::Numbers(v) => {
            let all: Vec<String> = v
                .iter()
                .map(|(x, t)| format!("={}:{}", num(*x), tolerance(*t)))
                .collect();
            format!("{{1:NUMERICAL:{}}}", all.join("~"))
        }
        Accepted::Texts(t) => {
            let forms: Vec<String> = t.iter().map(|f| format!("={f}")).collect();
            format!("{{1:SHORTANSWER:{}}}", forms.join("~"))
        }
        Accepted::Choices(c) => {
            let opts: Vec<String> = c
                .iter()
                .map(|(o, right)| format!("{}{}", if *right { "=" } else { "" }, cloze_escape(o)))
                .collect();
            format!("{{1:MULTICHOICE:{}}}", opts.join("~"))
        }
    }
}

/// HTML in a CDATA section (the HTML is escaped, so it holds no `]]>`).
fn cdata(html: &str) -> String {
    format!("<![CDATA[{html}]]>")
}

/// The set in Moodle XML: a `cloze` question per generated question, an `essay` per course
/// question (its worked answer in `graderinfo`), in a category named after the set;
/// `variants` per question for a set with one variant per student (see
/// [`MAX_EXPORT_VARIANTS`]), each question's variants in a subcategory `Qn` of their own.
pub fn moodle_xml(set: &QuestionSet, lang: Lang, variants: u32) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    let category_xml = |path: &str| {
        format!(
            "  <question type=\"category\">\n    <category><text>$course$/{}</text></category>\n  </question>\n",
            xml_escape(path)
        )
    };
    out.push_str(&category_xml(&category(set)));
    let slots = slots(set, variants);
    for (i, v, name, item) in numbered(&slots) {
        if per_question_categories(set) && v == 0 {
            out.push_str(&category_xml(&format!("{}/Q{}", category(set), i + 1)));
        }
        let name = xml_escape(&name);
        match item {
            Item::Generated(q) => {
                let mut html = prompt_html(q, lang);
                for part in &q.parts {
                    html.push_str(&format!(
                        "<p>{}: {}</p>",
                        xml_escape(&field_words(part, lang)),
                        cloze(part, lang)
                    ));
                }
                out.push_str(&format!(
                    "  <question type=\"cloze\">\n    <name><text>{name}</text></name>\n    <questiontext format=\"html\"><text>{}</text></questiontext>\n    <generalfeedback format=\"html\"><text>{}</text></generalfeedback>\n    <penalty>0</penalty>\n    <hidden>0</hidden>\n  </question>\n",
                    cdata(&html),
                    cdata(&worked_html(q, lang))
                ));
            }
            Item::Course(b) => {
                out.push_str(&format!(
                    "  <question type=\"essay\">\n    <name><text>{name}</text></name>\n    <questiontext format=\"html\"><text>{}</text></questiontext>\n    <defaultgrade>1</defaultgrade>\n    <responseformat>editor</responseformat>\n    <responserequired>1</responserequired>\n    <responsefieldlines>10</responsefieldlines>\n    <graderinfo format=\"html\"><text>{}</text></graderinfo>\n  </question>\n",
                    cdata(&format!("<p>{}</p>", xml_escape(b.question.get(lang)))),
                    cdata(&format!("<p>{}</p>", xml_escape(b.answer.get(lang))))
                ));
            }
        }
    }
    out.push_str("</quiz>\n");
    out
}

// ---- QTI 2.1 ----------------------------------------------------------------------------------

/// The QTI 2.1 namespace and schema location.
const QTI_NS: &str = "http://www.imsglobal.org/xsd/imsqti_v2p1";
const QTI_XSD: &str = "http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd";

/// One item's XML.
fn qti_item(id: &str, item_title: &str, item: &Item, lang: Lang) -> String {
    let lang_tag = lang.tag();
    let mut decls = String::new();
    let mut body = String::new();
    let mut processing = String::new();
    match item {
        Item::Generated(q) => {
            body.push_str(&prompt_html(q, lang));
            for (j, part) in q.parts.iter().enumerate() {
                let rid = format!("RESPONSE_{}", j + 1);
                let label = xml_escape(&field_words(part, lang));
                let (base, correct, test) = match &part.answer {
                    Answer::Count(n) => ("integer", vec![n.to_string()], format!("<match><variable identifier=\"{rid}\"/><correct identifier=\"{rid}\"/></match>")),
                    Answer::Real { value, rel_tol, whole } => {
                        let pct = num(rel_tol * 100.0);
                        let mut t = format!("<equal toleranceMode=\"relative\" tolerance=\"{pct}\"><variable identifier=\"{rid}\"/><correct identifier=\"{rid}\"/></equal>");
                        if *whole {
                            t = format!("<or>{t}<equal toleranceMode=\"exact\"><variable identifier=\"{rid}\"/><baseValue baseType=\"float\">{}</baseValue></equal><equal toleranceMode=\"exact\"><variable identifier=\"{rid}\"/><baseValue baseType=\"float\">{}</baseValue></equal></or>", num(value.floor()), num(value.ceil()));
                        }
                        ("float", vec![num(*value)], t)
                    }
                    Answer::Mask(m) => {
                        let forms = mask_forms(*m);
                        let tests: Vec<String> = forms.iter().map(|f| format!("<stringMatch caseSensitive=\"false\"><variable identifier=\"{rid}\"/><baseValue baseType=\"string\">{f}</baseValue></stringMatch>")).collect();
                        ("string", vec![format!("0x{m:08x}")], format!("<or>{}</or>", tests.join("")))
                    }
                    Answer::Choice { correct, .. } => (
                        "identifier",
                        correct.iter().map(|c| format!("C{c}")).collect(),
                        // Two right options (a tie): right if the one picked is either.
                        format!(
                            "<member><variable identifier=\"{rid}\"/><multiple>{}</multiple></member>",
                            correct
                                .iter()
                                .map(|c| format!("<baseValue baseType=\"identifier\">C{c}</baseValue>"))
                                .collect::<String>()
                        ),
                    ),
                };
                let cardinality = "single";
                decls.push_str(&format!(
                    "  <responseDeclaration identifier=\"{rid}\" cardinality=\"{cardinality}\" baseType=\"{base}\">\n    <correctResponse>{}</correctResponse>\n  </responseDeclaration>\n",
                    correct.iter().take(1).map(|v| format!("<value>{}</value>", xml_escape(v))).collect::<String>()
                ));
                match &part.answer {
                    Answer::Choice { options, .. } => {
                        let choices: String = options
                            .iter()
                            .enumerate()
                            .map(|(k, &c)| format!("<simpleChoice identifier=\"C{k}\">{}</simpleChoice>", xml_escape(text::category(c).get(lang))))
                            .collect();
                        body.push_str(&format!(
                            "<choiceInteraction responseIdentifier=\"{rid}\" shuffle=\"false\" maxChoices=\"1\"><prompt>{label}</prompt>{choices}</choiceInteraction>"
                        ));
                    }
                    _ => body.push_str(&format!(
                        "<p>{label}: <textEntryInteraction responseIdentifier=\"{rid}\" expectedLength=\"12\"/></p>"
                    )),
                }
                processing.push_str(&format!(
                    "    <responseCondition><responseIf>{test}<setOutcomeValue identifier=\"SCORE\"><sum><variable identifier=\"SCORE\"/><baseValue baseType=\"float\">1</baseValue></sum></setOutcomeValue></responseIf></responseCondition>\n"
                ));
            }
            body.push_str(&format!(
                "<rubricBlock view=\"scorer\">{}</rubricBlock>",
                worked_html(q, lang)
            ));
        }
        Item::Course(b) => {
            decls.push_str("  <responseDeclaration identifier=\"RESPONSE_1\" cardinality=\"single\" baseType=\"string\"/>\n");
            body.push_str(&format!(
                "<extendedTextInteraction responseIdentifier=\"RESPONSE_1\" expectedLines=\"8\"><prompt>{}</prompt></extendedTextInteraction><rubricBlock view=\"scorer\"><p>{}</p></rubricBlock>",
                xml_escape(b.question.get(lang)),
                xml_escape(b.answer.get(lang))
            ));
        }
    }
    let rp = if processing.is_empty() {
        String::new()
    } else {
        format!("  <responseProcessing>\n{processing}  </responseProcessing>\n")
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<assessmentItem xmlns=\"{QTI_NS}\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"{QTI_NS} {QTI_XSD}\" identifier=\"{id}\" title=\"{}\" adaptive=\"false\" timeDependent=\"false\" xml:lang=\"{lang_tag}\">\n{decls}  <outcomeDeclaration identifier=\"SCORE\" cardinality=\"single\" baseType=\"float\"><defaultValue><value>0</value></defaultValue></outcomeDeclaration>\n  <itemBody>{body}</itemBody>\n{rp}</assessmentItem>\n",
        xml_escape(item_title)
    )
}

/// The QTI 2.1 package's files: `imsmanifest.xml` and `items/qNN.xml` (`items/qNNvMM.xml` for
/// the variants of a set with one variant per student), as `(path, text)`.
pub fn qti_files(set: &QuestionSet, lang: Lang, variants: u32) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut resources = String::new();
    let slots = slots(set, variants);
    for (i, vs) in slots.iter().enumerate() {
        for (v, item) in vs.iter().enumerate() {
            let several = vs.len() > 1;
            let id = if several {
                format!("q{:02}v{:02}", i + 1, v + 1)
            } else {
                format!("q{:02}", i + 1)
            };
            let path = format!("items/{id}.xml");
            files.push((
                path.clone(),
                qti_item(&id, &title(i, several.then_some(v), item), item, lang),
            ));
            resources.push_str(&format!(
                "    <resource identifier=\"res-{id}\" type=\"imsqti_item_xmlv2p1\" href=\"{path}\">\n      <file href=\"{path}\"/>\n    </resource>\n"
            ));
        }
    }
    let manifest = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<manifest xmlns=\"http://www.imsglobal.org/xsd/imscp_v1p1\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/imscp_v1p1.xsd\" identifier=\"warpscope-set-{}\">\n  <metadata>\n    <schema>QTIv2.1 Package</schema>\n    <schemaversion>1.0.0</schemaversion>\n  </metadata>\n  <organizations/>\n  <resources>\n{resources}  </resources>\n</manifest>\n",
        set.salt
    );
    files.insert(0, ("imsmanifest.xml".to_string(), manifest));
    files
}

/// The QTI 2.1 package as a zip (entries stored, dated 1980-01-01 so one set always gives the
/// same bytes), written by zip-rs. Empty only if the writer fails, which an in-memory buffer
/// does not.
pub fn qti_zip(set: &QuestionSet, lang: Lang, variants: u32) -> Vec<u8> {
    use std::io::Write;
    use zip::write::SimpleFileOptions;
    let options = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (path, text) in qti_files(set, lang, variants) {
        if zip.start_file(path, options).is_err() || zip.write_all(text.as_bytes()).is_err() {
            return Vec::new();
        }
    }
    zip.finish().map(|c| c.into_inner()).unwrap_or_default()
}

#[cfg(test)]
mod tests;
