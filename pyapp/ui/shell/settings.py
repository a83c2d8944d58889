"""The settings dialog, opened from the top bar: card faces, animations, the computers' pace, a TURN server.

Each choice is stored in ``localStorage`` and applied as a data attribute on
``<html>`` (``data-cards``, ``data-motion``, ``data-pace``) that the style sheets
read, so it holds on every screen and survives a reload.  The attribute is what
is in effect: the dialog shows it even when storage refused the choice, and a
choice made in another tab (or storage cleared there) is followed here.  The
dialog is a modal ``<dialog>``: the browser keeps the focus inside it, Escape
closes it, and the focus goes back to the button that opened it.  The TURN server for
friends' games is a group of typed fields of its own (:mod:`pyapp.ui.shell.turn_setting`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pyapp.drawing import cards
from pyapp.games.dyad.rules import SUIT_SYMBOLS
from pyapp.drawing.tree import node
from pyapp.i18n import t
from pyapp.storage.prefs import SETTING_PREFIX, SETTINGS, setting
from pyapp.ui.browser import page
from pyapp.ui.browser.dom import clear, found, h, on, tree
from pyapp.ui.browser.local_storage import shared_store
from pyapp.ui.shell.turn_setting import group as turn_group

_button: Any = None
_dialog: Any = None

PACE_SECONDS = {"fast": 0.3, "normal": 0.7, "slow": 1.2}
"""The least time between two computer actions on screen (their thinking counts towards it)."""
TEST_PACE = "pyappTestPace"
"""``window.pyappTestPace`` (seconds, set by the e2e suite's init script) overrides the setting: tests run at zero pace."""


def stored(name: str) -> str:
    """The remembered choice for ``name`` (an allowed value), else its default: what a visit starts with."""
    store = shared_store()
    return setting(store.backend if store else None, name)


def current(name: str) -> str:
    """The choice in effect on this page: ``<html data-NAME>`` (set at boot, by the dialog or another tab)."""
    value = page.root_attribute(f"data-{name}")
    return value if value in SETTINGS[name] else stored(name)


def choose(name: str, value: str) -> None:
    """Apply ``value`` now and remember it."""
    if value not in SETTINGS[name]:
        return
    page.set_root_attribute(f"data-{name}", value)
    page.remember(SETTING_PREFIX + name, value)


def pace_seconds() -> float:
    """The chosen pace in seconds (the e2e hook :data:`TEST_PACE` first, when it is a number)."""
    test = page.test_hook(TEST_PACE)
    if isinstance(test, (int, float)) and not isinstance(test, bool) and 0 <= test <= 10:
        return float(test)
    return PACE_SECONDS[current("pace")]


def apply_stored(names: Iterable[str] = tuple(SETTINGS)) -> None:
    """Put the remembered choices of ``names`` on ``<html>`` (every one at boot)."""
    for name in names:
        page.set_root_attribute(f"data-{name}", stored(name))


def _follow(event: Any) -> None:
    """Another tab chose a setting, or cleared the site's storage: this page takes it up (an open dialog too)."""
    key = str(event.key) if found(event.key) else None
    names = [name for name in SETTINGS if key is None or key == SETTING_PREFIX + name]
    apply_stored(names)
    if names and _dialog is not None and _dialog.open:
        focused = page.focused()
        group = str(focused.name) if found(focused) and found(focused.closest(".settings-group")) else None
        _fill()
        _focus_choice(group)


SAMPLE = ("7S", "5H", "3D")
"""A black card and both red suits (the contrast face gives each suit its colour)."""


def _sample() -> Any:
    """Three card faces as the hand shows them (:func:`pyapp.drawing.cards.face`), in the chosen face.

    Without the table's hooks (``data-card``, ``data-played``, a card's spoken name): these are nobody's cards,
    and a page scan for another seat's hidden cards, or a selector for the cards on the table, must not find them.
    """
    return tree(node("div", {"class": "settings-sample", "aria-hidden": "true", "data-testid": "settings-sample"},
                     [node("span", {"class": f"settings-card suit-{card[1]}"}, cards.face(card[0], SUIT_SYMBOLS[card[1]]))
                      for card in SAMPLE]))


def _group(name: str) -> Any:
    chosen = current(name)
    box = h("fieldset", {"class": "settings-group", "data-setting": name},
            h("legend", {}, t(f"settings.{name}")))
    for value in SETTINGS[name]:
        ident = f"setting-{name}-{value}"
        radio = h("input", {"type": "radio", "name": f"setting-{name}", "id": ident, "value": value,
                            "data-testid": ident, "checked": value == chosen})
        on(radio, "change", lambda event, name=name, value=value: choose(name, value))
        box.append(h("label", {"class": "settings-choice", "for": ident}, radio,
                     h("span", {}, t(f"settings.{name}.{value}"))))
    return box


def _fill() -> None:
    """(Re)build the dialog's content in the current language."""
    clear(_dialog)
    close = h("button", {"type": "button", "class": "primary", "data-testid": "settings-close"}, t("settings.close"))
    on(close, "click", lambda event: _dialog.close())
    _dialog.append(
        h("h2", {"id": "settings-title"}, t("settings.title")),
        _group("cards"),
        _sample(),
        _group("motion"),
        _group("pace"),
        turn_group(),
        h("p", {"class": "settings-note"}, t("settings.note")),
        h("div", {"class": "settings-actions"}, close),
    )


def open_dialog(event: Any = None) -> None:
    _fill()
    _dialog.showModal()
    _focus_choice()


def _focus_choice(group: str | None = None) -> None:
    """The focus on the chosen radio button of ``group`` (a radio group's name), else on the first chosen one."""
    checked = _dialog.querySelector(f'input[name="{group}"]:checked' if group else "input:checked")
    if not found(checked):
        checked = _dialog.querySelector("input:checked")
    if found(checked):
        checked.focus()


def install(bar: Any) -> Any:
    """Apply the stored choices and put the settings button and its dialog in the top bar."""
    global _button, _dialog
    apply_stored()
    _button = h("button", {"type": "button", "class": "settings-open", "data-testid": "settings-open",
                           "aria-haspopup": "dialog"},
                h("span", {"class": "settings-icon", "aria-hidden": "true"}, "⚙"),
                # data-i18n: the language switch re-translates it with the shell's other strings
                h("span", {"class": "settings-label", "data-i18n": "settings.open"}, t("settings.open")))
    _dialog = h("dialog", {"class": "settings", "data-testid": "settings", "aria-labelledby": "settings-title"})
    on(_button, "click", open_dialog)
    # the browser restores the focus on close; this covers engines that do not
    on(_dialog, "close", lambda event: _button.focus())
    page.listen("storage", _follow)
    bar.append(_button)
    page.body().append(_dialog)
    return _button
