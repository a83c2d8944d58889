#!/usr/bin/env bash
# Fresh machine -> every test: pytest (engine tests and doctests), then the browser suite.
# Installs Debian's chromium and a Korean font (fonts-nanum) when missing (as root);
# CHROMIUM_PATH points at another Chromium. The fit tests measure Korean text, so
# without a Korean font they would measure fallback boxes: e2e/test_korean.py fails then.
set -euo pipefail
cd "$(dirname "$0")/.."

export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
if [ ! -x "$CHROMIUM_PATH" ]; then
  if [ "$CHROMIUM_PATH" = /usr/bin/chromium ] && command -v apt-get >/dev/null; then
    missing+=(chromium)
  else
    echo "test: no Chromium at $CHROMIUM_PATH (set CHROMIUM_PATH)" >&2
    exit 1
  fi
fi
if ! fc-list :lang=ko 2>/dev/null | grep -q .; then
  missing+=(fonts-nanum fontconfig)
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if ! command -v apt-get >/dev/null; then
    echo "test: missing ${missing[*]} and no apt-get to install them" >&2
    exit 1
  fi
  echo "test: installing Debian's ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
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
