"""The daily store ``pyapp.daily``: one counted try per day and game, the streak, damaged text set aside."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from pyapp.storage import MemoryBackend
from pyapp.storage.aside import asides
from pyapp.storage.daily import DAILY_KEY, MAX_DAYS, DailyLog, load_daily, save_daily
from pyapp.storage.stats import STATS_KEY

DAY = date(2026, 12, 2)


def _key(day: date, game: str = "dyad") -> str:
    return f"{day:%Y-%m-%d}/{game}"


def test_the_first_start_of_a_day_is_counted_and_a_replay_is_practice():
    log = DailyLog()
    assert log.begin(_key(DAY), 336, "g-1") is True
    assert log.begin(_key(DAY), 336, "g-2") is False
    assert log.counted("g-1") == _key(DAY) and log.counted("g-2") is None
    assert log.finish("g-2", rank=1, players=3, points=60) is False  # practice changes nothing
    assert log.finish("g-1", rank=2, players=3, points=31) is True
    assert log.finish("g-1", rank=1, players=3, points=60) is False  # kept once
    assert log.result(_key(DAY)) == {"rank": 2, "players": 3, "points": 31}


def test_an_abandoned_counted_try_leaves_no_second_try():
    log = DailyLog()
    log.begin(_key(DAY), 336, "g-1")
    assert not log.begin(_key(DAY), 336, "g-2") and log.result(_key(DAY)) is None


def test_the_streak_counts_finished_days_in_a_row():
    log = DailyLog()
    for n, day in enumerate(DAY - timedelta(days=d) for d in (0, 1, 2, 4)):
        log.begin(_key(day, "dieci" if n % 2 else "dyad"), 300 + n, f"g-{n}")
        log.finish(f"g-{n}", rank=1, players=3, points=10)
    assert log.streak(DAY) == 3
    assert log.streak(DAY + timedelta(days=1)) == 3  # today not played yet: the streak still stands
    assert log.streak(DAY + timedelta(days=2)) == 0
    log.begin(_key(DAY + timedelta(days=1)), 337, "g-unfinished")
    assert log.streak(DAY + timedelta(days=1)) == 3  # an unfinished try does not count (yet)
    history = log.history(DAY, days=5)
    assert [day for day, _ in history] == [DAY - timedelta(days=d) for d in (4, 3, 2, 1, 0)]
    assert [result is not None for _, result in history] == [True, False, True, True, True]


def test_the_log_round_trips_and_never_touches_the_statistics():
    backend = MemoryBackend()
    backend.set(STATS_KEY, '{"old": "reader"}')
    log = load_daily(backend)
    log.begin(_key(DAY), 336, "g-1")
    log.finish("g-1", rank=3, players=3, points=5)
    save_daily(backend, log)
    assert load_daily(backend).days == log.days
    assert backend.get(STATS_KEY) == '{"old": "reader"}' and set(backend.keys()) == {STATS_KEY, DAILY_KEY}


def test_old_days_are_dropped_beyond_the_bound():
    log = DailyLog()
    for n in range(MAX_DAYS + 3):
        log.begin(_key(date(2026, 1, 1) + timedelta(days=n)), n + 1, f"g-{n}")
    assert len(log.days) == MAX_DAYS and _key(date(2026, 1, 1)) not in log.days


@pytest.mark.parametrize("text", [
    "{oops", "[]", '{"version": 2, "days": {}}', '{"version": 1, "days": {"2026-12-02/triad": '
    '{"number": 1, "record": "a", "result": null}}}',
    json.dumps({"version": 1, "days": {"2026-12-02/dyad": {"number": 1, "record": "a",
                                                           "result": {"rank": 9, "players": 3, "points": 1}}}}),
    json.dumps({"version": 1, "days": {"2026-12-02/dyad": {"number": True, "record": "a", "result": None}}}),
    "[" * 5000,
])
def test_damaged_text_is_set_aside_and_the_log_starts_empty(text):
    backend = MemoryBackend()
    backend.set(DAILY_KEY, text)
    log = load_daily(backend)
    assert log.damaged and log.days == {}
    assert backend.get(DAILY_KEY) is None and [item.original for item in asides(backend)] == [DAILY_KEY]
