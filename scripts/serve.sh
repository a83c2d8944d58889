#!/usr/bin/env bash
# Fresh machine -> the site on http://127.0.0.1:${PORT:-8000}/ (needs python3 >= 3.11, npm).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
ensure_venv ""
bash scripts/build.sh
exec .venv/bin/python tools/serve.py --port "${PORT:-8000}"
