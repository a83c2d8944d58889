"""Save-format versions: every format's fixtures load forever; newer versions are refused clearly."""

import json
from pathlib import Path

import pytest

from pyapp.storage import CorruptRecord, decode_record
from pyapp.storage.migrate import migrate, migrate_save
from pyapp.storage.records import RECORD_VERSION
from pyapp.storage.versions import GuestRecord

FIXTURES = Path(__file__).parent / "fixtures"


def _text(name):
    return (FIXTURES / name).read_text(encoding="utf-8")


def refused(fixture: str, change: dict, match: str | None = None) -> None:
    """The stored record ``fixture`` with its top fields ``change``d is refused (saying ``match``, when given)."""
    record = dict(json.loads(_text(fixture)), **change)
    with pytest.raises(CorruptRecord, match=match):
        decode_record(json.dumps(record))


def test_first_record_format_fixture_still_loads_and_replays():
    record, state = decode_record(_text("record-v1-nim.json"))
    assert record["record"] == RECORD_VERSION == 7
    assert record["name"] == "Evening game" and record["seats"][2]["name"] == "<b>Bea</b>"
    assert state.history and [str(a) for a in state.history] == ["take3", "take1", "take4", "take2"]
    assert state.scores() == [5, 1, 4] and not state.is_terminal()


def test_first_record_format_finished_fixture():
    record, state = decode_record(_text("record-v1-nim-finished.json"))
    assert record["finished"] is True and state.is_terminal()
    assert state.scores() == [5, 2, 5] and state.winners() == [2]


def test_bare_engine_save_of_format_1_is_migrated_into_a_record():
    record, state = decode_record(_text("save-format1-nim.json"))
    assert record["record"] == RECORD_VERSION
    assert [seat["name"] for seat in record["seats"]] == ["Player 1", "Player 2", "Player 3"]
    assert record["finished"] is True and state.winners() == [2]


@pytest.mark.parametrize("version", [8, 99, 10**6])
def test_future_record_versions_are_refused_clearly(version):
    refused("record-v1-nim.json", {"record": version}, f"unknown saved-game version {version}: .*newer version")


@pytest.mark.parametrize("version", ["1", None, 1.5, True, -1, [1]])
def test_nonsense_record_versions_are_refused(version):
    refused("record-v1-nim.json", {"record": version}, "unknown saved-game version")


def test_future_engine_format_is_refused_clearly():
    record = json.loads(_text("record-v1-nim.json"))
    record["game"]["format"] = 2
    with pytest.raises(CorruptRecord, match="unknown game save format 2: .*newer version"):
        decode_record(json.dumps(record))


def test_migration_steps_run_in_order(monkeypatch):
    """A future step n → n+1 is picked up by migrate (simulated with a fake version 0 → 1 → 2)."""
    from pyapp.storage import migrate as module

    old = json.loads(_text("save-format1-nim.json"))
    old["format"] = 0
    old["moves"] = old.pop("actions")
    monkeypatch.setitem(module.SAVE_STEPS, 0, lambda s: {**{k: v for k, v in s.items() if k != "moves"},
                                                          "format": 1, "actions": s["moves"]})
    assert migrate_save(old)["actions"] == ["take3", "take1", "take4", "take2", "take1", "take1"]
    assert "moves" in old  # the input is untouched


def test_current_records_pass_through_without_copy():
    record = json.loads(_text("record-v7-dyad-3p-daily-finished.json"))
    assert migrate(record) is record


GAME_FIXTURES = sorted(p.name for p in FIXTURES.glob("record-v1-*p-*.json"))


@pytest.mark.parametrize("name", GAME_FIXTURES)
def test_first_format_fixtures_of_every_game_still_replay(name):
    """Written by the first version of each game: a rules change that breaks them needs a migration step."""
    record, state = decode_record(_text(name))
    raw = json.loads(_text(name))
    assert [str(a) for a in state.history] == raw["game"]["actions"]
    assert state.is_terminal() == name.endswith("-finished.json") == record["finished"]
    if not state.is_terminal():
        assert state.legal_actions()


def test_every_registered_game_has_first_format_fixtures():
    from pyapp.games import NAMES

    for game in NAMES:
        assert any(name.startswith(f"record-v1-{game}-") for name in GAME_FIXTURES), game


def test_records_of_version_1_gain_hints_from_their_seats():
    """Record 1 → 2: a game against computers allows hints, pass-and-play does not; none were used."""
    pass_and_play, _ = decode_record(_text("record-v1-nim.json"))  # two person seats
    against_computers, _ = decode_record(_text("record-v1-dyad-2p-in-progress.json"))
    assert pass_and_play["hints"] == {"allowed": False, "used": 0}
    assert against_computers["hints"] == {"allowed": True, "used": 0}
    assert pass_and_play["record"] == against_computers["record"] == RECORD_VERSION


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("record-v2-*.json")))
def test_second_format_fixtures_load_with_their_hints(name):
    raw = json.loads(_text(name))
    record, state = decode_record(_text(name))
    assert record["record"] == RECORD_VERSION and record["hints"] == raw["hints"]
    assert [str(a) for a in state.history] == raw["game"]["actions"]


