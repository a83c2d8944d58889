"""What a table reads of the game it draws: the surface :class:`pyapp.play.Session` and a guest's
:class:`pyapp.friends.remote.RemoteSession` both offer.

The table (:mod:`pyapp.ui.table.table` and its parts) is written against the session;
a guest's device has no engine state, only its seat's views.  This protocol
names what of the session the table uses when every seat but this device's one
person is played elsewhere (``Turns.remote``): no undo, no computer turn, no
storage owner checks reach it then.  ``tests/friends/test_guest_table.py``
holds both classes to it.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pyapp.engine.state import Action
from pyapp.play.session import Seat


@runtime_checkable
class TableGame(Protocol):
    seats: list[Seat]
    record_id: str
    known_deal: bool
    hosted: bool
    """A friends' game this device hosted, read back from storage (the table reopens its room)."""
    hints: dict[str, Any]
    answer_due: bool
    """A guest's request is with the host (its move, a rejoin): its decision is not this table's until answered."""
    save_problem: str | None
    lost: str | None

    @property
    def state(self) -> Any:
        """The engine state, or what answers for it: observation, legal_actions, current_player, is_terminal."""

    @property
    def fingerprint(self) -> str | None:
        """The deal's fingerprint shown in play (None: no promise)."""

    @property
    def actors(self) -> list[int]:
        """One entry per move so far (the table's position key counts them)."""

    def to_act(self) -> int:
        """The seat to act, -1 at the end."""

    def people(self) -> list[int]:
        """The seats of people at this device."""

    def viewer(self) -> int:
        """The seat whose view the device shows."""

    def hint_position(self) -> tuple[Any, int]:
        """The state a hint for the person to act searches, and the hint's seed; ``ValueError`` if none is found."""

    def hint_used(self) -> None:
        """A hint was shown (the game counts apart in statistics)."""

    def undo_steps(self) -> int:
        """How many actions Undo would take back (0: Undo is off)."""

    def play(self, action: Action | str, *, save: bool = True) -> None:
        """A person's move; ``IllegalMoveError`` when it is none now.  ``save=False``: :meth:`save` follows."""

    def save(self) -> bool:
        """Write the game where it is kept, if this device keeps it; whether it was written."""

    def record(self) -> dict[str, Any]:
        """The game's record (the end's deal check reads it)."""

    def claim(self) -> None:
        """The table shows this game now."""

    def release(self) -> None:
        """The table left it."""


__all__ = ["TableGame"]
