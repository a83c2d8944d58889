"""Friends' games in storage: record versions 5 and 6, the host's keys kept private, a guest's own record."""

import copy
import json
from pathlib import Path

import pytest

from pyapp.deals import commitment
from pyapp.friends.audit import audit
from pyapp.storage import CorruptRecord, MemoryBackend, SaveStore, decode_record
from pyapp.storage.friends import completed, is_guest, shared
from pyapp.storage.records import RECORD_VERSION, peek_record
from pyapp.storage.stats import count_finished, load_stats
from pyapp.storage.transfer import export_text, import_file
from pyapp.storage.versions import GuestRecord

FIXTURES = Path(__file__).parent / "fixtures"


def _raw(name):
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def _text(record):
    return json.dumps(record)


@pytest.mark.parametrize("name", ["record-v5-dyad-3p-host-finished.json", "record-v6-dyad-3p-host-finished.json"])
def test_host_fixtures_keep_their_friends_block_and_keys(name):
    raw = _raw(name)
    record, state = decode_record(_text(raw))
    assert record["record"] == RECORD_VERSION == 7 and record["kind"] == "game"
    assert record["friends"] == raw["friends"] and record["room_keys"] == raw["room_keys"]
    assert record["device_seat"] == 0 and state.is_terminal()


def test_a_local_fifth_version_record_stays_a_game_on_one_device():
    record, _ = decode_record(_text(_raw("record-v5-dyad-2p-local.json")))
    assert (record["kind"], record["friends"], record["device_seat"], record["room_keys"]) == ("game", None, None, None)


def test_older_records_gain_empty_friends_fields():
    record, _ = decode_record(_text(_raw("record-v4-dyad-2p-fingerprint.json")))
    assert (record["kind"], record["friends"], record["device_seat"], record["room_keys"]) == ("game", None, None, None)


def _host():
    return _raw("record-v6-dyad-3p-host-finished.json")


def _swap(record):
    block = record["friends"]["commitments"]
    block["0"], block["1"] = block["1"], block["0"]


def _value(record):
    record["friends"]["values"]["2"] = "00" * commitment.VALUE_BYTES


def _seed(record):
    record["game"]["seed"] ^= 1


def _reseed(record):
    """A host that rewrote its value, commitment and seed together: the fingerprint no longer fits."""
    value = "11" * commitment.VALUE_BYTES
    record["friends"]["values"]["0"] = value
    record["friends"]["commitments"]["0"] = commitment.commit(record["friends"]["room"], 0, value)
    commitments = {int(s): c for s, c in record["friends"]["commitments"].items()}
    values = {int(s): v for s, v in record["friends"]["values"].items()}
    record["game"]["seed"] = commitment.seed_of(record["friends"]["room"], commitments, values)


@pytest.mark.parametrize("tamper, message", [
    (_swap, "do not match the commitments of seat"),
    (_value, "do not match the commitments of seat"),
    (_seed, "deal number is not the one its values give"),
    (_reseed, "fingerprint is not its deal's"),
    (lambda r: r["friends"].pop("restarts"), "'friends' block is malformed"),
    (lambda r: r["friends"]["commitments"].update({"0": "zz"}), "'friends' block is malformed"),
    (lambda r: r.update(device_seat=9), "'device_seat' is not one of its seats"),
    (lambda r: r.update(room_keys={"secret": ""}), "room keys are malformed"),
    (lambda r: r.update(friends=None), "not a friends' game"),
    (lambda r: r.update(kind="other"), "unknown saved-game kind"),
])
def test_a_tampered_friends_block_is_refused_clearly(tamper, message):
    record = _host()
    tamper(record)
    with pytest.raises(CorruptRecord, match=message):
        decode_record(_text(record))


def test_the_room_keys_are_never_exported_nor_imported():
    record, _ = decode_record(_text(_host()))
    text = export_text(record)
    assert "room_keys" not in text and record["room_keys"]["secret"] not in text
    assert shared(record) == {key: value for key, value in record.items() if key not in ("room_keys", "daily")}
    store = SaveStore(MemoryBackend(), clock=lambda: 1764800000.0)
    imported = import_file(json.dumps(record), store)
    assert imported.dropped == [] and "room_keys" not in imported.record
    assert imported.record["friends"] == record["friends"]


def test_the_saves_list_peek_never_carries_the_room_keys():
    peek = peek_record(_text(_host()))
    assert peek is not None and "room_keys" not in peek and peek["guest"] is False


