"""Export and import of saved games, and the bounded history of finished games."""

import json
from pathlib import Path

import pytest

from pyapp.games import new_game
from pyapp.storage import CorruptRecord, MemoryBackend, SaveStore, StorageFull, make_record
from pyapp.storage.store import MAX_FINISHED, PREFIX
from pyapp.storage.transfer import export_filename, export_text, import_file

FIXTURES = Path(__file__).parent / "fixtures"


def _store(clock=lambda: 1764500000.0, **kw):
    return SaveStore(MemoryBackend(**kw), clock=clock)


def _finished_record(store, seed, updated):
    state = new_game("nim", seed=seed, players=2)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return make_record(state, record_id=store.new_id(), name=f"g{seed}",
                       seats=[{"name": "A", "kind": "person"}, {"name": "B", "kind": "easy"}],
                       created=updated, updated=updated)


def test_export_then_import_gives_the_same_game_under_a_fresh_id():
    store = _store()
    record = _finished_record(store, 1, 10.0)
    store.write(record)
    text = export_text(record)
    assert export_filename(record).startswith("nim-1970-01-01-") and export_filename(record).endswith(".json")
    imported, state, _ = import_file(text.encode("utf-8"), store)
    assert imported["id"] != record["id"]
    assert imported["game"] == record["game"] and imported["seats"] == record["seats"]
    assert store.read(imported["id"])[0] == imported
    assert store.read(record["id"])[0] == record  # the original is untouched


def test_import_first_format_fixture_and_bare_save():
    store = _store()
    record, state, _ = import_file((FIXTURES / "record-v1-nim.json").read_bytes(), store)
    assert record["name"] == "Evening game" and not record["finished"]
    record2, _, _ = import_file((FIXTURES / "save-format1-nim.json").read_bytes(), store)
    assert record2["finished"] is True and record2["name"] == "" and record2["named"] is False  # the game's name, in the language of the moment
    assert len(store.entries()) == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b'{"record": 1', "not valid JSON"),
        (b"[]", "not a JSON object"),
        (b'{"record": 8}', "newer version"),
        (b"x" * (5 * 10**6), "too large"),
    ],
)
def test_bad_files_are_refused_and_nothing_is_stored(data, message):
    store = _store()
    with pytest.raises(CorruptRecord, match=message):
        import_file(data, store)
    assert store.backend.keys() == []


def test_import_into_a_full_store_raises_storage_full():
    store = _store(quota=50)
    with pytest.raises(StorageFull):
        import_file((FIXTURES / "record-v1-nim.json").read_bytes(), store)


def test_finished_history_keeps_the_newest_and_never_in_progress_games():
    store = _store()
    in_progress = make_record(new_game("nim", seed=3, players=2), record_id=store.new_id(), name="live",
                              seats=[{"name": "A", "kind": "person"}] * 2, created=0.0, updated=0.0)
    store.write(in_progress)
    records = [_finished_record(store, seed, float(seed)) for seed in range(MAX_FINISHED + 5)]
    for record in records:
        store.write(record)
    deleted = store.prune_finished()
    assert sorted(deleted) == sorted(r["id"] for r in records[:5])
    kept = {e.record_id for e in store.entries()}
    assert in_progress["id"] in kept and len(kept) == MAX_FINISHED + 1
    assert store.prune_finished() == []


def test_rename_trims_and_bounds_the_name():
    store = _store()
    record = _finished_record(store, 1, 1.0)
    store.write(record)
    assert store.rename(record["id"], "  New   name ")["name"] == "New name"
    assert len(store.rename(record["id"], "x" * 500)["name"]) == 80
    assert store.read(record["id"])[0]["name"] == "x" * 80


def test_store_key_wins_over_a_tampered_id():
    store = _store()
    record = _finished_record(store, 1, 1.0)
    store.backend.set("pyapp.save.real", json.dumps(dict(record, id="other")))
    assert store.read("real")[0]["id"] == "real"


def test_importing_a_finished_game_beyond_the_bound_deletes_nothing():
    store = _store()
    for seed in range(MAX_FINISHED):
        store.write(_finished_record(store, seed, float(seed + 1)))
    before = set(store.backend.keys())
    imported, _, _ = import_file(export_text(_finished_record(store, 99, 5.0)).encode(), store)
    assert set(store.backend.keys()) == before | {"pyapp.save." + imported["id"], "pyapp.rev." + imported["id"]}
    assert len(store.finished_ids()) == MAX_FINISHED + 1


@pytest.mark.parametrize("updated", [1e20, -5.0, 10**40])
def test_a_time_no_calendar_can_show_reads_as_unknown_and_exports(updated):
    store = _store()
    record = _finished_record(store, 1, 1.0)
    store.backend.set("pyapp.save.odd", json.dumps(dict(record, id="odd", updated=updated)))
    read, _ = store.read("odd")
    assert read["updated"] == 0
    assert export_filename(read).startswith("nim-1970-01-01") and json.loads(export_text(read))["updated"] == 0


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_times_are_refused_with_a_reason(number):
    store = _store()
    text = json.dumps(_finished_record(store, 1, 1.0)).replace('"updated": 1.0', f'"updated": {number}')
    store.backend.set("pyapp.save.odd", text)
    with pytest.raises(CorruptRecord, match="not valid JSON"):
        store.read("odd")


def test_an_import_stores_only_the_formats_fields_and_names_those_left_out():
    """Issue 30: a file padded with a large field is stored no larger than the game itself."""
    store = _store()
    raw = json.loads((FIXTURES / "record-v2-triad-2p-finished.json").read_text(encoding="utf-8"))
    plain = import_file(json.dumps(raw).encode(), store)
    padded = dict(raw, padding="x" * 985_000, extra={"a": 1})
    padded["seats"] = [dict(seat, colour="red") for seat in raw["seats"]]
    imported = import_file(json.dumps(padded).encode(), store)
    assert imported.dropped == ["padding", "extra", "seats.colour"]
    assert imported.dropped_text() == "padding, extra, seats.colour"
    stored = store.backend.items[PREFIX + imported.record["id"]]
    assert len(stored) == len(store.backend.items[PREFIX + plain.record["id"]])
    assert "padding" not in json.loads(stored) and plain.dropped == []
    many = import_file(json.dumps(dict(raw, **{f"f{n}" * 30: n for n in range(8)})).encode(), store)
    assert many.dropped_text().endswith("(+3)") and len(many.dropped_text()) < 5 * 42 + 10


def test_an_imported_review_is_marked_as_imported_until_judged_here():
    from pyapp.storage.review import review_imported

    store = _store()
    raw = (FIXTURES / "record-v2-dyad-2p-finished-review.json").read_bytes()
    imported = import_file(raw, store)
    record, state = store.read(imported.record["id"])
    assert review_imported(record) and record["review"] == json.loads(raw)["review"]
    judged = store.keep_review(record["id"], record["review"])  # the site's own judgment replaces it
    assert not review_imported(judged) and not review_imported(store.read(record["id"])[0])
    plain = import_file((FIXTURES / "record-v2-triad-2p-finished.json").read_bytes(), store)
    assert not review_imported(plain.record)
