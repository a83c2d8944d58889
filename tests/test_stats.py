"""Statistics: counted once per finished game, per game and opponent level; damage resets them."""

import json

import pytest

from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.stats import STATS_KEY, count_finished, load_stats
from tests.play.helpers import play_out




def test_a_finished_session_counts_once_even_when_resumed_and_saved_again():
    store = SaveStore(MemoryBackend())
    session = Session.start("nim", [Seat("Ada"), Seat("Bot", "normal")], seed=4, store=store)
    play_out(session)
    stats, problem = load_stats(store.backend)
    line = stats.line("nim", "normal")
    assert problem is None and line["played"] == 1
    assert line["won"] == (0 in session.state.winners())
    assert line["best"] == session.state.scores()[0]
    again = Session.resume(store, session.record_id)
    again.save()
    session.save()
    assert load_stats(store.backend)[0].line("nim", "normal")["played"] == 1


def test_levels_are_kept_apart_and_computer_only_games_are_not_counted():
    backend = MemoryBackend()
    people = [{"name": "A", "kind": "person"}, {"name": "B", "kind": "person"}]
    mixed = [{"name": "A", "kind": "person"}, {"name": "B", "kind": "easy"}, {"name": "C", "kind": "hard"}]
    bots = [{"name": "A", "kind": "easy"}, {"name": "B", "kind": "hard"}]
    assert count_finished(backend, {"id": "1", "seats": people}, game="nim", scores=[3, 9], winners=[1])
    assert count_finished(backend, {"id": "2", "seats": mixed}, game="nim", scores=[4, 9, 1], winners=[1])
    assert count_finished(backend, {"id": "3", "seats": mixed}, game="nim", scores=[7, 2, 1], winners=[0])
    assert not count_finished(backend, {"id": "4", "seats": bots}, game="nim", scores=[1, 2], winners=[1])
    stats, _ = load_stats(backend)
    assert stats.line("nim", "person") == {"played": 1, "won": 1, "best": 9}
    assert stats.line("nim", "hard") == {"played": 2, "won": 1, "best": 7}
    assert stats.line("nim", "easy") == {"played": 0, "won": 0, "best": None}
    assert [(g, lvl) for g, lvl, _, _ in stats.rows()] == [("nim", "person"), ("nim", "hard")]


@pytest.mark.parametrize("text", [
    "{", "[]", "null", '{"stats": 2}', '{"stats": 1, "games": [], "counted": []}',
    '{"stats": 1, "games": {"nim": {"easy": {"played": "x", "won": 0, "best": null}}}, "counted": []}',
    '{"stats": 1, "games": {"nim": {"easy": {"played": 1, "won": 5, "best": null}}}, "counted": []}',
    '{"stats": 1, "games": {}, "counted": [1]}', "[" * 50000,
    '{"stats": 1, "games": {}, "hinted": {"nim": {"easy": {"played": 1, "won": 5, "best": null}}}, "counted": []}',
    '{"stats": 1, "games": {}, "hinted": [], "counted": []}',
])
def test_damaged_statistics_are_reset_with_a_message(text):
    backend = MemoryBackend()
    backend.set(STATS_KEY, text)
    stats, problem = load_stats(backend)
    assert problem == "stats.reset" and stats.rows() == []
    assert load_stats(backend)[1] == "stats.reset"  # still said until a game counts
    assert count_finished(backend, {"id": "1", "seats": [{"name": "A", "kind": "person"}]}, game="nim",
                          scores=[1], winners=[0])
    stats, problem = load_stats(backend)
    assert problem is None and stats.line("nim", "person")["played"] == 1


def test_no_store_means_empty_statistics_and_a_message():
    assert load_stats(None)[1] == "storage.unavailable"


def test_a_full_store_does_not_stop_the_game_end():
    store = SaveStore(MemoryBackend())
    session = Session.start("nim", [Seat("Ada"), Seat("Bot", "easy")], seed=5, store=store)
    session.state.apply_action(session.state.legal_actions()[0])  # keep the heap nearly spent
    store.backend.quota = sum(len(k) + len(v) for k, v in store.backend.items.items()) + 5
    play_out(session)
    assert session.state.is_terminal()
    assert json.loads(store.backend.get(STATS_KEY) or "null") is None
