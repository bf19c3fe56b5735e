#!/usr/bin/env bash
# trunk's post_build hook (Trunk.toml): builds the wasm and cuts it into lazily loaded chapters.
#
#   cargo build (release, wasm32, relocations kept: .cargo/config.toml)
#   → xtask split      wasm_split_cli_support: main module + one module per chapter + shared
#                      chunks + split-graph.json (the site's loader is assets/loader.js)
#   → wasm-bindgen     JS glue for the main module
#   → wasm-opt -Oz     every module
#   → xtask pack       the chunks packed (a handful of requests per chapter; each pack merged
#                      into one wasm module by binaryen's wasm-merge, then -Oz): pack-*.wasm
#   → scripts/site.mjs writes pkg-<hash>/, the entry module and loader, the stylesheets, the
#                      route pages, the service worker, the manifest, _headers and .gz/.br
#                      copies of every file.
#
# trunk itself only copies the static assets (styles, boot.js, icons) into its staging folder;
# it cannot split wasm (trunk-rs/trunk#1022), so index.html's `rel="rust"` link is data-trunk-skip and this hook
# does the rest. Runs in trunk's staging dir ($TRUNK_STAGING_DIR); by hand:
#   TRUNK_STAGING_DIR=some/dir TRUNK_PUBLIC_URL=./ bash scripts/split.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
STAGE=${TRUNK_STAGING_DIR:?run by trunk (post_build hook) or with TRUNK_STAGING_DIR set}
TARGET_DIR=${CARGO_TARGET_DIR:-target}
WORK="$TARGET_DIR/split-work"
say() { printf '[split] %s\n' "$*" >&2; }

# The standard library is rebuilt with the app's profile (opt-level z, LTO with the app) and
# `-Cpanic=immediate-abort`: a panic is a trap, with no message formatting or unwinding code
# behind it (the app has no panic by design: bad input gets a message on screen). Measured
# (gzip -9 after wasm-opt): main module 144.1 -> 126.5 KB, every chapter module 0.8-3.7 KB and
# the shared chunks 11.5 KB smaller, which the phone profile's first load (1.6 Mbit/s) feels.
# Both are unstable: this one build uses the dated nightly SITE_TOOLCHAIN (scripts/env.sh,
# installed by scripts/setup.sh with rust-src). WS_STD=prebuilt builds with rust-toolchain.toml's
# stable against the shipped std instead (panics then log their message through
# console_error_panic_hook).
if [ "${WS_STD:-rebuilt}" = rebuilt ]; then
  say "cargo +$SITE_TOOLCHAIN build --release (wasm32, std rebuilt, panic=immediate-abort)"
  # (--config arrays add to .cargo/config.toml's rustflags.)
  cargo +"$SITE_TOOLCHAIN" build --release --target wasm32-unknown-unknown --bin warpscope \
    -Zbuild-std=std,panic_abort \
    --config 'target.wasm32-unknown-unknown.rustflags=["-Zunstable-options", "-Cpanic=immediate-abort"]' >&2
else
  say "cargo build --release (wasm32)"
  cargo build --release --target wasm32-unknown-unknown --bin warpscope >&2
fi
IN="$TARGET_DIR/wasm32-unknown-unknown/release/warpscope.wasm"

xtask() { cargo run --quiet --profile xtask -p xtask -- "$@" >&2; }

# The steps from the split to the packs depend only on the app's wasm and the tools: when none of
# them changed since the last build (an edit of a stylesheet, an asset or a script of the site
# step), their output in $WORK/pkg is used again.
key=$( { sha256sum "$IN" Cargo.lock scripts/package-lock.json scripts/wasm-opt-many.mjs xtask/Cargo.toml xtask/src/*.rs;
         echo "${WS_COMMON_MIN:-} ${WS_STANDALONE:-} ${WASM_NAMES:-}"; } | sha256sum | cut -d' ' -f1)
if [ -f "$WORK/pkg/packs.json" ] && [ "$(cat "$WORK/key" 2>/dev/null)" = "$key" ]; then
  say "the wasm and the tools are unchanged: the split, bound, optimised and packed modules of the last build"
else
  rm -rf "$WORK" && mkdir -p "$WORK/split" "$WORK/pkg"
  say "xtask split"
  xtask split "$IN" "$WORK/split" warpscope
  say "wasm-bindgen"
  wasm-bindgen --target web --no-typescript --keep-lld-exports \
    --out-dir "$WORK/pkg" --out-name warpscope "$WORK/split/warpscope.wasm" >&2
  cp "$WORK/split/split-graph.json" "$WORK/pkg/"
  say "wasm-opt -Oz (main module and $(ls "$WORK/split" | grep -cE '^(split|chunk)_.*\.wasm$') split modules, one process)"
  # wasm-opt warns "unknown name subsection with id 3" on each chunk: harmless.
  node scripts/wasm-opt-many.mjs "$WORK/pkg" "$WORK/pkg/warpscope_bg.wasm" "$WORK"/split/split_*.wasm "$WORK"/split/chunk_*.wasm 2> >(grep -v 'unknown name subsection' >&2)
  say "xtask pack"
  xtask pack "$WORK/pkg"
  echo "$key" > "$WORK/key"
fi
say "site.mjs: loader, pages, service worker"
node scripts/site.mjs "$WORK/pkg" "$STAGE" "${TRUNK_PUBLIC_URL:-/}"
