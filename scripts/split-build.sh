#!/usr/bin/env bash
# Experiment (docs/wasm-split.md): release wasm split per chapter at the `#[lazy]` points.
# Needs: cargo install --locked wasm_split_cli_support --version 0.2.4 --features build-binary
# Output: split-dist/ (main module + one module per chapter + shared chunk_N.wasm + __wasm_split.js).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
RUSTFLAGS="-C link-arg=--emit-relocs" CARGO_TARGET_DIR=target/split \
  nice -n 10 cargo build --release --target wasm32-unknown-unknown --bin warpscope --features split
rm -rf target/split-tmp split-dist && mkdir -p target/split-tmp split-dist
# 1. split the linked wasm (needs the relocations) ...
wasm-split-cli target/split/wasm32-unknown-unknown/release/warpscope.wasm target/split-tmp --out-name warpscope
# 2. ... wasm-bindgen on the main part only, keeping the exports the chunks import ...
wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir split-dist --out-name warpscope target/split-tmp/warpscope.wasm
cp target/split-tmp/__wasm_split.js split-dist/
# 3. ... then wasm-opt each module.
wasm-opt -Oz split-dist/warpscope_bg.wasm -o split-dist/warpscope_bg.wasm
for f in target/split-tmp/split_*.wasm target/split-tmp/chunk_*.wasm; do
  wasm-opt -Oz "$f" -o "split-dist/$(basename "$f")" 2>/dev/null
done
for f in split-dist/warpscope_bg.wasm split-dist/split_*.wasm; do
  printf '%-60s %9d raw %8d gz9\n' "$f" "$(stat -c%s "$f")" "$(gzip -9 -c "$f" | wc -c)"
done
