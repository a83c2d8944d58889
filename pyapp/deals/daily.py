"""The deal of the day: the same cards and the same computers for everyone on one UTC date.

The rule, fixed for good (changing it changes every past day's deal):

* the day's number is the count of days since :data:`EPOCH` plus one (1 January 2026 is #1);
* the game is :data:`DAILY_GAMES` ``[number % 2]``: Dyad on even numbers, Dieci on odd ones
  (Triad deals no cards, so it has no deal of the day);
* the seed is the first 53 bits of SHA-256 over ``pyapp-daily/v1/<game>/<YYYY-MM-DD>`` (UTF-8),
  read big-endian (below 2**53, as every deal number is);
* players, options and seats are :data:`LINEUPS`: you in seat 1, Normal computers in the others.
  Normal plays from the seed and the position alone (the session seeds each move from the game's
  seed and the move number; no time budget), so every player meets the same opponents.

>>> from datetime import date, timedelta
>>> deal = deal_of(date(2026, 1, 1))
>>> deal.number, deal.game, deal.players, deal.kinds
(1, 'dieci', 5, ('person', 'normal', 'normal', 'normal', 'normal'))
>>> deal_of(date(2026, 1, 2)).game
'dyad'
>>> deal_of(date(2025, 12, 31))
Traceback (most recent call last):
...
ValueError: no deal of the day before 2026-01-01
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from pyapp.registry import PERSON

EPOCH = date(2026, 1, 1)
"""Day #1 of the deal of the day."""
DAILY_GAMES: tuple[str, ...] = ("dyad", "dieci")
"""The games with a deal of the day, in the order the day's number picks them (``number % 2``)."""
SEED_BITS = 53
COMPUTER = "normal"
"""The daily computers' level: its move depends only on the game's seed and the position."""


@dataclass(frozen=True)
class Lineup:
    """A game's fixed daily table: the player count and the options (you sit in seat 1)."""

    players: int
    options: dict[str, Any] = field(default_factory=dict)


LINEUPS: dict[str, Lineup] = {
    "dyad": Lineup(3, {"cipher": False, "twos": False, "teams": False}),
    "dieci": Lineup(5, {}),
}


@dataclass(frozen=True)
class DailyDeal:
    """One day's deal: its date, number, game, seed and table."""

    day: date
    number: int
    game: str
    seed: int
    players: int
    options: dict[str, Any]

    @property
    def kinds(self) -> tuple[str, ...]:
        """Each seat's kind: the person first, then the computers."""
        return (PERSON,) + (COMPUTER,) * (self.players - 1)

    @property
    def key(self) -> str:
        """The day's and game's key in the daily store (``2026-12-02/dieci``)."""
        return f"{self.day.isoformat()}/{self.game}"


def day_number(day: date) -> int:
    """The day's number: #1 on :data:`EPOCH`."""
    if day < EPOCH:
        raise ValueError(f"no deal of the day before {EPOCH.isoformat()}")
    return (day - EPOCH).days + 1


def game_of(day: date) -> str:
    """The game of the day: Dyad on even day numbers, Dieci on odd ones."""
    return DAILY_GAMES[day_number(day) % len(DAILY_GAMES)]


def daily_seed(game: str, day: date) -> int:
    """The first 53 bits of SHA-256(``pyapp-daily/v1/<game>/<YYYY-MM-DD>``).

    >>> daily_seed("dieci", date(2026, 1, 1)) < 2**53
    True
    """
    digest = hashlib.sha256(f"pyapp-daily/v1/{game}/{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest, "big") >> (len(digest) * 8 - SEED_BITS)


def deal_of(day: date) -> DailyDeal:
    """The deal of ``day`` (a UTC date)."""
    number = day_number(day)
    game = game_of(day)
    lineup = LINEUPS[game]
    return DailyDeal(day, number, game, daily_seed(game, day), lineup.players, dict(lineup.options))


def day_of_seed(game: str, seed: int, until: date) -> date | None:
    """The day up to ``until`` whose deal of ``game`` is dealt by ``seed``, or None: a daily seed is public.

    An imported game's "known deal" is recomputed with it, never taken from the file.

    >>> day_of_seed("dyad", daily_seed("dyad", date(2026, 3, 2)), date(2026, 3, 3))
    datetime.date(2026, 3, 2)
    >>> day_of_seed("dyad", 42, date(2026, 3, 3)) is None, day_of_seed("triad", 42, date(2026, 3, 3)) is None
    (True, True)
    """
    if game not in DAILY_GAMES or until < EPOCH:
        return None
    for offset in range((until - EPOCH).days + 1):
        day = EPOCH + timedelta(days=offset)
        if daily_seed(game, day) == seed:
            return day
    return None


def parse_day(text: str) -> date:
    """A ``YYYY-MM-DD`` date from a route or the store; ``ValueError`` otherwise (only ASCII digits).

    The refusal's words are this function's own: ``datetime``'s differ between
    CPython 3.11 and the page's Pyodide (3.14).

    >>> parse_day("2026-12-02")
    datetime.date(2026, 12, 2)
    >>> parse_day("2026-1٢-02")
    Traceback (most recent call last):
    ...
    ValueError: not a date: '2026-1٢-02'
    >>> parse_day("2026-02-30")
    Traceback (most recent call last):
    ...
    ValueError: not a date: '2026-02-30'
    """
    if len(text) != 10 or text[4] != "-" or text[7] != "-" or not (text[:4] + text[5:7] + text[8:]).isascii() \
            or not (text[:4] + text[5:7] + text[8:]).isdigit():
        raise ValueError(f"not a date: {text!r}")
    try:
        return date(int(text[:4]), int(text[5:7]), int(text[8:]))
    except ValueError:
        raise ValueError(f"not a date: {text!r}") from None


def rank_of(scores: list[int] | list[float], winners: list[int], seat: int) -> int:
    """``seat``'s place: 1 for a winner, else one more than the seats with more points (at least 2).

    >>> rank_of([10, 31, 31, 5], [1, 2], 1), rank_of([10, 31, 31, 5], [1, 2], 0), rank_of([10, 31, 31, 5], [1, 2], 3)
    (1, 3, 4)
    >>> rank_of([31, 31], [1], 0)
    2
    """
    if seat in winners:
        return 1
    return max(2, 1 + sum(1 for points in scores if points > scores[seat]))


__all__ = ["COMPUTER", "DAILY_GAMES", "EPOCH", "LINEUPS", "DailyDeal", "Lineup", "daily_seed", "day_number", "day_of_seed",
           "deal_of", "game_of", "parse_day", "rank_of"]
