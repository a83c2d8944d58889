"""The set-up form's fields parsed, never trusted: what a person typed or a page was made to send.

:func:`parse_setup` turns the form's raw texts into the choices a game starts
from, or raises :class:`SetupError` naming the field and the message to show
beside it.  It holds no browser code; a property test feeds it arbitrary
Unicode (``tests/play/test_setup.py``) and Pyodide replays its examples.

>>> parse_setup("2", [(" Ada  Lovelace ", "person"), ("", "easy")], " 0042 ", players_allowed=(2, 3))
Setup(players=2, seats=(('Ada Lovelace', 'person'), ('', 'easy')), seed=42)
>>> parse_setup("3", [("Ada", "person"), ("Bo", "friend"), ("", "hard")], "", players_allowed=(3,)).seats
(('Ada', 'person'), ('', 'friend'), ('', 'hard'))
>>> parse_setup("2", [("", "person"), ("", "easy")], "1²", players_allowed=(2,))
Traceback (most recent call last):
...
pyapp.play.setup.SetupError: seed: setup.seed_invalid
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from pyapp.deals.seed import ASCII_DIGITS, MAX_SEED_DIGITS, SEED_LIMIT, SeedError, parse_seed
from pyapp.engine.errors import Refused
from pyapp.registry import FRIEND, PERSON, SETUP_KINDS

MAX_SEAT_NAME = 24
"""A seat name's length once trimmed (the name field's ``maxlength``)."""


class SetupError(Refused):
    """A set-up field that cannot be used: ``field`` names it, ``key`` the message shown beside it."""


@dataclass(frozen=True)
class Setup:
    """The choices a game starts from: the player count, each seat's (name, kind), the deal number."""

    players: int
    seats: tuple[tuple[str, str], ...]
    """A blank name is the seat's default name."""
    seed: int | None
    """None: a new random deal."""


def parse_name(text: str) -> str:
    """A seat name as typed, its runs of spaces made one and its control characters dropped, at most 24 long."""
    kept = "".join(char for char in text if char.isspace() or unicodedata.category(char) != "Cc")
    return " ".join(kept.split())[:MAX_SEAT_NAME]


def parse_setup(players: str, seats: list[tuple[str, str]], seed: str, *, players_allowed: tuple[int, ...]) -> Setup:
    """The form's raw values checked: a player count the game allows, one seat each of a known kind, the deal.

    A friends' game (any :data:`~pyapp.registry.FRIEND` seat) has this device's one person, its host; it takes
    no deal number, since its deal comes from every player's values (the fair deal), and no friend's name,
    since each guest types their own.  ``SetupError`` for the first field that cannot be used.
    """
    count = players.strip()
    if not (set(count) <= ASCII_DIGITS and count and len(count) <= 3 and int(count) in players_allowed):
        raise SetupError("setup.players_invalid", field="players")
    kinds = [kind for _, kind in seats]
    if len(seats) != int(count) or any(kind not in SETUP_KINDS for kind in kinds):
        raise SetupError("setup.seat_kind_invalid", field="seats")
    friends = FRIEND in kinds
    if friends and kinds.count(PERSON) != 1:
        raise SetupError("setup.friends_one_person", field="seats")
    if friends and seed.strip(" \t\r\n"):
        raise SetupError("setup.friends_no_seed", field="seed")
    try:
        number = parse_seed(seed)
    except SeedError as refused:
        raise SetupError(refused.key, field=refused.field) from None
    return Setup(int(count), tuple(("" if kind == FRIEND else parse_name(name), kind) for name, kind in seats), number)


__all__ = ["MAX_SEAT_NAME", "MAX_SEED_DIGITS", "SEED_LIMIT", "Setup", "SetupError", "parse_name", "parse_setup"]
