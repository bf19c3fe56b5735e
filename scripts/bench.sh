#!/usr/bin/env bash
# Prints the first-load benchmark (tools/bench.mjs: every row of the budget table, per
# chapter, min / median / p95 over cold runs) and a size profile of the wasm (twiggy, top 20).
set -euo pipefail
cd "$(dirname "$0")/.."
WANT_BROWSER=1 WANT_PROFILE=1 bash scripts/setup.sh
WANT_BROWSER=1 bash scripts/dist.sh
source scripts/env.sh
TARGET_DIR=${CARGO_TARGET_DIR:-target}
echo "== wasm size profile: the whole program before the split (twiggy; names, relocations and"
echo "   wasm-bindgen's custom sections are not shipped, so they are left out): top 20 items =="
twiggy top -n 40 "$TARGET_DIR/wasm32-unknown-unknown/release/warpscope.wasm" | grep -vE "custom section|subsection|Total Rows|more\.$" | head -22
echo "== shipped modules (gzip -9 / brotli) =="
for f in dist/pkg-*/*.wasm dist/pkg-*/*.js; do
  printf '  %-40s %9d B raw %8d B gzip %8d B brotli\n' "$(basename "$f")" "$(stat -c%s "$f")" "$(stat -c%s "$f.gz")" "$(stat -c%s "$f.br")"
done
# The reference peer, where its local copy is (docs/peer.md): ../peer/index.html by default.
if [ -z "${PEER:-}" ] && [ -f ../peer/index.html ]; then export PEER=$(realpath ../peer/index.html); fi
node tools/bench.mjs
