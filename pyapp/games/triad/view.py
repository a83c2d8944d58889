"""What a Triad seat sees (everything: Triad has no hidden information): the keys and types of ``observation(seat)``.

The table (``pyapp.ui.games.triad``) reads this one declaration;
``tests/test_observation_types.py`` checks every observation of random games
against it.  Sides are ``"a"`` and ``"b"``; a cell is ``[row, col]``.
"""

from typing import NotRequired, TypedDict


class Cell(TypedDict):
    """A playable cell: its label, its stack bottom to top (``"aab"``), the top piece (``""`` when empty) and height."""

    row: int
    col: int
    label: int
    stack: str
    top: str
    height: int


class SideScore(TypedDict):
    """A side's points in each phase and in total."""

    phase1: int
    phase2: int
    total: int


class Scores(TypedDict):
    a: SideScore
    b: SideScore


class PiecesLeft(TypedDict):
    a: int
    b: int


class Removal(TypedDict):
    """A triad the side may remove in Phase 2: its cells, whether it is a stack, its points and its action text."""

    cells: list[list[int]]
    stack: bool
    points: int
    action: str


class Removable(TypedDict):
    """Each side's removals (both empty in Phase 1)."""

    a: list[Removal]
    b: list[Removal]


class LastMove(TypedDict):
    """A move as the observation tells it (``last`` and each of ``recent``).

    By ``kind``: ``place`` has ``cell``; ``remove`` has ``cells`` and ``stack``;
    ``pass`` has ``reason``.  ``triads`` / ``other_triads``: the triads it made
    for the mover's side and for the other side; ``emptied``: cells it left empty."""

    seat: int
    side: str
    action: str
    points: int
    phase: int
    triads: list[list[list[int]]]
    other_triads: list[list[list[int]]]
    emptied: list[list[int]]
    kind: str
    cell: NotRequired[list[int]]
    cells: NotRequired[list[list[int]]]
    stack: NotRequired[bool]
    reason: NotRequired[str]


class Event(TypedDict):
    """One scoring-history line: the move's number, who made it, its phase, points and action text."""

    move: int
    seat: int
    side: str
    phase: int
    points: int
    action: str


class Observation(TypedDict):
    """``observation(seat)``: the whole position.

    ``phase`` is 1 or 2; ``result`` (``a``, ``b`` or ``draw``) is None until
    the end, ``side_to_move`` None at the end; ``last`` is None until a move is made;
    ``recent`` holds the last ``players - 1`` moves, oldest first (``last`` the newest): with the
    seats moving in turn, every move since the seat to move last moved; ``teams`` is true with four players."""

    game: str
    players: int
    teams: bool
    children: bool
    first: str
    seat: int
    seat_sides: list[str]
    board: str
    cells: list[Cell]
    phase: int
    over: bool
    result: str | None
    turn: int
    side_to_move: str | None
    moves: int
    scores: Scores
    pieces_left: PiecesLeft
    removable: Removable
    last: LastMove | None
    recent: list[LastMove]
    events: list[Event]


__all__ = ["Cell", "Event", "LastMove", "Observation", "PiecesLeft", "Removable", "Removal", "Scores", "SideScore"]
