"""The daily store ``pyapp.daily``: one counted try per day and game, the streak, damaged text set aside.

The log stays within the guard's limit for its key for good (three years of
play, the longest fields), and a log the old 1,000-character limit set aside
comes back.
"""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from pyapp.storage import MemoryBackend
from pyapp.deals.daily import day_number, game_of
from pyapp.storage.aside import asides, set_aside
from pyapp.storage.daily import DAILY_KEY, MAX_DAILY_CHARS, MAX_DAYS, DailyLog, load_daily, save_daily
from pyapp.storage.kinds import max_chars
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
    "{oops", "[]", '{"version": 3, "days": {}, "earlier": null}', '{"version": 2, "days": {}}',
    '{"version": 2, "days": {}, "earlier": {"end": "2026-12-05", "length": 0}}',
    '{"version": 2, "days": {"2026-12-02/dyad": {"number": 336, "record": "a", "result": null}}, '
    '"earlier": {"end": "2026-12-02", "length": 3}}',  # a run that ends on a kept day
    '{"version": 1, "days": {"2026-12-02/triad": '
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


def _guard(backend: MemoryBackend) -> None:
    """What web/guard.js does at each start with the declared limits: a value too large is set aside."""
    for key in backend.keys():
        limit = max_chars(key) if key.startswith("pyapp.") else None
        if limit is not None and len(backend.get(key) or "") > limit:
            set_aside(backend, key, "large", now=1.0)


def _play(backend: MemoryBackend, day: date, rank: int = 1) -> None:
    """One day's counted try started and finished, each through a reload (the guard, then the stored log)."""
    key = f"{day.isoformat()}/{game_of(day)}"
    _guard(backend)
    log = load_daily(backend)
    assert log.begin(key, day_number(day), f"r-{day.isoformat()}")
    save_daily(backend, log)
    _guard(backend)
    log = load_daily(backend)
    assert log.finish(f"r-{day.isoformat()}", rank=rank, players=3, points=-999_999)
    save_daily(backend, log)


def test_three_years_of_daily_play_keep_the_streak_and_the_history_across_reloads():
    backend = MemoryBackend()
    first = date(2026, 1, 1)
    played = 3 * 365 + 10
    longest = 0
    for n in range(played):
        _play(backend, first + timedelta(days=n), rank=1 + n % 3)
        longest = max(longest, len(backend.get(DAILY_KEY)))
    last = first + timedelta(days=played - 1)
    _guard(backend)
    log = load_daily(backend)
    assert asides(backend) == [] and not log.damaged
    assert log.streak(last) == log.streak(last + timedelta(days=1)) == played
    assert log.streak(last + timedelta(days=2)) == 0
    history = log.history(last)
    assert [day for day, _ in history] == [last - timedelta(days=n) for n in range(13, -1, -1)]
    assert [result["rank"] for _, result in history] == [1 + (played - 14 + n) % 3 for n in range(14)]
    assert longest <= MAX_DAILY_CHARS // 2, f"{longest} characters: too close to the limit {MAX_DAILY_CHARS}"


def test_a_gap_breaks_the_counted_streak_also_beyond_the_kept_days():
    backend = MemoryBackend()
    first = date(2026, 3, 1)
    for n in [*range(40), *range(41, 41 + MAX_DAYS + 5)]:
        _play(backend, first + timedelta(days=n))
    log = load_daily(backend)
    last = first + timedelta(days=40 + MAX_DAYS + 5)
    assert log.streak(last) == MAX_DAYS + 5 and log.earlier is not None


def test_an_unfinished_try_dropped_from_the_log_ends_the_run_before_it():
    log = DailyLog()
    first = date(2026, 3, 1)
    for n in range(MAX_DAYS + 10):
        day = first + timedelta(days=n)
        log.begin(_key(day, game_of(day)), day_number(day), f"g-{n}")
        if n != 3:
            log.finish(f"g-{n}", rank=1, players=3, points=1)
    assert log.streak(first + timedelta(days=MAX_DAYS + 9)) == MAX_DAYS + 10 - 4


