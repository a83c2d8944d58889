"""The page's ``localStorage`` for Python in a worker (issues 34, 47): a copy to read, the page the one writer.

A worker has none of its own.  Asking the page for every read made a move wait for the page four
times before it was drawn; the page sends a copy instead (``web/worker_page.js``) and reports
every change this worker did not make.  Writes are messages: the page applies them strictly in
order, a guarded one under a Web Lock that every tab's page takes for that game, so that its
check and its write are one step across tabs (``localStorage`` itself has no lock), and answers each.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

from pyapp.storage.aside import READING_KEY
from pyapp.storage.backends import (
    Answered, StaleRecord, StorageError, StorageFull, StorageRefused, StorageUnavailable,
)
from pyapp.ui.browser.protocol import MSG

REFUSALS: dict[str, type[StorageError]] = {
    "stale": StaleRecord, "full": StorageFull, "refused": StorageRefused, "none": StorageUnavailable,
}
"""The page's reasons for refusing a write (``MSG.STORED``'s ``why``) and the error each is here."""


class PageStorage:
    """The page's ``localStorage`` in the worker: read from a copy, written by the page on request.

    A read costs nothing: the page sent a copy with its snapshot and reports every change that
    this worker did not make (another tab's ``storage`` event, a script of the page's own).  A
    write (:meth:`put`; ``setItem`` and ``removeItem`` are unguarded ones) changes the copy at once
    and is posted as ``MSG.PUT`` (``n``, ``items``, ``if``, ``lock``); the page answers
    ``MSG.STORED`` (``n``), or with ``why`` (see :data:`REFUSALS`) and ``items``, what is stored
    under the keys concerned, which the copy takes: a refused write leaves it equal to the page's.
    While a write to a key is unanswered, a reported change of that key is older than the
    write's answer and is ignored.  The reading mark (:data:`pyapp.storage.aside.READING_KEY`) is
    best-effort by design: posted as ``MSG.STORE`` (``key``, ``value``), unanswered, and the page
    empties a mark it may not remove.  ``items`` None: the page has no storage, and every call fails.
    """

    def __init__(self, items: dict[str, str] | None, post: Callable[[dict[str, Any]], None]) -> None:
        self.items = None if items is None else {str(key): str(value) for key, value in items.items()}
        self._post = post
        self._numbers = itertools.count(1)
        self._unanswered: dict[int, tuple[dict[str, str | None], list[str], Answered | None]] = {}
        self._writing: Counter[str] = Counter()
        """Keys with a write of this worker's not answered yet: how many."""
        self.refused: Callable[[StorageError], None] | None = None
        """Told of a refused write that nobody waits for (no ``answered``): the screen that asked has moved
        on by then (a review kept, a seat remembered, a result counted), so the page says it instead."""

    def _have(self) -> dict[str, str]:
        if self.items is None:
            raise StorageUnavailable("the page has no localStorage")
        return self.items

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self._have().get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self._plain(key, str(value))

    def removeItem(self, key: str) -> None:  # noqa: N802
        self._plain(key, None)

    def _plain(self, key: str, value: str | None) -> None:
        items = self._have()
        if key != READING_KEY:
            self.put({key: value}, expect={}, lock=None)
        elif items.get(key) != value:
            self._post({"k": MSG.STORE, "key": key, "value": value})
            self._set(key, value)

    def put(self, items: dict[str, str | None], *, expect: dict[str, str | None], lock: str | None,
            answered: Answered | None = None) -> None:
        """Ask the page to write ``items`` if ``expect`` is still stored (see :meth:`pyapp.storage.Backend.put`).

        ``StaleRecord`` now if the copy already differs from ``expect``; writing what the copy
        holds already, unguarded, is nothing (answered at once)."""
        have = self._have()
        for key, value in expect.items():
            if have.get(key) != value:
                raise StaleRecord(f"{key!r} was written meanwhile")
        if not expect and all(have.get(key) == value for key, value in items.items()):
            if answered is not None:
                answered(None)
            return
        number = next(self._numbers)
        self._post({"k": MSG.PUT, "n": number, "items": items, "if": expect, "lock": lock})
        for key, value in items.items():
            self._writing[key] += 1
            self._set(key, value)
        self._unanswered[number] = (items, list(expect), answered)

    def answer(self, message: dict[str, Any]) -> None:
        """The page's answer to write ``n``: the copy takes what it says is stored, then the writer hears."""
        items, guarded, answered = self._unanswered.pop(int(message["n"]))
        for key in items:
            self._writing[key] -= 1
            if not self._writing[key]:
                del self._writing[key]
        why = message.get("why")
        error = None if why is None else REFUSALS.get(str(why), StorageRefused)(f"the page refused: {why}")
        if why == "none":
            self.items = None
        elif why is not None:
            stored = message.get("items") or {}
            for key in [*items, *guarded]:
                if key in stored and key not in self._writing:
                    self._set(key, stored[key])
        if answered is not None:
            answered(error)
        elif error is not None and self.refused is not None:
            self.refused(error)

    def _set(self, key: str, value: str | None) -> None:
        if self.items is None:
            return
        if value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = str(value)

    def key(self, index: int) -> str | None:
        keys = list(self._have())
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self._have())

    def changed(self, message: dict[str, Any]) -> None:
        """The page's storage changed (``{"key", "value"}``, value None for a removal; ``{"all"}`` after a clear).

        A key this worker is writing keeps the copy's value: the write's answer says what is stored."""
        if "all" in message:
            if message["all"] is None:
                self.items = None
                return
            mine = {key: value for key, value in (self.items or {}).items() if key in self._writing}
            self.items = {str(k): str(v) for k, v in message["all"].items() if k not in self._writing} | mine
        elif str(message["key"]) not in self._writing:
            self._set(str(message["key"]), message.get("value"))


__all__ = ["PageStorage", "REFUSALS"]
