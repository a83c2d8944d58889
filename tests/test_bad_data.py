"""Bad data: mutated saves and imported files are loaded correctly or refused clearly.

Each property takes a valid record (of every registered game and the toy
game), damages it the way a broken browser, a bad download or a prankster
would, and checks that reading it either works (and then the game is whole)
or raises ``CorruptRecord`` — a ``ValueError`` with a message — and never
anything else; and that the other games in the store stay intact.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.games import NAMES, new_game
from pyapp.play import Seat, Session
from pyapp.storage import CorruptRecord, MemoryBackend, SaveStore, StorageFull, decode_record, encode_record, make_record
from pyapp.storage.transfer import export_text, import_file
from tests.pyodide.fuzz_storage import json_paths

GAMES = ["nim", *NAMES]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def valid_record(game: str, finished: bool) -> str:
    """The JSON text of a valid record of ``game`` (part-played or finished)."""
    from pyapp.games import game_class

    players = game_class(game).PLAYERS[0]
    state = new_game(game, seed=42, players=players)
    rng = random.Random(42)
    while not state.is_terminal() and (finished or len(state.history) < 12):
        state.apply_action(rng.choice(state.legal_actions()))
    seats = [{"name": f"P{n}", "kind": "person" if n == 0 else "easy"} for n in range(players)]
    return encode_record(make_record(state, record_id="r1", name="ok", seats=seats, created=1.0, updated=2.0))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def _set(tree, path, value):
    if not path:
        return value
    node = tree
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return tree


def _delete(tree, path):
    if not path:
        return None
    node = tree
    for step in path[:-1]:
        node = node[step]
    del node[path[-1]]
    return tree


@st.composite
def damaged_texts(draw):
    """A valid record's text with one kind of damage applied."""
    game = draw(st.sampled_from(GAMES))
    text = valid_record(game, draw(st.booleans()))
    tree = json.loads(text)
    kind = draw(st.sampled_from([
        "truncate", "replace", "delete", "version", "illegal_action", "huge_array", "deep", "markup",
        "swap_actions", "junk_action", "wrong_game",
    ]))
    if kind == "truncate":
        return text[:draw(st.integers(0, len(text) - 1))]
    paths = list(json_paths(tree))
    if kind == "replace":
        tree = _set(tree, draw(st.sampled_from(paths)), draw(json_values))
    elif kind == "delete":
        tree = _delete(tree, draw(st.sampled_from(paths[1:])))
    elif kind == "version":
        where = draw(st.sampled_from([("record",), ("game", "format")]))
        tree = _set(tree, where, draw(st.integers(-3, 10**9) | json_values))
    elif kind == "illegal_action":
        actions = tree["game"]["actions"]
        actions.insert(draw(st.integers(0, len(actions))), draw(st.sampled_from(actions or ["x"])))
    elif kind == "huge_array":
        where = draw(st.sampled_from([("game", "actions"), ("seats",), ("game", "options")]))
        size = draw(st.sampled_from([10**4, 25_000, 10**5]))
        tree = _set(tree, where, ["take1"] * size if where[-1] != "options" else {str(i): i for i in range(size)})
    elif kind == "deep":
        depth = draw(st.sampled_from([50, 900, 5000, 50_000]))
        return text[:-1] + ',"x":' + "[" * depth + "]" * depth + "}"
    elif kind == "markup":
        evil = draw(st.sampled_from(["<img src=x onerror=alert(1)>", "<script>alert(1)</script>", "\u202e\x00&amp;"]))
        tree["name"] = evil
        tree["seats"][0]["name"] = evil
    elif kind == "swap_actions":
        actions = tree["game"]["actions"]
        draw(st.randoms(use_true_random=False)).shuffle(actions)
    elif kind == "junk_action":
        actions = tree["game"]["actions"]
        actions.append(draw(st.text(max_size=30)))
    elif kind == "wrong_game":
        tree["game"]["game"] = draw(st.sampled_from([g for g in GAMES if g != game] or ["chess"]))
    return json.dumps(tree)


def _check_loaded(record, state):
    """A record that loaded is whole: it replays to the same game and re-encodes."""
    again, state2 = decode_record(encode_record(record))
    assert state2.to_save() == state.to_save() == record["game"]
    assert record["finished"] == state.is_terminal()


@SETTINGS
@given(damaged_texts())
def test_damaged_records_load_or_are_refused_clearly(text):
    try:
        record, state = decode_record(text)
    except CorruptRecord as error:
        assert str(error)
    else:
        _check_loaded(record, state)


@SETTINGS
@given(damaged_texts(), st.binary(max_size=8), st.integers(0, 10**6))
def test_damaged_files_import_or_are_refused_and_other_games_stay_intact(text, junk, where):
    store = SaveStore(MemoryBackend())
    session = Session.start("nim", [Seat("Ada"), Seat("Bot", "easy")], seed=1, store=store)
    session.play("take1")
    before = dict(store.backend.items)
    data = text.encode("utf-8")
    if junk:  # invalid UTF-8 and random bytes somewhere in the file
        cut = where % (len(data) + 1)
        data = data[:cut] + junk + data[cut:]
    try:
        record, state, _ = import_file(data, store)
    except CorruptRecord as error:
        assert str(error)
        assert store.backend.items == before
    else:
        _check_loaded(record, state)
        assert store.read(record["id"])[0] == record
    for key, value in before.items():
        assert store.backend.items[key] == value
    assert Session.resume(store, session.record_id).state.to_save() == session.state.to_save()


@SETTINGS
@given(damaged_texts())
def test_a_damaged_entry_in_storage_never_breaks_the_list(text):
    store = SaveStore(MemoryBackend())
    good = json.loads(valid_record("nim", True))
    store.write(good)
    store.backend.set("pyapp.save.bad", text)
    entries = {entry.record_id: entry for entry in store.entries()}
    assert entries["r1"].record == good
    bad = entries["bad"]
    assert (bad.record is None) == (bad.problem is not None)
    store.prune_finished(keep=0)
    assert all(e.record is None or not e.record["finished"] for e in store.entries())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xc3\x28{}", "not UTF-8"),
        (b'{"record": 1, "id": "a"', "not valid JSON"),
        (b'{"record": 99}', "newer version"),
        (b"[" * 100_000, "nested more than"),
        (b"1" * 5000, "not valid JSON|not a JSON object"),
    ],
)
def test_specific_bad_files_have_clear_messages(data, message):
    with pytest.raises(CorruptRecord, match=message):
        import_file(data, SaveStore(MemoryBackend()))


def test_markup_names_survive_as_text_through_export_and_import():
    store = SaveStore(MemoryBackend())
    record = json.loads(valid_record("nim", False))
    record["name"] = record["seats"][0]["name"] = "<img src=x onerror=alert(1)>"
    imported, _, _ = import_file(export_text(record).encode(), store)
    assert imported["name"] == imported["seats"][0]["name"] == "<img src=x onerror=alert(1)>"


def test_storage_full_during_import_is_a_storage_error_not_a_crash():
    store = SaveStore(MemoryBackend(quota=10))
    with pytest.raises(StorageFull):
        import_file(valid_record("nim", True).encode(), store)
