//! The glossary's own checks, and the wording checks it drives over every text module: the
//! course's spelling of the English words kept in Chinese, binary size units, and the
//! `[[shown|slug]]` links at a term's first use.
//!
//! Length: test cases only.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::*;
use crate::ui::widgets::{term_plain, term_spans, TermSpan};

// ---- The data -----------------------------------------------------------------------------

#[test]
fn slugs_are_unique_anchor_ids() {
    for (i, t) in TERMS.iter().enumerate() {
        assert!(
            !t.slug.is_empty()
                && t.slug
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{}",
            t.slug
        );
        assert!(
            TERMS[i + 1..].iter().all(|u| u.slug != t.slug),
            "twice: {}",
            t.slug
        );
        assert_eq!(by_slug(t.slug), Some(t));
    }
    assert_eq!(by_slug("no-such-term"), None);
}

/// The terms the issue lists, each with an entry.
#[test]
fn every_listed_term_has_an_entry() {
    let listed = [
        "SM",
        "SMSP",
        "GPC",
        "TPC",
        "warp",
        "lane",
        "block",
        "grid",
        "thread",
        "occupancy",
        "limiter",
        "carveout",
        "register file",
        "shared memory",
        "L1",
        "L2",
        "HBM",
        "sector",
        "request",
        "cache line",
        "coalescing",
        "wavefront",
        "bank",
        "bank conflict",
        "padding",
        "swizzle",
        "active mask",
        "divergence",
        "reconvergence",
        "latency hiding",
        "issue slot",
        "ILP",
        "wave",
        "tail wave",
        "Tensor Core",
        "fragment",
        "WMMA",
        "mma.sync",
        "wgmma",
        "warp group",
        "TMA",
        "Tensor Memory",
        "tcgen05",
        "quantisation",
        "W8A8",
        "GEMV",
        "GEMM",
        "tile",
        "arithmetic intensity",
        "Roofline",
        "ridge point",
        "memory-bound",
        "compute-bound",
        "FLOP/s",
        "TFLOP/s",
        "kernel",
        "activation",
        "epilogue",
    ];
    for name in listed {
        assert!(
            TERMS
                .iter()
                .any(|t| t.en == name || t.en.split(" (").next() == Some(name)),
            "no entry for {name}"
        );
    }
    assert!(TERMS.len() >= listed.len());
}

#[test]
fn every_entry_is_one_line_in_both_languages() {
    for t in TERMS {
        for text in [t.en, t.zh, t.definition.en, t.definition.zh] {
            assert!(!text.trim().is_empty(), "{}", t.slug);
            assert!(!text.contains('\n'), "{}", t.slug);
            assert!(
                !text.contains("[["),
                "{}: no links inside the glossary",
                t.slug
            );
        }
        assert!(
            t.definition.en.len() <= 280,
            "{}: {} bytes",
            t.slug,
            t.definition.en.len()
        );
        assert!(
            t.definition.zh.chars().count() <= 140,
            "{}: {} characters",
            t.slug,
            t.definition.zh.chars().count()
        );
        assert!(!has_cjk(t.en), "{}", t.slug);
    }
}

/// Each entry names a numbered chapter, and its query opens that chapter without a notice.
#[test]
fn every_entry_points_at_a_chapter_with_a_valid_query() {
    let chapters: Vec<&str> = crate::ui::app::registry::ALL
        .iter()
        .filter(|c| c.number.is_some())
        .map(|c| c.slug)
        .collect();
    for t in TERMS {
        assert!(chapters.contains(&t.chapter), "{}: {}", t.slug, t.chapter);
        if let Some(q) = t.query {
            assert!(!q.is_empty() && !q.starts_with('?'), "{}", t.slug);
            assert_eq!(
                crate::ui::content::lessons::tests::notices(t.chapter, q),
                0,
                "{}: {}?{q}",
                t.slug,
                t.chapter
            );
            let table = crate::ui::chapters::tests::table_of(t.chapter);
            for (key, _) in crate::ui::url::query::pairs(q) {
                assert!(table.contains(&key.as_str()), "{}: {key}", t.slug);
            }
        }
    }
    // Grouped by chapter, in teaching order.
    let order: Vec<usize> = TERMS
        .iter()
        .map(|t| chapters.iter().position(|c| *c == t.chapter).unwrap_or(99))
        .collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]), "{order:?}");
}

