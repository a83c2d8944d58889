"""Stored data set aside (:mod:`pyapp.storage.aside`) on the saved-games screen: export, put back, delete."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.i18n import t
from pyapp.storage.aside import Aside, asides, put_back
from pyapp.storage.backends import Backend, StorageError
from pyapp.ui.browser.dom import button, h, local_date

Say = Callable[..., None]
"""The screen's notice: ``say(text, kind="ok" | "error")``."""


class AsideList:
    """The section listing what was set aside; ``ask(title, text, action)`` confirms a deletion first."""

    def __init__(self, backend: Backend, *, say: Say, ask: Callable[[str, str, Callable[[], None]], None],
                 export_raw: Callable[[str], None]) -> None:
        self.backend, self.say, self.ask, self.export_raw = backend, say, ask, export_raw

    def section(self) -> Any:
        """Hidden when nothing is set aside (or the storage cannot list it)."""
        section = h("section", {"class": "asides", "data-testid": "asides"})
        try:
            items = asides(self.backend)
        except StorageError:
            items = []
        if not items:
            section.hidden = True
            return section
        section.append(h("h2", {}, t("saves.asides")), h("p", {}, t("saves.asides_intro")),
                       h("ul", {"class": "save-list"}, *[self._row(item) for item in items]))
        return section

    def _row(self, item: Aside) -> Any:
        kind = t(f"saves.aside_kind.{item.kind}")
        try:
            size = len(self.backend.get(item.key) or "")
        except StorageError:
            size = 0
        line = t("saves.aside_line", kind=kind, reason=t(f"saves.aside_reason.{item.reason}"), size=f"{size:,}",
                 date=local_date(item.when))
        actions = h("div", {"class": "save-actions"},
                    button(t("saves.export_raw"), "aside-export", lambda e: self.export_raw(item.key)))
        if item.reason == "crashed":  # it may have been fine (the page closed while reading it): let it be tried again
            actions.append(button(t("saves.aside_restore"), "aside-restore", lambda e: self._put_back(item, kind)))
        actions.append(button(t("saves.delete"), "aside-delete", lambda e: self.ask(
            t("saves.aside_delete_title"), t("saves.aside_delete_text", kind=kind), lambda: self._forget(item, kind))))
        return h("li", {"class": "save-item broken", "data-testid": "aside", "data-key": item.original,
                        "data-reason": item.reason}, h("p", {"class": "error"}, line), actions)

    def _put_back(self, item: Aside, kind: str) -> None:
        """Back where it was, only if nothing is stored there now (a newer record is never replaced)."""
        try:
            done = put_back(self.backend, item)
        except StorageError as error:
            self.say(t(error.key), "error")
            return
        self.say(t("saves.aside_restored", kind=kind) if done else t("saves.aside_taken", kind=kind),
                 "ok" if done else "error")

    def _forget(self, item: Aside, kind: str) -> None:
        self.backend.remove(item.key)
        self.say(t("saves.aside_deleted", kind=kind))


__all__ = ["AsideList"]
