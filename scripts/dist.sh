#!/usr/bin/env bash
# Builds dist/: the release site, servable from any path on any static host (`/`, `/warpscope/`, …).
# trunk copies the static assets; its post_build hook (scripts/split.sh) builds the wasm, splits
# it into one lazily loaded module per chapter, packs the shared chunks, and writes the entry
# module, route pages (dist/<slug>/index.html with <base href="../">, so deep links work without
# server rewrites), the "page not found" page (404.html), the service worker, the manifest,
# _headers and .gz/.br copies.
set -euo pipefail
cd "$(dirname "$0")/.."
WANT_BROWSER=${WANT_BROWSER:-1} bash scripts/setup.sh
source scripts/env.sh
trunk build --release --public-url ./ >&2
grep -q '<base href="./"' dist/index.html || { echo "dist.sh: expected <base href=\"./\"> in dist/index.html" >&2; exit 1; }
ls dist/pkg-*/start.js >/dev/null || { echo "dist.sh: the split build (scripts/split.sh) wrote no pkg-*/start.js" >&2; exit 1; }
[ -f dist/sw.js ] && [ -f dist/roofline/index.html ] && [ -f dist/404.html ] || { echo "dist.sh: no service worker, route pages or 404.html" >&2; exit 1; }
echo "dist/ ready: $(du -sh --exclude='*.gz' --exclude='*.br' dist | cut -f1) without the .gz/.br copies, $(ls -d dist/*/index.html | wc -l) route pages" >&2

