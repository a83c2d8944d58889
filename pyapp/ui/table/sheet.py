"""Secondary detail of a game table (score sheet, log, previous trick, claimed characters) in a modal dialog.

The table stays one screen: what a player looks up now and then sits behind
a button and opens over the table as a ``<dialog>`` (the browser keeps the
focus inside, Escape closes it and the focus goes back to the button).
"""

from __future__ import annotations

from typing import Any

from pyapp.i18n import t
from pyapp.ui.browser.dom import h, on


def sheet(testid: str, title: str, *content: Any, label: Any = None, side: bool = False) -> list[Any]:
    """A button (``testid``-open, showing ``label`` or ``title``) and the dialog ``testid`` it opens.

    A ``side`` sheet is shown in place as the table's side panel on wide screens (``web/css/cards.css``).
    """
    heading = f"{testid}-title"
    close = h("button", {"type": "button", "class": "primary", "data-testid": f"{testid}-close"}, t("sheet.close"))
    dialog = h("dialog", {"class": "sheet side" if side else "sheet", "data-testid": testid, "aria-labelledby": heading},
               h("h2", {"id": heading}, title), *content, h("div", {"class": "sheet-actions"}, close))
    button = h("button", {"type": "button", "class": "sheet-open", "data-testid": f"{testid}-open",
                          "aria-haspopup": "dialog"}, label if label is not None else title)
    on(button, "click", lambda event: dialog.showModal())
    on(close, "click", lambda event: dialog.close())
    return [button, dialog]
