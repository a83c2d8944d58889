"""Statistics kept on this device: per game and opponent level, played, won, best score.

Games in which hints were used (the record's ``hints.used``) are counted apart,
in lines of their own (``hinted``), so that the other lines say how a person
played unaided.  Friends' games (a record with a ``friends`` block: people on
their own devices) count apart too, in ``friends``, from the seat this
device's person held (``device_seat``), hints or not.

They are counted from the point of view of the people at the table (the
device's players): a game counts when at least one seat is a person; it is
won when a person's seat is among the winners; the best score is the highest
score a person's seat finished with.  The *opponent level* of a game is the
strongest computer level at the table, or ``"person"`` when every seat is a
person.  Games with no person at all (computers only) are not counted.

A finished game is counted once: the ids of counted games are remembered
(the newest ``MAX_COUNTED``), so resuming, replaying or re-saving it never
counts it again.  Imported games are never counted: they were not played
here (a record marked ``imported``, :data:`pyapp.storage.records.IMPORTED_GAME`:
the mark is kept when such a game is resumed and finished here).  Damaged statistics are set aside (:mod:`pyapp.storage.aside`: kept
as they were, to export or delete) and counting starts again; the screen says
so.  Never a crash.

>>> from pyapp.storage.backends import MemoryBackend
>>> backend = MemoryBackend()
>>> record = {"id": "g1", "seats": [{"name": "Ada", "kind": "person"}, {"name": "Bot", "kind": "easy"}]}
>>> count_finished(backend, record, game="nim", scores=[12, 3], winners=[0])
True
>>> count_finished(backend, record, game="nim", scores=[12, 3], winners=[0])
False
>>> stats, problem = load_stats(backend)
>>> stats.line("nim", "easy"), problem
({'played': 1, 'won': 1, 'best': 12}, None)
>>> helped = dict(record, id="g2", hints={"allowed": True, "used": 2})
>>> count_finished(backend, helped, game="nim", scores=[4, 9], winners=[1])
True
>>> stats, _ = load_stats(backend)
>>> stats.line("nim", "easy")["played"], stats.line("nim", "easy", hinted=True)
(1, {'played': 1, 'won': 0, 'best': 4})
>>> backend.set(STATS_KEY, "{oops")
>>> stats, problem = load_stats(backend)
>>> from pyapp.storage.aside import asides
>>> stats.games, problem, [item.original for item in asides(backend)]
({}, 'stats.reset', ['pyapp.stats'])
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from pyapp.registry import SEAT_KINDS
from pyapp.storage.aside import reading, set_aside
from pyapp.storage.backends import Backend, StorageError
from pyapp.storage.records import IMPORTED_GAME
from pyapp.storage.safejson import is_number, loads

STATS_KEY = "pyapp.stats"
STATS_VERSION = 1
MAX_COUNTED = 500
"""How many counted game ids are remembered to keep counting idempotent."""
MAX_STATS_CHARS = 200_000
"""Larger stored statistics are refused unparsed; real ones stay under 30,000 characters."""
MAX_COUNT = 10**9
"""Largest count or score accepted in stored statistics."""

LEVEL_ORDER = SEAT_KINDS
"""Opponent levels, weakest first; ``person`` means only people at the table."""

_LINE_KEYS = ("played", "won", "best")


Table = dict[str, dict[str, dict[str, Any]]]
"""``table[game][level] = {"played", "won", "best"}``."""


class Stats:
    """The statistics: ``games`` (played without hints), ``hinted`` (with hints) and ``friends``, each a :data:`Table`."""

    def __init__(self, games: Table | None = None, counted: list[str] | None = None, reset: bool = False,
                 hinted: Table | None = None, friends: Table | None = None) -> None:
        self.games = games or {}
        self.hinted = hinted or {}
        self.friends = friends or {}
        self.counted = counted or []
        self.reset = reset
        """True after damaged statistics were replaced by empty ones (until the next game counts)."""

    def line(self, game: str, level: str, *, hinted: bool = False, friends: bool = False) -> dict[str, Any]:
        """The counts for one game and opponent level: with friends, with hints or unaided (zeros if none yet)."""
        table = self.friends if friends else self.hinted if hinted else self.games
        return dict(table.get(game, {}).get(level, {"played": 0, "won": 0, "best": None}))

    def rows(self) -> list[tuple[str, str, bool, dict[str, Any]]]:
        """``(game, level, hinted, line)`` for every line: games by name, levels weakest first, unaided first."""
        out = []
        for game in sorted(self.games.keys() | self.hinted.keys()):
            levels = self.games.get(game, {}).keys() | self.hinted.get(game, {}).keys()
            for level in sorted(levels, key=lambda k: (LEVEL_ORDER.index(k) if k in LEVEL_ORDER else 99, k)):
                for hinted, table in ((False, self.games), (True, self.hinted)):
                    if level in table.get(game, {}):
                        out.append((game, level, hinted, dict(table[game][level])))
        return out

    def friends_rows(self) -> list[tuple[str, str, dict[str, Any]]]:
        """``(game, level, line)`` for every line of friends' games: games by name, levels weakest first."""
        return [(game, level, dict(self.friends[game][level])) for game in sorted(self.friends)
                for level in sorted(self.friends[game], key=lambda k: (LEVEL_ORDER.index(k) if k in LEVEL_ORDER else 99, k))]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"stats": STATS_VERSION, "games": self.games, "counted": self.counted}
        if self.hinted:
            data["hinted"] = self.hinted
        if self.friends:
            data["friends"] = self.friends
        if self.reset:
            data["reset"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Validate stored statistics; ``ValueError`` saying what is off."""
        if not isinstance(data, dict) or data.get("stats") != STATS_VERSION:
            raise ValueError("unknown statistics version")
        games, counted, hinted = data.get("games"), data.get("counted"), data.get("hinted", {})
        friends = data.get("friends", {})
        if not isinstance(counted, list):
            raise ValueError("statistics are malformed")
        if not all(isinstance(x, str) and len(x) <= 64 for x in counted):
            raise ValueError("the counted games are malformed")
        _check_table(games)
        _check_table(hinted)  # absent from statistics written before hints were counted
        _check_table(friends)  # absent from statistics written before friends' games
        return cls(games, counted[-MAX_COUNTED:], bool(data.get("reset")), hinted, friends)


def _check_table(games: Any) -> None:
    """``ValueError`` unless ``games`` is a well-formed :data:`Table`."""
    if not isinstance(games, dict):
        raise ValueError("statistics are malformed")
    for game, levels in games.items():
        if not isinstance(levels, dict) or len(game) > 32:
            raise ValueError("statistics are malformed")
        for level, line in levels.items():
            if level not in LEVEL_ORDER or not isinstance(line, dict) or set(line) != set(_LINE_KEYS):
                raise ValueError(f"the statistics of {game} are malformed")
            if not all(isinstance(line[key], int) and is_number(line[key], 0, MAX_COUNT) for key in ("played", "won")):
                raise ValueError(f"a count of {game} is not a whole number in range")
            if line["best"] is not None and not is_number(line["best"], -MAX_COUNT, MAX_COUNT):
                raise ValueError(f"a best score of {game} is not a number in range")
            if line["won"] > line["played"]:
                raise ValueError(f"{game} counts more games won than played")


def decode_stats(text: str) -> Stats:
    """Stored statistics text, parsed safely and checked; ``ValueError`` saying what is off."""
    try:
        return Stats.from_json(loads(text, max_chars=MAX_STATS_CHARS))
    except TypeError as error:  # a check tripping over a value of a type it never expected
        raise ValueError(f"statistics are malformed ({error})") from None


def load_stats(backend: Backend | None) -> tuple[Stats, str | None]:
    """The stored statistics and the i18n key of a problem (or None).

    Damaged statistics are set aside and replaced by empty ones (written back,
    marked as reset) and reported as ``"stats.reset"``; an unusable store gives
    empty statistics and ``"storage.unavailable"``.
    """
    if backend is None:
        return Stats(), "storage.unavailable"
    try:
        text = backend.get(STATS_KEY)
    except StorageError as error:
        return Stats(), error.key
    if text is None:
        return Stats(), None
    try:
        with reading(backend, STATS_KEY):
            stats = decode_stats(text)
    except ValueError:
        stats = Stats(reset=True)
        try:
            set_aside(backend, STATS_KEY, "damaged", now=time.time())
            backend.set(STATS_KEY, json.dumps(stats.to_json()))
        except StorageError:
            pass  # kept as it is; read (and refused) again next time
    return stats, ("stats.reset" if stats.reset else None)


def opponent_level(kinds: Sequence[str]) -> str | None:
    """The strongest computer level among ``kinds``; ``"person"`` if none; None with no person.

    >>> opponent_level(["person", "easy", "hard"]), opponent_level(["person", "person"])
    ('hard', 'person')
    >>> opponent_level(["easy", "normal"]) is None
    True
    """
    if "person" not in kinds:
        return None
    computers = [k for k in kinds if k != "person"]
    if not computers:
        return "person"
    return max(computers, key=lambda k: LEVEL_ORDER.index(k) if k in LEVEL_ORDER else -1)


def count_finished(backend: Backend | None, record: dict[str, Any], *, game: str,
                   scores: Sequence[float], winners: Sequence[int]) -> bool:
    """Count a finished game once (apart with friends, or when hints were used); True if it was counted now.

    An imported game (the record's ``imported`` mark) is never counted.

    ``StorageError`` when the statistics cannot be written (nothing changed
    then), so the caller can keep the game to count it later.
    """
    if backend is None or record.get(IMPORTED_GAME) is True:
        return False
    kinds = [seat.get("kind") for seat in record.get("seats", [])]
    level = opponent_level(kinds)
    if level is None:
        return False
    stats, _ = load_stats(backend)
    if record["id"] in stats.counted:
        return False
    people = [seat for seat, kind in enumerate(kinds) if kind == "person"]
    hints, here = record.get("hints"), record.get("device_seat")
    if record.get("friends") is not None:
        table = stats.friends
        people = [here] if isinstance(here, int) and here in people else people
    else:
        table = stats.hinted if isinstance(hints, dict) and hints.get("used", 0) > 0 else stats.games
    line = table.setdefault(game, {}).setdefault(level, {"played": 0, "won": 0, "best": None})
    line["played"] += 1
    if any(seat in winners for seat in people):
        line["won"] += 1
    best = max((scores[seat] for seat in people if seat < len(scores)), default=None)
    if best is not None and (line["best"] is None or best > line["best"]):
        line["best"] = best
    stats.counted = (stats.counted + [record["id"]])[-MAX_COUNTED:]
    stats.reset = False
    backend.set(STATS_KEY, json.dumps(stats.to_json(), separators=(",", ":")))
    return True


__all__ = ["LEVEL_ORDER", "MAX_COUNTED", "STATS_KEY", "Stats", "count_finished", "decode_stats", "load_stats",
           "opponent_level"]
