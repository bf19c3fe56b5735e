//! The model and geom layers stay pure (STYLE.md §1): no web crate in their sources, and the
//! model does not depend on layout (nothing under `src/model` names the `geom` module).

use std::path::Path;

const FORBIDDEN: [&str; 6] = [
    "leptos",
    "web_sys",
    "wasm_bindgen",
    "js_sys",
    "plotters_canvas",
    "gloo",
];

fn scan(dir: &Path, hits: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            scan(&path, hits);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for word in FORBIDDEN {
                if text.contains(word) {
                    hits.push(format!("{} mentions {word}", path.display()));
                }
            }
            if text.contains("Instant::now") || text.contains("SystemTime") {
                hits.push(format!("{} reads the clock", path.display()));
            }
        }
    }
}

/// True if `text` has `word` as a whole identifier (`crate::geom`, `super::geom::scale`, a
/// `geom` in a doc link), not as part of another word ("geometry").
fn mentions_identifier(text: &str, word: &str) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|token| token == word)
}

#[test]
fn model_does_not_import_geom() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("model");
    let files = sources(&root);
    assert!(files.len() > 10, "found the model sources");
    let hits: Vec<String> = files
        .iter()
        .filter(|(_, text)| mentions_identifier(text, "geom"))
        .map(|(path, _)| path.display().to_string())
        .collect();
    assert!(hits.is_empty(), "the model depends on layout: {hits:#?}");
    assert!(mentions_identifier("use crate::geom::scale;", "geom"));
    assert!(mentions_identifier("super::geom", "geom"));
    assert!(!mentions_identifier("launch geometry", "geom"));
}

#[test]
fn model_and_geom_mention_no_web_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut hits = Vec::new();
    scan(&root.join("model"), &mut hits);
    scan(&root.join("geom"), &mut hits);
    assert!(hits.is_empty(), "impure model/geom: {hits:#?}");
}

/// Every `.rs` file under `dir`, recursively, with its text.
fn sources(dir: &Path) -> Vec<(std::path::PathBuf, String)> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            out.push((path, text));
        }
    }
    out
}

/// What two chapters share lives in `ui/shared`, `ui/widgets` or the model (DESIGN.md §2): a
/// chapter folder never names another chapter's module.
#[test]
fn no_chapter_imports_another_chapter() {
    let chapters = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui/chapters");
    let names: Vec<String> = std::fs::read_dir(&chapters)
        .map(|d| {
            d.flatten()
                .filter(|e| e.path().is_dir())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    assert!(names.len() >= 9, "chapter folders: {names:?}");
    let mut hits = Vec::new();
    for own in &names {
        for (path, text) in sources(&chapters.join(own)) {
            for other in names.iter().filter(|n| *n != own) {
                for pattern in [
                    format!("chapters::{other}"),
                    format!("super::super::{other}"),
                    format!("super::{other}::"),
                ] {
                    if text.contains(&pattern) {
                        hits.push(format!("{} uses {pattern}", path.display()));
                    }
                }
            }
        }
    }
    assert!(hits.is_empty(), "chapters importing chapters: {hits:#?}");
}

/// True for a test module in a file of its own (`#[cfg(test)] mod tests;` beside the code it
/// tests: `tests.rs`, `tests_*.rs`, `*_tests.rs`): test code as a whole.
fn is_test_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| {
        let n = n.to_string_lossy();
        n == "tests.rs" || n.starts_with("tests_") || n.ends_with("_tests.rs")
    })
}

/// True for a file that holds user-facing text: a `text.rs`, anything under a `text/` folder,
/// and the content (question bank, lessons) under `ui/content/`.
fn is_text_module(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "text.rs")
        || path
            .components()
            .any(|c| c.as_os_str() == "text" || c.as_os_str() == "content")
}

