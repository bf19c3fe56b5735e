#!/usr/bin/env bash
# Installs what building and testing warpscope needs, skipping whatever is already there at the
# version pinned, and says what it installs: the toolchains of rust-toolchain.toml and
# scripts/env.sh (rustup), trunk and wasm-bindgen-cli (Cargo.lock's version; cargo install),
# the npm tools of the package-lock files, the Python packages of
# tests/e2e/requirements.txt (a venv), and Debian's packages. Needs rustup, python3
# and Debian's package repositories; the apt step needs root (without root, install `chromium
# chromium-driver` yourself first).
#
#   WANT_BROWSER=0 bash scripts/setup.sh   # build tools only (no Chromium, no e2e packages)
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
# The wasm size profile `make bench` prints.
TWIGGY_VERSION=0.7.0
# wasm-bindgen-cli must match the wasm-bindgen in Cargo.lock exactly.
WB_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock)
# trunk must be told the same version (Trunk.toml [tools]), or it tries to download its own.
TRUNK_WB=$(awk -F'"' '/^wasm_bindgen = /{print $2}' Trunk.toml)
if [ "$TRUNK_WB" != "$WB_VERSION" ]; then
  echo "[setup] Trunk.toml names wasm_bindgen $TRUNK_WB but Cargo.lock has $WB_VERSION: set [tools] wasm_bindgen = \"$WB_VERSION\"" >&2
  exit 1
fi
WANT_BROWSER=${WANT_BROWSER:-1}

say() { printf '[setup] %s\n' "$*" >&2; }

source scripts/env.sh
# rust-toolchain.toml's toolchain (its components and the wasm target come with it).
toolchain_ready() {
  rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
    && rustup component list --installed 2>/dev/null | grep -q '^clippy' \
    && rustup component list --installed 2>/dev/null | grep -q '^rustfmt'
}
if ! toolchain_ready; then
  say "installing the toolchain of rust-toolchain.toml"
  rustup toolchain install "$(awk -F'"' '/^channel/{print $2}' rust-toolchain.toml)" --profile minimal \
    --component clippy --component rustfmt --target wasm32-unknown-unknown
fi
# The site's wasm build: a dated nightly with the standard library's source (scripts/split.sh).
if ! rustup run "$SITE_TOOLCHAIN" rustc --version >/dev/null 2>&1 \
  || ! rustup component list --toolchain "$SITE_TOOLCHAIN" --installed 2>/dev/null | grep -q '^rust-src'; then
  say "installing $SITE_TOOLCHAIN with rust-src and the wasm target (the site's build)"
  rustup toolchain install "$SITE_TOOLCHAIN" --profile minimal --component rust-src --target wasm32-unknown-unknown
fi

need_apt=()
# zopfli writes the smallest .gz beside every file of the site (scripts/site.mjs; gzip-compatible,
# ~5 % below gzip -9); without it site.mjs falls back to zlib.
command -v zopfli >/dev/null || need_apt+=(zopfli)
# The question sets' export checks (cargo test; tests/e2e/quiz-sets.test.mjs): xmllint from
# libxml2 reads every Moodle XML and QTI 2.1 file, unzip tests the QTI package.
command -v xmllint >/dev/null || need_apt+=(libxml2-utils)
command -v unzip >/dev/null || need_apt+=(unzip)
if [ "$WANT_BROWSER" = 1 ]; then
  command -v chromium >/dev/null || need_apt+=(chromium)
  command -v chromedriver >/dev/null || need_apt+=(chromium-driver)
  # A CJK font, so screenshots taken for people show the Chinese pages as text, not boxes.
  [ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || need_apt+=(fonts-wqy-microhei)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  say "installing Debian packages: ${need_apt[*]}"
  if [ "$(id -u)" != 0 ]; then
    if [ "${need_apt[*]}" = zopfli ]; then
      say "not root: without zopfli the .gz files are zlib's (sudo apt-get install -y zopfli)"
    else
      echo "[setup] not root: run 'sudo apt-get install -y ${need_apt[*]}' and retry" >&2
      exit 1
    fi
  else
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
  fi
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION\$"; then
  say "installing trunk $TRUNK_VERSION (about 6 min on 2 cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WB_VERSION\$"; then
  say "installing wasm-bindgen-cli $WB_VERSION (about 5 min on 2 cores)"
  # Not --locked: a locked dependency of the CLI is missing from the registry mirror.
  cargo install wasm-bindgen-cli --version "$WB_VERSION" --force
fi

# `cargo install --list` names each installed crate with its version.
installed() { cargo install --list 2>/dev/null | grep -q "^$1 v$2:"; }

if [ "${WANT_PROFILE:-0}" = 1 ] && ! twiggy --version 2>/dev/null | grep -q " $TWIGGY_VERSION\$"; then
  say "installing twiggy $TWIGGY_VERSION (wasm size profile; about 3 min on 2 cores)"
  cargo install twiggy --version "$TWIGGY_VERSION" --locked
fi

# wasm-opt from npm's binaryen (version 132): Debian's binaryen 108 corrupts the externref
# table that wasm-bindgen 0.2.130 emits. Scripts put scripts/node_modules/.bin on PATH.
# esbuild minifies the site's JavaScript and CSS (scripts/site.mjs).
# npm packages: installed again whenever the lock file changed since the last install.
npm_stamp() { sha256sum "$1/package-lock.json" | cut -d' ' -f1; }
npm_current() { [ -f "$1/node_modules/.ws-lock" ] && [ "$(cat "$1/node_modules/.ws-lock")" = "$(npm_stamp "$1")" ]; }
if ! npm_current scripts || [ ! -x scripts/node_modules/.bin/wasm-opt ]; then
  say "installing wasm-opt (npm binaryen) and esbuild, as scripts/package-lock.json pins them"
  (cd scripts && npm ci --no-audit --no-fund --silent)
  npm_stamp scripts > scripts/node_modules/.ws-lock
fi

if [ "$WANT_BROWSER" = 1 ] && { ! npm_current tests/e2e || [ ! -d tests/e2e/node_modules/playwright-core ]; }; then
  say "installing playwright-core and axe-core (npm; uses Debian's chromium, downloads no browser)"
  (cd tests/e2e && npm ci --no-audit --no-fund --silent)
  npm_stamp tests/e2e > tests/e2e/node_modules/.ws-lock
fi
# The LMS import checks (tests/e2e/lms_check.py): Python packages from PyPI in a venv of their own,
# installed again whenever tests/e2e/requirements.txt changed.
if [ "$WANT_BROWSER" = 1 ]; then
  py_stamp=$(sha256sum tests/e2e/requirements.txt | cut -d' ' -f1)
  if [ ! -x tests/e2e/.venv/bin/python ] || [ "$(cat tests/e2e/.venv/.ws-req 2>/dev/null)" != "$py_stamp" ]; then
    say "installing pyslet and moodle-xml-parser (PyPI) into tests/e2e/.venv"
    python3 -m venv tests/e2e/.venv
    tests/e2e/.venv/bin/pip install --quiet --disable-pip-version-check -r tests/e2e/requirements.txt
    echo "$py_stamp" > tests/e2e/.venv/.ws-req
  fi
fi
say "ready"
