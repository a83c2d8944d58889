"""The browser's ``localStorage`` as a :class:`pyapp.storage.Backend`.

Browser failures become the storage module's own errors: a full store
(``QuotaExceededError``) is ``StorageFull``; a missing or forbidden store
(storage disabled, a sandboxed frame) is ``StorageUnavailable``; a write refused
for another reason is ``StorageRefused``.  In the worker the store is the page's
(:class:`pyapp.ui.browser.page_storage.PageStorage`), whose guarded writes the page makes.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pyapp.storage.backends import Answered, StorageFull, StorageRefused, StorageUnavailable, put_now
from pyapp.storage.store import SaveStore
from pyapp.ui.browser.page_storage import PageStorage


def _is_quota_error(error: Exception) -> bool:
    text = str(error)
    return "QuotaExceeded" in text or "quota" in text.lower()


class LocalStorageBackend:
    """Reads and writes ``window.localStorage``, translating its failures."""

    def __init__(self, store: Any = None) -> None:
        """Over ``store``, by default the page's ``localStorage`` (a stand-in in the Pyodide tests under Node)."""
        try:
            if store is None:
                from pyscript import window  # noqa: PLC0415  (the page's, through the worker's bridge)

                store = window.localStorage
            self.store = store
            self.store.getItem("pyapp.probe")
        except Exception as error:  # the browser raises a JS SecurityError here
            raise StorageUnavailable(str(error)) from None

    def get(self, key: str) -> str | None:
        """The stored text, or None for a missing key (JavaScript's null is ``jsnull``, not None, in Pyodide)."""
        try:
            value = self.store.getItem(key)
        except Exception as error:
            raise StorageUnavailable(str(error)) from None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            self.store.setItem(key, value)
        except Exception as error:
            if _is_quota_error(error):
                raise StorageFull(f"no room for {key!r}") from None
            raise StorageRefused(str(error)) from None

    def remove(self, key: str) -> None:
        try:
            self.store.removeItem(key)
        except Exception as error:
            raise StorageUnavailable(str(error)) from None

    def keys(self) -> list[str]:
        try:
            return [str(self.store.key(i)) for i in range(int(self.store.length))]
        except Exception as error:
            raise StorageUnavailable(str(error)) from None

    def put(self, items: dict[str, str | None], *, expect: dict[str, str | None], lock: str | None,
            answered: Answered | None = None) -> None:
        """The page checks and writes (and answers) the worker's guarded writes; a plain store is written now."""
        if isinstance(self.store, PageStorage):
            self.store.put(items, expect=expect, lock=lock, answered=answered)
            return
        put_now(self, items, expect)
        if answered is not None:
            answered(None)


@cache
def shared_store() -> SaveStore | None:
    """The page's one save store, or None when the browser allows no storage."""
    try:
        return SaveStore(LocalStorageBackend())
    except StorageUnavailable:
        return None
