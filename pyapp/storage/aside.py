"""Stored values set aside because they could not be read safely: moved, never deleted.

A value is set aside by copying it under ``pyapp.aside.<reason>.<ms>.<key>``
and only then removing the original, so a failure half-way leaves two
copies, never none.  ``web/guard.js`` does the same before Python starts (for
text too large or nested too deeply, and for the record whose reading took
Python down, named by the :data:`READING_KEY` marker); the statistics are set
aside here when they fail their checks.  The saved-games screen lists what
was set aside, with the reason, to export as it was or to delete.

>>> from pyapp.storage.backends import MemoryBackend
>>> backend = MemoryBackend()
>>> backend.set("pyapp.stats", "[[[")
>>> set_aside(backend, "pyapp.stats", "damaged", now=1.5)
'pyapp.aside.damaged.1500.pyapp.stats'
>>> [(item.original, item.reason, item.kind) for item in asides(backend)], backend.get("pyapp.stats")
([('pyapp.stats', 'damaged', 'stats')], None)
>>> put_back(backend, asides(backend)[0]), backend.get("pyapp.stats"), asides(backend)
(True, '[[[', [])
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from pyapp.storage.backends import Backend, StorageError

ASIDE_PREFIX = "pyapp.aside."
READING_KEY = "pyapp.reading"
"""Holds the key of the record being parsed while it is parsed (see :func:`reading`)."""
REASONS = ("large", "deep", "crashed", "damaged")
"""Why a value was set aside: too large, nested too deeply, Python stopped while reading it,
or it failed its checks (statistics)."""


@dataclass(frozen=True)
class Aside:
    """One value set aside: where it lies now, where it came from, and why."""

    key: str
    original: str
    reason: str
    when: float
    """Seconds since 1970 when it was set aside."""

    @property
    def kind(self) -> str:
        """What the value was: ``save``, ``current``, ``stats``, ``setting``, ``language`` or ``other``."""
        for prefix, kind in (("pyapp.save.", "save"), ("pyapp.setting.", "setting")):
            if self.original.startswith(prefix):
                return kind
        return {"pyapp.current": "current", "pyapp.stats": "stats", "pyapp.language": "language"}.get(
            self.original, "other")


def parse_key(key: str) -> Aside | None:
    """The :class:`Aside` a stored key names, or None if it is not one.

    >>> parse_key("pyapp.aside.deep.1700000000000.pyapp.save.a.b")
    Aside(key='pyapp.aside.deep.1700000000000.pyapp.save.a.b', original='pyapp.save.a.b', reason='deep', when=1700000000.0)
    >>> parse_key("pyapp.aside.bogus.1.x") is None
    True
    """
    if not key.startswith(ASIDE_PREFIX):
        return None
    parts = key[len(ASIDE_PREFIX):].split(".", 2)
    if len(parts) != 3 or parts[0] not in REASONS or not parts[1].isdigit() or not parts[2]:
        return None
    return Aside(key, parts[2], parts[0], int(parts[1]) / 1000)


def set_aside(backend: Backend, key: str, reason: str, *, now: float) -> str | None:
    """Move ``key``'s value aside (copy first, then remove); returns the new key, None if nothing was there.

    ``StorageFull`` from the copy leaves the original in place.
    """
    value = backend.get(key)
    if value is None:
        return None
    stamp = int(now * 1000)
    while backend.get(target := f"{ASIDE_PREFIX}{reason}.{stamp}.{key}") is not None:
        stamp += 1  # never overwrite an earlier copy of the same key
    backend.set(target, value)
    backend.remove(key)
    return target


def put_back(backend: Backend, item: Aside) -> bool:
    """Move a value set aside back where it was; False (nothing changed) if that key is taken again."""
    value = backend.get(item.key)
    if value is None or backend.get(item.original) is not None:
        return False
    backend.set(item.original, value)
    backend.remove(item.key)
    return True


def asides(backend: Backend) -> list[Aside]:
    """Everything set aside, newest first."""
    found = [item for item in map(parse_key, backend.keys()) if item is not None]
    return sorted(found, key=lambda item: item.when, reverse=True)


@contextmanager
def reading(backend: Backend, key: str) -> Iterator[None]:
    """Leave ``key`` under :data:`READING_KEY` while the body parses it.

    A Python exception clears the mark; a crash of the whole interpreter (which
    no ``finally`` survives) leaves it, so the next start knows which record to
    set aside.  A store too full for the mark reads without it; one that
    refuses the removal gets an empty mark, which names no record.
    """
    try:
        backend.set(READING_KEY, key)
    except StorageError:
        yield
        return
    try:
        yield
    finally:
        _clear_mark(backend)


def _clear_mark(backend: Backend) -> None:
    """Take the reading mark away; a page that survived its reading never leaves it behind."""
    try:
        backend.remove(READING_KEY)
    except StorageError:
        try:
            backend.set(READING_KEY, "")
        except StorageError:
            pass  # the storage refuses everything now: the next start sets the record aside, never deletes it


__all__ = ["ASIDE_PREFIX", "Aside", "READING_KEY", "REASONS", "asides", "parse_key", "put_back", "reading", "set_aside"]
