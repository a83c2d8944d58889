# Sourced by the other scripts: make .venv hold this project (editable) with the given extras.
# Re-installs only when pyproject.toml or the extras change, so re-runs are fast.
ensure_venv() {
  local extras="${1:-}" spec="." stamp
  [ -n "$extras" ] && spec=".[$extras]"
  stamp="$(sha256sum pyproject.toml | cut -c1-16)-$extras"
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  if [ "$(cat .venv/.installed 2>/dev/null)" != "$stamp" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$spec"
    echo "$stamp" > .venv/.installed
  fi
}
