"""The deal of the day's own store, ``pyapp.daily``: each day's counted try, its result, the streak.

Kept apart from the statistics (``pyapp.stats``) so that an older build's
statistics reader never meets a field it does not know.  The value is JSON::

    {"version": 1, "days": {"2026-12-02/dieci": {"number": 336, "record": "18c2f-1",
                                                 "result": {"rank": 3, "players": 5, "points": 31}}}}

A day's first start of its deal is the counted try (``record`` names its saved
game, ``result`` is null until it ends); any later game of the same deal that
day is practice, never counted.  Damaged text is set aside (listed on the
saved-games screen) and the log starts empty.

>>> from datetime import date
>>> from pyapp.storage.backends import MemoryBackend
>>> backend = MemoryBackend()
>>> log = load_daily(backend)
>>> log.begin("2026-12-02/dieci", 336, "a-1"), log.begin("2026-12-02/dieci", 336, "a-2")
(True, False)
>>> log.finish("a-2", rank=1, players=5, points=40), log.finish("a-1", rank=3, players=5, points=31)
(False, True)
>>> save_daily(backend, log)
>>> load_daily(backend).result("2026-12-02/dieci")
{'rank': 3, 'players': 5, 'points': 31}
>>> load_daily(backend).streak(date(2026, 12, 2)), load_daily(backend).streak(date(2026, 12, 4))
(1, 0)
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from pyapp.deals.daily import DAILY_GAMES, parse_day
from pyapp.storage.aside import reading, set_aside
from pyapp.storage.backends import Backend, StorageError
from pyapp.storage.safejson import is_number, loads

DAILY_KEY = "pyapp.daily"
DAILY_VERSION = 1
MAX_DAYS = 400
"""Days kept: the oldest go first (a streak longer than this still counts up from the stored days)."""
MAX_NUMBER = 1_000_000
"""A day's number counts the days since the first deal of the day: far below this for centuries."""
MAX_DAILY_CHARS = 100_000
MAX_PLAYERS = 8
MAX_POINTS = 10**6
_RESULT_KEYS = {"rank", "players", "points"}


def _day_of(key: str) -> date:
    """The date of a ``YYYY-MM-DD/<game>`` key (``ValueError`` if it is none)."""
    day, _, game = key.partition("/")
    if game not in DAILY_GAMES:
        raise ValueError(f"no daily game in {key!r}")
    return parse_day(day)


def _check_result(result: Any) -> None:
    if result is None:
        return
    if not isinstance(result, dict) or set(result) != _RESULT_KEYS:
        raise ValueError("a daily result is malformed")
    for name, low, high in (("rank", 1, MAX_PLAYERS), ("players", 2, MAX_PLAYERS), ("points", -MAX_POINTS, MAX_POINTS)):
        value = result[name]
        if isinstance(value, bool) or not isinstance(value, int) or not is_number(value, low, high):
            raise ValueError(f"a daily result's {name} is out of range")
    if result["rank"] > result["players"]:
        raise ValueError("a daily rank is below the last place")


@dataclass
class DailyLog:
    """Every stored day: ``days[key] = {"number", "record", "result"}``."""

    days: dict[str, dict[str, Any]] = field(default_factory=dict)
    damaged: bool = False
    """The stored text failed its checks: it was set aside and this log started empty."""

    @classmethod
    def from_json(cls, data: Any) -> DailyLog:
        """The log in ``data``; ``ValueError`` for anything that is not exactly this format."""
        if not isinstance(data, dict) or set(data) != {"version", "days"} \
                or type(data["version"]) is not int or data["version"] != DAILY_VERSION:
            raise ValueError("not a daily log of version 1")
        days = data["days"]
        if not isinstance(days, dict) or len(days) > MAX_DAYS:
            raise ValueError("the daily log's days are malformed")
        for key, entry in days.items():
            _day_of(key)
            if not isinstance(entry, dict) or set(entry) != {"number", "record", "result"}:
                raise ValueError(f"day {key!r} is malformed")
            if type(entry["number"]) is not int or not 1 <= entry["number"] <= MAX_NUMBER:
                raise ValueError(f"day {key!r} has no number")
            if not isinstance(entry["record"], str) or not 0 < len(entry["record"]) <= 64:
                raise ValueError(f"day {key!r} names no saved game")
            _check_result(entry["result"])
        return cls(dict(days))

    def to_json(self) -> dict[str, Any]:
        return {"version": DAILY_VERSION, "days": self.days}

    def begin(self, key: str, number: int, record_id: str) -> bool:
        """A game of the day's deal ``key`` starts as ``record_id``: True if it is the day's counted try."""
        if key in self.days:
            return False
        self.days[key] = {"number": number, "record": record_id, "result": None}
        while len(self.days) > MAX_DAYS:
            del self.days[min(self.days, key=_day_of)]
        return True

    def counted(self, record_id: str) -> str | None:
        """The day's key if ``record_id`` is a counted try, else None (practice, or no daily game)."""
        return next((key for key, entry in self.days.items() if entry["record"] == record_id), None)

    def finish(self, record_id: str, *, rank: int, players: int, points: int) -> bool:
        """The counted try ``record_id`` ended: keep its result (once); False for practice or a result kept already."""
        key = self.counted(record_id)
        if key is None or self.days[key]["result"] is not None:
            return False
        result = {"rank": rank, "players": players, "points": points}
        _check_result(result)
        self.days[key]["result"] = result
        return True

    def result(self, key: str) -> dict[str, Any] | None:
        entry = self.days.get(key)
        return entry["result"] if entry else None

    def _finished_days(self) -> set[date]:
        return {_day_of(key) for key, entry in self.days.items() if entry["result"] is not None}

    def streak(self, today: date) -> int:
        """Days in a row with a finished counted try, up to today (or up to yesterday while today's is not played)."""
        done = self._finished_days()
        day = today if today in done else today - timedelta(days=1)
        count = 0
        while day in done:
            count += 1
            day -= timedelta(days=1)
        return count

    def history(self, today: date, days: int = 14) -> list[tuple[date, dict[str, Any] | None]]:
        """The last ``days`` days up to today, oldest first, each with its counted result (None: not played)."""
        results = {_day_of(key): entry["result"] for key, entry in self.days.items()}
        return [(day, results.get(day)) for day in (today - timedelta(days=n) for n in range(days - 1, -1, -1))]


def load_daily(backend: Backend | None) -> DailyLog:
    """The stored log; empty when there is none, when storage cannot be read, or (set aside) when damaged."""
    if backend is None:
        return DailyLog()
    try:
        text = backend.get(DAILY_KEY)
    except StorageError:
        return DailyLog()
    if text is None:
        return DailyLog()
    try:
        with reading(backend, DAILY_KEY):
            return DailyLog.from_json(loads(text, max_chars=MAX_DAILY_CHARS))
    except (ValueError, TypeError):
        try:
            set_aside(backend, DAILY_KEY, "damaged", now=time.time())
        except StorageError:
            pass  # kept as it is; refused again next time
        return DailyLog(damaged=True)


def save_daily(backend: Backend, log: DailyLog) -> None:
    """Write the log (``StorageError`` if the store refuses)."""
    backend.set(DAILY_KEY, json.dumps(log.to_json(), separators=(",", ":")))


__all__ = ["DAILY_KEY", "DailyLog", "load_daily", "save_daily"]
