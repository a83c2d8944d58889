"""A modal dialog that asks before something is deleted."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.i18n import t
from pyapp.ui.browser.dom import h, on


def confirm(root: Any, title: str, text: str, action: Callable[[], None]) -> None:
    """Ask in a modal dialog appended to ``root``; ``action`` runs on confirmation, Cancel is focused first."""
    yes = h("button", {"type": "button", "class": "danger", "data-testid": "confirm-delete"}, t("saves.delete_confirm"))
    cancel = h("button", {"type": "button", "data-testid": "cancel-delete"}, t("saves.cancel"))
    dialog = h("dialog", {"class": "confirm", "data-testid": "delete-dialog", "aria-labelledby": "delete-title"},
               h("h2", {"id": "delete-title"}, title),
               h("p", {}, text),
               h("div", {"class": "dialog-actions"}, cancel, yes))

    def close(event: Any = None) -> None:
        dialog.close()
        dialog.remove()

    def really(event: Any) -> None:
        close()
        action()

    on(cancel, "click", close)
    on(yes, "click", really)
    on(dialog, "cancel", lambda e: dialog.remove())
    root.append(dialog)
    dialog.showModal()
    cancel.focus()


__all__ = ["confirm"]