/// All prose lives in the text modules as language pairs (issue "One chapter shell…", point
/// 5): Chinese outside them, in code rather than comments or tests, fails.
#[test]
fn no_chinese_outside_text_modules() {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let is_cjk = |c: char| {
        ('\u{4e00}'..='\u{9fff}').contains(&c)
            || ('\u{3000}'..='\u{303f}').contains(&c)
            || ('\u{ff00}'..='\u{ffef}').contains(&c)
    };
    let mut hits = Vec::new();
    for (path, text) in sources(&ui) {
        if is_text_module(&path) || is_test_file(&path) {
            continue;
        }
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (n, line) in code.lines().enumerate() {
            let trimmed = line.trim_start();
            if trimmed.starts_with("//") {
                continue;
            }
            if line.chars().any(is_cjk) {
                hits.push(format!("{}:{}: {}", path.display(), n + 1, trimmed));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "{} lines of Chinese outside text modules: {hits:#?}",
        hits.len()
    );
}

/// Text from a permalink or a text field reaches the page only as text (the brief; STYLE.md):
/// no view sets `innerHTML` or `outerHTML`, and no code writes markup into the page
/// (`insertAdjacentHTML`, `document.write`). Read-only blocks are built node by node
/// (`ui::widgets::Markup`).
#[test]
fn no_markup_is_parsed_into_the_page() {
    let mut hits = Vec::new();
    for (path, text) in sources(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))) {
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in [
                "inner_html",
                "set_inner_html",
                "outer_html",
                "insert_adjacent_html",
                "innerHTML",
            ] {
                if code.contains(word) {
                    hits.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(hits.is_empty(), "markup parsed into the page: {hits:#?}");
}

/// The UI's floors, top to bottom (ARCHITECTURE.md): a folder of `src/ui` imports only from its
/// own floor's folder or from floors below it, and `src/ui` as a whole from `geom` and `model`.
/// `shared` sits above `shell`: its inputs (the memory access, the kernel launch) are chapter
/// inputs read from the URL through the shell's `UrlInputs`, and the frame never needs them.
const FLOORS: &[&[&str]] = &[
    &["app"],
    &["chapters", "quiz", "classroom", "lab", "glossary"],
    &["shared"],
    &["shell"],
    &["widgets", "charts"],
    &["content", "text", "format", "i18n", "url", "theme"],
    &["geom"],
    &["model"],
];

/// The floor of a folder name (0 is the top); `None` for a name that is not a floor.
fn floor_of(name: &str) -> Option<usize> {
    FLOORS.iter().position(|f| f.contains(&name))
}

/// The shipped code of a source file: the text before its test module, comment lines left out
/// (a test file is test code as a whole: [`floor_violations`] skips it, see [`is_test_file`]).
fn shipped_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split("#[cfg(test)]")
        .next()
        .unwrap_or_default()
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim_start();
            !(t.starts_with("//") || t.starts_with("///") || t.starts_with("//!"))
        })
}

/// The folders of `src/ui` (or `geom` / `model`) that `line` names through a `crate::` path.
fn folders_named(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (prefix, inside_ui) in [("crate::ui::", true), ("crate::", false)] {
        let mut rest = line;
        while let Some(i) = rest.find(prefix) {
            let after = &rest[i + prefix.len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if inside_ui || name == "geom" || name == "model" {
                out.push(name);
            }
            rest = after;
        }
    }
    out
}

/// Every upward import in `src/ui` and every folder-level cycle, as `path:line: code` messages.
fn floor_violations(ui: &Path) -> Vec<String> {
    let mut hits = Vec::new();
    let mut edges: std::collections::BTreeSet<(String, String)> = Default::default();
    for (path, text) in sources(ui) {
        let rel = path.strip_prefix(ui).unwrap_or(&path);
        let own = rel
            .components()
            .next()
            .map(|c| {
                c.as_os_str()
                    .to_string_lossy()
                    .trim_end_matches(".rs")
                    .to_string()
            })
            .unwrap_or_default();
        if own == "mod" {
            continue; // ui/mod.rs declares the folders
        }
        if is_test_file(&path) {
            continue;
        }
        let Some(own_floor) = floor_of(&own) else {
            hits.push(format!(
                "{}: `{own}` is on no floor (add it to FLOORS)",
                path.display()
            ));
            continue;
        };
        for (n, line) in shipped_lines(&text) {
            for name in folders_named(line) {
                if name == own {
                    continue;
                }
                match floor_of(&name) {
                    Some(f) if f < own_floor => hits.push(format!(
                        "{}:{}: `{own}` imports from `{name}`, a floor above it: {}",
                        path.display(),
                        n + 1,
                        line.trim()
                    )),
                    Some(_) => {
                        edges.insert((own.clone(), name));
                    }
                    None => {}
                }
            }
        }
    }
    // Folders on one floor may use each other, but not in a circle.
    let names: std::collections::BTreeSet<&String> = edges.iter().map(|(a, _)| a).collect();
    for start in names {
        let mut seen = vec![start.clone()];
        let mut stack = vec![start.clone()];
        while let Some(at) = stack.pop() {
            for (_, to) in edges.iter().filter(|(a, _)| *a == at) {
                if to == start {
                    hits.push(format!(
                        "folders of src/ui in a cycle through `{start}` and `{at}`"
                    ));
                } else if !seen.contains(to) {
                    seen.push(to.clone());
                    stack.push(to.clone());
                }
            }
        }
    }
    hits
}

#[test]
fn ui_folders_import_only_from_their_floor_or_below() {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let hits = floor_violations(&ui);
    assert!(
        hits.is_empty(),
        "{} imports against the floors: {hits:#?}",
        hits.len()
    );
}

/// The check itself: a planted upward import and a planted cycle are both found.
#[test]
fn the_floor_check_finds_an_upward_import_and_a_cycle() {
    let dir = std::env::temp_dir().join(format!("ws-floors-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (file, text) in [
        ("widgets/a.rs", "use crate::ui::i18n::Tr;\n"),
        (
            "shell/b.rs",
            "use crate::ui::chapters::chip;\n// crate::ui::app in a comment\n",
        ),
        ("text.rs", "use crate::ui::format::x;\n"),
        ("format.rs", "use crate::ui::text::y;\n"),
        (
            "url/c.rs",
            "fn f() {}\n#[cfg(test)]\nmod t { use crate::ui::app::X; }\n",
        ),
    ] {
        let p = dir.join(file);
        std::fs::create_dir_all(p.parent().expect("a folder")).expect("temp folder");
        std::fs::write(&p, text).expect("temp file");
    }
    let hits = floor_violations(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        hits.iter()
            .any(|h| h.contains("shell/b.rs:1: `shell` imports from `chapters`")),
        "{hits:#?}"
    );
    assert!(hits.iter().any(|h| h.contains("cycle")), "{hits:#?}");
    assert_eq!(
        hits.len(),
        3,
        "one upward import, the cycle seen from both ends: {hits:#?}"
    );
}

/// Every `.rs` file under `dir`, recursively.
fn rust_sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literal starting at `s[0] == '"'`: its raw text and the bytes it takes.
fn string_literal(s: &str) -> Option<(&str, usize)> {
    let bytes = s.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some((&s[1..i], i + 1)),
            _ => i += 1,
        }
    }
    None
}

