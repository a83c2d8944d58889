"""Key-value backends for saved games.

The browser's ``localStorage`` is wrapped in :mod:`pyapp.ui` (the only layer
that may touch ``js``); :class:`MemoryBackend` is its in-memory twin, with a
quota so tests can fill it up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class StorageError(Exception):
    """Saving or reading failed; ``key`` names the message to show the player."""

    key = "storage.error"


class StorageFull(StorageError):
    """The store has no room for what was written; nothing was changed."""

    key = "storage.full"


class StorageUnavailable(StorageError):
    """There is no store at all: the browser gives the site none (storage disabled, a sandboxed frame)."""

    key = "storage.unavailable"


class StorageRefused(StorageError):
    """The store is there but refused this write for another reason than room (a browser's security rule)."""

    key = "storage.refused"


class StaleRecord(StorageError):
    """What a guarded write expected is no longer stored: another writer came first, nothing was written."""

    key = "storage.stale"


Answered = Callable[[StorageError | None], None]
"""Told once a write is final: None when it is stored, else why it was refused (the backend now reads the truth)."""


class Backend(Protocol):
    """The four operations the save store needs from ``localStorage``."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None:
        """Store ``value``; raise ``StorageFull`` without changing anything if it does not fit."""

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...

    def put(self, items: dict[str, str | None], *, expect: dict[str, str | None], lock: str | None,
            answered: Answered | None = None) -> None:
        """Write ``items`` together (None removes) only if every key of ``expect`` still holds its value.

        ``lock`` names what the check and the write run under, so that no other tab writes between
        them.  A refusal known now is raised (``StaleRecord``, ``StorageFull``…); a backend that learns
        the outcome later (the page's storage, :mod:`pyapp.ui.browser.page_storage`) calls ``answered`` then,
        the others call it with None before returning.
        """


def put_now(backend: Backend, items: dict[str, str | None], expect: dict[str, str | None]) -> None:
    """:meth:`Backend.put` for a backend whose writes are done when they return: check, then write all or none."""
    for key, value in expect.items():
        if backend.get(key) != value:
            raise StaleRecord(f"{key!r} was written meanwhile")
    before = {key: backend.get(key) for key in items}
    try:
        for key, value in items.items():
            if value is None:
                backend.remove(key)
            else:
                backend.set(key, value)
    except StorageError:
        for key, value in before.items():
            if value is None:
                backend.remove(key)
            else:
                backend.set(key, value)
        raise


class MemoryBackend:
    """A dict with ``localStorage``'s behaviour, for CPython tests.

    ``quota`` counts characters of keys and values, as browsers roughly do.

    >>> store = MemoryBackend(quota=10)
    >>> store.set("a", "12345")
    >>> store.set("b", "1234567890")
    Traceback (most recent call last):
    ...
    pyapp.storage.backends.StorageFull: no room for 'b'
    >>> store.get("a"), store.get("b")
    ('12345', None)
    """

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(f"no room for {key!r}")
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)

    def put(self, items: dict[str, str | None], *, expect: dict[str, str | None], lock: str | None,
            answered: Answered | None = None) -> None:
        put_now(self, items, expect)
        if answered is not None:
            answered(None)
