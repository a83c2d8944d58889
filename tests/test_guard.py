"""web/guard.js checks stored data before Python starts with the same limits as pyapp.storage."""

from __future__ import annotations

import re
from pathlib import Path

from pyapp.storage import aside, records, safejson, stats

GUARD = (Path(__file__).resolve().parent.parent / "web/guard.js").read_text(encoding="utf-8")


def _constant(name: str) -> str:
    match = re.search(rf"const {name} = ([^;]+);", GUARD)
    assert match, f"guard.js lost {name}"
    return match.group(1).strip()


def test_guard_limits_equal_the_python_ones() -> None:
    assert int(_constant("MAX_DEPTH")) == safejson.MAX_DEPTH
    assert int(_constant("MAX_RECORD_CHARS")) == records.MAX_RECORD_CHARS
    assert int(_constant("MAX_STATS_CHARS")) == stats.MAX_STATS_CHARS
    assert _constant("ASIDE_PREFIX") == f'"{aside.ASIDE_PREFIX}"'
    assert _constant("READING_KEY") == f'"{aside.READING_KEY}"'


def test_guard_sets_aside_under_the_reasons_python_reads() -> None:
    used = set(re.findall(r'setAside\([^,]+, "(\w+)"\)', GUARD))
    assert used == {"large", "deep", "crashed"} and used <= set(aside.REASONS)