/// The `{name}` / `{name:spec}` placeholders of a format string, sorted (`{{` is a brace).
fn placeholders(format: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = format.replace("{{", "").replace("}}", "");
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push(rest[open + 1..open + close].to_string());
        rest = rest[open + close + 1..].to_string();
    }
    out.sort();
    out
}

/// A value that a `trf!` call formats in both languages is formatted with the same spec in
/// both: a spec on one side only (`{share:.1}` on a string truncates it to one character) is a
/// wrong number on screen in that language. (Either language may leave a value out: English
/// plurals have words Chinese does not need.)
#[test]
fn both_languages_format_the_same_placeholders() {
    let mut files = Vec::new();
    rust_sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui"),
        &mut files,
    );
    let mut calls = 0;
    let mut bad = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut at = 0;
        while let Some(found) = text[at..].find("trf!(") {
            let start = at + found + "trf!(".len();
            at = start;
            // The language expression, then the two literals.
            let Some(q1) = text[start..].find('"') else {
                break;
            };
            let Some((en, len)) = string_literal(&text[start + q1..]) else {
                break;
            };
            let after = start + q1 + len;
            let Some(q2) = text[after..].find('"') else {
                break;
            };
            if !text[after..after + q2].trim().starts_with(',') {
                continue;
            }
            let Some((zh, _)) = string_literal(&text[after + q2..]) else {
                break;
            };
            calls += 1;
            let name = |p: &String| p.split(':').next().unwrap_or_default().to_string();
            let (en, zh) = (placeholders(en), placeholders(zh));
            // Per value both languages format: the same set of specs.
            let specs = |all: &[String], n: &str| {
                let mut v: Vec<String> = all.iter().filter(|p| name(p) == n).cloned().collect();
                v.dedup();
                v
            };
            let differs = en.iter().map(name).any(|n| {
                let z = specs(&zh, &n);
                !z.is_empty() && specs(&en, &n) != z
            });
            if differs {
                let line = text[..start].lines().count();
                bad.push(format!("{}:{line}: {en:?} vs {zh:?}", path.display()));
            }
        }
    }
    assert!(calls > 200, "only {calls} trf! calls found");
    assert!(
        bad.is_empty(),
        "{} calls differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The model never panics on input: no `unwrap()` or `expect(` in its code outside tests
/// (`#[cfg(test)]` modules, test files: [`is_test_file`]) and doc examples; errors are returned as values.
#[test]
fn the_model_has_no_unwrap_outside_tests() {
    let mut files = Vec::new();
    rust_sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/model"),
        &mut files,
    );
    let mut hits = Vec::new();
    for path in files {
        if is_test_file(&path) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            if code.contains(".unwrap()") || code.contains(".expect(") {
                hits.push(format!("{}:{}: {code}", path.display(), i + 1));
            }
        }
    }
    assert!(hits.is_empty(), "{}", hits.join("\n"));
}

/// A source file over ~600 lines says why in its header (a `//! Length:` paragraph); a longer
/// one without a reason is split along its seams (test modules go to a `tests.rs` beside it).
#[test]
fn long_files_give_a_reason() {
    const MAX_LINES: usize = 650;
    let mut files = Vec::new();
    rust_sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut hits = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let lines = text.lines().count();
        let header_says = text
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .any(|l| l.starts_with("//! Length:"));
        if lines > MAX_LINES && !header_says {
            hits.push(format!("{}: {lines} lines", path.display()));
        }
    }
    assert!(
        hits.is_empty(),
        "files over {MAX_LINES} lines without a `//! Length:` reason: {hits:#?}"
    );
}