def test_the_longest_log_fits_the_guards_limit():
    """Every kept day with the longest fields: a 64-character record id, the last number, the lowest points."""
    log = DailyLog()
    for n in range(MAX_DAYS):
        log.days[_key(date(4000, 1, 1) + timedelta(days=n), "dieci")] = {
            "number": 999_999, "record": "r" * 64, "result": {"rank": 8, "players": 8, "points": -999_999}}
    log.earlier = (date(3999, 12, 31), 999_999)
    backend = MemoryBackend()
    save_daily(backend, log)
    assert len(backend.get(DAILY_KEY)) <= max_chars(DAILY_KEY) == MAX_DAILY_CHARS
    assert load_daily(backend).streak(date(4000, 1, 1) + timedelta(days=MAX_DAYS - 1)) == MAX_DAYS + 999_999


def _v1_text(first: date, count: int) -> str:
    days = {}
    for n in range(count):
        day = first + timedelta(days=n)
        days[f"{day.isoformat()}/{game_of(day)}"] = {"number": day_number(day), "record": f"18c{n:x}-1",
                                                     "result": {"rank": 2, "players": 3, "points": 31}}
    return json.dumps({"version": 1, "days": days}, separators=(",", ":"))


@pytest.mark.parametrize("count", [9, 300])
def test_a_log_of_version_1_is_read_with_its_streak_and_written_small(count):
    """300 days are over this key's limit: set aside as the guard would, then put back upgraded."""
    backend = MemoryBackend()
    backend.set(DAILY_KEY, _v1_text(date(2026, 1, 1), count))
    assert (len(backend.get(DAILY_KEY)) > MAX_DAILY_CHARS) == (count == 300)
    log = load_daily(backend)
    assert log.streak(date(2026, 1, 1) + timedelta(days=count - 1)) == count and len(log.days) == min(count, MAX_DAYS)
    save_daily(backend, log)
    assert json.loads(backend.get(DAILY_KEY))["version"] == 2 and asides(backend) == []


def test_logs_set_aside_by_the_old_limit_are_put_back_once_they_fit():
    """The bug: the old guard gave pyapp.daily 1,000 characters, so day 10 was set aside, again and again."""
    backend = MemoryBackend()
    first = date(2026, 1, 1)
    backend.set(DAILY_KEY, _v1_text(first, 10))
    set_aside(backend, DAILY_KEY, "large", now=1.0)
    backend.set(DAILY_KEY, _v1_text(first + timedelta(days=10), 10))  # the log regrew from nothing...
    set_aside(backend, DAILY_KEY, "large", now=2.0)  # ...and was set aside again
    log = DailyLog()
    day = first + timedelta(days=20)
    log.begin(f"{day.isoformat()}/{game_of(day)}", day_number(day), "new-1")  # then a third log started
    log.finish("new-1", rank=1, players=3, points=5)
    save_daily(backend, log)
    backend.set("pyapp.aside.damaged.3000.pyapp.daily", "{oops")  # damaged, not large: stays aside

    _guard(backend)
    assert load_daily(backend).streak(day) == 21
    assert [item.reason for item in asides(backend)] == ["damaged"]
    _guard(backend)
    assert load_daily(backend).streak(day) == 21 and len(asides(backend)) == 1


def test_a_day_in_two_logs_keeps_one_counted_try():
    kept, fresh = DailyLog(), DailyLog()
    kept.begin(_key(DAY), 336, "first")
    fresh.begin(_key(DAY), 336, "second")
    fresh.finish("second", rank=1, players=3, points=9)
    fresh.merge(kept)
    assert fresh.counted("second") == _key(DAY) and fresh.counted("first") is None
    kept.finish("first", rank=3, players=3, points=1)
    fresh.merge(kept)
    assert fresh.counted("first") == _key(DAY) and fresh.counted("second") is None
