"""The deal of the day's own store, ``pyapp.daily``: each recent day's counted try, its result, the streak.

Kept apart from the statistics (``pyapp.stats``) so that an older build's
statistics reader never meets a field it does not know.  The value is JSON::

    {"version": 2, "days": {"2026-12-02/dieci": {"number": 336, "record": "18c2f-1",
                                                 "result": {"rank": 3, "players": 5, "points": 31}}},
     "earlier": {"end": "2026-10-31", "length": 612}}

A day's first start of its deal is the counted try (``record`` names its saved
game, ``result`` is null until it ends); any later game of the same deal that
day is practice, never counted.  Only the last :data:`MAX_DAYS` days are kept,
so the text stays far below its bound (:data:`MAX_DAILY_CHARS`, the guard's
limit for this key: :mod:`pyapp.storage.kinds`) for good; ``earlier`` is the
streak's stored counter for the days dropped: the finished days in a row that
ended on ``end`` (null when the dropped days end no run).  Version 1 (no
``earlier``, up to 400 days) is read and upgraded.  Damaged text is set aside
(listed on the saved-games screen) and the log starts empty; a log set aside
as too large by a build that allowed it less room is put back on the next
load (:func:`load_daily`).

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

from pyapp.deals.daily import DAILY_GAMES, day_number, parse_day
from pyapp.storage.aside import asides, reading, set_aside
from pyapp.storage.backends import Backend, StorageError
from pyapp.storage.safejson import is_number, loads

DAILY_KEY = "pyapp.daily"
DAILY_VERSION = 2
MAX_DAYS = 31
"""Days kept, the oldest go first: more than the screen's two weeks; the streak's older part is ``earlier``."""
V1_MAX_DAYS = 400
V1_MAX_CHARS = 100_000
"""Version 1's bounds: a log of version 1, or one set aside as too large, is read within these."""
MAX_NUMBER = 1_000_000
"""A day's number counts the days since the first deal of the day: far below this for centuries."""
MAX_DAILY_CHARS = 10_000
"""The stored text at most: :data:`MAX_DAYS` days of the longest fields fit (``tests/deals/test_daily_store.py``)."""
MAX_PLAYERS = 8
MAX_POINTS = 10**6
MAX_RECORD_ID = 64
_RESULT_KEYS = {"rank", "players", "points"}
_ONE_DAY = timedelta(days=1)


def _day_of(key: str) -> date:
    """The date of a ``YYYY-MM-DD/<game>`` key (``ValueError`` if it is none)."""
    day, _, game = key.partition("/")
    if game not in DAILY_GAMES:
        raise ValueError(f"no daily game in {key!r}")
    return parse_day(day)


def is_day_key(value: Any) -> bool:
    """Whether ``value`` is a day's key of the log (``2026-12-02/dieci``), as a record's counted mark holds it.

    >>> is_day_key("2026-12-02/dieci"), is_day_key("2026-12-02/triad"), is_day_key(7)
    (True, False, False)
    """
    try:
        return isinstance(value, str) and len(value) <= 16 and _day_of(value) is not None
    except ValueError:
        return False


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


def _check_days(days: Any, most: int) -> None:
    if not isinstance(days, dict) or len(days) > most:
        raise ValueError("the daily log's days are malformed")
    for key, entry in days.items():
        _day_of(key)
        if not isinstance(entry, dict) or set(entry) != {"number", "record", "result"}:
            raise ValueError(f"day {key!r} is malformed")
        if type(entry["number"]) is not int or not 1 <= entry["number"] <= MAX_NUMBER:
            raise ValueError(f"day {key!r} has no number")
        if not isinstance(entry["record"], str) or not 0 < len(entry["record"]) <= MAX_RECORD_ID:
            raise ValueError(f"day {key!r} names no saved game")
        _check_result(entry["result"])


