#!/usr/bin/env bash
# Prints the budgets of DESIGN.md §3: first-load gzip bytes, time to interactive, repaint time.
set -euo pipefail
cd "$(dirname "$0")/.."
WANT_BROWSER=1 bash scripts/dist.sh
source scripts/env.sh
cd tests/e2e && node bench.mjs
