#!/usr/bin/env bash
# Makes the local copy of the reference peer that `make bench` compares warpscope with: the
# one-page CUDA occupancy calculator students use (github.com/xmartlabs/cuda-calculator), with
# the five files it loads from CDNs taken from the npm registry (the same bytes: the page's own
# integrity hashes check them) and served from the same local server. Nothing is committed; see
# docs/peer.md.
#
#   bash tools/peer-setup.sh [DEST]     # default DEST: ../peer (beside the checkout)
#   PEER_SRC=/path/to/a/clone bash tools/peer-setup.sh   # use a clone you already have
set -euo pipefail
cd "$(dirname "$0")/.."
DEST=$(realpath -m "${1:-../peer}")
say() { printf '[peer] %s\n' "$*" >&2; }

rm -rf "$DEST" && mkdir -p "$DEST/vendor"
if [ -n "${PEER_SRC:-}" ]; then
  git -C "$PEER_SRC" archive HEAD | tar -x -C "$DEST"
else
  say "cloning github.com/xmartlabs/cuda-calculator"
  git clone --quiet --depth 1 https://github.com/xmartlabs/cuda-calculator "$DEST.src"
  git -C "$DEST.src" archive HEAD | tar -x -C "$DEST"
  rm -rf "$DEST.src"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
say "bootstrap 5.0.0-beta1, c3 0.7.20 and d3 5.16.0 from the npm registry"
(cd "$tmp" && npm pack --silent bootstrap@5.0.0-beta1 c3@0.7.20 d3@5.16.0 >/dev/null)
for t in "$tmp"/*.tgz; do tar -xzf "$t" -C "$tmp" --one-top-level="${t%.tgz}"; done
cp "$tmp"/bootstrap-5.0.0-beta1/package/dist/css/bootstrap.min.css "$DEST/vendor/"
cp "$tmp"/bootstrap-5.0.0-beta1/package/dist/js/bootstrap.bundle.min.js "$DEST/vendor/"
cp "$tmp"/c3-0.7.20/package/c3.min.css "$tmp"/c3-0.7.20/package/c3.min.js "$DEST/vendor/"
cp "$tmp"/d3-5.16.0/package/dist/d3.min.js "$DEST/vendor/d3.v5.min.js"

# The page's five CDN addresses → the local copies (its integrity attributes stay and check them).
sed -i \
  -e 's#https://cdn.jsdelivr.net/npm/bootstrap@5.0.0-beta1/dist/css/bootstrap.min.css#vendor/bootstrap.min.css#' \
  -e 's#https://cdn.jsdelivr.net/npm/bootstrap@5.0.0-beta1/dist/js/bootstrap.bundle.min.js#vendor/bootstrap.bundle.min.js#' \
  -e 's#https://cdnjs.cloudflare.com/ajax/libs/c3/0.7.20/c3.min.css#vendor/c3.min.css#' \
  -e 's#https://cdnjs.cloudflare.com/ajax/libs/c3/0.7.20/c3.min.js#vendor/c3.min.js#' \
  -e 's#https://d3js.org/d3.v5.min.js#vendor/d3.v5.min.js#' \
  "$DEST/index.html"
if grep -q 'src="https://\|href="https://[^"]*\.\(css\|js\)"' "$DEST/index.html"; then
  say "index.html still loads a file from off this machine: the page changed upstream; update this script"
  exit 1
fi
say "ready: PEER=$DEST/index.html make bench"