// ---- Reading the text modules ---------------------------------------------------------------

/// One string literal of a source file: its value and line.
struct Literal {
    value: String,
    line: usize,
    /// The code between the previous literal (or the file's start) and this one.
    before: String,
}

/// Whether `s` holds Chinese: a CJK character or Chinese punctuation (full-width forms too:
/// "lane {lane}，x[{index}]" is a Chinese string).
fn has_cjk(s: &str) -> bool {
    s.chars().any(|c| {
        ('\u{4e00}'..='\u{9fff}').contains(&c)
            || ('\u{3000}'..='\u{303f}').contains(&c)
            || ('\u{ff00}'..='\u{ffef}').contains(&c)
    })
}

/// The string literals of Rust source `src`, comments and char literals skipped.
fn literals(src: &str) -> Vec<Literal> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut code) = (0, 1, String::new());
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
        }
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                line += usize::from(chars[i] == '\n');
                i += 1;
            }
            i += 2;
            continue;
        }
        if c == '\'' {
            // A char literal ('x', '\n', '\'') or a lifetime ('static).
            let close = if next == Some('\\') {
                chars[i + 2..]
                    .iter()
                    .position(|&d| d == '\'')
                    .map(|p| i + 2 + p)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(end) => i = end + 1,
                None => {
                    code.push(c);
                    i += 1;
                }
            }
            continue;
        }
        let raw = c == 'r'
            && matches!(next, Some('"') | Some('#'))
            && !chars
                .get(i.wrapping_sub(1))
                .is_some_and(|p| p.is_alphanumeric() || *p == '_');
        if raw {
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) == Some(&'"') {
                let start_line = line;
                let mut value = String::new();
                j += 1;
                while j < chars.len() {
                    if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                        break;
                    }
                    line += usize::from(chars[j] == '\n');
                    value.push(chars[j]);
                    j += 1;
                }
                out.push(Literal {
                    value,
                    line: start_line,
                    before: std::mem::take(&mut code),
                });
                i = j + 1 + hashes;
                continue;
            }
        }
        if c == '"' {
            let start_line = line;
            let mut value = String::new();
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    match chars.get(j + 1) {
                        Some('n') => value.push('\n'),
                        Some('t') => value.push('\t'),
                        Some('\n') => {
                            // A line continuation: the newline and the next line's indent go.
                            line += 1;
                            j += 2;
                            while chars.get(j).is_some_and(|d| d.is_whitespace()) {
                                line += usize::from(chars[j] == '\n');
                                j += 1;
                            }
                            continue;
                        }
                        Some(&d) => value.push(d),
                        None => {}
                    }
                    j += 2;
                    continue;
                }
                line += usize::from(chars[j] == '\n');
                value.push(chars[j]);
                j += 1;
            }
            out.push(Literal {
                value,
                line: start_line,
                before: std::mem::take(&mut code),
            });
            i = j + 1;
            continue;
        }
        code.push(c);
        i += 1;
    }
    out
}

