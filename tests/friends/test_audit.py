"""A guest's end-of-game audit: honest games pass in every game; each kind of tampering is named."""

import copy
import random

import pytest

from pyapp.deals.fingerprint import of_save
from pyapp.deals import commitment
from pyapp.friends.audit import audit
from pyapp.storage.friends import read_friends
from pyapp.games import game_class, new_game
from pyapp.storage.records import make_record

ROOM = "room-7f3a"
GAMES = [("dyad", 3), ("dyad", 4), ("triad", 2), ("triad", 4), ("dieci", 4), ("dieci", 8)]


def _values(players, rng):
    return {seat: commitment.draw(rng.randbytes) for seat in range(players)}


def _play(game, players, rng, *, values=None):
    """An honest friends' game: the seed from every value, each seat's log as a guest keeps it."""
    values = values or _values(players, rng)
    commitments = {seat: commitment.commit(ROOM, seat, value) for seat, value in values.items()}
    seed = commitment.seed_of(ROOM, commitments, values)
    state = new_game(game, seed=seed, players=players)
    announced = of_save(state.to_save()) if state.TYPE.has_chance else None  # as the session promises
    logs = {seat: [] for seat in range(players)}

    def send():
        for seat, log in logs.items():
            legal = [str(a) for a in state.legal_actions()] if state.current_player() == seat else []
            entry = {"observation": state.observation(seat), "legal": legal}
            if not log or log[-1] != entry:  # the guest drops duplicates
                log.append(entry)

    send()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        send()
    seats = [{"name": f"P{n}", "kind": "person"} for n in range(players)]
    record = make_record(state, record_id="g1", name="Friends", seats=seats, created=1.0, updated=2.0,
                         fingerprint=announced)
    record["friends"] = {"room": ROOM, "commitments": {str(s): c for s, c in commitments.items()},
                         "values": {str(s): v for s, v in values.items()}, "restarts": 0}
    return record, logs, announced, values


@pytest.fixture(scope="module", params=GAMES, ids=lambda p: f"{p[0]}-{p[1]}p")
def game(request):
    return _play(*request.param, random.Random(f"{request.param}"))


def _keys(result):
    return [finding.key for finding in result.findings]


def _dealt(record):
    """Whether the game deals anything (Triad does not: its seed and fingerprint promise nothing)."""
    return game_class(record["game"]["game"]).TYPE.has_chance


def test_honest_game_passes_for_every_seat(game):
    record, logs, announced, values = game
    for seat, log in logs.items():
        result = audit(record, seat, log, announced, room=ROOM, own_value=values[seat])
        assert result.ok, result.findings
        assert result.matched == len(log) and result.moves == len(record["game"]["actions"])


def test_a_changed_action_is_found(game):
    record, logs, announced, _ = game
    state = new_game(record["game"]["game"], seed=record["game"]["seed"], players=record["game"]["players"])
    actions = record["game"]["actions"]
    # change the first decision that had a choice to another legal one: legal, but not what was played
    for index, text in enumerate(actions):
        others = [str(a) for a in state.legal_actions() if str(a) != text]
        if others:
            break
        state.apply_action(text)
    forged = copy.deepcopy(record)
    forged["game"]["actions"][index] = others[0]
    findings = [audit(forged, seat, log, announced) for seat, log in logs.items()]
    assert all(not result.ok for result in findings)
    keys = {key for result in findings for key in _keys(result)}
    assert keys & {"illegal", "observation_unmatched", "legal_differs"}


def test_an_illegal_action_is_named(game):
    record, logs, announced, _ = game
    forged = copy.deepcopy(record)
    forged["game"]["actions"][0] = "nonsense"
    result = audit(forged, 1, logs[1], announced)
    assert "illegal" in _keys(result) and not result.ok


def test_a_changed_seed_is_found(game):
    record, logs, announced, _ = game
    forged = copy.deepcopy(record)
    forged["game"]["seed"] += 1
    keys = _keys(audit(forged, 1, logs[1], announced))
    assert ("seed_differs" in keys and "fingerprint_differs" in keys) if _dealt(record) else keys == []


def test_a_changed_value_is_found(game):
    record, logs, announced, _ = game
    forged = copy.deepcopy(record)
    forged["friends"]["values"]["0"] = "ab" * commitment.VALUE_BYTES
    keys = _keys(audit(forged, 1, logs[1], announced))
    assert "commitments_differ" in keys and ("seed_differs" in keys) == _dealt(record)


def test_a_host_that_chose_the_seed_is_found(game):
    """The host rewrites its own value and commitment after the fact to reach a seed it likes."""
    record, logs, announced, values = game
    if not _dealt(record):
        pytest.skip("nothing is dealt in this game")
    forged = copy.deepcopy(record)
    value = "cd" * commitment.VALUE_BYTES
    forged["friends"]["values"]["0"] = value
    forged["friends"]["commitments"]["0"] = commitment.commit(ROOM, 0, value)
    fixed = {int(s): v for s, v in forged["friends"]["values"].items()}
    forged["game"]["seed"] = commitment.seed_of(ROOM, {s: "" for s in fixed}, fixed)
    forged["fingerprint"] = of_save(forged["game"])
    keys = _keys(audit(forged, 1, logs[1], announced, own_value=values[1]))
    assert "fingerprint_differs" in keys


