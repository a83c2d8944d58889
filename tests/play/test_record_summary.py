"""The public summary each record carries, so the picker can say what a game is without replaying it."""

import json
import random

import pytest

from pyapp.games import new_game
from pyapp.play.saved import continue_text, unfinished
from pyapp.play.session import Seat, Session
from pyapp.storage import SaveStore
from pyapp.storage.backends import MemoryBackend
from pyapp.storage.records import check_summary, decode_record, encode_record, peek_record, public_summary
from pyapp.storage.store import PREFIX

GAMES = ("dyad", "triad", "dieci")


def _played(game: str, seed: int, moves: int, store: SaveStore) -> Session:
    players = 4 if game == "triad" else 3
    session = Session.start(game, [Seat(f"P{n}") for n in range(players)], seed=seed, store=store)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.state.is_terminal():
            break
        session.play(rng.choice(session.state.legal_actions()))
    return session


@pytest.mark.parametrize("game", GAMES)
def test_the_autosave_writes_the_summary_and_the_picker_reads_it_without_replaying(game):
    store = SaveStore(MemoryBackend())
    session = _played(game, 3, 7, store)
    text = store.backend.get(PREFIX + session.record_id)
    assert json.loads(text)["summary"] == {"moves": 7, "turn": session.to_act(),
                                            "scores": session.state.public_scores()}
    row = unfinished(store)[game]
    assert row["id"] == session.record_id and row["summary"]["moves"] == 7
    name = session.seats[session.to_act()].name
    assert continue_text(row) == f"P0, P1, P2{', P3' if game == 'triad' else ''} · move 7, {name} to play"


@pytest.mark.parametrize("bad", [
    None, [], {"moves": 3}, {"moves": -1, "turn": 0, "scores": [0, 0, 0]},
    {"moves": True, "turn": 0, "scores": [0, 0, 0]}, {"moves": 3, "turn": 3, "scores": [0, 0, 0]},
    {"moves": 3, "turn": 0, "scores": [0, 0]}, {"moves": 3, "turn": 0, "scores": [0, 0, 1e300]},
    {"moves": 3, "turn": 0, "scores": [0, 0, "9"]}, {"moves": 3, "turn": 0, "scores": [0, 0, 0], "hand": ["A"]},
])
def test_a_malformed_or_missing_summary_shows_less_and_the_record_still_loads(bad):
    assert check_summary(bad, 3) is None
    store = SaveStore(MemoryBackend())
    session = _played("dyad", 5, 4, store)
    record = json.loads(store.backend.get(PREFIX + session.record_id))
    if bad is None:
        del record["summary"]  # a record written before summaries existed
    else:
        record["summary"] = bad
    text = encode_record(record)
    peeked = peek_record(text)
    assert peeked is not None and peeked["summary"] is None
    assert continue_text(dict(peeked, id=session.record_id)) == "P0, P1, P2"
    loaded, state = decode_record(text)  # the replay computes the summary afresh
    assert loaded["summary"] == public_summary(state) and loaded["summary"]["moves"] == 4


def test_peek_refuses_what_check_record_refuses():
    store = SaveStore(MemoryBackend())
    record = json.loads(store.backend.get(PREFIX + _played("triad", 2, 3, store).record_id))
    assert peek_record(encode_record(record)) is not None
    for broken in (dict(record, game=dict(record["game"], game="chess")), dict(record, seats=record["seats"][:2]),
                   dict(record, finished="no"), dict(record, record=99)):
        assert peek_record(encode_record(broken)) is None
    assert peek_record("[" * 500) is None and peek_record("{") is None


def test_finished_and_older_games_are_not_offered():
    clock = iter(range(100, 10_000)).__next__
    store = SaveStore(MemoryBackend(), clock=lambda: float(clock()))
    old = _played("dyad", 1, 2, store)
    new = _played("dyad", 2, 2, store)
    done = _played("triad", 4, 10_000, store)
    assert done.state.is_terminal()
    offered = unfinished(store)
    assert set(offered) == {"dyad"} and offered["dyad"]["id"] == new.record_id != old.record_id


def test_swapping_hidden_cards_changes_no_summary():
    seen = 0
    for seed in range(30):
        state = new_game("dieci", seed=seed, players=4)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 60)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        swapped = state.clone()
        swapped.goals = swapped.goals[1:] + swapped.goals[:1]  # every seat's secret goal card changes
        assert public_summary(swapped) == public_summary(state)
        for seat in range(state.players):
            assert public_summary(state.sample_world(seat, random.Random(seat))) | {"moves": len(state.history)} \
                == public_summary(state)
        seen += swapped.scores() != state.scores()
    assert seen, "no position where a goal card counted: the check proved nothing"


def test_a_name_quoting_the_finished_mark_does_not_hide_an_unfinished_game():
    store = SaveStore(MemoryBackend())
    session = Session.start("dyad", [Seat('x","finished":true'), Seat("B"), Seat("C")], seed=1, store=store,
                            name='"finished":true')
    assert unfinished(store)["dyad"]["id"] == session.record_id

