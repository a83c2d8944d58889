"""A challenge link: the same deal for a friend, carried in the URL fragment, checked like an import.

The token after ``#/<game>?challenge=`` is five fields joined by dots, only ``0-9a-z.-``::

    1.<players>.<seats>.<options>.<seed>
    1.5.pnnnn..4503599627370495      (Dieci: five seats, no options)
    1.3.pen.0-1-0.42                 (Dyad: cipher off, twos on, teams off)

``1`` is the format; each seat is a letter (:data:`SEAT_LETTERS`: p person, e easy, n normal,
h hard); the options are the game's options in its ``OPTIONS`` order, each a decimal
integer (a yes/no option 0 or 1), joined by ``-``; the seed is the deal number as the
set-up's field takes it.  Seat names are not carried: a link sets no text on the page.

:func:`parse_challenge` never trusts the token: anything else raises :class:`ChallengeError`
with the i18n key of the message to show, and nothing is stored.

>>> token = challenge_token("dyad", ["person", "easy", "normal"], {"twos": True}, 42)
>>> token
'1.3.pen.0-1-0.42'
>>> parse_challenge("dyad", token)
Challenge(game='dyad', kinds=('person', 'easy', 'normal'), options={'cipher': False, 'twos': True, 'teams': False}, seed=42)
>>> parse_challenge("dieci", token)
Traceback (most recent call last):
...
pyapp.deals.challenge.ChallengeError: challenge.damaged
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyapp.deals.seed import ASCII_DIGITS, SeedError, parse_seed
from pyapp.engine.errors import Refused
from pyapp.games import game_class
from pyapp.registry import GAMES, PERSON, TABLE_LEVELS

FORMAT = "1"
SEAT_LETTERS: dict[str, str] = {kind[0]: kind for kind in (PERSON, *TABLE_LEVELS)}
"""Each seat kind a link may name, by its first letter (unique: p, e, n, h)."""
MAX_TOKEN = 120
"""Far beyond the longest honest token (8 seats, a 16-digit seed): a longer one is refused unread."""
TOKEN_CHARS = frozenset("0123456789abcdefghijklmnopqrstuvwxyz.-")
MAX_OPTION_DIGITS = 3


class ChallengeError(Refused):
    """A challenge link that cannot be used; ``key`` is the message to show."""


@dataclass(frozen=True)
class Challenge:
    """The deal a link names: the game, each seat's kind, every option filled in, the seed."""

    game: str
    kinds: tuple[str, ...]
    options: dict[str, Any]
    seed: int

    @property
    def players(self) -> int:
        return len(self.kinds)


def challenge_token(game: str, kinds: list[str] | tuple[str, ...], options: dict[str, Any], seed: int) -> str:
    """The token for ``game`` with these seats, options (missing ones at their default) and seed."""
    defaults = game_class(game).OPTIONS
    values = [int({**defaults, **options}[name]) for name in defaults]
    seats = "".join(kind[0] for kind in kinds)
    token = ".".join((FORMAT, str(len(kinds)), seats, "-".join(str(v) for v in values), str(seed)))
    parse_challenge(game, token)  # an encoder that makes a link its parser refuses is a bug
    return token


def challenge_link(base: str, game: str, kinds: list[str] | tuple[str, ...], options: dict[str, Any], seed: int) -> str:
    """The whole link: ``base`` (the page's address without its fragment) and the fragment.

    >>> challenge_link("https://example.org/", "dieci", ["person", "normal"], {}, 7)
    'https://example.org/#/dieci?challenge=1.2.pn..7'
    """
    return f"{base}#/{game}?challenge={challenge_token(game, kinds, options, seed)}"


def _number(text: str, digits: int) -> int:
    if not text or len(text) > digits or not set(text) <= ASCII_DIGITS:
        raise ChallengeError("challenge.damaged")
    return int(text)


def _options(game: str, players: int, text: str) -> dict[str, Any]:
    cls = game_class(game)
    names = list(cls.OPTIONS)
    parts = text.split("-") if text else []
    if len(parts) != len(names):
        raise ChallengeError("challenge.damaged")
    options: dict[str, Any] = {}
    for name, part in zip(names, parts):
        value = _number(part, MAX_OPTION_DIGITS)
        default = cls.OPTIONS[name]
        if isinstance(default, bool):
            if value > 1:
                raise ChallengeError("challenge.damaged")
            options[name] = bool(value)
        else:
            options[name] = type(default)(value)
    try:
        return cls.check_options(players, options)
    except ValueError:
        raise ChallengeError("challenge.unplayable") from None


def parse_challenge(game: str, token: str) -> Challenge:
    """The deal a link's token names for the screen of ``game``; :class:`ChallengeError` if it cannot be used.

    ``challenge.damaged``: not a token of this format (cut, altered, another game's);
    ``challenge.unplayable``: well formed, but the game refuses its players or options.
    """
    if game not in GAMES or not isinstance(token, str) or len(token) > MAX_TOKEN or not set(token) <= TOKEN_CHARS:
        raise ChallengeError("challenge.damaged")
    parts = token.split(".")
    if len(parts) != 5 or parts[0] != FORMAT:
        raise ChallengeError("challenge.damaged")
    _, count, seats, options, seed_text = parts
    players = _number(count, 2)
    if len(seats) != players or not set(seats) <= SEAT_LETTERS.keys():
        raise ChallengeError("challenge.damaged")
    if players not in game_class(game).PLAYERS:
        raise ChallengeError("challenge.unplayable")
    try:
        seed = parse_seed(seed_text)
    except SeedError:
        raise ChallengeError("challenge.damaged") from None
    if seed is None or seed_text != str(seed):  # no leading zeros: one token per deal
        raise ChallengeError("challenge.damaged")
    return Challenge(game, tuple(SEAT_LETTERS[letter] for letter in seats), _options(game, players, options), seed)


__all__ = ["Challenge", "ChallengeError", "MAX_TOKEN", "SEAT_LETTERS", "challenge_link", "challenge_token",
           "parse_challenge"]
