#!/usr/bin/env bash
# Serves the release build on http://127.0.0.1:${PORT:-8080}/, builds once, then rebuilds only
# when a file the build reads changes (Trunk.toml's [watch] list). Installs what is missing
# first. The same split build as `make dist` (trunk + its post_build hook, scripts/split.sh);
# no auto-reload script, which the page's CSP would refuse. SERVE_DIST picks the output folder
# (default dist/).
set -euo pipefail
cd "$(dirname "$0")/.."
WANT_BROWSER=0 bash scripts/setup.sh
source scripts/env.sh
PORT=${PORT:-8080}
echo "warpscope: building the release site, then serving it at http://127.0.0.1:$PORT/" >&2
exec trunk serve --release --public-url ./ --serve-base / --no-autoreload --port "$PORT" --dist "${SERVE_DIST:-dist}"
