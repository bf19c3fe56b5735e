#!/usr/bin/env bash
# Runs every check and test: formatting, clippy (native and wasm32), the native model / geom /
# state tests and the site build's unit tests, the release build, and the browser tests in
# Debian's headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
step() { printf '\n== %s\n' "$*" >&2; }

step "cargo fmt --check"
cargo fmt --all --check
step "clippy, native (all targets)"
cargo clippy --workspace --all-targets -- -D warnings
step "clippy, wasm32"
cargo clippy --lib --bin warpscope --target wasm32-unknown-unknown -- -D warnings
step "native tests: model, geom, URL state, reactive state, the site build (xtask)"
cargo test --workspace
step "the site step's unit tests (scripts/site-lib.mjs, css-prune.mjs)"
node --test scripts/
step "release build for a sub-path (dist/)"
WANT_BROWSER=1 bash scripts/dist.sh
# Two test files at a time (each with its own browser): most of a test's time is spent waiting
# for a page to settle, so two share the two cores (the suite: 15 min instead of 24). The serve
# command's test runs alone: it builds the whole site.
cd tests/e2e
step "browser tests (headless Chromium), two files at a time"
node --test --test-concurrency=2 --test-reporter=spec --test-reporter-destination=stdout $(ls *.test.mjs | grep -vx serve.test.mjs)
step "browser test of make serve (alone: it builds the site)"
node --test --test-reporter=spec --test-reporter-destination=stdout serve.test.mjs
