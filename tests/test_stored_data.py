"""Reading stored data defensively: the reading mark, statistics set aside, values out of range."""

from __future__ import annotations

import json

import pytest

from pyapp.storage import CorruptRecord, MemoryBackend, SaveStore
from pyapp.storage.aside import READING_KEY, asides
from pyapp.storage.safejson import MAX_DEPTH, UnsafeJSON, loads, nesting_depth
from pyapp.storage.stats import STATS_KEY, decode_stats, load_stats
from pyapp.storage.store import CURRENT_KEY, PREFIX


class WatchingBackend(MemoryBackend):
    """Records the reading mark each time a value is read."""

    def __init__(self) -> None:
        super().__init__()
        self.marks: list[str | None] = []

    def get(self, key: str) -> str | None:
        self.marks.append(self.items.get(READING_KEY))
        return super().get(key)


def test_the_reading_mark_wraps_each_parse_and_is_cleared_even_on_a_refusal() -> None:
    backend = WatchingBackend()
    store = SaveStore(backend)
    backend.set(PREFIX + "bad", '{"record": 1')
    with pytest.raises(CorruptRecord):
        store.decode("bad", backend.items[PREFIX + "bad"])
    assert READING_KEY not in backend.items
    backend.set(STATS_KEY, '{"stats": 1, "games": {}, "counted": []}')
    backend.marks.clear()
    load_stats(backend)
    assert READING_KEY not in backend.items
    store.finished_ids()  # reads each save under its mark
    assert PREFIX + "bad" in backend.marks


@pytest.mark.parametrize("text", [
    "[" * 5000 + "]" * 5000,
    '{"stats": 1, "games": {"nim": {"easy": {"played": NaN, "won": 0, "best": null}}}, "counted": []}',
    '{"stats": 1, "games": {"nim": {"easy": {"played": 1e999, "won": 0, "best": null}}}, "counted": []}',
    '{"stats": 1, "games": {"nim": {"easy": {"played": 10000000000, "won": 0, "best": null}}}, "counted": []}',
    '{"stats": 1, "games": {"nim": {"easy": {"played": 1.5, "won": 0, "best": null}}}, "counted": []}',
    '{"stats": 1, "games": {"nim": {"wizard": {"played": 1, "won": 0, "best": null}}}, "counted": []}',
    '{"stats": 1, "games": {"nim": {"easy": {"played": 1, "won": 0, "best": -1e300}}}, "counted": []}',
])
def test_damaged_statistics_are_set_aside_as_they_were_and_counting_starts_again(text: str) -> None:
    with pytest.raises(ValueError):
        decode_stats(text)
    backend = MemoryBackend()
    backend.set(STATS_KEY, text)
    stats, problem = load_stats(backend)
    assert problem == "stats.reset" and stats.games == {}
    [item] = asides(backend)
    assert item.original == STATS_KEY and item.reason == "damaged" and backend.get(item.key) == text
    assert load_stats(backend)[1] == "stats.reset"  # still said until a game is counted


def test_nesting_is_measured_outside_strings_only() -> None:
    assert nesting_depth('"[[[[" [1, {"a": "]]]"}]') == 2
    assert nesting_depth('"\\\\" [[') == 2  # an escaped backslash ends before the quote
    assert nesting_depth('"\\" [[') == 0  # an escaped quote does not end the string
    assert nesting_depth('"unterminated [[[') == 0
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH, max_chars=1000) is not None
    with pytest.raises(UnsafeJSON, match="nested more than"):
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), max_chars=1000)
    with pytest.raises(UnsafeJSON, match="too large"):
        loads(json.dumps("x" * 100), max_chars=50)


def test_a_game_in_play_mark_that_is_no_id_reads_as_none() -> None:
    store = SaveStore(MemoryBackend())
    store.backend.set(CURRENT_KEY, "x" * 5000)
    store.backend.set(PREFIX + "x" * 5000, "{}")
    assert store.current() is None
