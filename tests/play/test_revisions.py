"""Compare-and-set: a stale copy of a game never writes over a newer one, whatever the order of writers."""

from __future__ import annotations

import json
import random

import pytest

from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.store import PREFIX, StaleRecord

PEOPLE = [Seat("Ada"), Seat("Bea")]


def _stored(store: SaveStore, record_id: str) -> dict:
    return json.loads(store.backend.items[PREFIX + record_id])


def _game(store: SaveStore) -> Session:
    session = Session.start("nim", PEOPLE, seed=4, store=store, name="Tuesday", named=True, max_take=2)
    session.play("take1")
    return session


def _play_on(session: Session) -> None:
    session.play(str(session.state.legal_actions()[0]))


def test_every_write_raises_the_revision_and_a_move_the_history_revision():
    store = SaveStore(MemoryBackend())
    session = _game(store)
    first = _stored(store, session.record_id)
    store.rename(session.record_id, "Wednesday")
    renamed = _stored(store, session.record_id)
    assert renamed["revision"] == first["revision"] + 1 and renamed["history_revision"] == first["history_revision"]
    _play_on(session)
    played = _stored(store, session.record_id)
    assert played["revision"] == played["history_revision"] == renamed["revision"] + 1
    assert played["name"] == "Wednesday"  # the autosave took the name given meanwhile


def test_a_stale_copy_that_claims_the_game_cannot_write_over_the_newer_history():
    """The offer of issue 30: a copy read at 1 action, the game played on elsewhere, then "Play here" on the copy."""
    store = SaveStore(MemoryBackend())
    playing = _game(store)
    stale = Session.resume(store, playing.record_id, claim=False)
    for _ in range(3):
        _play_on(playing)
    newer = _stored(store, playing.record_id)["game"]["actions"]
    stale.claim()
    _play_on(stale)
    assert stale.lost == "stale" and not stale.save()
    assert _stored(store, playing.record_id)["game"]["actions"] == newer
    fresh = Session.resume(store, playing.record_id)  # "Load the newer game"
    _play_on(fresh)
    assert _stored(store, playing.record_id)["game"]["actions"][:len(newer)] == newer


def test_an_undo_is_ordered_too():
    store = SaveStore(MemoryBackend())
    playing = Session.start("nim", [Seat("Ada"), Seat("Bot", "easy")], seed=4, store=store, max_take=2)
    playing.play("take1")
    playing.apply(1, "take1")
    stale = Session.resume(store, playing.record_id, claim=False)
    playing.undo()
    shorter = _stored(store, playing.record_id)["game"]["actions"]
    stale.claim()
    stale.apply(0, "take2")
    assert stale.lost == "stale" and _stored(store, playing.record_id)["game"]["actions"] == shorter


@pytest.mark.parametrize("seed", range(20))
def test_interleaved_writers_never_go_back_in_history(seed):
    """Two sessions of one game (two tabs that read it), each move in random order; ownership left out."""
    rng = random.Random(seed)
    store = SaveStore(MemoryBackend())
    first = _game(store)
    second = Session.resume(store, first.record_id, claim=False)
    first.release()  # no owner: only the revisions order the writers
    sessions = [first, second]
    written: list[list[str]] = [_stored(store, first.record_id)["game"]["actions"]]
    for _ in range(12):
        session = rng.choice(sessions)
        if session.state.is_terminal() or session.lost:
            continue
        _play_on(session)
        stored = _stored(store, first.record_id)
        if not session.lost:
            assert stored["game"]["actions"] == [str(a) for a in session.state.history]
        assert stored["game"]["actions"][:len(written[-1])] == written[-1], "an older history overwrote a newer"
        written.append(stored["game"]["actions"])


def test_a_rename_that_read_before_another_write_is_refused():
    store = SaveStore(MemoryBackend())
    session = _game(store)
    record, _ = store.read(session.record_id)
    _play_on(session)
    with pytest.raises(StaleRecord):
        store.write(dict(record, name="Old copy"), expect=record["revision"])
    assert _stored(store, session.record_id)["name"] == "Tuesday"


def test_a_new_record_never_replaces_a_stored_one():
    store = SaveStore(MemoryBackend())
    session = _game(store)
    record, _ = store.read(session.record_id)
    with pytest.raises(StaleRecord):
        store.write(record)  # expect=None: nothing may be stored under the id
