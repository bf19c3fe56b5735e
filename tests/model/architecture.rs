//! The model and geom layers stay pure (STYLE.md §1): no web crate in their sources.

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

#[test]
fn model_and_geom_mention_no_web_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut hits = Vec::new();
    scan(&root.join("model"), &mut hits);
    scan(&root.join("geom"), &mut hits);
    assert!(hits.is_empty(), "impure model/geom: {hits:#?}");
}
