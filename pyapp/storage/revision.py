"""A record's revision: the order of its writes, so that a stale copy never overwrites a newer one.

Every write raises ``revision`` by one and goes through only when the stored
revision is still the one the writer read (compare-and-set, :meth:`SaveStore.write`).
``history_revision`` is the revision of the last write that changed the game's
history (a move, an undo, a hint counted): the autosave of a table refuses to
write over a history it did not see, yet takes a name given meanwhile by a
rename, which raises only ``revision``.

>>> check_revisions({"revision": 4, "history_revision": 2})
(4, 2)
>>> check_revisions({"revision": 1, "history_revision": 2}) is None
True
"""

from __future__ import annotations

from typing import Any

MAX_REVISION = 2**53 - 1
"""The largest revision JavaScript's numbers hold exactly (far beyond any real number of writes)."""


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_REVISION


def check_revisions(record: dict[str, Any]) -> tuple[int, int] | None:
    """``(revision, history_revision)`` of a decoded record if well-formed, else None."""
    revision, history = record.get("revision"), record.get("history_revision")
    if not (_count(revision) and _count(history) and history <= revision):
        return None
    return revision, history


def next_revision(stored: int | None) -> int:
    """The revision a write gives a record whose stored revision is ``stored`` (None: not stored yet)."""
    return 0 if stored is None else min(stored + 1, MAX_REVISION)


__all__ = ["MAX_REVISION", "check_revisions", "next_revision"]
