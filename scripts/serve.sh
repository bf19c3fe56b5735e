#!/usr/bin/env bash
# Serves the release build on http://127.0.0.1:${PORT:-8080}/ (installs what is missing first).
set -euo pipefail
cd "$(dirname "$0")/.."
WANT_BROWSER=0 bash scripts/setup.sh
source scripts/env.sh
PORT=${PORT:-8080}
echo "warpscope: building the release site, then serving it at http://127.0.0.1:$PORT/" >&2
exec trunk serve --release --port "$PORT"
