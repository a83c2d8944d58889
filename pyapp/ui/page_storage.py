"""The page's ``localStorage`` for Python in a worker (issue 34): a copy to read, the page's to write.

A worker has none of its own.  Asking the page for every read (PyScript's synchronous bridge)
made a move wait for the page four times before it was drawn; the page sends a copy instead
(``web/worker_page.js``) and reports every change this worker did not make.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.storage.aside import READING_KEY


class PageStorage:
    """The page's ``localStorage`` in the worker: read from a copy, written through to the page.

    A read costs nothing: the page sent a copy with its snapshot and reports every change that
    this worker did not make (another tab's ``storage`` event, a script of the page's own).  A
    write waits for the page (``write``, through the synchronous bridge), so a full store refuses
    it here as there; writing the value already stored is nothing, on the page too.  The
    reading mark (:data:`pyapp.storage.aside.READING_KEY`) is best-effort by design: it is
    posted (``post``) without waiting, ahead of the parse it guards, and the page empties a mark it
    may not remove, as :func:`pyapp.storage.aside.reading` would.  ``items`` None: the page
    has no storage, and every call fails as the page's would.
    """

    def __init__(self, items: dict[str, str] | None, write: Callable[[str, str | None], None],
                 post: Callable[[dict[str, Any]], None]) -> None:
        self.items = None if items is None else {str(key): str(value) for key, value in items.items()}
        self._write = write
        self._post = post

    def _have(self) -> dict[str, str]:
        if self.items is None:
            raise RuntimeError("SecurityError: the page has no localStorage")
        return self.items

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self._have().get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self._put(key, str(value))

    def removeItem(self, key: str) -> None:  # noqa: N802
        self._put(key, None)

    def _put(self, key: str, value: str | None) -> None:
        items = self._have()
        if items.get(key) == value:
            return
        if key == READING_KEY:
            self._post({"k": "store", "key": key, "value": value})
        else:
            self._write(key, value)
        if value is None:
            items.pop(key, None)
        else:
            items[key] = value

    def key(self, index: int) -> str | None:
        keys = list(self._have())
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self._have())

    def changed(self, message: dict[str, Any]) -> None:
        """The page's storage changed (``{"key", "value"}``, value None for a removal; ``{"all"}`` after a clear)."""
        if "all" in message:
            self.items = None if message["all"] is None else {str(k): str(v) for k, v in message["all"].items()}
        elif self.items is not None:
            key, value = str(message["key"]), message.get("value")
            if value is None:
                self.items.pop(key, None)
            else:
                self.items[key] = str(value)


__all__ = ["PageStorage"]
