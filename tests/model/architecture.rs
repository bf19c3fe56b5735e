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
        if is_text_module(&path) {
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
