"""Where a saved game's file is chosen or dropped on the saved-games screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.i18n import t
from pyapp.ui.browser.dom import Prevent, found, h, on


def import_zone(take: Callable[[Any], None]) -> Any:
    """The file chooser and drop zone; ``take(file)`` gets the first file chosen or dropped."""
    chooser = h("input", {"type": "file", "id": "import-file", "accept": ".json,application/json",
                          "class": "visually-hidden-file", "data-testid": "import-file"})
    label = h("label", {"for": "import-file", "class": "button"}, t("saves.import_choose"))
    zone = h("div", {"class": "import-zone", "data-testid": "import-drop"},
             h("h2", {}, t("saves.import")), h("p", {}, t("saves.import_hint")), label, chooser)

    def first(files: Any) -> None:
        if found(files) and files.length:
            take(files.item(0))

    def over(event: Any) -> None:
        zone.classList.add("dragging")

    def dropped(event: Any) -> None:
        zone.classList.remove("dragging")
        first(event.dataTransfer.files if found(event.dataTransfer) else None)

    on(chooser, "change", lambda event: first(chooser.files))
    # the page keeps a dragged file from being opened in the tab, and lets it be dropped here
    on(zone, "dragover", over, prevent=Prevent())
    on(zone, "dragenter", over, prevent=Prevent())
    on(zone, "dragleave", lambda event: zone.classList.remove("dragging"))
    on(zone, "drop", dropped, prevent=Prevent())
    return zone


__all__ = ["import_zone"]
