"""What a game's screen gives the table and gets from it (:mod:`pyapp.ui.table.table` runs it).

A game contributes a :class:`GameUI`: its options for the set-up form, a
``render`` that draws the table for one seat from a :class:`TableContext`,
and the words and places the Hint and the live region need.  A guided game's
coach fills the table's :class:`Coaching` hooks.  Nothing here imports the
table, so the table's helpers (the Hint, the review) may name these types.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pyapp.engine.state import Action
from pyapp.i18n import t
from pyapp.play import Seat
from pyapp.ui.browser.motion import Motion


@dataclass(frozen=True)
class Option:
    """One game option in the set-up form.

    ``choices`` pairs each value with its message key; a bool option has none
    and shows as a checkbox.  ``players`` limits it to some player counts.
    """

    name: str
    label: str
    choices: tuple[tuple[Any, str], ...] = ()
    players: tuple[int, ...] = ()


@dataclass
class TableContext:
    """What a game's ``render`` gets: one seat's view and a way to act."""

    observation: dict[str, Any]
    viewer: int
    legal: list[Action]
    seats: list[Seat]
    act: Callable[[Action], None]
    thinking: bool = False
    announce: Callable[[str], None] = field(default=lambda text: None)
    dismiss: Callable[[], None] | None = None
    """Set while the computers wait for the person to dismiss the summary on screen (its button calls it)."""
    fingerprint: str | None = None
    """The deal's whole fingerprint while the game is played (:mod:`pyapp.deals.fingerprint`), for the sheet
    that shows it in full; None for a known deal, an older game or a game without chance."""


@dataclass(frozen=True)
class Setup:
    """The choices of the set-up form: from the last game (rematch, new game) or the form itself."""

    players: int
    seats: tuple[tuple[str, str], ...]
    """Each seat's (name, kind) as the form holds them: a blank name is the seat's default name; a kind is a set-up
    choice (:data:`~pyapp.registry.SETUP_KINDS`: a friend's too, which no :class:`~pyapp.play.Seat` is), checked
    by :func:`~pyapp.play.setup.parse_setup`."""
    options: dict[str, Any]
    seed: str = ""
    hints: bool = False
    """Pass-and-play: the people allowed hints (against computers they always may)."""


class SeatNames:
    """Seat names for a game UI: ``render`` stores ``self.names``; ``AND_KEY`` joins a list of them."""

    AND_KEY = ""  # catalog key of "{first} and {second}"

    def __init__(self) -> None:
        self.names: list[str] = []

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else t("setup.default_name", n=seat + 1)

    def names_of(self, seats: list[int]) -> str:
        names = [self.name(s) for s in seats]
        text = names[-1] if names else ""
        for other in reversed(names[:-1]):
            text = t(self.AND_KEY, first=other, second=text)
        return text


class GameUI(Protocol):
    game: str
    hidden_hands: bool
    """True when people sharing the device must not see each other's view."""
    options: tuple[Option, ...]

    def render(self, ctx: TableContext) -> Any:
        """The table element for ``ctx.viewer`` (also the end-of-game breakdown)."""

    def announcements(self, before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
        """Sentences telling what changed between two observations, for screen readers."""

    def motions(self, before: dict[str, Any] | None, after: dict[str, Any]) -> list[Motion]:
        """What the change between two observations shows moving (``pyapp/ui/browser/motion.py``); none at first."""

    # the Hint (pyapp/ui/table/hint_button.py) asks the game for its words and places:
    def selected_action(self, legal: list[Action]) -> Action | None:
        """The complete move the person has selected on the table but not played yet, if any."""

    def move_targets(self, action: Action) -> list[str]:
        """CSS selectors of the elements that show ``action`` on the table drawn last."""

    def move_words(self, action: Action, *, spoken: bool) -> str:
        """``action`` as a sentence names it: as written on the table, or (``spoken``) read out."""

    def fact_params(self, params: dict[str, Any], *, spoken: bool) -> dict[str, Any]:
        """A hint reason's parameters (cards, suits, characters) as the page writes or says them."""

    # optional: ``summary_key(observation) -> str | None`` names a round's or deal's summary on the table
    # (Dyad, Dieci); the computers do not go on past it until the person dismisses it (``ctx.dismiss``).


class Coaching(Protocol):
    """A guided game's coach at the table (:mod:`pyapp.ui.shell.coach`): what it says and offers instead of the frame."""

    def message(self) -> list[Any]:
        """The message line's elements: the coach's note, a refused move's explanation."""

    def spoken(self) -> list[str]:
        """Sentences for the live region after a redraw (the note, when it is new)."""

    def status(self) -> tuple[str, str] | None:
        """The status text and ``data-turn`` when the lesson says it (its end), else None."""

    def actions(self) -> list[Any]:
        """The head's controls in place of Undo, Rematch and New game."""

    def mark(self, body: Any) -> None:
        """Point at the expected move on the table just drawn, once the learner's move was refused."""


__all__ = ["Coaching", "GameUI", "Option", "SeatNames", "Setup", "TableContext"]
