# Sourced by the scripts: puts the npm-installed wasm-opt (binaryen 132) first on PATH.
export PATH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/node_modules/.bin:$HOME/.cargo/bin:$PATH"
