//! Helpers shared by the model tests.

#![allow(dead_code)] // each test module uses a different subset

use std::path::PathBuf;

/// Path of a file under `tests/fixtures/`.
pub fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Parses `tests/fixtures/<name>` as JSON; panics with the path if it is missing or malformed.
pub fn fixture_json(name: &str) -> serde_json::Value {
    let path = fixture_path(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("bad JSON in {}: {e}", path.display()))
}
