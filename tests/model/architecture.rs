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

/// Every `.rs` file under `dir`, recursively, with its text.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            out.push((path.display().to_string(), text));
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
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 10, "found the model sources");
    let hits: Vec<&String> = files
        .iter()
        .filter(|(_, text)| mentions_identifier(text, "geom"))
        .map(|(path, _)| path)
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