def test_swapped_commitments_are_found(game):
    record, logs, announced, _ = game
    forged = copy.deepcopy(record)
    block = forged["friends"]["commitments"]
    block["0"], block["1"] = block["1"], block["0"]
    result = audit(forged, 1, logs[1], announced)
    assert "commitments_differ" in _keys(result)
    assert result.findings[_keys(result).index("commitments_differ")].params == {"seats": "1, 2"}


def test_the_guests_own_value_replaced_is_found(game):
    record, logs, announced, values = game
    forged = copy.deepcopy(record)
    value = "ef" * commitment.VALUE_BYTES
    forged["friends"]["values"]["1"] = value
    forged["friends"]["commitments"]["1"] = commitment.commit(ROOM, 1, value)
    assert "own_value_differs" in _keys(audit(forged, 1, logs[1], announced, own_value=values[1]))


def test_a_forged_observation_is_found(game):
    record, logs, announced, _ = game
    log = copy.deepcopy(logs[1])
    log[len(log) // 2]["observation"]["forged"] = True
    result = audit(record, 1, log, announced)
    assert _keys(result) == ["observation_unmatched"]
    assert result.findings[0].params == {"number": len(log) // 2 + 1}


def test_observations_out_of_order_are_found(game):
    record, logs, announced, _ = game
    log = list(logs[1])
    log[1], log[-1] = log[-1], log[1]
    assert "observation_unmatched" in _keys(audit(record, 1, log, announced))


def test_another_seats_view_is_not_this_seats(game):
    record, logs, announced, _ = game
    assert not audit(record, 1, logs[0], announced).ok


def test_a_forged_legal_list_is_found(game):
    record, logs, announced, _ = game
    log = copy.deepcopy(logs[1])
    entry = next(entry for entry in log if entry["legal"])
    entry["legal"] = entry["legal"][:-1] + ["forged"]
    assert "legal_differs" in _keys(audit(record, 1, log, announced))


def test_a_record_cut_short_is_found(game):
    record, logs, announced, _ = game
    forged = copy.deepcopy(record)
    del forged["game"]["actions"][-1]
    keys = _keys(audit(forged, 1, logs[1], announced))
    assert "truncated" in keys and "observation_unmatched" in keys


def test_another_announced_fingerprint_or_room_is_found(game):
    record, logs, announced, _ = game
    if _dealt(record):
        assert "fingerprint_differs" in _keys(audit(record, 1, logs[1], "0" * 64))
        assert "not_announced" in _keys(audit(record, 1, logs[1], None))
    assert _keys(audit(record, 1, logs[1], announced, room="another")) == ["room_differs"]


def test_a_withheld_value_still_gives_the_seed():
    rng = random.Random(3)
    values = _values(3, rng)
    values[2] = None
    record, logs, announced, _ = _play("dyad", 3, rng, values=values)
    assert audit(record, 1, logs[1], announced).ok


@pytest.mark.parametrize("block", [None, {}, {"room": "r", "commitments": {}, "values": {}, "restarts": 0},
                                   {"room": "r", "commitments": {"0": "x"}, "values": {"0": None}, "restarts": 0},
                                   {"room": "r", "commitments": {"00": "a" * 64}, "values": {"00": None}, "restarts": 0},
                                   {"room": "r", "commitments": {"0": "a" * 64}, "values": {"1": None}, "restarts": 0},
                                   {"room": "r", "commitments": {"0": "a" * 64}, "values": {"0": None}, "restarts": -1}])
def test_malformed_friends_blocks_are_unreadable(block):
    record, logs, announced, _ = _play("dyad", 2, random.Random(1))
    record["friends"] = block
    assert read_friends(block) is None
    assert _keys(audit(record, 1, logs[1], announced)) == ["unreadable"]


@pytest.mark.parametrize("thing", [None, [], "text", {"game": "x"}])
def test_garbage_never_raises(thing):
    assert not audit(thing, 0, [{"observation": None, "legal": None}, "junk"], None).ok


def test_a_seat_outside_the_game_is_unreadable():
    record, logs, announced, _ = _play("dyad", 2, random.Random(2))
    assert "unreadable" in _keys(audit(record, 5, logs[1], announced))


def test_every_finding_has_words_in_every_language():
    from pyapp.i18n import LANGUAGES, catalog

    keys = {"unreadable", "room_differs", "own_commitment_missing", "own_value_differs", "commitments_differ",
            "seed_differs", "not_announced", "fingerprint_differs", "record_fingerprint_differs", "illegal",
            "truncated", "observation_unmatched", "legal_differs"}
    source = open(audit.__code__.co_filename, encoding="utf-8").read()
    assert keys == {key for key in keys if f'"{key}"' in source}
    for code in LANGUAGES:
        assert all(f"audit.{key}" in catalog(code) for key in keys | {"ok"})


def test_entries_that_are_not_json_are_unmatched_not_errors():
    record, logs, announced, _ = _play("dyad", 2, random.Random(4))
    log = [dict(logs[1][0], observation={"x": object()}), dict(logs[1][1], legal=5)]
    assert _keys(audit(record, 1, log, announced)) == ["observation_unmatched", "observation_unmatched"]
