"""web/guard.js checks stored data before Python starts with the same limits as pyapp.storage."""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import pyapp.storage
from pyapp.storage import aside, records, safejson, stats
from pyapp.storage.kinds import KINDS, OTHER_MAX_CHARS, kind_of, max_chars

GUARD = (Path(__file__).resolve().parent.parent / "web/guard.js").read_text(encoding="utf-8")


def _constant(name: str) -> str:
    match = re.search(rf"const {name} = ([^;]+);", GUARD)
    assert match, f"guard.js lost {name}"
    return match.group(1).strip()


def _guard_rows() -> list[list[object]]:
    return json.loads(_constant("KINDS"))


def test_guard_limits_equal_the_python_ones() -> None:
    assert int(_constant("MAX_DEPTH")) == safejson.MAX_DEPTH
    assert int(_constant("OTHER_MAX_CHARS")) == OTHER_MAX_CHARS
    assert _constant("ASIDE_PREFIX") == f'"{aside.ASIDE_PREFIX}"'
    assert _constant("READING_KEY") == f'"{aside.READING_KEY}"'


def test_guards_table_is_the_declared_table_every_limit_included() -> None:
    expected = [[kind.key, kind.prefix, kind.max_chars] for kind in KINDS]
    rows = ",\n".join(f"    {json.dumps(row)}" for row in expected)
    assert _guard_rows() == expected, f"web/guard.js's KINDS should read:\n{rows}"


def test_the_big_kinds_keep_their_readers_limits() -> None:
    assert max_chars("pyapp.save.x") == records.MAX_RECORD_CHARS and max_chars("pyapp.stats") == stats.MAX_STATS_CHARS
    assert max_chars("pyapp.rev.x") == 32 and max_chars("pyapp.diag") == 20_000


def test_every_key_constant_of_the_storage_is_a_declared_kind() -> None:
    """Each ``*_KEY`` / ``*_PREFIX`` naming a ``pyapp.*`` key in pyapp.storage is in the table (a new one fails here)."""
    found = {}
    for info in pkgutil.iter_modules(pyapp.storage.__path__):
        module = importlib.import_module(f"pyapp.storage.{info.name}")
        for name, value in vars(module).items():
            if re.fullmatch(r"[A-Z_]+_(KEY|PREFIX)", name) and isinstance(value, str) and value.startswith("pyapp."):
                found[f"{info.name}.{name}"] = value
    assert len(found) >= 14
    for name, key in found.items():
        kind = kind_of(key)
        assert kind is not None and kind.key == key, f"{name} = {key!r} is declared in no kind"


@pytest.mark.skipif(shutil.which("node") is None, reason="no Node")
def test_guards_lookup_gives_each_key_the_tables_limit() -> None:
    """guard.js's own ``maxChars``, run under Node, against :func:`max_chars`: exact keys, prefixes, unknown keys."""
    start = GUARD.index("  const KINDS = ")
    lookup = GUARD[start:GUARD.index("  const ASIDE_PREFIX")] + GUARD[GUARD.index("  function maxChars"):]
    lookup = lookup[:lookup.index("\n  }\n", lookup.index("function maxChars")) + 4]
    keys = [kind.key + suffix for kind in KINDS for suffix in ("", "x", ".1")] + ["pyapp.unknown", "pyapp.", "pyapp.dail"]
    script = f"{lookup}\nconsole.log(JSON.stringify({json.dumps(keys)}.map(maxChars)));"
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True, timeout=60).stdout
    assert json.loads(out) == [max_chars(key) for key in keys]


def test_guard_sets_aside_under_the_reasons_python_reads() -> None:
    used = set(re.findall(r'setAside\([^,]+, "(\w+)"\)', GUARD))
    assert used == {"large", "deep", "crashed"} and used <= set(aside.REASONS)

