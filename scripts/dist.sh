#!/usr/bin/env bash
# Builds dist/: the release site, servable from any path on any static host (`/`, `/warpscope/`, …).
# trunk copies the static assets; its post_build hook (scripts/split.sh) builds the wasm, splits
# it into one lazily loaded module per chapter, packs the shared chunks, and writes the entry
# module, route pages (dist/<slug>/index.html with <base href="../">, so deep links work without
# server rewrites), the service worker, the manifest, _headers and .gz/.br copies.
set -euo pipefail
cd "$(dirname "$0")/.."
WANT_BROWSER=${WANT_BROWSER:-1} bash scripts/setup.sh
source scripts/env.sh
trunk build --release --public-url ./ >&2
grep -q '<base href="./"' dist/index.html || { echo "dist.sh: expected <base href=\"./\"> in dist/index.html" >&2; exit 1; }
ls dist/pkg-*/start.js >/dev/null || { echo "dist.sh: the split build (scripts/split.sh) wrote no pkg-*/start.js" >&2; exit 1; }
[ -f dist/sw.js ] && [ -f dist/roofline/index.html ] || { echo "dist.sh: no service worker or route pages" >&2; exit 1; }
echo "dist/ ready: $(du -sh --exclude='*.gz' --exclude='*.br' dist | cut -f1) without the .gz/.br copies, $(ls -d dist/*/index.html | wc -l) route pages" >&2

# ---- 404 page (issue #14; a block of its own) -------------------------------------------------
# Static hosts serve dist/404.html for a path they do not have. It is the app itself, so the
# router shows its "page not found" view with the chapter list. Its assets resolve against a
# <base href> set at load: the first folder up the requested path that holds gx-root.txt (the
# site's root; one same-origin HEAD per level), else "/".
echo "warpscope site root (404.html looks for this file)" > dist/gx-root.txt
root_script='<script>(function(){var s=location.pathname.split("/").slice(1,-1);for(var i=s.length;i>=0;i--){var r="/"+s.slice(0,i).join("/")+(i>0?"/":"");try{var x=new XMLHttpRequest();x.open("HEAD",r+"gx-root.txt",false);x.send();if(x.status===200){document.write("<base href=\""+r+"\">");return;}}catch(e){}}document.write("<base href=\"/\">");})();</script>'
html=$(cat dist/index.html)
[[ "$html" == *'<base href="./" />'* ]] || { echo "dist.sh: no <base href=\"./\" /> to replace in 404.html" >&2; exit 1; }
# The strict CSP allows this one inline script by its hash, in 404.html's <meta> and in _headers.
script_body=${root_script#<script>}; script_body=${script_body%</script>}
hash="'sha256-$(printf '%s' "$script_body" | openssl dgst -sha256 -binary | base64)'"
html=${html/'<base href="./" />'/$root_script}
html=${html/"script-src 'self' 'wasm-unsafe-eval'"/"script-src 'self' 'wasm-unsafe-eval' $hash"}
printf '%s\n' "$html" > dist/404.html
grep -q "$hash" dist/404.html || { echo "dist.sh: 404.html's CSP does not name its script's hash" >&2; exit 1; }
if [ -f dist/_headers ]; then
  sed -i "s|script-src 'self' 'wasm-unsafe-eval'|script-src 'self' 'wasm-unsafe-eval' $hash|" dist/_headers
fi
for z in gz br; do rm -f dist/404.html.$z; done
gzip -9 -k -f dist/404.html