def test_a_guest_record_is_stored_peeked_and_refused_for_replay_with_itself_attached():
    raw = _raw("record-v6-dyad-3p-guest-in-progress.json")
    assert is_guest(raw)
    store = SaveStore(MemoryBackend())
    store.write(raw)
    with pytest.raises(GuestRecord, match="once the host sends the full record") as caught:
        store.read(raw["id"])
    assert caught.value.record["guest"]["host"] == "Ada"
    peek = peek_record(store.texts()[0][1])
    assert peek is not None and peek["guest"] is True and peek["game"] == "dyad" and peek["summary"] is None


@pytest.mark.parametrize("change", [{"seat": 3}, {"seat": "1"}, {"host": 5}, {"room": ""}, {"announced": "x"},
                                    {"announced": None}, {"game": "triad"},
                                    {"received": [{"observation": {}}]}, {"received": "all"}, {"game": "chess"}])
def test_a_malformed_guest_record_is_refused(change):
    raw = _raw("record-v6-dyad-3p-guest-in-progress.json")
    raw["guest"].update(change)
    with pytest.raises(CorruptRecord) as caught:
        decode_record(_text(raw))
    assert not isinstance(caught.value, GuestRecord)
    assert peek_record(_text(raw)) is None


def test_a_guest_record_of_a_game_without_chance_has_no_fingerprint():
    raw = _raw("record-v6-dyad-3p-guest-in-progress.json")
    raw["guest"].update(game="triad", options={}, announced=None)
    with pytest.raises(GuestRecord):
        decode_record(_text(raw))


def test_the_guests_record_is_replaced_by_the_audited_full_record():
    guest = _raw("record-v6-dyad-3p-guest-in-progress.json")
    host = _host()
    full = shared(host)
    result = audit(full, guest["guest"]["seat"], guest["guest"]["received"], guest["guest"]["announced"],
                   room=guest["guest"]["room"])
    assert result.ok, result.findings
    kept, state = decode_record(_text(completed(guest, full, hints_used=0)))
    assert kept["id"] == guest["id"] and kept["device_seat"] == 1 and kept["room_keys"] is None
    assert state.is_terminal() and kept["friends"] == host["friends"]
    assert kept == decode_record(_text(_raw("record-v6-dyad-3p-guest-completed.json")))[0]


def test_friends_games_count_apart_from_the_devices_own_seat():
    backend = MemoryBackend()
    record, state = decode_record(_text(_host()))
    assert count_finished(backend, record, game="dyad", scores=state.scores(), winners=state.winners())
    local = dict(copy.deepcopy(record), id="local", friends=None, device_seat=None, room_keys=None)
    assert count_finished(backend, local, game="dyad", scores=state.scores(), winners=state.winners())
    stats, problem = load_stats(backend)
    assert problem is None
    mine = state.scores()[0]
    assert stats.line("dyad", "person", friends=True) == {"played": 1, "won": int(0 in state.winners()), "best": mine}
    assert stats.line("dyad", "person")["best"] == max(state.scores())  # every seat is a person on one device
    assert [(game, level) for game, level, _, _ in stats.rows()] == [("dyad", "person")]  # the friends' line apart
    assert [(game, level) for game, level, _ in stats.friends_rows()] == [("dyad", "person")]
    assert load_stats(backend)[0].to_json()["friends"] == stats.friends


def test_the_saves_list_shows_a_guest_record_and_the_picker_does_not_offer_it():
    from pyapp.i18n import set_language
    from pyapp.play.saved import summaries, unfinished

    set_language("en")
    store = SaveStore(MemoryBackend())
    guest = _raw("record-v6-dyad-3p-guest-in-progress.json")
    store.write(guest)
    [row] = summaries(store)
    assert row.guest and not row.broken and row.game == "dyad" and row.title == "Dyad"
    assert "Ada" in row.progress and "Ada (Person)" in row.players
    assert unfinished(store) == {}
    computer = dict(guest, seats=[*guest["seats"][:2], {"name": "Bea", "kind": "random"}], revision=1)
    store.write(computer, expect=0)
    [row] = summaries(store)
    assert "Bea (Computer)" in row.players and "Random" not in row.players, "a guest is not told the host's levels"


@pytest.mark.parametrize("change", [{"updated": "soon"}, {"seats": [{"name": 5}]}, {"revision": -1}])
def test_a_guest_records_envelope_is_checked_too(change):
    raw = dict(_raw("record-v6-dyad-3p-guest-in-progress.json"), **change)
    with pytest.raises(CorruptRecord, match="guest's record's"):
        decode_record(_text(raw))


def test_a_friends_game_without_chance_promises_no_deal():
    import random

    from tests.friends.test_audit import _play

    record, _, announced, _ = _play("triad", 2, random.Random(5))
    record.update(device_seat=0, room_keys=None)
    assert announced is None and record["fingerprint"] is None
    assert decode_record(_text(record))[1].is_terminal()
    _swap(record)
    with pytest.raises(CorruptRecord, match="do not match the commitments"):
        decode_record(_text(record))
