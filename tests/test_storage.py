"""Saved-game storage: records, the store, and what happens when things go wrong."""

import json

import pytest

from pyapp.games import new_game
from pyapp.storage import (
    CorruptRecord, MemoryBackend, SaveStore, StorageFull, decode_record, encode_record, make_record,
)


def _record(store, seed=1, name="Evening game"):
    state = new_game("nim", seed=seed, players=2)
    state.apply_action("take2")
    seats = [{"name": "Ada", "kind": "person"}, {"name": "Bot", "kind": "normal"}]
    return make_record(state, record_id=store.new_id(), name=name, seats=seats, created=1.0, updated=2.0)


def test_write_read_list_delete():
    store = SaveStore(MemoryBackend(), clock=lambda: 1000.0)
    first, second = _record(store, 1), _record(store, 2)
    assert first["id"] != second["id"]
    store.write(first)
    store.write(second)
    record, state = store.read(first["id"])
    assert record == first and state.to_save() == first["game"]
    assert {e.record_id for e in store.entries()} == {first["id"], second["id"]}
    store.delete(first["id"])
    assert [e.record_id for e in store.entries()] == [second["id"]]
    with pytest.raises(KeyError):
        store.read(first["id"])


def test_current_game_slot():
    store = SaveStore(MemoryBackend())
    record = _record(store)
    store.write(record)
    assert store.current() is None
    store.set_current(record["id"])
    assert store.current() == record["id"]
    store.delete(record["id"])
    assert store.current() is None


def test_corrupt_entry_is_reported_and_spoils_nothing_else():
    backend = MemoryBackend()
    store = SaveStore(backend)
    good = _record(store)
    store.write(good)
    backend.set("pyapp.save.broken", '{"record": 1, "id": "broken"')
    backend.set("unrelated", "left alone")
    entries = {e.record_id: e for e in store.entries()}
    assert entries[good["id"]].record == good
    assert entries["broken"].record is None
    assert "not valid JSON" in entries["broken"].problem
    with pytest.raises(CorruptRecord):
        store.read("broken")
    assert backend.get("unrelated") == "left alone"


def test_full_store_raises_and_keeps_the_old_value():
    backend = MemoryBackend(quota=1200)
    store = SaveStore(backend)
    record = _record(store)
    store.write(record)
    before = dict(backend.items)
    filler = _record(store, seed=3)
    with pytest.raises(StorageFull):
        for _ in range(50):
            filler = dict(filler, id=store.new_id())
            store.write(filler)
    assert backend.get("pyapp.save." + record["id"]) == before["pyapp.save." + record["id"]]
    assert store.read(record["id"])[0] == record


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(record=8), "unknown saved-game version"),
        (lambda r: r.update(hints={"allowed": True}), "'hints' is missing or malformed"),
        (lambda r: r.update(name=5), "'name' is missing or of the wrong type"),
        (lambda r: r.update(name="n" * 500), "name is too long"),
        (lambda r: r.update(created="yesterday"), "'created' is not a time"),
        (lambda r: r.update(seats=[{"name": "a", "kind": "person"}]), "seats do not match"),
        (lambda r: r.update(seats=[{"name": "a", "kind": "wizard"}] * 2), "seat of the saved game is malformed"),
        (lambda r: r["game"].update(seed="x"), "cannot be replayed: seed must be an integer"),
        (lambda r: r["game"]["actions"].append("take99"), "cannot be replayed"),
    ],
)
def test_tampered_records_are_refused(change, message):
    store = SaveStore(MemoryBackend())
    record = json.loads(encode_record(_record(store)))
    change(record)
    with pytest.raises(CorruptRecord, match=message):
        decode_record(json.dumps(record))


def test_deep_nesting_and_huge_text_are_refused():
    with pytest.raises(CorruptRecord):
        decode_record("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CorruptRecord, match="too large"):
        decode_record(" " * 2_000_000)


def test_markup_in_names_is_kept_as_plain_data():
    store = SaveStore(MemoryBackend())
    record = _record(store, name="<img src=x onerror=alert(1)>")
    assert decode_record(encode_record(record))[0]["name"] == "<img src=x onerror=alert(1)>"


def test_a_session_keeps_its_hints_field_through_saves_and_resume():
    from pyapp.play.session import Seat, Session

    store = SaveStore(MemoryBackend())
    seats = [Seat("Ann"), Seat("Bob")]  # pass-and-play: hints only if the set-up allowed them
    assert Session.start("nim", seats, seed=1, store=store).hints == {"allowed": False, "used": 0}
    session = Session.start("nim", seats, seed=2, store=store, allow_hints=True)
    session.hints["used"] += 1
    session.save()
    assert Session.resume(store, session.record_id).hints == {"allowed": True, "used": 1}
