"""The picker's link to the saved-games screen (kept apart from ``saves`` so boot stays light)."""

from __future__ import annotations

from typing import Any

from pyapp.i18n import t
from pyapp.ui import routes
from pyapp.ui.dom import h


def add_to_picker(views: Any) -> None:
    """Make the shell's picker view end with a link to ``#/saves``."""
    original = views.picker

    def picker(root: Any, params: dict[str, str]) -> None:
        original(root, params)
        section = root.querySelector('[data-testid="picker"]') or root
        section.append(h("p", {"class": "picker-saves"},
                         h("a", {"class": "button secondary", "href": routes.href("saves"), "data-testid": "saves-link"},
                           t("saves.link"))))

    views.picker = picker
