"""What the invite and join screens show, as plain data the host/guest protocol can fill in.

The host's waiting room (:class:`HostRoom`) and a guest's offer (:class:`Offer`)
hold no browser object, so the protocol (or a test) builds them and the screens
(:mod:`pyapp.ui.friends.invite`, :mod:`pyapp.ui.friends.join`) only draw them.

>>> room = HostRoom("dyad", "https://x/#/join/dyad/r/s", (
...     WaitingSeat("Ada", HOST), WaitingSeat("", INVITED), WaitingSeat("Normal", COMPUTER, "normal")))
>>> room.ready, room.open_seats
(False, (1,))
>>> room.joined(1, "Bo").ready, room.given(1, "easy").seats[1]
(True, WaitingSeat(name='', kind='computer', level='easy'))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

HOST = "host"
"""The seat of the person on this device."""
COMPUTER = "computer"
"""A computer's seat (set up as one, or an invited seat given to one)."""
INVITED = "invited"
"""A seat kept for a friend: waiting while its name is empty, joined once a guest gave one."""

OFFER_STATES = ("connecting", "ready", "joining", "dealing", "offline", "full", "closed", "removed", "bad-link")
"""Where a guest's join screen is: reaching the host, the offer shown, joined and waiting for the start, the
deal being made, this device has no network, every seat taken, the room gone, this guest removed by the host,
or a link that is no invite."""


@dataclass(frozen=True)
class WaitingSeat:
    """One seat in the host's waiting room: who sits there (``name``: empty while an invited seat waits)."""

    name: str
    kind: str
    level: str | None = None
    """A computer's level (``pyapp.registry.TABLE_LEVELS``)."""

    @property
    def waiting(self) -> bool:
        """An invited seat nobody has taken yet."""
        return self.kind == INVITED and not self.name


@dataclass(frozen=True)
class HostRoom:
    """The host's waiting room: the game, the invite link and the seats, in table order."""

    game: str
    link: str
    seats: tuple[WaitingSeat, ...]

    @property
    def open_seats(self) -> tuple[int, ...]:
        """The invited seats still waiting for a friend."""
        return tuple(n for n, seat in enumerate(self.seats) if seat.waiting)

    @property
    def ready(self) -> bool:
        """Whether the game may start: every invited seat is filled (a friend, or a computer)."""
        return not self.open_seats

    def joined(self, seat: int, name: str) -> HostRoom:
        """This room once a guest named ``name`` took invited ``seat``."""
        if self.seats[seat].kind != INVITED:
            raise ValueError(f"seat {seat} is not an invited seat")
        return self._with(seat, WaitingSeat(name, INVITED))

    def given(self, seat: int, level: str) -> HostRoom:
        """This room once the host gave empty invited ``seat`` to a computer of ``level``."""
        if not self.seats[seat].waiting:
            raise ValueError(f"seat {seat} is not waiting for a friend")
        return self._with(seat, WaitingSeat("", COMPUTER, level))

    def _with(self, seat: int, new: WaitingSeat) -> HostRoom:
        seats = list(self.seats)
        seats[seat] = new
        return replace(self, seats=tuple(seats))


@dataclass(frozen=True)
class Offer:
    """What a guest's join screen shows: the game, the host's name, the seat offered and where joining is."""

    game: str
    state: str
    host: str = ""
    seat: int | None = None
    """The seat offered (0-based; shown 1-based)."""
    players: int | None = None
    problem: str = ""
    """The message key of a refused link (``state == "bad-link"``)."""
    restarts: int = 0
    """How many times the host restarted the room before this deal (shown while the deal is made)."""

    def __post_init__(self) -> None:
        if self.state not in OFFER_STATES:
            raise ValueError(f"no join state {self.state!r}")


__all__ = ["COMPUTER", "HOST", "INVITED", "OFFER_STATES", "HostRoom", "Offer", "WaitingSeat"]
