"""Who the table waits for: the turn machine every game screen draws from.

A table's control flow has many inputs — the session (whose turn, whether the
game is over or lost to another tab), the summary on the table and whether the
person dismissed it, a dialog open over the table, whose view the device shows
(pass-and-play), the skip — and it must always be in exactly one state that
someone can end.  :class:`Turns` keeps those inputs and :meth:`Turns.now`
answers one :data:`Turn`; the screen (:class:`pyapp.ui.table.table.Table`) draws the
status, the live controls and whether the computers may play from it alone,
so no state can exist that the screen does not show with its way out.

A waiting state names the control that ends it (``ends``); every state lists
the controls it offers (``controls``).  No DOM here: ``tests/test_turns.py``
drives random games through it in CPython.

>>> from pyapp.games import new_game
>>> from pyapp.play import Seat, Session
>>> session = Session(new_game("triad", seed=1, players=2), [Seat("A"), Seat("B", "easy")])
>>> turns = Turns(hidden_hands=False)
>>> turns.begin(session)
>>> turns.now()
PersonActs(seat=0, controls=('move', 'rules', 'hint'))
>>> session.play(session.state.legal_actions()[0]); turns.now()
ComputerRuns(seat=1, skipping=False)
>>> turns.hold(True); turns.now()
Waiting(reason='held', ends='rules-close', seat=1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Union

from pyapp.play.session import Session

MOVE, UNDO, HINT, RULES = "move", "undo", "hint", "rules"
"""The controls of a person's decision: a move on the table, Undo, Hint, the Rules dialog."""

DISMISS, RULES_CLOSE, HANDOVER_READY, TAKE_OVER, REMATCH, NEW_GAME, READ = (
    "dismiss", "rules-close", "handover-ready", "take-over", "rematch", "new-game", "read")
"""The controls that end a wait or follow the end (``dismiss``: the game's summary button; ``read``: a friend's
summary button, on their own device)."""


@dataclass(frozen=True)
class PersonActs:
    """A person on this device decides for ``seat``, through ``controls``."""

    seat: int
    controls: tuple[str, ...]


@dataclass(frozen=True)
class RemoteActs:
    """Another device decides for ``seat`` (a person there, or the host's computer: friends' games).

    Nothing here ends it but that move; while the host's computer is to act and a summary is on this
    person's table, ``controls`` hold its ``dismiss`` too: the host's computers wait for every reader.
    """

    seat: int
    controls: tuple[str, ...] = (RULES,)


@dataclass(frozen=True)
class ComputerRuns:
    """The computer in ``seat`` thinks and plays; ``skipping``: without the pace's pauses."""

    seat: int
    skipping: bool = False

    @property
    def controls(self) -> tuple[str, ...]:
        return (RULES,)


@dataclass(frozen=True)
class Waiting:
    """Nothing moves until the person presses ``ends``.

    ``reason`` (the page's ``data-waiting``): ``summary`` (a round's or deal's
    summary the computers would pass), ``held`` (a dialog over the table, the
    Rules, holds the computers), ``handover`` (the device goes to the person
    in ``seat``), ``tab`` (another tab took the game or stored a newer history; ``seat`` -1), ``reading``
    (a friends' game: a friend on another device has not closed the summary yet).
    """

    reason: str
    ends: str
    seat: int

    @property
    def controls(self) -> tuple[str, ...]:
        return (self.ends,)


@dataclass(frozen=True)
class Gone:
    """The game was deleted (in another tab): nothing continues it; ``new-game`` starts another."""

    controls: tuple[str, ...] = (NEW_GAME,)


@dataclass(frozen=True)
class Over:
    """Nobody is to act any more; ``summary`` names the last round's or deal's summary the person has not read yet.

    The game's end is shown after that summary, like every round's: while it is
    on the table its button (``dismiss``) is the one control, then Rematch and New game.
    """

    summary: str | None = None

    @property
    def controls(self) -> tuple[str, ...]:
        return (DISMISS,) if self.summary is not None else (REMATCH, NEW_GAME)


Turn = Union[PersonActs, RemoteActs, ComputerRuns, Waiting, Gone, Over]
"""Exactly one of these is the table's state at any moment."""

STATES = (PersonActs, RemoteActs, ComputerRuns, Waiting, Gone, Over)

HOLDS_COMPUTERS = ("summary", "held", "reading")
"""The waits during a computer's turn: its search goes on, its move waits for the person."""


def state_name(turn: Turn) -> str:
    """The state as the page shows it (the table's ``data-state``), one word a person or a test can read.

    >>> state_name(ComputerRuns(1)), state_name(Waiting("held", RULES_CLOSE, 1)), state_name(Over())
    ('computer', 'waiting-held', 'over')
    """
    if isinstance(turn, Waiting):
        return f"waiting-{turn.reason}"
    return {PersonActs: "person", RemoteActs: "remote", ComputerRuns: "computer", Gone: "gone", Over: "over"}[type(turn)]


