# Sourced by the other scripts: make .venv hold this project (editable) with the given extras.
# Re-installs only when pyproject.toml changed or the extras are new, so re-runs are fast;
# an install with the test extras also satisfies a plain one.
ensure_venv() {
  local extras="${1:-}" spec="." hash stamp
  [ -n "$extras" ] && spec=".[$extras]"
  hash="$(sha256sum pyproject.toml | cut -c1-16)"
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  for stamp in ".venv/.installed-$extras" .venv/.installed-test; do
    if [ "$(cat "$stamp" 2>/dev/null)" = "$hash" ] && { [ -z "$extras" ] || [ "$stamp" = ".venv/.installed-$extras" ]; }; then
      return 0
    fi
  done
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$spec"
  echo "$hash" > ".venv/.installed-$extras"
}
