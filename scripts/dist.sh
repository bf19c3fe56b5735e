#!/usr/bin/env bash
# Builds dist/: the release site, servable from any path on any static host (`/`, `/warpscope/`, …).
# Asset links are relative to <base href>; each chapter gets dist/<slug>/index.html with
# <base href="../"> so deep links work without server rewrites.
set -euo pipefail
cd "$(dirname "$0")/.."
WANT_BROWSER=${WANT_BROWSER:-0} bash scripts/setup.sh
source scripts/env.sh
trunk build --release --public-url ./ >&2
grep -q '<base href="./"' dist/index.html || { echo "dist.sh: expected <base href=\"./\"> in dist/index.html" >&2; exit 1; }
slugs=$(grep -oE 'slug: "[a-z-]+"' src/ui/chapters/mod.rs | cut -d'"' -f2)
slugs="$slugs classroom"  # the classroom route, not a chapter
for slug in $slugs; do
  mkdir -p "dist/$slug"
  sed 's|<base href="./"|<base href="../"|' dist/index.html > "dist/$slug/index.html"
done
echo "dist/ ready: $(du -sh dist | cut -f1), $(echo $slugs | wc -w) chapter routes" >&2