class Turns:
    """The table's waiting inputs beside its session, and the one state they make (:meth:`now`).

    ``summary_key`` is the game UI's (``GameUI.summary_key``, optional): it names
    the summary on the table in an observation.  ``hidden_hands``: people
    sharing the device must not see each other's view, so the device is handed
    over between them.
    """

    def __init__(self, *, hidden_hands: bool, summary_key: Callable[[dict[str, Any]], str | None] | None = None) -> None:
        self.hidden_hands = hidden_hands
        self.summary_key = summary_key
        self.session: Session | None = None
        self.dismissed: set[str] = set()
        """The summaries the person dismissed in this game."""
        self.held = False
        """A dialog over the table (the Rules) is open."""
        self.skipping = False
        """A tap or a key asked to skip the computers' pauses until the person's next decision."""
        self.shown_to: int | None = None
        """The seat whose view the device shows (None: nobody's yet)."""
        self.remote: frozenset[int] = frozenset()
        """Seats played on another device (friends' games): a person there, or the host's computers."""
        self.on_dismiss: Callable[[str], None] | None = None
        """Told each summary the person dismissed: in a friends' game the host's computers wait for it."""
        self.readers: Callable[[], list[int]] = lambda: []
        """The friends (on their own devices) whose summary is still open: the host's computers wait for them too."""

    def begin(self, session: Session) -> None:
        """A game starts or is taken up on this table: nothing dismissed, nobody's view shown yet."""
        self.session = session
        self.dismissed.clear()
        self.shown_to = None

    def now(self, observation: dict[str, Any] | None = None) -> Turn:
        """The table's one state; ``observation``: the viewer's, when the caller has it already."""
        session = self.session
        assert session is not None
        if session.lost == "deleted":
            return Gone()
        if session.lost is not None:
            return Waiting("tab", TAKE_OVER, -1)
        seat = session.to_act()
        if seat < 0:
            return Over(self.waiting_summary(observation) if session.people() else None)
        if seat in self.remote or session.answer_due:  # a guest's own move on its way: the host's to answer
            computer = not session.seats[seat].is_person
            held = computer and bool(session.people()) and self.waiting_summary(observation) is not None
            return RemoteActs(seat, (RULES, DISMISS) if held else (RULES,))
        if session.seats[seat].is_person:
            if self._handing_over(session, seat):
                return Waiting("handover", HANDOVER_READY, seat)
            return PersonActs(seat, self._person_controls(session))
        if self.held and not self.remote:  # with friends, the Rules hold only this person's own decisions
            return Waiting("held", RULES_CLOSE, seat)
        if session.people() and self.waiting_summary(observation) is not None:
            return Waiting("summary", DISMISS, seat)
        if self.readers():
            return Waiting("reading", READ, seat)
        return ComputerRuns(seat, self.skipping)

    def computers_play(self) -> bool:
        """Whether the computers' task has work: a computer is to act, running or held for the person.

        The same answer as :meth:`now` being a :class:`ComputerRuns` or a :data:`HOLDS_COMPUTERS` wait
        (``tests/test_turns.py`` holds them equal), told without the summary check's observation, which
        the computers' loop would otherwise build once more for every move.
        """
        session = self.session
        assert session is not None
        seat = session.to_act()
        return session.lost is None and seat >= 0 and seat not in self.remote and not session.seats[seat].is_person

    def waiting_summary(self, observation: dict[str, Any] | None = None) -> str | None:
        """The summary on the table that the person has not dismissed yet, if any."""
        summary = self._summary(self.session, observation)
        return summary if summary not in self.dismissed else None

    def _summary(self, session: Session, observation: dict[str, Any] | None) -> str | None:
        if self.summary_key is None:
            return None
        return self.summary_key(observation if observation is not None else session.state.observation(session.viewer()))

    def _handing_over(self, session: Session, seat: int) -> bool:
        hot_seat = self.hidden_hands and len(session.people()) > 1
        return hot_seat and self.shown_to is not None and self.shown_to != seat

    @staticmethod
    def _person_controls(session: Session) -> tuple[str, ...]:
        controls = [MOVE, RULES]
        if session.undo_steps():
            controls.append(UNDO)
        if session.hints["allowed"]:
            controls.append(HINT)
        return tuple(controls)

    # -- the events that change the inputs ------------------------------------------

    def dismiss(self) -> bool:
        """The person pressed the summary's button: whether the table waited for it (it does not any more)."""
        turn = self.now()
        if DISMISS not in turn.controls:  # a summary holding the computers, or the last one before the end
            return False
        summary = self.waiting_summary()
        self.dismissed.add(summary)
        if self.on_dismiss is not None and summary is not None:
            self.on_dismiss(summary)
        return True

    def hold(self, held: bool) -> None:
        self.held = held

    def skip(self, skipping: bool) -> None:
        self.skipping = skipping

    def show(self, seat: int) -> None:
        """The person in ``seat`` took the device (the hand-over's button): their view is shown now."""
        self.shown_to = seat

    def drawn(self, turn: Turn) -> None:
        """The screen drew ``turn``: unless it hid the table for a hand-over, the device shows the viewer's view."""
        if not (isinstance(turn, Waiting) and turn.reason == "handover") and self.session is not None:
            self.shown_to = self.session.viewer()


__all__ = ["HOLDS_COMPUTERS", "STATES", "ComputerRuns", "Gone", "Over", "PersonActs", "RemoteActs", "Turn", "Turns", "Waiting",
           "state_name"]
