#!/usr/bin/env bash
# Build dist/ (used by Netlify and by the other scripts). Needs python3 >= 3.11 and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
# npm ci only when node_modules is missing or older than the lock (fast re-runs)
if [ ! node_modules/.package-lock.json -nt package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
python3 tools/build.py "$@"
