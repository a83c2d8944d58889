"""The one table both sides read: every code the page's scripts and the worker's modules name is declared
there, the page applies every declared op, and no side keeps a table of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyapp.ui.browser.protocol import MESSAGES, OPS, SCRIPT_MARKER, fill_script, script_constants

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ("web/worker_page.js", "web/loader.mjs")
MODULES = ("pyapp/ui/worker/mirror.py", "pyapp/ui/worker/worker_page.py", "pyapp/ui/worker/page_services.py", "pyapp/ui/browser/page_storage.py")
NAMED = re.compile(r"\b(OP|MSG)\.([A-Z_]+)\b")


def named(path: str) -> set[tuple[str, str]]:
    return set(NAMED.findall((ROOT / path).read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", SCRIPTS + MODULES)
def test_every_name_a_side_uses_is_declared(path: str) -> None:
    table = {"OP": OPS, "MSG": MESSAGES}
    used = named(path)
    assert used, f"{path} names no code of the protocol"
    assert {(kind, name) for kind, name in used if name not in table[kind]} == set()


def test_the_page_applies_every_declared_op_by_its_name_and_no_other() -> None:
    source = (ROOT / "web/worker_page.js").read_text(encoding="utf-8")
    table = source[source.index("const APPLY = {"):source.index("\n    };", source.index("const APPLY = {"))]
    entries = re.findall(r"^ {6}(\S+?)[:(]", table, re.M)
    assert sorted(entries) == sorted(f"[OP.{name}]" for name in OPS)


def test_no_message_kind_is_written_as_a_literal() -> None:
    """A kind as a string literal beside the table would be a second table (``k: "start"``, ``== "ev"``)."""
    kinds = "|".join(re.escape(kind.code) for kind in MESSAGES.values())
    literal = re.compile(rf"""(?:\bk["']?\s*:\s*|\.k\s*===?\s*|\bkind\s*==\s*|\["k"\]\s*==\s*|kind in \()["']({kinds})["']""")
    for path in SCRIPTS + MODULES:
        assert literal.findall((ROOT / path).read_text(encoding="utf-8")) == [], path


def test_the_build_writes_the_table_in_once_and_refuses_a_script_without_its_line() -> None:
    script = fill_script(f"a;\n{SCRIPT_MARKER}\nb;", "x.js")
    assert script == f"a;\n{script_constants()}\nb;"
    with pytest.raises(ValueError, match="lost its line"):
        fill_script("a;", "x.js")


def test_the_codes_stay_short() -> None:
    """A redraw sends hundreds of ops: a longer code would cost every one of them (bench/worker_mode.py)."""
    assert max(len(kind.code) for kind in OPS.values()) <= 3
