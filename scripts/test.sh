#!/usr/bin/env bash
# Fresh machine -> every test: pytest (engine tests and doctests), then the browser suite.
# Installs Debian's chromium when missing (as root); CHROMIUM_PATH points at another one.
set -euo pipefail
cd "$(dirname "$0")/.."

export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM_PATH" ]; then
  if [ "$CHROMIUM_PATH" = /usr/bin/chromium ] && command -v apt-get >/dev/null; then
    echo "test: installing Debian's chromium"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "test: no Chromium at $CHROMIUM_PATH (set CHROMIUM_PATH)" >&2
    exit 1
  fi
fi

source scripts/venv.sh
ensure_venv test
bash scripts/build.sh

# Both suites always run; any non-zero exit fails the whole run, exit code 5 (no test
# collected) included.
status=0
.venv/bin/python -m pytest -q || status=$?
E2E_DIST=dist .venv/bin/python -m pytest -q e2e || status=$?
exit "$status"
