"""Statistics kept on this device: per game and opponent level, played, won, best score.

They are counted from the point of view of the people at the table (the
device's players): a game counts when at least one seat is a person; it is
won when a person's seat is among the winners; the best score is the highest
score a person's seat finished with.  The *opponent level* of a game is the
strongest computer level at the table, or ``"person"`` when every seat is a
person.  Games with no person at all (computers only) are not counted.

A finished game is counted once: the ids of counted games are remembered
(the newest ``MAX_COUNTED``), so resuming, replaying or re-saving it never
counts it again.  Imported games are never counted: they were not played
here.  Damaged statistics are reset (and the screen says so), never a crash.

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
>>> backend.set(STATS_KEY, "{oops")
>>> stats, problem = load_stats(backend)
>>> stats.games, problem
({}, 'stats.reset')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pyapp.registry import SEAT_KINDS
from pyapp.storage.backends import Backend, StorageError

STATS_KEY = "pyapp.stats"
STATS_VERSION = 1
MAX_COUNTED = 500
"""How many counted game ids are remembered to keep counting idempotent."""

LEVEL_ORDER = SEAT_KINDS
"""Opponent levels, weakest first; ``person`` means only people at the table."""

_LINE_KEYS = ("played", "won", "best")


class Stats:
    """The statistics table: ``games[game][level] = {"played", "won", "best"}``."""

    def __init__(self, games: dict[str, dict[str, dict[str, Any]]] | None = None,
                 counted: list[str] | None = None, reset: bool = False) -> None:
        self.games = games or {}
        self.counted = counted or []
        self.reset = reset
        """True after damaged statistics were replaced by empty ones (until the next game counts)."""

    def line(self, game: str, level: str) -> dict[str, Any]:
        """The counts for one game and opponent level (zeros if none yet)."""
        return dict(self.games.get(game, {}).get(level, {"played": 0, "won": 0, "best": None}))

    def rows(self) -> list[tuple[str, str, dict[str, Any]]]:
        """``(game, level, line)`` for every line, games by name, levels weakest first."""
        out = []
        for game in sorted(self.games):
            levels = self.games[game]
            for level in sorted(levels, key=lambda k: (LEVEL_ORDER.index(k) if k in LEVEL_ORDER else 99, k)):
                out.append((game, level, dict(levels[level])))
        return out

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"stats": STATS_VERSION, "games": self.games, "counted": self.counted}
        if self.reset:
            data["reset"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Validate stored statistics; ``ValueError`` if anything is off."""
        if not isinstance(data, dict) or data.get("stats") != STATS_VERSION:
            raise ValueError("unknown statistics version")
        games, counted = data.get("games"), data.get("counted")
        if not isinstance(games, dict) or not isinstance(counted, list):
            raise ValueError("statistics are malformed")
        if not all(isinstance(x, str) for x in counted):
            raise ValueError("statistics are malformed")
        for levels in games.values():
            if not isinstance(levels, dict):
                raise ValueError("statistics are malformed")
            for line in levels.values():
                if not isinstance(line, dict) or set(line) != set(_LINE_KEYS):
                    raise ValueError("statistics are malformed")
                for key in _LINE_KEYS:
                    value = line[key]
                    if key == "best" and value is None:
                        continue
                    if isinstance(value, bool) or not isinstance(value, (int, float)):
                        raise ValueError("statistics are malformed")
                if not 0 <= line["won"] <= line["played"]:
                    raise ValueError("statistics are malformed")
        return cls(games, counted[-MAX_COUNTED:], bool(data.get("reset")))


def load_stats(backend: Backend | None) -> tuple[Stats, str | None]:
    """The stored statistics and the i18n key of a problem (or None).

    Damaged statistics are replaced by empty ones (written back, marked as
    reset) and reported as ``"stats.reset"``; an unusable store gives empty
    statistics and ``"storage.unavailable"``.
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
        stats = Stats.from_json(json.loads(text))
    except (ValueError, RecursionError, TypeError):
        stats = Stats(reset=True)
        try:
            backend.set(STATS_KEY, json.dumps(stats.to_json()))
        except StorageError:
            pass
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
    """Count a finished game once; True if it was counted now.

    Never raises for storage trouble: statistics are not worth stopping a game for.
    """
    if backend is None:
        return False
    kinds = [seat.get("kind") for seat in record.get("seats", [])]
    level = opponent_level(kinds)
    if level is None:
        return False
    stats, _ = load_stats(backend)
    if record["id"] in stats.counted:
        return False
    people = [seat for seat, kind in enumerate(kinds) if kind == "person"]
    line = stats.games.setdefault(game, {}).setdefault(level, {"played": 0, "won": 0, "best": None})
    line["played"] += 1
    if any(seat in winners for seat in people):
        line["won"] += 1
    best = max((scores[seat] for seat in people if seat < len(scores)), default=None)
    if best is not None and (line["best"] is None or best > line["best"]):
        line["best"] = best
    stats.counted = (stats.counted + [record["id"]])[-MAX_COUNTED:]
    stats.reset = False
    try:
        backend.set(STATS_KEY, json.dumps(stats.to_json(), separators=(",", ":")))
    except StorageError:
        return False
    return True


__all__ = ["LEVEL_ORDER", "MAX_COUNTED", "STATS_KEY", "Stats", "count_finished", "load_stats", "opponent_level"]
