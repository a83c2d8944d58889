"""A finished review stored beside its saved game: reloads identically, a bad one is dropped, old records load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyapp.ai import review as ai_review
from pyapp.engine.steps import finish
from pyapp.games import load
from pyapp.storage import MemoryBackend, SaveStore, decode_record, encode_record, make_record
from pyapp.storage import review as stored
from pyapp.storage.transfer import export_text, import_file
from pyapp.storage.versions import RECORD_VERSION
from tests.pyodide.review_cases import TAMPERED

FIXTURES = Path(__file__).parent / "fixtures"
BLUNDERS = json.loads((FIXTURES / "blunders.json").read_text(encoding="utf-8"))["cases"]


@pytest.fixture(scope="module")
def game() -> tuple[dict, dict]:
    """A finished Dyad game of two players (from the blunders fixture) and seat 0's review of it."""
    save = BLUNDERS[0]["save"]
    assert save["players"] == 2 and load(save).is_terminal()
    return save, finish(ai_review.review(load(save), seat=0, seed=1, worlds=2))


def _stored(save: dict, review: dict | None = None) -> tuple[SaveStore, str]:
    store = SaveStore(MemoryBackend(), clock=lambda: 1000.0)
    seats = [{"name": "Ada" if n == 0 else f"Bot {n}", "kind": "person" if n == 0 else "normal"}
             for n in range(save["players"])]
    record = make_record(load(save), record_id=store.new_id(), name="Evening", seats=seats, created=1.0, updated=2.0)
    if review is not None:
        record["review"] = review
    store.write(record)
    return store, record["id"]


def test_the_storage_reads_the_review_format_the_engine_writes():
    assert stored.REVIEW_VERSION == ai_review.REVIEW_VERSION


def test_a_stored_review_reloads_identically_and_leaves_the_game_alone(game):
    save, review = game
    store, record_id = _stored(save)
    before, _ = store.read(record_id)
    written = store.keep_review(record_id, review)
    record, state = store.read(record_id)
    assert record["review"] == review == written["review"]
    assert json.dumps(record["review"]) == json.dumps(review)  # numbers too, digit for digit
    assert {k: v for k, v in record.items() if k not in ("review", "revision")} == \
        {k: v for k, v in before.items() if k != "revision"}
    assert record["revision"] == before["revision"] + 1 and record["history_revision"] == before["history_revision"]
    assert record["game"] == save and state.to_save() == save


def test_export_and_import_carry_the_review(game):
    save, review = game
    store, record_id = _stored(save, review)
    record, _ = store.read(record_id)
    other = SaveStore(MemoryBackend(), clock=lambda: 5000.0)
    imported, _, _ = import_file(export_text(record).encode("utf-8"), other)
    assert imported["review"] == review
    assert other.read(imported["id"])[0]["review"] == review


def test_a_review_of_another_game_is_not_stored(game):
    save, review = game
    other_save = BLUNDERS[1]["save"]
    store, record_id = _stored(other_save)
    with pytest.raises(ValueError):
        store.keep_review(record_id, review)
    assert "review" not in store.read(record_id)[0]


@pytest.mark.parametrize("damage", TAMPERED.values(), ids=TAMPERED.keys())
def test_a_tampered_review_is_dropped_and_the_game_still_loads(game, damage):
    save, review = game
    assert len(review["decisions"]) >= 3
    store, record_id = _stored(save, damage(review))
    record, state = store.read(record_id)
    assert "review" not in record
    assert record["game"] == save and state.is_terminal()
    assert stored.check_review(review, state) == review  # the undamaged one passes


def test_a_review_is_checked_in_the_record_text_too(game):
    save, review = game
    store, record_id = _stored(save)
    record, _ = store.read(record_id)
    good, _ = decode_record(encode_record(dict(record, review=review)))
    assert good["review"] == review
    bad, state = decode_record(encode_record(dict(record, review=dict(review, seat=5))))
    assert "review" not in bad and state.to_save() == save


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("record-v1-*.json")), ids=lambda p: p.name)
def test_old_records_without_a_review_load_as_before(path):
    record, state = decode_record(path.read_text(encoding="utf-8"))
    assert "review" not in record
    assert state.to_save() == record["game"] and len(record["seats"]) == state.players


def test_the_second_format_fixture_with_a_review_opens_it_as_stored():
    """Record 2 with its optional review: read back as written, and it fits its game."""
    text = (FIXTURES / "record-v2-dyad-2p-finished-review.json").read_text(encoding="utf-8")
    record, state = decode_record(text)
    raw = json.loads(text)
    assert record["record"] == RECORD_VERSION and record["review"] == raw["review"]
    review = record["review"]
    assert review["seat"] == 0 and review["done"] == review["total"] == len(ai_review.decisions(load(raw["game"]), 0))
    assert [d["played"] for d in review["decisions"]] == [str(state.history[d["index"]]) for d in review["decisions"]]


@pytest.mark.parametrize("case", BLUNDERS, ids=lambda c: f"{c['game']}{c['players']}")
def test_every_games_review_is_stored_and_read_back(case):
    """Whatever the game, the engine's review passes the storage's check (moves parse, indices fit)."""
    save = case["save"]
    review = finish(ai_review.review(load(save), seat=case["seat"], seed=1, worlds=2))
    store, record_id = _stored(save)
    store.keep_review(record_id, review)
    assert store.read(record_id)[0]["review"] == review
