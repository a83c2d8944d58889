"""A page-wide alert for a write the page refused after the screen that asked had moved on (issue 47).

The page is the one writer of ``localStorage`` (:mod:`pyapp.ui.browser.page_storage`): a write is
answered later, by message.  A table waits for its autosave's answer; a kept review, a
friend's remembered seat or a counted result do not, so their refusal is said here, above
the view, naming its cause, until the person closes it or another refusal replaces it.
"""

from __future__ import annotations

from typing import Any

from pyapp.i18n import t
from pyapp.storage.backends import StorageError, StorageFull, StorageUnavailable
from pyapp.ui.browser import page
from pyapp.ui.browser.dom import found, h, on
from pyapp.ui.browser.page_storage import PageStorage


def message_key(error: StorageError) -> str:
    """The alert's words for ``error``: full, gone, or refused (a stale write is a refusal too)."""
    if isinstance(error, StorageFull):
        return "storage.late.full"
    return "storage.late.unavailable" if isinstance(error, StorageUnavailable) else "storage.late.refused"


def show(holder: Any, error: StorageError) -> None:
    """Put the alert for ``error`` in ``holder`` (the page's notices, just above the view), in place of the last."""
    key = message_key(error)
    close = h("button", {"type": "button", "data-testid": "storage-late-close"}, t("sheet.close"))
    alert = h("div", {"class": "storage-late", "role": "alert", "data-testid": "storage-late",
                      "data-cause": key.rsplit(".", 1)[1]}, h("p", {}, t(key)), close)
    on(close, "click", lambda _event: alert.remove())
    holder.replaceChildren(alert)


def install(holder: Any) -> None:
    """Say every unwaited-for refusal of the page's storage in ``holder`` (the worker's storage only)."""
    store = page.local_storage()
    if isinstance(store, PageStorage) and found(holder):
        store.refused = lambda error: show(holder, error)