def _earlier_of(value: Any, days: dict[str, Any]) -> tuple[date, int] | None:
    """The stored ``earlier`` run as ``(end, length)``; ``ValueError`` unless it ends before every kept day."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"end", "length"} or type(value["length"]) is not int \
            or not 1 <= value["length"] <= MAX_NUMBER or not isinstance(value["end"], str):
        raise ValueError("the daily log's earlier run is malformed")
    end = parse_day(value["end"])
    if any(_day_of(key) <= end for key in days):
        raise ValueError("the daily log's earlier run overlaps its days")
    return end, value["length"]


@dataclass
class DailyLog:
    """The recent days, ``days[key] = {"number", "record", "result"}``, and the streak's counter for older ones."""

    days: dict[str, dict[str, Any]] = field(default_factory=dict)
    damaged: bool = False
    """The stored text failed its checks: it was set aside and this log started empty."""
    earlier: tuple[date, int] | None = None
    """The finished days in a row dropped from ``days``: the last one's date and how many (None: no such run)."""

    @classmethod
    def from_json(cls, data: Any) -> DailyLog:
        """The log in ``data`` (version 1 is upgraded); ``ValueError`` for anything that is not exactly this format."""
        fields = {1: {"version", "days"}, 2: {"version", "days", "earlier"}}
        version = data.get("version") if isinstance(data, dict) else None
        if type(version) is not int or version not in fields or set(data) != fields[version]:
            raise ValueError("not a daily log of version 1 or 2")
        _check_days(data["days"], V1_MAX_DAYS if version == 1 else MAX_DAYS)
        log = cls(dict(data["days"]), earlier=_earlier_of(data.get("earlier"), data["days"]))
        log._trim()
        return log

    def to_json(self) -> dict[str, Any]:
        earlier = None if self.earlier is None else {"end": self.earlier[0].isoformat(), "length": self.earlier[1]}
        return {"version": DAILY_VERSION, "days": self.days, "earlier": earlier}

    def _trim(self) -> None:
        """Drop the oldest days beyond :data:`MAX_DAYS`, each finished one counted into ``earlier``."""
        while len(self.days) > MAX_DAYS:
            oldest = min(self.days, key=_day_of)
            entry, day = self.days.pop(oldest), _day_of(oldest)
            if entry["result"] is None or (self.earlier is not None and day <= self.earlier[0]):
                continue  # not counted, or counted already (two logs merged)
            follows = self.earlier is not None and self.earlier[0] == day - _ONE_DAY
            self.earlier = (day, self.earlier[1] + 1 if follows and self.earlier else 1)

    def begin(self, key: str, number: int, record_id: str) -> bool:
        """A game of the day's deal ``key`` starts as ``record_id``: True if it is the day's counted try."""
        if key in self.days:
            return False
        self.days[key] = {"number": number, "record": record_id, "result": None}
        self._trim()
        return True

    def restore(self, key: str, record_id: str) -> bool:
        """Put back a counted try its record names (the log was damaged or set aside); True if it was missing."""
        if key in self.days or (self.earlier is not None and _day_of(key) <= self.earlier[0]):
            return False
        return self.begin(key, day_number(_day_of(key)), record_id)

    def merge(self, other: DailyLog) -> None:
        """Take in the days of a log kept apart: a day both hold keeps the one with a result, else ``other``'s."""
        for key, entry in other.days.items():
            mine = self.days.get(key)
            if mine is None or mine["result"] is None or entry["result"] is not None:
                self.days[key] = entry
        if other.earlier is not None and (self.earlier is None or other.earlier > self.earlier):
            self.earlier = other.earlier
        for key in [key for key in self.days if self.earlier is not None and _day_of(key) <= self.earlier[0]]:
            del self.days[key]  # counted in the run already
        self._trim()

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
        day = today if today in done else today - _ONE_DAY
        count = 0
        while day in done:
            count += 1
            day -= _ONE_DAY
        if self.earlier is not None and self.earlier[0] == day:
            count += self.earlier[1]  # the run goes on into the days dropped from the log
        return count

    def history(self, today: date, days: int = 14) -> list[tuple[date, dict[str, Any] | None]]:
        """The last ``days`` days up to today, oldest first, each with its counted result (None: not played)."""
        results = {_day_of(key): entry["result"] for key, entry in self.days.items()}
        return [(day, results.get(day)) for day in (today - timedelta(days=n) for n in range(days - 1, -1, -1))]


def _parse(text: str, max_chars: int) -> DailyLog:
    return DailyLog.from_json(loads(text, max_chars=max_chars))


def _read(backend: Backend) -> DailyLog:
    """The stored log; empty when there is none or storage cannot be read, or when it was set aside (``damaged``:
    it failed its checks; too large: it is put back upgraded by :func:`_put_back_large`)."""
    try:
        text = backend.get(DAILY_KEY)
    except StorageError:
        return DailyLog()
    if text is None:
        return DailyLog()
    reason = "large" if len(text) > MAX_DAILY_CHARS else None  # as web/guard.js would: put back below, upgraded
    if reason is None:
        try:
            with reading(backend, DAILY_KEY):
                return _parse(text, MAX_DAILY_CHARS)
        except (ValueError, TypeError):
            reason = "damaged"
    try:
        set_aside(backend, DAILY_KEY, reason, now=time.time())
    except StorageError:
        pass  # kept as it is; refused again next time
    return DailyLog(damaged=reason == "damaged")


def _put_back_large(backend: Backend, log: DailyLog) -> None:
    """Merge in every log set aside as too large that reads well now, store the whole, then remove those copies.

    An earlier build's guard allowed this key 1,000 characters, so a log of ten
    days was set aside; the log kept now fits its bound, and they come back.
    One that still cannot be read stays set aside.
    """
    found = []
    for item in asides(backend):
        text = backend.get(item.key) if item.original == DAILY_KEY and item.reason == "large" else None
        if text is None:
            continue
        try:
            found.append((item, _parse(text, V1_MAX_CHARS)))  # measured before parsing: no crash to mark
        except (ValueError, TypeError):
            continue
    if not found:
        return
    for _, kept in found:
        log.merge(kept)
    save_daily(backend, log)
    for item, _ in found:
        backend.remove(item.key)


def load_daily(backend: Backend | None) -> DailyLog:
    """The stored log, with logs set aside as too large put back; empty when there is none or storage cannot be read."""
    if backend is None:
        return DailyLog()
    log = _read(backend)
    try:
        _put_back_large(backend, log)
    except StorageError:
        pass  # no room or no storage: they stay set aside, tried again on the next load
    return log


def save_daily(backend: Backend, log: DailyLog) -> None:
    """Write the log (``StorageError`` if the store refuses)."""
    backend.set(DAILY_KEY, json.dumps(log.to_json(), separators=(",", ":")))


__all__ = ["DAILY_KEY", "DailyLog", "MAX_DAILY_CHARS", "is_day_key", "load_daily", "save_daily"]
