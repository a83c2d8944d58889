"""The language switch in the top bar: English or Korean, remembered in localStorage.

``web/boot.js`` picks the language before Python starts (the stored choice,
else the browser's ``navigator.languages``, else English) and uses the same
storage key, so a choice made here also applies to the next visit's static
shell.  Switching redraws the shell's static strings and the current view in
place (a game on the table goes on: ``pyapp.ui.shell.router.redraw``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp import i18n
from pyapp.i18n import t
from pyapp.storage.prefs import LANGUAGE_KEY
from pyapp.ui.browser import page
from pyapp.ui.browser.dom import h, on

_select: Any = None


def refresh_static() -> None:
    """Re-translate the elements index.html marks with ``data-i18n`` and the switch's own label.

    Only texts that differ are written: a text written again is painted again, and at
    Python's start that late paint of the picker became the largest contentful paint.
    """
    for element in page.find_all("[data-i18n]"):
        text = t(str(element.dataset.i18n))
        if element.textContent != text:
            element.textContent = text
    if _select is not None:
        label = t("lang.label")
        for name in ("aria-label", "title"):
            if _select.getAttribute(name) != label:
                _select.setAttribute(name, label)


def switch(code: str, redraw: Callable[[], None]) -> None:
    """Use ``code`` from now on, remember it, and redraw everything visible."""
    if code not in i18n.LANGUAGES or code == i18n.language():
        return
    i18n.set_language(code)
    page.set_root_attribute("lang", code)
    page.remember(LANGUAGE_KEY, code)
    refresh_static()
    redraw()


def install(bar: Any, redraw: Callable[[], None]) -> Any:
    """Put the switch at the end of ``bar`` (the top bar); ``redraw`` draws the current view again."""
    global _select
    options = [
        h("option", {"value": code, "lang": code, "selected": code == i18n.language()}, i18n.LANGUAGE_NAMES[code])
        for code in i18n.LANGUAGES
    ]
    _select = h("select", {"class": "language", "data-testid": "language", "aria-label": t("lang.label"), "title": t("lang.label")}, options)
    on(_select, "change", lambda _event: switch(str(_select.value), redraw))
    bar.append(_select)
    return _select
