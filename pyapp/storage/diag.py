"""The diagnostic record: what the table's watchdog saw when it restarted the computers (issue 47).

A stored kind of its own (``pyapp.diag``), a JSON list of small entries, newest
last.  It is bounded: when an entry would take it over :data:`MAX_DIAG_CHARS`
the oldest entries go, so a table that keeps stalling can never fill the
store.  It is written for people to read when a game hung (the console says
the same); nothing in the app reads it back except to append.  Writing it must
never break the table: a full or missing store, or a record that is not ours,
only loses the diagnosis.

>>> from pyapp.storage.backends import MemoryBackend
>>> backend = MemoryBackend()
>>> add_entry(backend, {"state": "computer"}); add_entry(backend, {"state": "computer", "n": 2})
>>> [entry.get("n") for entry in read_entries(backend)]
[None, 2]
"""

from __future__ import annotations

import json
from typing import Any

from pyapp.storage.backends import Backend, StorageError
from pyapp.storage.safejson import UnsafeJSON, loads

DIAG_KEY = "pyapp.diag"
"""The record's key in ``localStorage``."""
MAX_DIAG_CHARS = 20_000
"""The most the record holds, in characters (about twenty stalls' worth)."""


def read_entries(backend: Backend) -> list[dict[str, Any]]:
    """The stored entries, oldest first; none when the record is missing or not a list of objects."""
    try:
        text = backend.get(DIAG_KEY)
        found = loads(text, max_chars=MAX_DIAG_CHARS) if text is not None else []
    except (StorageError, UnsafeJSON):
        return []
    return [entry for entry in found if isinstance(entry, dict)] if isinstance(found, list) else []


def add_entry(backend: Backend, entry: dict[str, Any]) -> None:
    """Append ``entry``, dropping the oldest entries while the record would exceed :data:`MAX_DIAG_CHARS`.

    An entry too large to fit on its own is not stored; a storage failure is ignored (see the module)."""
    entries = [*read_entries(backend), entry]
    text = _text(entries)
    while len(text) > MAX_DIAG_CHARS and entries:
        entries.pop(0)
        text = _text(entries)
    if not entries:
        return
    try:
        backend.set(DIAG_KEY, text)
    except StorageError:
        pass


def _text(entries: list[dict[str, Any]]) -> str:
    return json.dumps(entries, ensure_ascii=False, separators=(",", ":"))


__all__ = ["DIAG_KEY", "MAX_DIAG_CHARS", "add_entry", "read_entries"]
