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
//! fields becomes one GIFT question per field. The zip is stored (no compression, APPNOTE.TXT
//! 6.3), written here with its CRC-32 (IEEE 802.3 polynomial).

use crate::model::quiz::set::{QuestionSet, SetQuestion};
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

/// The set's questions as exported (fixed seeds), skipping any that cannot be made.
fn items(set: &QuestionSet) -> Vec<Item> {
    set.questions("")
        .into_iter()
        .filter_map(|q| match q {
            SetQuestion::Generated { kind, seed } => generate(kind, seed)
                .ok()
                .map(|q| Item::Generated(Box::new(q))),
            SetQuestion::Course { id } => BANK.iter().find(|b| b.id == id).map(|b| Item::Course(b)),
        })
        .collect()
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

/// A question's title in the exports: "Q3 · coalescing-sectors · seed 123".
fn title(i: usize, item: &Item) -> String {
    match item {
        Item::Generated(q) => format!("Q{} · {} · seed {}", i + 1, q.kind.slug(), q.seed),
        Item::Course(b) => format!("Q{} · course {}", i + 1, b.id),
    }
}

// ---- GIFT -------------------------------------------------------------------------------------

/// `text` with GIFT's special characters escaped (`~ = # { } :` and the backslash).
pub fn gift_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '~' | '=' | '#' | '{' | '}' | ':' | '\\') {
            out.push('\\');
        }
        // A blank line ends a GIFT question: keep line breaks inside one as spaces.
        out.push(if c == '\n' || c == '\r' { ' ' } else { c });
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
        Accepted::Numbers(v) if v.len() == 1 => format!("{{#{}:{}}}", num(v[0].0), num(v[0].1)),
        Accepted::Numbers(v) => {
            let all: Vec<String> = v
                .iter()
                .map(|(x, t)| format!("={}:{}", num(*x), num(*t)))
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

/// The set in GIFT.
pub fn gift(set: &QuestionSet, lang: Lang) -> String {
    let mut out = format!(
        "// warpscope question set{}\n// {}\n\n",
        if set.title.is_empty() {
            String::new()
        } else {
            format!(": {}", set.title.replace(['\n', '\r'], " "))
        },
        text::sets::EXPORT_NOTE.get(lang)
    );
    for (i, item) in items(set).iter().enumerate() {
        match item {
            Item::Generated(q) => {
                let n = q.parts.len();
                for (j, part) in q.parts.iter().enumerate() {
                    let name = if n > 1 {
                        format!("{} · {}/{n}", title(i, item), j + 1)
                    } else {
                        title(i, item)
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
                    gift_escape(&title(i, item)),
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
                .map(|(x, t)| format!("={}:{}", num(*x), num(*t)))
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
/// question (its worked answer in `graderinfo`), in a category named after the set.
pub fn moodle_xml(set: &QuestionSet, lang: Lang) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    let category = if set.title.is_empty() {
        "warpscope".to_string()
    } else {
        format!("warpscope/{}", set.title.replace('/', "-"))
    };
    out.push_str(&format!(
        "  <question type=\"category\">\n    <category><text>$course$/{}</text></category>\n  </question>\n",
        xml_escape(&category)
    ));
    for (i, item) in items(set).iter().enumerate() {
        let name = xml_escape(&title(i, item));
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
                let worked: Vec<String> = q
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
                out.push_str(&format!(
                    "  <question type=\"cloze\">\n    <name><text>{name}</text></name>\n    <questiontext format=\"html\"><text>{}</text></questiontext>\n    <generalfeedback format=\"html\"><text>{}</text></generalfeedback>\n    <penalty>0</penalty>\n    <hidden>0</hidden>\n  </question>\n",
                    cdata(&html),
                    cdata(&format!("<ol>{}</ol>", worked.join("")))
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
                        let mut t = format!("<equal toleranceMode=\"relative\" tolerance=\"{pct} {pct}\"><variable identifier=\"{rid}\"/><correct identifier=\"{rid}\"/></equal>");
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
            let worked: String = q
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
            body.push_str(&format!(
                "<rubricBlock view=\"scorer\"><ol>{worked}</ol></rubricBlock>"
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

/// The QTI 2.1 package's files: `imsmanifest.xml` and `items/qNN.xml`, as `(path, text)`.
pub fn qti_files(set: &QuestionSet, lang: Lang) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut resources = String::new();
    for (i, item) in items(set).iter().enumerate() {
        let id = format!("q{:02}", i + 1);
        let path = format!("items/{id}.xml");
        files.push((path.clone(), qti_item(&id, &title(i, item), item, lang)));
        resources.push_str(&format!(
            "    <resource identifier=\"res-{id}\" type=\"imsqti_item_xmlv2p1\" href=\"{path}\">\n      <file href=\"{path}\"/>\n    </resource>\n"
        ));
    }
    let manifest = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<manifest xmlns=\"http://www.imsglobal.org/xsd/imscp_v1p1\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/imscp_v1p1.xsd\" identifier=\"warpscope-set-{}\">\n  <metadata>\n    <schema>QTIv2.1 Package</schema>\n    <schemaversion>1.0.0</schemaversion>\n  </metadata>\n  <organizations/>\n  <resources>\n{resources}  </resources>\n</manifest>\n",
        set.salt
    );
    files.insert(0, ("imsmanifest.xml".to_string(), manifest));
    files
}

/// The QTI 2.1 package as a stored zip.
pub fn qti_zip(set: &QuestionSet, lang: Lang) -> Vec<u8> {
    let files = qti_files(set, lang);
    zip_stored(
        &files
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_bytes()))
            .collect::<Vec<_>>(),
    )
}

/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), as zip stores it.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A zip of `files` (`(path, bytes)`, ASCII paths), stored without compression; the date is
/// 1980-01-01 so one set always gives the same bytes.
pub fn zip_stored(files: &[(&str, &[u8])]) -> Vec<u8> {
    fn u16le(out: &mut Vec<u8>, v: u16) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    fn u32le(out: &mut Vec<u8>, v: u32) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    const DOS_DATE_1980_01_01: u16 = (1 << 5) | 1;
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (path, data) in files {
        let offset = out.len() as u32;
        let crc = crc32(data);
        let (size, name_len) = (data.len() as u32, path.len() as u16);
        // Local file header (APPNOTE 4.3.7).
        u32le(&mut out, 0x0403_4b50);
        u16le(&mut out, 20);
        u16le(&mut out, 0);
        u16le(&mut out, 0);
        u16le(&mut out, 0);
        u16le(&mut out, DOS_DATE_1980_01_01);
        u32le(&mut out, crc);
        u32le(&mut out, size);
        u32le(&mut out, size);
        u16le(&mut out, name_len);
        u16le(&mut out, 0);
        out.extend_from_slice(path.as_bytes());
        out.extend_from_slice(data);
        // Central directory header (APPNOTE 4.3.12).
        u32le(&mut central, 0x0201_4b50);
        u16le(&mut central, 20);
        u16le(&mut central, 20);
        u16le(&mut central, 0);
        u16le(&mut central, 0);
        u16le(&mut central, 0);
        u16le(&mut central, DOS_DATE_1980_01_01);
        u32le(&mut central, crc);
        u32le(&mut central, size);
        u32le(&mut central, size);
        u16le(&mut central, name_len);
        u16le(&mut central, 0);
        u16le(&mut central, 0);
        u16le(&mut central, 0);
        u16le(&mut central, 0);
        u32le(&mut central, 0);
        u32le(&mut central, offset);
        central.extend_from_slice(path.as_bytes());
    }
    let (cd_offset, cd_size) = (out.len() as u32, central.len() as u32);
    out.extend_from_slice(&central);
    // End of central directory (APPNOTE 4.3.16).
    u32le(&mut out, 0x0605_4b50);
    u16le(&mut out, 0);
    u16le(&mut out, 0);
    u16le(&mut out, files.len() as u16);
    u16le(&mut out, files.len() as u16);
    u32le(&mut out, cd_size);
    u32le(&mut out, cd_offset);
    u16le(&mut out, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::quiz::set::{Seeding, SetItem};
    use crate::model::quiz::{Kind, REAL_TOLERANCE};
    use std::process::Command;

    /// A set with every kind once (choices, masks, reals with `whole`, counts) and two course
    /// questions.
    fn every_kind() -> QuestionSet {
        QuestionSet {
            title: "All: <kinds> & \"more\"".into(),
            salt: 31,
            seeding: Seeding::Fixed,
            exam: false,
            items: Kind::ALL
                .iter()
                .map(|&kind| SetItem::Generated { kind, count: 1 })
                .chain(
                    ["000-6-5", "001-11-1"]
                        .iter()
                        .map(|id| SetItem::Course { id: id.to_string() }),
                )
                .collect(),
        }
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn gift_escapes_its_special_characters() {
        assert_eq!(
            gift_escape("a=b {c} ~d #e: \\"),
            "a\\=b \\{c\\} \\~d \\#e\\: \\\\"
        );
    }

    #[test]
    fn tolerances_follow_the_quiz() {
        let set = every_kind();
        let g = gift(&set, Lang::En);
        // Reals: ±1 % written as an absolute GIFT tolerance; the quiz's constant.
        assert!((REAL_TOLERANCE - 0.01).abs() < 1e-12);
        assert!(g.contains("{#="), "whole-number reals list the neighbours");
        assert!(g.contains(":0}"), "counts are exact");
        let m = moodle_xml(&set, Lang::En);
        assert!(m.contains("{1:NUMERICAL:="));
        assert!(m.contains("{1:MULTICHOICE:"));
        assert!(m.contains("{1:SHORTANSWER:=0x"));
        assert!(m.contains("<graderinfo"));
    }

    /// Runs `tool args…` on `path`; the tool must be installed (scripts/setup.sh installs it).
    fn check(tool: &str, args: &[&str], path: &std::path::Path) -> String {
        let out = Command::new(tool)
            .args(args)
            .arg(path)
            .output()
            .unwrap_or_else(|e| panic!("{tool} not found ({e}): run scripts/setup.sh"));
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success(), "{tool} {path:?}: {text}");
        text
    }

    /// The three exports in both languages: Moodle XML and every QTI file are well-formed XML
    /// (`xmllint`, libxml2), the QTI zip tests clean with `unzip -t` and lists the manifest and
    /// one item per question. GIFT is parsed by gift-pegjs in the browser tests
    /// (tests/e2e/quiz-sets.test.mjs).
    #[test]
    fn exports_pass_xmllint_and_unzip() {
        let dir = std::env::temp_dir().join(format!("warpscope-export-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let set = every_kind();
        for lang in [Lang::En, Lang::Zh] {
            let moodle = dir.join(format!("moodle-{}.xml", lang.tag()));
            std::fs::write(&moodle, moodle_xml(&set, lang)).expect("write");
            check("xmllint", &["--noout"], &moodle);
            let files = qti_files(&set, lang);
            assert_eq!(files.len(), set.len() + 1);
            for (path, text) in &files {
                let p = dir.join(path.replace('/', "_"));
                std::fs::write(&p, text).expect("write");
                check("xmllint", &["--noout"], &p);
            }
            let zip = dir.join(format!("qti-{}.zip", lang.tag()));
            std::fs::write(&zip, qti_zip(&set, lang)).expect("write");
            let listing = check("unzip", &["-t"], &zip);
            assert!(listing.contains("No errors detected"), "{listing}");
            assert!(listing.contains("imsmanifest.xml"));
            assert_eq!(listing.matches("items/q").count(), set.len());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
