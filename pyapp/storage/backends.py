"""Key-value backends for saved games.

The browser's ``localStorage`` is wrapped in :mod:`pyapp.ui` (the only layer
that may touch ``js``); :class:`MemoryBackend` is its in-memory twin, with a
quota so tests can fill it up.
"""

from __future__ import annotations

from typing import Protocol


class StorageError(Exception):
    """Saving or reading failed; ``key`` names the message to show the player."""

    key = "storage.error"


class StorageFull(StorageError):
    """The store has no room for what was written; nothing was changed."""

    key = "storage.full"


class StorageUnavailable(StorageError):
    """There is no usable store (private mode, storage disabled)."""

    key = "storage.unavailable"


class Backend(Protocol):
    """The four operations the save store needs from ``localStorage``."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None:
        """Store ``value``; raise ``StorageFull`` without changing anything if it does not fit."""

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


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