/// Whether a file holds user-facing text (as `tests/model/architecture.rs` decides): a
/// `text.rs`, anything under a `text/` folder, and everything under `ui/content/`. This file's
/// test cases are left out (they plant wrong spellings on purpose).
fn is_text_module(path: &Path) -> bool {
    let planted = path.file_name().is_some_and(|n| n == "glossary_tests.rs");
    !planted
        && (path.file_name().is_some_and(|n| n == "text.rs")
            || path
                .components()
                .any(|c| c.as_os_str() == "text" || c.as_os_str() == "content"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every text module of `src/ui` with its literals, path relative to `src/ui`.
fn text_modules() -> Vec<(String, Vec<Literal>)> {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let mut files = Vec::new();
    rust_files(&ui, &mut files);
    files.sort();
    files
        .into_iter()
        .filter(|p| is_text_module(p))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            let rel = p.strip_prefix(&ui).unwrap_or(&p).display().to_string();
            (rel, literals(&text))
        })
        .collect()
}

// ---- English kept in Chinese text -----------------------------------------------------------

/// Names whose capitals are their own, blanked before the check: a course's title, Nsight
/// Compute's section and metric names.
const NAMES: &[&str] = &[
    // The title of the course series (`gpu-kernel-engineering-01`), quoted as it is written.
    "GPU Kernel 工程",
    "Waves Per SM",
    "Block Limit",
    "Memory Throughput",
    "Compute Throughput",
    "Occupancy Calculator",
];

/// The English words the course keeps inside Chinese text, spelled as it spells them: each
/// term's English name (its parts around a parenthesis) and the English in its Chinese term.
/// Words in capitals only (SM, WMMA, HBM) are left out: a lower-case spelling of those is a
/// PTX mnemonic or a file name (wmma.load, sm_90), not a miswritten term.
fn kept_words() -> Vec<String> {
    let mut words = BTreeSet::new();
    for t in TERMS {
        for part in t.en.split(['(', ')']) {
            words.insert(part.trim().to_string());
        }
        let mut run = String::new();
        for c in t.zh.chars().chain(std::iter::once('。')) {
            if c.is_ascii() {
                run.push(c);
            } else {
                words.insert(run.trim().to_string());
                run.clear();
            }
        }
    }
    words
        .into_iter()
        .filter(|w| w.chars().any(|c| c.is_ascii_lowercase()))
        .collect()
}

/// Occurrences of `word` in `text`, in any case, as a word of prose: not part of a longer
/// word or identifier (`blockIdx`, `a_tile`, `sm_80`), not a code path or member
/// (`wmma::fragment`, `wgmma.fence`). A plural `s` belongs to the word. Returns each
/// occurrence's own spelling of `word`.
fn prose_uses<'a>(text: &'a str, word: &str) -> Vec<&'a str> {
    let lower = text.to_ascii_lowercase();
    let w = word.to_ascii_lowercase();
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(p) = lower[from..].find(&w) {
        let start = from + p;
        let mut end = start + w.len();
        from = start + 1;
        let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        let before = start.checked_sub(1).map(|i| bytes[i]);
        let before2 = start.checked_sub(2).map(|i| bytes[i]);
        if before.is_some_and(|b| ident(b) || b == b':' || b == b'/' || b == b'#')
            || (before == Some(b'.') && before2.is_some_and(ident))
        {
            continue;
        }
        if bytes.get(end) == Some(&b's') && !bytes.get(end + 1).copied().is_some_and(ident) {
            end += 1;
        }
        let after = bytes.get(end).copied();
        let after2 = bytes.get(end + 1).copied();
        if after.is_some_and(|b| ident(b) || b == b':' || b == b'(')
            || (after == Some(b'.') && after2.is_some_and(ident))
        {
            continue;
        }
        out.push(&text[start..start + w.len()]);
    }
    out
}

/// The English words of `text` spelled unlike the course: `(spelling, course's spelling)`.
fn miswritten(text: &str, words: &[String]) -> Vec<(String, String)> {
    let mut text = text.to_string();
    for name in NAMES {
        text = text.replace(name, &"-".repeat(name.len()));
    }
    let mut out = Vec::new();
    for w in words {
        for used in prose_uses(&text, w) {
            if used != w {
                out.push((used.to_string(), w.clone()));
            }
        }
    }
    out
}

#[test]
fn the_check_finds_a_capitalised_term_and_leaves_code_alone() {
    let words = kept_words();
    for w in [
        "warp",
        "lane",
        "shared memory",
        "tile",
        "fragment",
        "kernel",
        "grid",
        "Tensor Core",
    ] {
        assert!(words.iter().any(|k| k == w), "{w} in {words:?}");
    }
    assert!(!words.iter().any(|k| k == "SM" || k == "WMMA"), "{words:?}");
    let found = |s: &str| miswritten(s, &words);
    assert_eq!(
        found("一个大 Grid 为什么"),
        [("Grid".into(), "grid".into())]
    );
    assert_eq!(
        found("每个 Lane 的 Fragment 在 Shared Memory 中"),
        [
            ("Fragment".to_string(), "fragment".to_string()),
            ("Lane".into(), "lane".into()),
            ("Shared Memory".into(), "shared memory".into()),
        ]
    );
    assert_eq!(
        found("K-Tile 与 Kernel"),
        [
            ("Kernel".into(), "kernel".into()),
            ("Tile".into(), "tile".into())
        ]
    );
    assert_eq!(
        found("Activation 与 Epilogue"),
        [
            ("Activation".into(), "activation".into()),
            ("Epilogue".into(), "epilogue".into())
        ]
    );
    for fine in [
        "blockIdx.x 与 threadIdx.x",
        "wmma::fragment<matrix_a> 与 a_tile[warp]",
        "4 个 Tensor Cores、sm_90 与 wgmma.fence",
        "warp 内 32 个 lane 各自的 tile",
        "Nsight Compute 的 Waves Per SM",
        "Roofline 模型",
    ] {
        assert!(found(fine).is_empty(), "{fine}: {:?}", found(fine));
    }
}

