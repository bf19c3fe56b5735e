# Sourced by the scripts: the tool versions the build pins, and the npm-installed tools
# (wasm-opt from binaryen, esbuild) first on PATH.
#
# The dated nightly the site's wasm build uses (scripts/split.sh): it rebuilds the standard
# library (-Zbuild-std) with `-Cpanic=immediate-abort`, both unstable. Everything else uses
# rust-toolchain.toml's stable.
export SITE_TOOLCHAIN=nightly-2026-10-29
export PATH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/node_modules/.bin:$HOME/.cargo/bin:$PATH"
