"""A guest's game: the part of :class:`pyapp.play.Session` a table reads, answered from the views the host sends.

A guest's device holds no engine state, only its seat's latest view
(:class:`pyapp.friends.guest.Guest`): the observation, the legal action texts
(its decision only) and whose turn it is.  :class:`RemoteSession` gives the
table that view in the session's shape, so the same screens draw a friends'
game.  A move goes to the host (:meth:`RemoteSession.play`); its answer is the
next view.  A hint, when the host allowed hints, searches worlds rebuilt from
this seat's observation alone (:meth:`RemoteSession.hint_position`).  Nothing
is undone or saved through it, and no computer plays on this device: every
other seat is the host's (the table's
``Turns.remote`` holds them, :meth:`RemoteSession.remote_seats`).  Once the
host's full record has come at the end, the finished game it holds answers
instead (seed, scores, winners: nothing in it is hidden any more).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

from pyapp.engine import IllegalMoveError
from pyapp.engine.state import Action, State
from pyapp.friends.guest import Guest
from pyapp.games import load, new_game
from pyapp.play.session import Seat
from pyapp.registry import LEVELS, PERSON

class ViewState:
    """The engine state's face a table reads, answered from the guest's latest view (one seat's, nothing more)."""

    def __init__(self, guest: Guest, parser: State) -> None:
        self.guest = guest
        self.parser = parser
        """A fresh game of the same options: its ``parse_action`` reads an action text without judging it."""
        self.GAME, self.TYPE, self.options, self.players = parser.GAME, parser.TYPE, parser.options, parser.players

    def observation(self, viewer: int) -> dict[str, Any]:
        if viewer != self.guest.seat or self.guest.view is None:
            raise ValueError("a guest sees its own seat's view only")
        return self.guest.view.observation

    def legal_actions(self) -> list[Action]:
        """The view's legal actions, none while this device's last move is unanswered (the view is its old one)."""
        view = self.guest.view
        if view is None or self.guest.pending is not None:
            return []
        return [self.parser.parse_action(text) for text in view.legal]

    def current_player(self) -> int:
        return self.guest.view.turn if self.guest.view is not None else -1

    def is_terminal(self) -> bool:
        return self.guest.view is not None and self.guest.view.turn < 0


class RemoteSession:
    """A guest's game in the session's shape (:class:`pyapp.play.table_game.TableGame`): ``seats`` named as the host
    said, this device's seat the one person."""

    known_deal = False
    hosted = False

    @property
    def answer_due(self) -> bool:
        """While this device's last request (a move, a rejoin) is unanswered the seat shows as the host's to
        answer: the view it would be played on may be old, and nothing on the table can be tapped."""
        return self.guest.pending is not None
    save_problem = None
    lost = None
    store = None

    def __init__(self, guest: Guest, *, record_id: str) -> None:
        if guest.seat is None or guest.game is None or guest.view is None:
            raise ValueError("a guest's table starts with its first view")
        self.guest = guest
        self.record_id = record_id
        self.name = ""
        computers = set(guest.view.computers)
        self.seats = [Seat(name, LEVELS[0] if index in computers else PERSON) for index, name in enumerate(guest.names)]
        """A computer seat shows as the weakest level: the guest is not told which (as its saved record says)."""
        parser = new_game(guest.game, seed=0, players=len(guest.names), **guest.options)
        self.view_state = ViewState(guest, parser)
        self._finished: State | None = None
        self.kept: Callable[[], None] = lambda: None
        """Called when something this device keeps changed (a hint counted): the page keeps it at once."""

    @property
    def state(self) -> ViewState | State:
        """The view's answers in play; the finished game of the host's record once it came."""
        record = self.guest.record
        if record is not None and self._finished is None:
            self._finished = load(record["game"])
        return self._finished if self._finished is not None else self.view_state

    @property
    def fingerprint(self) -> str | None:
        return self.guest.announced

    @property
    def seat(self) -> int:
        assert self.guest.seat is not None  # checked when the session was made
        return self.guest.seat

    @property
    def actors(self) -> list[int]:
        """One entry per move so far (the table's position key counts them); who made each is the host's to know."""
        return [-1] * (self.guest.view.moves if self.guest.view is not None else 0)

    @property
    def hints(self) -> dict[str, Any]:
        """The record's hints field as this device knows it: the host's choice, this person's count."""
        return {"allowed": self.guest.hints_allowed, "used": self.guest.hints_used}

    def hint_used(self) -> None:
        """Counted on this device (kept with the seat across a reload, and in the record at the end)."""
        self.guest.hints_used += 1
        self.kept()

    def hint_position(self) -> tuple[State, int]:
        """A world rebuilt from this seat's own observation (``State.from_observation``), seeded by the room and
        the move; the judge samples its worlds from that world's observation of this seat, which is the same.

        ``ValueError`` when the view has no decision of this seat, or when the observation does not rebuild into
        a position with the view's legal moves (the host's view is not one this engine would give).
        """
        view = self.guest.view
        if view is None or view.turn != self.seat or not view.legal:
            raise ValueError("no decision of this seat to hint")
        digest = hashlib.sha256(f"hint/{self.guest.room}/{view.moves}".encode()).digest()
        seed = int.from_bytes(digest[:8], "big") >> 1
        try:
            world = type(self.view_state.parser).from_observation(view.observation, self.seat, random.Random(seed))
            legal = sorted(str(action) for action in world.legal_actions())
        except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError) as error:
            raise ValueError(f"the view does not rebuild into a position: {error}") from error
        if world.current_player() != self.seat or legal != sorted(view.legal):
            raise ValueError("the view's legal moves are not the rebuilt position's")
        return world, seed

    def remote_seats(self) -> frozenset[int]:
        """The seats another device plays (the host's table, its computers, the other guests)."""
        return frozenset(range(len(self.seats))) - {self.seat}

    def to_act(self) -> int:
        return self.state.current_player()

    def people(self) -> list[int]:
        return [self.seat]

    def viewer(self) -> int:
        return self.seat

    def undo_steps(self) -> int:
        return 0

    def play(self, action: Action | str, *, save: bool = True) -> None:
        """Send this seat's move to the host; ``IllegalMoveError`` if the view offers no such move now.

        A tap while a request is unanswered (the last move, or a rejoin after the link came back) is dropped like
        a double tap: the view it was made on may be old, and the host's answer redraws the table.
        """
        if self.guest.pending is not None:
            return
        text = str(action)
        if self.to_act() != self.seat or text not in {str(legal) for legal in self.view_state.legal_actions()}:
            raise IllegalMoveError(f"not a move of this seat now: {text}")
        self.guest.act(text)

    def save(self) -> bool:
        """Nothing: the host keeps the game."""
        return False

    def record(self) -> dict[str, Any]:
        """The host's full record (what the end's deal check checks); only at the end."""
        if self.guest.record is None:
            raise ValueError("the host's record comes at the end")
        return self.guest.record

    # -- what a stored game's owner does: a guest's game is the host's to store ----------------------

    def claim(self) -> None:
        """Nothing to claim: this device stores its guest's record apart (:meth:`Guest.saved_record`)."""

    def release(self) -> None:
        """Nothing was claimed."""


__all__ = ["RemoteSession", "ViewState"]
