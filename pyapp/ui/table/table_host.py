"""The table as its parts see it: what the pacing, ownership, set-up form and Hint may use.

The parts (:mod:`pyapp.ui.table.pacing`, :mod:`pyapp.ui.table.ownership`,
:mod:`pyapp.ui.table.setup_form`, :mod:`pyapp.ui.table.hint_button`) are given the
:class:`pyapp.ui.table.table.Table` they belong to; they name it by this protocol, so
none of them imports the table (no import cycle, ``tests/test_import_cycles.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from pyapp.play import Session
from pyapp.play.turns import Turns
from pyapp.storage import SaveStore
from pyapp.ui.table.game_ui import GameUI


class TableHost(Protocol):
    root: Any
    body: Any
    ui: GameUI
    store: SaveStore | None
    session: Session | None
    turns: Turns
    task: asyncio.Task | None
    """The table's one task: the computers' turns or a hint being found."""
    closed: bool
    error: str | None
    coach: Any
    friends: Any
    """A friends' game's page on this table, or None."""
    thinking: bool
    form: Any
    """The set-up form (:class:`pyapp.ui.table.setup_form.SetupForm`): its ``notice`` is a line drawn above it."""
    on_screen: str | None
    """The turn machine's state the table last drew (``data-state``), None while it shows something else."""

    def begin(self, session: Session) -> None:
        """Play ``session`` on this table."""

    def render(self) -> None:
        """Draw the game as the turn machine says."""

    def open(self) -> Any:
        """Offer the game in play, or the set-up form (the game changed elsewhere)."""

    def undo(self) -> None:
        """Take the person to act back to their previous turn."""

    def render_or_schedule(self) -> None:
        """Draw the game, then start the computers if they are to play."""

    def redraw_status(self) -> None:
        """Draw the status line again (a hold changed it)."""

    def show_lost(self) -> None:
        """Say that another tab took the game, or deleted it."""

    def show_setup(self, previous: Any = None) -> None:
        """The set-up form."""

    def show(self, element: Any, redraw: Callable[[], None]) -> None:
        """Put ``element`` on the table; ``redraw`` draws it again after a language switch."""

    def stop_computers(self) -> None:
        """Cancel the table's task."""

    def say(self, sentence: str) -> None:
        """Tell screen-reader users what happened."""
