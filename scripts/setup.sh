#!/usr/bin/env bash
# Installs what building and testing warpscope needs, skipping whatever is already there.
# Needs: rustup's Rust (1.95) and Debian's package repositories. apt-get steps need root;
# without root, install `chromium chromium-driver binaryen` yourself first.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
# wasm-bindgen-cli must match the wasm-bindgen in Cargo.lock exactly.
WB_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock 2>/dev/null || true)
WB_VERSION=${WB_VERSION:-0.2.130}
WANT_BROWSER=${WANT_BROWSER:-1}

say() { printf '[setup] %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "installing rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

need_apt=()
command -v wasm-opt >/dev/null || need_apt+=(binaryen)
if [ "$WANT_BROWSER" = 1 ]; then
  command -v chromium >/dev/null || need_apt+=(chromium)
  command -v chromedriver >/dev/null || need_apt+=(chromium-driver)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  say "installing Debian packages: ${need_apt[*]}"
  if [ "$(id -u)" != 0 ]; then
    echo "[setup] not root: please run 'sudo apt-get install -y ${need_apt[*]}' and retry" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION\$"; then
  say "installing trunk $TRUNK_VERSION (takes ~6 min on 2 cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WB_VERSION\$"; then
  say "installing wasm-bindgen-cli $WB_VERSION (takes ~5 min on 2 cores)"
  # Not --locked: a locked dependency of the CLI is missing from the registry mirror.
  cargo install wasm-bindgen-cli --version "$WB_VERSION" --force
fi

if [ "$WANT_BROWSER" = 1 ] && [ -f tests/e2e/package.json ] && [ ! -d tests/e2e/node_modules/playwright-core ]; then
  say "installing playwright-core (npm)"
  (cd tests/e2e && npm ci --no-audit --no-fund --silent)
fi
say "ready"
