#!/usr/bin/env bash
# Runs every check and test: formatting, clippy (native and wasm32), the native model / geom /
# state tests, the release build, and the browser tests in Debian's headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
step() { printf '\n== %s\n' "$*" >&2; }

step "cargo fmt --check"
cargo fmt --check
step "clippy, native (all targets)"
cargo clippy --all-targets -- -D warnings
step "clippy, wasm32"
cargo clippy --lib --bin warpscope --target wasm32-unknown-unknown -- -D warnings
step "native tests: model, geom, URL state, reactive state"
cargo test
step "release build for a sub-path (dist/)"
WANT_BROWSER=1 bash scripts/dist.sh
step "browser tests (headless Chromium)"
cd tests/e2e
node --test --test-concurrency=1 --test-reporter=spec --test-reporter-destination=stdout