/// Chinese text keeps the English words the course keeps, spelled as the course spells them
/// ("lane", "shared memory", "Tensor Core"), anywhere in a sentence.
#[test]
fn chinese_text_keeps_the_courses_spelling_of_english_terms() {
    let words = kept_words();
    let mut hits = Vec::new();
    for (file, lits) in text_modules() {
        for l in lits.iter().filter(|l| has_cjk(&l.value)) {
            // What the reader sees: a link's slug is no prose.
            for (used, want) in miswritten(&term_plain(&l.value), &words) {
                hits.push(format!(
                    "{file}:{}: “{used}” (the course writes “{want}”)",
                    l.line
                ));
            }
        }
    }
    assert!(hits.is_empty(), "{} spellings: {hits:#?}", hits.len());
}

// ---- Size units ------------------------------------------------------------------------------

/// The numbers followed by `unit` in `text` (`"{smem_kb}"` placeholders as `None`).
fn sizes_in(text: &str, unit: &str) -> Vec<Option<f64>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(p) = text[from..].find(unit) {
        let at = from + p;
        from = at + unit.len();
        let after = text[from..].chars().next();
        if after.is_some_and(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        let head = text[..at].trim_end();
        if head.ends_with('}') {
            out.push(None);
            continue;
        }
        let num: String = head
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .filter(|c| *c != ',')
            .collect();
        if let Ok(v) = num.parse::<f64>() {
            out.push(Some(v));
        }
    }
    out
}

/// What the text modules write as a size in a decimal unit that is a binary one: every
/// kilobyte the course counts (registers, shared memory, L1, a block's reserve) is 1024 bytes,
/// so "KB" is never right; a hardware capacity of the model written in MB is a MiB.
fn decimal_units_for_binary_sizes(text: &str, mib_capacities: &[u64]) -> Vec<String> {
    let mut hits = Vec::new();
    for v in sizes_in(text, "KB").into_iter().chain(sizes_in(text, "kB")) {
        hits.push(match v {
            Some(v) => format!("{v} KB (KiB)"),
            None => "{…} KB (KiB)".into(),
        });
    }
    for v in sizes_in(text, "MB").into_iter().flatten() {
        if mib_capacities.iter().any(|&c| v == c as f64) {
            hits.push(format!("{v} MB (a capacity of {v} MiB)"));
        }
    }
    // A size with its exact bytes beside it: "164 KiB (167,936 B)".
    for (unit, scale) in [("KiB", 1024.0), ("MiB", 1048576.0)] {
        let mut from = 0;
        while let Some(p) = text[from..].find(unit) {
            let at = from + p;
            from = at + unit.len();
            let rest = text[from..].trim_start();
            let Some(rest) = rest.strip_prefix('(').or_else(|| rest.strip_prefix('（')) else {
                continue;
            };
            let digits: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == ',')
                .filter(|c| *c != ',')
                .collect();
            let unit_after = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == ',');
            let (Ok(bytes), Some(Some(n))) = (
                digits.parse::<f64>(),
                unit_after
                    .trim_start()
                    .starts_with("B")
                    .then(|| sizes_in(&text[..at + unit.len()], unit).pop().flatten()),
            ) else {
                continue;
            };
            if (n * scale - bytes).abs() > 0.5 {
                hits.push(format!("{n} {unit} is not {bytes} B"));
            }
        }
    }
    hits
}

/// The on-chip capacities of every GPU the model knows that are whole MiB (L2 above all).
fn mib_capacities() -> Vec<u64> {
    let mut out = Vec::new();
    for g in crate::model::gpu_spec::GpuSpec::all() {
        for bytes in [
            u64::from(g.regs_per_sm) * 4,
            u64::from(g.smem_per_sm_bytes),
            u64::from(g.l1_smem_per_sm_bytes),
            g.l2_bytes,
        ] {
            if bytes > 0 && bytes % (1 << 20) == 0 {
                out.push(bytes >> 20);
            }
        }
    }
    out
}

