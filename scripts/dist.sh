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

# ---- 404 page (issue #14; a block of its own) -------------------------------------------------
# Static hosts serve dist/404.html for a path they do not have. It is the app itself, so the
# router shows its "page not found" view with the chapter list. Its assets resolve against a
# <base href> set at load: the first folder up the requested path that holds gx-root.txt (the
# site's root; one same-origin HEAD per level), else "/".
echo "warpscope site root (404.html looks for this file)" > dist/gx-root.txt
root_script='<script>(function(){var s=location.pathname.split("/").slice(1,-1);for(var i=s.length;i>=0;i--){var r="/"+s.slice(0,i).join("/")+(i>0?"/":"");try{var x=new XMLHttpRequest();x.open("HEAD",r+"gx-root.txt",false);x.send();if(x.status===200){document.write("<base href=\""+r+"\">");return;}}catch(e){}}document.write("<base href=\"/\">");})();</script>'
html=$(cat dist/index.html)
[[ "$html" == *'<base href="./" />'* ]] || { echo "dist.sh: no <base href=\"./\" /> to replace in 404.html" >&2; exit 1; }
printf '%s\n' "${html/'<base href="./" />'/$root_script}" > dist/404.html
