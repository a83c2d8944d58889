"""What a full redraw of the table keeps: the focus and the dialog open in it.

The table is drawn anew after every action; :func:`keep` notes, before the
old drawing goes, which element had the focus (by its ``data-*`` hook) and
which dialog in the table was open, and :meth:`Kept.restore` puts both back
on the new drawing.  Selection is each game screen's own state, drawn by it.
The table only moves the focus when it was inside the table or nowhere (on
the page or the view), never away from a menu or a dialog the person opened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyapp.ui.browser import dom

FOCUS_KEYS = ("data-focus-key", "data-cell", "data-card", "data-take", "data-char", "data-action", "data-testid")
"""Attributes that name an element across re-renders, most specific first."""


@dataclass(frozen=True)
class Kept:
    """The focus and the open dialog of one drawing, to restore on the next."""

    focus: tuple[str, str] | None
    """The attribute naming the focused element, if it has one."""
    may_focus: bool
    """Whether the table may move the focus (it was in the table, or nowhere)."""
    dialog: str | None
    """The ``data-testid`` of the modal dialog open in the table."""

    def restore(self, body: Any, *, turn_starts: bool) -> None:
        """Open the dialog again, then focus as before (``turn_starts``: the game's natural next stop)."""
        if self.dialog is not None:
            dialog = body.querySelector(f'dialog[data-testid="{self.dialog}"]')
            if dom.found(dialog) and not dialog.open:
                dialog.showModal()
        if self.may_focus:
            _focus(body, None if turn_starts else self.focus)


def keep(root: Any, body: Any) -> Kept:
    """What has the focus in ``body`` (inside the view ``root``) and which of its dialogs is open."""
    from pyapp.ui.browser import page  # noqa: PLC0415  (the browser; CPython tests never draw a live table)

    dialog = body.querySelector("dialog[open][data-testid]")
    open_dialog = str(dialog.dataset.testid) if dom.found(dialog) else None
    active = page.focused()
    if not dom.found(active) or active == page.body() or active == root:
        return Kept(None, True, open_dialog)
    if not body.contains(active):
        return Kept(None, False, open_dialog)
    for name in FOCUS_KEYS:
        value = active.getAttribute(name)
        if dom.found(value) and str(value):
            return Kept((name, str(value)), True, open_dialog)
    return Kept(None, True, open_dialog)


def _focus(body: Any, key: tuple[str, str] | None) -> None:
    """Focus the element that had it before the redraw, else where the game says, else the status.

    A game marks the natural next stop (the first playable card, the board's
    current cell, the prompt's first button) with ``data-autofocus``.
    """
    target = None
    if key is not None and key not in (("data-testid", "status"), ("data-testid", "undo")):
        target = body.querySelector(f'[{key[0]}="{_css_string(key[1])}"]')
        if dom.found(target) and target.hasAttribute("disabled"):
            target = None
    if not dom.found(target):
        target = body.querySelector("[data-autofocus]")
    if not dom.found(target) and key is not None:
        target = body.querySelector(f'[{key[0]}="{_css_string(key[1])}"]:not([disabled])')
    if not dom.found(target):
        target = body.querySelector("[data-testid=status]")
    if dom.found(target):
        target.focus()


def _css_string(value: str) -> str:
    """``value`` escaped for a double-quoted CSS attribute selector (backslashes and quotes)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')
