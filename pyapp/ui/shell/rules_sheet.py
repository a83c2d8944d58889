"""A game's rules one tap away: the rules page in a modal dialog over its table.

The dialog is built when opened (the rules page holds live demos) and
emptied when closed; it lives beside the table, not in it, so a redraw of the
table leaves it alone.  While it is open the table holds its computers
(:meth:`pyapp.ui.table.table.Table.hold`); closing gives back the focus and the
page's scroll as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


from pyapp.i18n import t
from pyapp.ui.browser import page
from pyapp.ui.browser.dom import clear, found, h, on
from pyapp.ui.shell.rules import rules_article


class RulesSheet:
    """The Rules button of a table's free slot and the dialog it opens."""

    def __init__(self, root: Any, game: str, hold: Callable[[bool], None]) -> None:
        self.game = game
        self.hold = hold
        self.scroll = 0.0
        self.dialog = h("dialog", {"class": "sheet rules-sheet", "data-testid": "rules-sheet",
                                   "aria-labelledby": "rules-sheet-title"})
        on(self.dialog, "close", self._closed)
        root.append(self.dialog)

    def button(self) -> Any:
        """A new Rules button (each drawing of the table makes its own)."""
        button = h("button", {"type": "button", "class": "sheet-open", "data-testid": "rules-open",
                              "aria-haspopup": "dialog"}, t("table.rules"))
        on(button, "click", lambda event: self.open())
        return button

    def open(self) -> None:
        self.hold(True)
        self.scroll = page.scroll_y()
        close = h("button", {"type": "button", "class": "primary", "data-testid": "rules-sheet-close"}, t("sheet.close"))
        on(close, "click", lambda event: self.dialog.close())
        title = h("h2", {"id": "rules-sheet-title", "tabindex": "-1"}, t("rules.page_title", game=t(f"game.{self.game}")))
        self.dialog.append(title, rules_article(self.game), h("div", {"class": "sheet-actions"}, close))
        self.dialog.showModal()
        title.focus()  # the rules are read from the top

    def _closed(self, event: Any) -> None:
        """Back to the table as it was: the content goes, the computers go on, focus and scroll return."""
        clear(self.dialog)
        page.scroll_to(self.scroll)
        opener = page.find("[data-testid=rules-open]")
        if found(opener):
            opener.focus()
        self.hold(False)
