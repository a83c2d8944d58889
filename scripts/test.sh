#!/usr/bin/env bash
# Fresh machine -> every test: pytest (engine tests and doctests), then the browser suite, then
# friends' browser tests (e2e/friends) inside a network namespace with only loopback up, through
# the test-only tracker of e2e/signal (its own package.json, installed here with --ignore-scripts).
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
if ! command -v ip >/dev/null; then
  missing+=(iproute2)  # `ip link set lo up` inside the friends' tests' network namespace
fi
if ! command -v zbarimg >/dev/null; then
  missing+=(zbar-tools)  # the friends' test reads the invite's QR code from its screenshot
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
if [ ! -f e2e/signal/node_modules/.package-lock.json ] || [ e2e/signal/package-lock.json -nt e2e/signal/node_modules/.package-lock.json ]; then
  echo "test: installing e2e/signal's tracker (npm ci --ignore-scripts)"
  (cd e2e/signal && npm ci --ignore-scripts --no-audit --no-fund)
fi

# Both suites always run; any non-zero exit fails the whole run, exit code 5 (no test
# collected) included. pytest's run includes the Node tests it drives: tests/protocol (the
# page protocol: real games' ops through web/worker_page.js under linkedom), the headers, the guard.
status=0
.venv/bin/python -m pytest -q || status=$?
E2E_DIST=dist .venv/bin/python -m pytest -q e2e || status=$?  # e2e/friends is skipped here
# Friends' tests: no packet may use an address but 127.0.0.1, so they run in a network namespace
# of their own (root, or unprivileged user namespaces). e2e/friends/conftest.py checks it.
if ! why=$(unshare -n true 2>&1); then
  echo "test: e2e/friends needs \`unshare -n\` (a network namespace; run as root): ${why:-unshare failed}" >&2
  status=1
else
  E2E_DIST=dist PYAPP_FRIENDS_E2E=1 unshare -n sh -c 'ip link set lo up && exec .venv/bin/python -m pytest -q e2e/friends' || status=$?
fi
exit "$status"