#[test]
fn the_unit_check_finds_decimal_units_for_binary_sizes() {
    let caps = mib_capacities();
    assert!(caps.contains(&40) && caps.contains(&50), "{caps:?}");
    let found = |s: &str| decimal_units_for_binary_sizes(s, &caps);
    assert_eq!(found("192 KB 的 L1"), ["192 KB (KiB)"]);
    assert_eq!(found("最多 {smem_kb} KB shared memory"), ["{…} KB (KiB)"]);
    assert_eq!(
        found("L2 (40 MB on the A100)"),
        ["40 MB (a capacity of 40 MiB)"]
    );
    assert_eq!(found("164 KiB (167,936 B)"), Vec::<String>::new());
    assert_eq!(found("164 KiB (164,000 B)"), ["164 KiB is not 164000 B"]);
    for fine in [
        "16.8 MB read from DRAM",
        "33.5 MB for C",
        "1 KiB reserve",
        "2,039 GB/s",
        "16 MiB of weights",
    ] {
        assert!(found(fine).is_empty(), "{fine}: {:?}", found(fine));
    }
}

/// Sizes counted in 1024-byte units are written KiB / MiB; decimal units only for decimal
/// quantities (bytes a profiler counted, bandwidths).
#[test]
fn sizes_in_binary_units_say_so() {
    let caps = mib_capacities();
    let mut hits = Vec::new();
    for (file, lits) in text_modules() {
        for l in &lits {
            for h in decimal_units_for_binary_sizes(&l.value, &caps) {
                hits.push(format!("{file}:{}: {h}", l.line));
            }
        }
    }
    assert!(hits.is_empty(), "{} sizes: {hits:#?}", hits.len());
}

// ---- Links at first use ---------------------------------------------------------------------

/// The slugs a text marks, in order.
fn marked(text: &str) -> Vec<&str> {
    term_spans(text)
        .into_iter()
        .filter_map(|s| match s {
            TermSpan::Term { slug, .. } => Some(slug),
            TermSpan::Text(_) => None,
        })
        .collect()
}

/// Every `[[shown|slug]]` names a glossary entry; the English and Chinese of one `tr(…)` pair
/// link the same terms in the same order; a page links a term once (its first use), and the
/// chapter that shows a term links it.
#[test]
fn links_at_first_use_name_entries_in_both_languages() {
    let mut problems = Vec::new();
    let mut linked_in: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
    for (file, lits) in text_modules() {
        let page = file.split('/').take(2).collect::<Vec<_>>().join("/");
        let mut seen_en: BTreeSet<&str> = BTreeSet::new();
        let mut seen_zh: BTreeSet<&str> = BTreeSet::new();
        for (i, l) in lits.iter().enumerate() {
            let slugs = marked(&l.value);
            if slugs.is_empty() && !l.value.contains("[[") {
                continue;
            }
            if l.value.matches("[[").count() != slugs.len() {
                problems.push(format!("{file}:{}: a malformed [[…]]", l.line));
            }
            for s in &slugs {
                if by_slug(s).is_none() {
                    problems.push(format!("{file}:{}: no glossary entry “{s}”", l.line));
                }
            }
            let zh = has_cjk(&l.value);
            let seen = if zh { &mut seen_zh } else { &mut seen_en };
            for s in &slugs {
                if !seen.insert(s) {
                    problems.push(format!("{file}:{}: “{s}” linked twice on one page", l.line));
                }
                linked_in
                    .entry(page.clone())
                    .or_default()
                    .insert(s.to_string());
            }
            // The English of a pair: the next literal is its Chinese.
            if !zh && l.before.trim_end().ends_with("tr(") {
                let mut partner = lits
                    .get(i + 1)
                    .map(|p| marked(&p.value))
                    .unwrap_or_default();
                let mut own = slugs.clone();
                // A translation may name the terms in another order.
                partner.sort_unstable();
                own.sort_unstable();
                if partner != own {
                    problems.push(format!(
                        "{file}:{}: English links {slugs:?}, Chinese {partner:?}",
                        l.line
                    ));
                }
            }
        }
    }
    for t in TERMS {
        let folder = format!("chapters/{}", t.chapter.replace('-', "_"));
        if !linked_in.get(&folder).is_some_and(|s| s.contains(t.slug)) {
            problems.push(format!(
                "{}: not linked in its chapter {}",
                t.slug, t.chapter
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems: {problems:#?}",
        problems.len()
    );
}
