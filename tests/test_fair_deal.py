"""Issue 32: the deal's fingerprint (encoding pinned by fixtures), the check after the game, the known deal."""

import hashlib
import json
import random
from pathlib import Path

import pytest

from pyapp.deals.fingerprint import SHORT, canonical_text, fingerprint, of_save
from pyapp.deals.verify import check
from pyapp.games.testing import configurations
from pyapp.games import new_game
from pyapp.play import Seat, Session
from pyapp.storage import SaveStore
from pyapp.storage.backends import MemoryBackend

FIXTURES = Path(__file__).parent / "fixtures"
PINNED = json.loads((FIXTURES / "fingerprints.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", PINNED, ids=lambda c: f"{c['game']}-{c['players']}p-{c['seed']}")
def test_the_fingerprint_encoding_is_pinned(case):
    """The text and its digest never change: a new encoding needs a new version number and new fixtures."""
    text = canonical_text(case["game"], case["options"], case["players"], case["seed"])
    assert text == case["text"]
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == case["sha256"]  # anyone's SHA-256 gives it
    assert fingerprint(case["game"], case["options"], case["players"], case["seed"]) == case["sha256"]


def test_the_fingerprint_is_of_the_engine_s_filled_in_options():
    state = new_game("dyad", seed=42, players=2)  # no option given: the engine fills them in
    assert of_save(state.to_save()) == PINNED[1]["sha256"]
    assert of_save(new_game("dyad", seed=43, players=2).to_save()) != PINNED[1]["sha256"]
    assert of_save(new_game("dyad", seed=42, players=2, twos=True).to_save()) != PINNED[1]["sha256"]


def _store():
    return SaveStore(MemoryBackend())


def _play_out(session, rng):
    while not session.state.is_terminal():
        session.apply(session.to_act(), rng.choice(session.state.legal_actions()))


@pytest.mark.parametrize("game", ["dyad", "dieci"])
def test_a_started_game_stores_its_fingerprint_and_keeps_it_to_the_end(game):
    store = _store()
    session = Session.start(game, [Seat("A"), Seat("B", "easy")], seed=1234, store=store)
    promised = session.fingerprint
    assert promised == of_save(new_game(game, seed=1234, players=2).to_save())
    assert store.read(session.record_id)[0]["fingerprint"] == promised
    _play_out(session, random.Random(1))
    record, _ = store.read(session.record_id)
    assert record["fingerprint"] == promised and record["known_deal"] is False
    resumed = Session.resume(store, session.record_id)
    assert resumed.fingerprint == promised


def test_triad_has_no_chance_and_no_fingerprint():
    session = Session.start("triad", [Seat("A"), Seat("B", "easy")], seed=1, store=_store())
    assert session.fingerprint is None and session.known_deal is False


def test_a_known_deal_claims_no_fingerprint():
    store = _store()
    session = Session.start("dyad", [Seat("A"), Seat("B", "easy")], seed=42, store=store, known_deal=True)
    record, _ = store.read(session.record_id)
    assert record["known_deal"] is True and record["fingerprint"] is None
    session = Session.resume(store, session.record_id)
    assert session.known_deal is True
    _play_out(session, random.Random(2))
    verdict = check(store.read(session.record_id)[0])
    assert verdict.promise == "none" and verdict.ok and [f.key for f in verdict.findings] == ["known_deal"]


def _soak():
    """Seeded random games of Dyad and Dieci in every configuration, each played to its end."""
    rng = random.Random(32)
    for game in ("dyad", "dieci"):
        for players, options in configurations(game):
            seed = rng.randrange(2**53)
            state = new_game(game, seed=seed, players=players, **options)
            promised = of_save(state.to_save())
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            yield {"game": state.to_save(), "fingerprint": promised, "known_deal": False, "finished": True}


SOAK = list(_soak())


def test_the_check_accepts_every_honest_finished_game_of_a_soak():
    assert len(SOAK) >= 20
    for record in SOAK:
        verdict = check(record)
        assert verdict.ok and verdict.promise == "kept" and verdict.findings == (), record["game"]["seed"]
        assert verdict.moves == len(record["game"]["actions"]) and verdict.fingerprint == record["fingerprint"]


@pytest.mark.parametrize("record", SOAK[::5], ids=lambda r: f"{r['game']['game']}-{r['game']['players']}p")
def test_the_check_reports_a_seed_changed_after_the_start(record):
    forged = json.loads(json.dumps(record))
    forged["game"]["seed"] += 1
    verdict = check(forged)
    assert not verdict.ok and verdict.promise == "broken"
    assert verdict.findings[0].key == "fingerprint_differs"
    assert verdict.findings[0].params == {"stored": record["fingerprint"][:SHORT],
                                          "computed": verdict.fingerprint[:SHORT]}


def test_a_forger_who_also_rewrites_the_fingerprint_passes():
    """What the check cannot prove: a record on this device can be re-forged whole by its owner."""
    forged = json.loads(json.dumps(SOAK[0]))
    forged["game"]["seed"] += 1
    forged["game"]["actions"] = []
    state = new_game(forged["game"]["game"], seed=forged["game"]["seed"], players=forged["game"]["players"],
                     **forged["game"]["options"])
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    forged["game"] = state.to_save()
    forged["fingerprint"] = of_save(state.to_save())
    assert check(forged).ok


@pytest.mark.parametrize("record", SOAK[::5], ids=lambda r: f"{r['game']['game']}-{r['game']['players']}p")
def test_the_check_reports_an_illegal_action(record):
    forged = json.loads(json.dumps(record))
    middle = len(forged["game"]["actions"]) // 2
    forged["game"]["actions"][middle] = "play 99X"
    verdict = check(forged)
    assert not verdict.ok and verdict.promise == "kept" and not verdict.legal and verdict.moves == middle
    assert [(f.key, f.params) for f in verdict.findings] == [("illegal", {"number": middle + 1, "action": "play 99X"})]


@pytest.mark.parametrize("record", SOAK[::5], ids=lambda r: f"{r['game']['game']}-{r['game']['players']}p")
def test_the_check_reports_a_truncated_history(record):
    forged = json.loads(json.dumps(record))
    forged["game"]["actions"] = forged["game"]["actions"][:-3]
    verdict = check(forged)
    assert not verdict.ok and verdict.legal and not verdict.complete
    assert [(f.key, f.params) for f in verdict.findings] == [("truncated", {"moves": verdict.moves})]


def test_the_check_reports_actions_after_the_end_and_unreadable_saves():
    forged = json.loads(json.dumps(SOAK[0]))
    forged["game"]["actions"].append(forged["game"]["actions"][-1])
    assert [f.key for f in check(forged).findings] == ["illegal"]
    for broken in ({}, {"game": None}, {"game": {"game": "dyad"}}, {"game": dict(SOAK[0]["game"], seed="7")}):
        verdict = check(broken)
        assert not verdict.ok and [f.key for f in verdict.findings] == ["unreadable"]