@pytest.mark.parametrize("hints", [None, {}, {"allowed": 1, "used": 0}, {"allowed": True, "used": -1},
                                   {"allowed": True, "used": True}, {"allowed": True, "used": 0, "x": 1},
                                   {"allowed": True, "used": 10**9}])
def test_malformed_hints_are_refused_clearly(hints):
    refused("record-v2-nim-hints-allowed.json", {"hints": hints}, "'hints' is missing or malformed")


def test_records_of_version_2_gain_revisions_and_a_named_flag():
    """Record 2 → 3: writes not ordered yet (0); a name is given unless blank or a game's default name."""
    typed, _ = decode_record(_text("record-v2-nim-hints-allowed.json"))
    assert (typed["revision"], typed["history_revision"], typed["named"]) == (0, 0, True)
    for name in ("", "Dyad", "다이어드", " Triad "):
        record = dict(json.loads(_text("record-v2-dyad-2p-in-progress.json")), name=name)
        assert decode_record(json.dumps(record))[0]["named"] is False, name


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("record-v3-*.json")))
def test_third_format_fixtures_load_with_their_revisions(name):
    raw = json.loads(_text(name))
    record, state = decode_record(_text(name))
    assert record["record"] == RECORD_VERSION == 7
    assert (record["revision"], record["history_revision"], record["named"]) == \
        (raw["revision"], raw["history_revision"], raw["named"])
    assert [str(a) for a in state.history] == raw["game"]["actions"]


@pytest.mark.parametrize("change", [{"revision": -1}, {"revision": 1.5}, {"history_revision": 99},
                                    {"named": "yes"}, {"review_imported": 1}])
def test_malformed_revisions_and_flags_are_refused(change):
    refused("record-v3-nim-renamed.json", change)


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("record-v[123]-*.json")))
def test_older_records_get_no_fingerprint_and_are_no_known_deal(name):
    """Record 3 → 4: an old game made no promise about its deal, so none is computed at migration."""
    record, _ = decode_record(_text(name))
    assert record["record"] == RECORD_VERSION == 7
    assert record["fingerprint"] is None and record["known_deal"] is False


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("record-v4-*.json")))
def test_fourth_format_fixtures_keep_their_fingerprint_and_known_deal(name):
    raw = json.loads(_text(name))
    record, state = decode_record(_text(name))
    assert (record["fingerprint"], record["known_deal"]) == (raw["fingerprint"], raw["known_deal"])
    assert [str(a) for a in state.history] == raw["game"]["actions"]
    assert (record["fingerprint"] is None) == record["known_deal"]  # these fixtures: a known deal claims nothing


@pytest.mark.parametrize("change", [{"fingerprint": "ABC"}, {"fingerprint": "0" * 63}, {"fingerprint": 5},
                                    {"known_deal": "yes"}, {"known_deal": None}])
def test_malformed_fingerprints_and_known_deal_flags_are_refused(change):
    record = dict(json.loads(_text("record-v4-dyad-2p-fingerprint.json")), **change)
    with pytest.raises(CorruptRecord):
        decode_record(json.dumps(record))
    missing = json.loads(_text("record-v4-dyad-2p-fingerprint.json"))
    del missing[next(iter(change))]
    with pytest.raises(CorruptRecord):
        decode_record(json.dumps(missing))


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("record-v[1-6]-*.json")))
def test_older_records_mark_no_counted_try(name):
    try:
        record, _ = decode_record(_text(name))
    except GuestRecord as guest:  # a guest's record in progress: no game to replay, the envelope upgraded
        record = guest.record
    assert record["record"] == RECORD_VERSION == 7 and record["daily"] is None


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("record-v7-*.json")))
def test_seventh_format_fixtures_keep_their_counted_mark(name):
    raw = json.loads(_text(name))
    record, state = decode_record(_text(name))
    assert record["daily"] == raw["daily"] == "2026-12-02/dyad" and record["known_deal"] is True
    assert [str(a) for a in state.history] == raw["game"]["actions"] and state.is_terminal() == raw["finished"]


@pytest.mark.parametrize("daily", ["2026-12-02/triad", "2026-13-02/dyad", "yesterday", 336, True, ["2026-12-02/dyad"]])
def test_malformed_counted_marks_are_refused(daily):
    refused("record-v7-dyad-3p-daily-in-progress.json", {"daily": daily}, "'daily'")
