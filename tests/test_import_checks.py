"""Issue 47: an import (and a stored record) the site could not finish is refused with a short reason; an
imported game is never counted in the statistics; its "known deal" is recomputed, never the file's word."""

from __future__ import annotations

import json
from datetime import date

import pytest

from pyapp.deals.daily import deal_of
from pyapp.play import Seat, Session
from pyapp.registry import SEED_LIMIT
from pyapp.storage import CorruptRecord, MemoryBackend, SaveStore
from pyapp.storage.records import IMPORTED_GAME
from pyapp.storage.stats import STATS_KEY, load_stats
from pyapp.storage.store import PREFIX
from pyapp.storage.transfer import export_text, import_file
from pyapp.storage.versions import MAX_PROBLEM

NOW = 1_796_216_400.0  # 2026-12-02 13:00 UTC
DAY = date(2026, 12, 2)


def _store() -> SaveStore:
    return SaveStore(MemoryBackend(), clock=lambda: NOW)


def _exported(game: str = "nim", kinds: tuple[str, ...] = ("person", "hard"), *, seed: int = 5, moves: int = 1,
              known_deal: bool = False) -> dict:
    """A game played here for ``moves`` actions, as its exported file holds it."""
    store = _store()
    session = Session.start(game, [Seat(f"S{n}", kind) for n, kind in enumerate(kinds)], seed=seed, store=store,
                            known_deal=known_deal)
    for _ in range(moves):
        session.apply(session.to_act(), session.state.legal_actions()[0])
    return json.loads(export_text(store.read(session.record_id)[0]))


def _refused(store: SaveStore, data: dict | str) -> str:
    before = dict(store.backend.items)
    with pytest.raises(CorruptRecord) as refused:
        import_file(data if isinstance(data, str) else json.dumps(data), store)
    assert store.backend.items == before  # nothing stored
    return str(refused.value)


@pytest.mark.parametrize("kind", ["random"])
def test_a_seat_no_table_seats_is_refused_with_a_reason(kind: str) -> None:
    data = _exported()
    data["seats"][1]["kind"] = kind
    assert "seat 2 is played by the 'random' computer" in _refused(_store(), data)


@pytest.mark.parametrize("seed", [-5, SEED_LIMIT, 2**64])
def test_a_deal_number_outside_the_sites_range_is_refused_imported_or_stored(seed: int) -> None:
    data = _exported()
    data["game"]["seed"] = seed
    assert "deal number is not one this site deals" in _refused(_store(), data)
    store = _store()
    store.backend.set(PREFIX + "tampered-1", json.dumps(data))  # a tampered localStorage record
    with pytest.raises(CorruptRecord, match="deal number"):
        Session.resume(store, "tampered-1")


def test_the_largest_deal_number_is_taken() -> None:
    data = _exported()
    data["game"]["seed"] = SEED_LIMIT - 1
    assert import_file(json.dumps(data), _store()).state.seed == SEED_LIMIT - 1


def _huge_action(data: dict) -> None:
    data["game"]["actions"] = ["x" * 900_000]


def _huge_option(data: dict) -> None:
    data["game"]["options"] = {"y\n" * 150_000: 1}


def _huge_version(data: dict) -> None:
    data["record"] = "z\u202e" * 100_000


def _huge_game(data: dict) -> None:
    data["game"]["game"] = "w" * 900_000


@pytest.mark.parametrize("spoil", [_huge_action, _huge_option, _huge_version, _huge_game])
def test_a_refusal_quotes_a_short_single_line_excerpt(spoil) -> None:
    data = _exported()
    spoil(data)
    problem = _refused(_store(), data)
    assert len(problem) <= MAX_PROBLEM and "…" in problem
    assert problem.isprintable()  # no line break, no control or bidirectional character


def test_a_short_reason_is_whole() -> None:
    assert _refused(_store(), "[]") == "the saved game is not a JSON object"


def test_an_imported_game_finished_here_is_never_counted() -> None:
    store = _store()
    imported = import_file(json.dumps(_exported(kinds=("person", "hard"))), store)
    assert imported.record[IMPORTED_GAME] is True
    session = Session.resume(store, imported.record["id"])
    while not session.state.is_terminal():
        session.apply(session.to_act(), session.state.legal_actions()[0])
    stored = store.read(session.record_id)[0]
    assert stored["finished"] is True and stored[IMPORTED_GAME] is True  # the mark is kept through play
    stats, _ = load_stats(store.backend)
    assert stats.games == {} and stats.hinted == {} and STATS_KEY not in store.backend.items


def test_a_file_that_says_it_was_not_imported_is_still_marked() -> None:
    data = dict(_exported(), **{IMPORTED_GAME: False})
    assert import_file(json.dumps(data), _store()).record[IMPORTED_GAME] is True


def test_a_game_played_here_has_no_mark_and_counts() -> None:
    store = _store()
    session = Session.start("nim", [Seat("A"), Seat("B", "easy")], seed=5, store=store)
    while not session.state.is_terminal():
        session.apply(session.to_act(), session.state.legal_actions()[0])
    assert IMPORTED_GAME not in store.read(session.record_id)[0]
    assert load_stats(store.backend)[0].line("nim", "easy")["played"] == 1


def test_a_daily_deal_is_a_known_deal_whatever_the_file_says() -> None:
    deal = deal_of(DAY)
    data = _exported(deal.game, deal.kinds, seed=deal.seed, known_deal=True)
    data.update(known_deal=False, fingerprint="0" * 64)
    assert import_file(json.dumps(data), _store()).record["known_deal"] is True


def test_a_promised_deal_is_no_known_deal_whatever_the_file_says() -> None:
    data = dict(_exported("dyad", ("person", "easy", "easy"), seed=42), known_deal=True)
    assert data["fingerprint"] is not None
    assert import_file(json.dumps(data), _store()).record["known_deal"] is False


def test_a_typed_deal_number_stays_a_known_deal() -> None:
    data = dict(_exported("dyad", ("person", "easy", "easy"), seed=42, known_deal=True), known_deal=False)
    assert data["fingerprint"] is None
    assert import_file(json.dumps(data), _store()).record["known_deal"] is True


def test_a_file_from_before_fingerprints_is_no_known_deal() -> None:
    data = _exported("dyad", ("person", "easy", "easy"), seed=42, known_deal=True)
    old = {key: data[key] for key in ("id", "name", "seats", "created", "updated", "finished", "game", "hints")}
    old.update(record=2)
    assert import_file(json.dumps(old), _store()).record["known_deal"] is False
