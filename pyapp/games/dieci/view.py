"""What one Dieci seat sees: the keys and types of ``DieciState.public_view(seat)`` and ``observation(seat)``.

``PublicView`` is what a world for search is rebuilt from
(``state.world_from_view``); ``Observation`` adds what only the table reads
(the log, the last trick and deal, the goal card, the scores).
``tests/test_observation_types.py`` checks every observation of random games
against them.  Cards are texts (``"7R"``), characters too (``"Y2"``).
"""

from typing import NotRequired, TypedDict


class TrickPlay(TypedDict):
    """One card played to the trick in progress."""

    seat: int
    card: str


class DealStart(TypedDict):
    """Per seat, the cards taken and characters claimed before the deal in play (the deal's share is the rest)."""

    taken: list[int]
    claims: list[int]


class PublicView(TypedDict):
    """The seat's hand, every public fact, the other hands as counts and goal cards as None (known at the end).

    ``phase`` is one of ``play``, ``claim``, ``offer``, ``over``; ``trick_winner``
    is None outside the claim and offer phases; ``turn`` is -1 once over."""

    game: str
    players: int
    seat: int
    phase: str
    turn: int
    deal: int
    dealer: int
    leader: int
    trump_card: str
    trump: str
    hand: list[str]
    hand_counts: list[int]
    rest_count: int
    trick: list[TrickPlay]
    trick_winner: int | None
    offers_left: list[int]
    face_up: list[str]
    char_deck: int
    claimed: list[list[str]]
    taken: list[int]
    voids: list[list[str]]
    played: list[str]
    set_aside: list[str]
    """Characters out of the game: none in a dealt game, the ones a hand-picked position (``at_position``) leaves out."""
    goals: list[int | None]
    events: int
    deal_start: DealStart


class LastTrick(TypedDict):
    """The trick won last: who played which card, and its taker."""

    seats: list[int]
    cards: list[str]
    winner: int


class LastDeal(TypedDict):
    """The deal played out last: its number, dealer and trump card; per seat the cards taken and characters claimed in it."""

    deal: int
    dealer: int
    trump_card: str
    cards: list[int]
    chars: list[list[str]]


class Goal(TypedDict):
    """The seat's own goal card."""

    index: int
    name: str
    characters: list[str]


class Score(TypedDict):
    """A seat's points: ``goal``, ``matches`` and ``total`` only for the viewer's own seat and, at the end, every seat."""

    cards: int
    characters: int
    goal: NotRequired[int]
    matches: NotRequired[int]
    total: NotRequired[int]


class LogEvent(TypedDict):
    """A public event, numbered ``n`` from the game's start; ``type`` says which other keys it has.

    ``deal``: deal, dealer, trump_card; ``play``: seat, card; ``trick``: winner,
    cards; ``claim``: seat, char, forced; ``top``: seat, char; ``pass``: seat;
    ``refill``: chars; ``end``: winners."""

    n: int
    type: str
    deal: NotRequired[int]
    dealer: NotRequired[int]
    trump_card: NotRequired[str]
    seat: NotRequired[int]
    card: NotRequired[str]
    winner: NotRequired[int]
    cards: NotRequired[list[str]]
    char: NotRequired[str]
    forced: NotRequired[bool]
    chars: NotRequired[list[str]]
    winners: NotRequired[list[int]]


class Observation(PublicView):
    """``observation(seat)``: the public view and what the table shows besides.

    ``led`` is the suit led (None before a lead); ``eligible`` the characters the
    trick's taker may claim (empty outside the claim phase); ``log`` the latest
    events; ``goal`` is None for a seat outside the game (a watcher);
    ``winners`` is empty until the end."""

    led: str | None
    eligible: list[str]
    last_trick: LastTrick | None
    last_deal: LastDeal | None
    log: list[LogEvent]
    goal: Goal | None
    scores: list[Score]
    winners: list[int]


__all__ = ["DealStart", "Goal", "LastDeal", "LastTrick", "LogEvent", "Observation", "PublicView", "Score", "TrickPlay"]
