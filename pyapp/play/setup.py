"""The set-up form's fields parsed, never trusted: what a person typed or a page was made to send.

:func:`parse_setup` turns the form's raw texts into the choices a game starts
from, or raises :class:`SetupError` naming the field and the message to show
beside it.  It holds no browser code; a property test feeds it arbitrary
Unicode (``tests/play/test_setup.py``) and Pyodide replays its examples.

>>> parse_setup("2", [(" Ada  Lovelace ", "person"), ("", "easy")], " 0042 ", players_allowed=(2, 3))
Setup(players=2, seats=(('Ada Lovelace', 'person'), ('', 'easy')), seed=42)
>>> parse_setup("3", [("Ada", "person"), ("Bo", "friend"), ("", "hard")], "", players_allowed=(3,)).seats
(('Ada', 'person'), ('', 'friend'), ('', 'hard'))
>>> parse_seed(""), parse_seed("9007199254740991")
(None, 9007199254740991)
>>> parse_seed("1²")
Traceback (most recent call last):
...
pyapp.play.setup.SetupError: setup.seed_invalid
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from pyapp.registry import FRIEND, PERSON, SEED_LIMIT, SETUP_KINDS

MAX_SEED_DIGITS = len(str(SEED_LIMIT - 1))
"""The deal number field's ``maxlength``: any deal number can be typed back (16)."""
MAX_SEAT_NAME = 24
"""A seat name's length once trimmed (the name field's ``maxlength``)."""
ASCII_DIGITS = frozenset("0123456789")


class SetupError(ValueError):
    """A set-up field that cannot be used: ``field`` names it, ``key`` the message shown beside it."""

    def __init__(self, field: str, key: str) -> None:
        super().__init__(key)
        self.field = field
        self.key = key


@dataclass(frozen=True)
class Setup:
    """The choices a game starts from: the player count, each seat's (name, kind), the deal number."""

    players: int
    seats: tuple[tuple[str, str], ...]
    """A blank name is the seat's default name."""
    seed: int | None
    """None: a new random deal."""


def parse_seed(text: str) -> int | None:
    """A deal number from the ASCII digits 0-9 only, below :data:`SEED_LIMIT`; None when blank.

    ``str.isdigit`` would take superscript and circled digits, which ``int`` refuses.
    """
    text = text.strip(" \t\r\n")
    if not text:
        return None
    if not set(text) <= ASCII_DIGITS:
        raise SetupError("seed", "setup.seed_invalid")
    if len(text) > MAX_SEED_DIGITS or int(text) >= SEED_LIMIT:
        raise SetupError("seed", "setup.seed_too_large")
    return int(text)


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
        raise SetupError("players", "setup.players_invalid")
    kinds = [kind for _, kind in seats]
    if len(seats) != int(count) or any(kind not in SETUP_KINDS for kind in kinds):
        raise SetupError("seats", "setup.seat_kind_invalid")
    friends = FRIEND in kinds
    if friends and kinds.count(PERSON) != 1:
        raise SetupError("seats", "setup.friends_one_person")
    if friends and seed.strip(" \t\r\n"):
        raise SetupError("seed", "setup.friends_no_seed")
    return Setup(int(count), tuple(("" if kind == FRIEND else parse_name(name), kind) for name, kind in seats),
                 parse_seed(seed))


__all__ = ["MAX_SEAT_NAME", "MAX_SEED_DIGITS", "SEED_LIMIT", "Setup", "SetupError", "parse_name", "parse_seed",
           "parse_setup"]
