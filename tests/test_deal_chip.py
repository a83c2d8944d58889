"""The deal on the table (issue 32), on a fake DOM: the fingerprint or "Known deal" in play, the check at the end,
and the seed in no observation, rendered string or replay of an unfinished game."""

import json
import random

import pytest

from pyapp.deals.fingerprint import of_save
from pyapp.i18n import set_language
from pyapp.play import Seat, Session
from pyapp.replay import Replay
from pyapp.storage import SaveStore
from pyapp.storage.backends import MemoryBackend
from pyapp.storage.store import PREFIX
from tests import fake_dom

SEED = 7_318_290_457_163_209
"""A deal number whose decimal (16 digits) and hex forms cannot turn up by chance."""


def seed_forms(seed):
    """Every way the seed could be written on a page: decimal, hex (bare, 0x, upper case)."""
    return {str(seed), f"{seed:x}", f"{seed:X}", f"0x{seed:x}"}


def assert_no_seed(text, where):
    for form in seed_forms(SEED):
        assert form not in text, f"the seed ({form}) shows in {where}"


@pytest.fixture(params=["dyad", "dieci"])
def game_ui(request):
    with fake_dom.ui_loaded(f"pyapp.ui.games.{request.param}") as module:
        import pyapp.ui.table.deal_check as deal_check  # over the same fake DOM

        yield request.param, module, deal_check
    set_language("en")


def _session(game, known_deal=False, players=2):
    store = SaveStore(MemoryBackend())
    seats = [Seat("Ada")] + [Seat(f"Bot {n}", "easy") for n in range(1, players)]
    return Session.start(game, seats, seed=SEED, store=store, known_deal=known_deal), store


def test_the_seed_reaches_no_observation_and_no_rendered_string_of_an_unfinished_game(game_ui):
    game, module, deal_check = game_ui
    session, store = _session(game, players=3)
    rng = random.Random(5)
    code = of_save(session.state.to_save())[:12]
    steps = 0
    while not session.state.is_terminal():
        state = session.state
        set_language(("en", "ko")[steps % 2])
        for seat in range(state.players):
            assert_no_seed(json.dumps(state.observation(seat), ensure_ascii=False), f"seat {seat}'s observation")
        viewer = state.current_player()
        table = fake_dom.render_table(module, state, viewer).dump()
        chip = deal_check.deal_chip(session, store).dump()
        assert f'data-fingerprint="{code}"' in chip and f'title="{session.fingerprint}"' in chip
        assert_no_seed(table + chip, "the table")
        if steps % 7 == 0:
            replay = Replay(store.read(session.record_id)[0], state)
            texts = [replay.text(n) for n in range(1, len(replay) + 1)]
            texts += [json.dumps(replay.views(n), ensure_ascii=False) for n in range(len(replay) + 1)]
            assert_no_seed(" ".join(texts), "an unfinished game's replay")
        assert_no_seed(json.dumps(store.read(session.record_id)[0]["summary"]), "the saved-games line's summary")
        session.apply(state.current_player(), rng.choice(state.legal_actions()))
        steps += 1
    assert steps > 20
    end = deal_check.deal_chip(session, store).dump()
    assert str(SEED) in end, "at the end the seed is shown next to the fingerprint"
    assert of_save(session.state.to_save()) in end


def test_a_known_deal_is_labelled_and_claims_no_fingerprint(game_ui):
    game, module, deal_check = game_ui
    session, store = _session(game, known_deal=True)
    chip = deal_check.deal_chip(session, store)
    assert chip.attrs["data-testid"] == "known-deal" and "Known deal" in chip.dump()
    assert "data-fingerprint" not in chip.dump()


def test_the_whole_fingerprint_is_in_a_sheet_while_the_game_is_played(game_ui):
    """Dyad's score sheet and Dieci's log hold all 64 characters; without a fingerprint (a known deal) no line."""
    game, module, deal_check = game_ui
    session, _store = _session(game)
    sheet_id = {"dyad": "score-sheet", "dieci": "log"}[game]
    shown = fake_dom.render_table(module, session.state, 0, fingerprint=session.fingerprint)
    notes = [el for el in shown.walk() if el.attrs.get("data-testid") == "deal-fingerprint-sheet"]
    assert len(notes) == 1 and session.fingerprint in notes[0].dump()
    assert any(el.attrs.get("data-testid") == sheet_id and notes[0] in list(el.walk()) for el in shown.walk())
    plain = fake_dom.render_table(module, session.state, 0).dump()
    assert "deal-fingerprint-sheet" not in plain and session.fingerprint not in plain


def _finish(session):
    rng = random.Random(9)
    while not session.state.is_terminal():
        session.apply(session.to_act(), rng.choice(session.state.legal_actions()))


def _check(chip):
    chip.find(**{"data-testid": "deal-check"}).fire("click")
    return chip.find(**{"data-testid": "deal-verdict"})


def test_check_this_deal_says_the_deal_is_the_one_promised(game_ui):
    game, module, deal_check = game_ui
    session, store = _session(game)
    _finish(session)
    chip = deal_check.deal_chip(session, store)
    assert chip.find(**{"data-testid": "deal-seed"}).textContent == str(SEED)
    verdict = _check(chip)
    assert verdict.attrs["data-ok"] == "true" and verdict.attrs["data-promise"] == "kept"
    assert "The deal is the one promised" in verdict.dump() and str(SEED) in verdict.dump()
    set_language("ko")
    again = deal_check.deal_chip(session, store).find(**{"data-testid": "deal-verdict"})
    assert "약속한 딜이 맞습니다" in again.dump()  # a redraw says the verdict again, in the new language


def test_check_this_deal_reads_the_stored_record_and_says_what_differs(game_ui):
    game, module, deal_check = game_ui
    session, store = _session(game)
    _finish(session)
    key = PREFIX + session.record_id
    stored = json.loads(store.backend.get(key))
    stored["game"]["seed"] = SEED + 1  # the seed changed after the start
    stored["game"]["actions"] = stored["game"]["actions"][:3]
    store.backend.set(key, json.dumps(stored))
    verdict = _check(deal_check.deal_chip(session, store))
    assert verdict.attrs["data-ok"] == "false" and verdict.attrs["data-promise"] == "broken"
    assert "The deal is not the one promised" in verdict.dump()


def _dieci_record(finished):
    session, store = _session("dieci", players=3)
    rng = random.Random(3)
    while not session.state.is_terminal() and (finished or len(session.state.history) < 40):
        session.apply(session.to_act(), rng.choice(session.state.legal_actions()))
    return store.read(session.record_id)


def test_a_finished_dieci_replay_shows_the_character_deck_in_order_and_every_goal_card():
    from pyapp.games.dieci.rules import CHARACTER_IDS

    record, state = _dieci_record(finished=True)
    replay = Replay(record, state)
    shown = replay.revealed()
    start = replay.state_at(0)
    assert shown["goals"] == start.goals and shown["face_up"] == start.face_up
    assert sorted(shown["face_up"] + shown["deck"]) == sorted(CHARACTER_IDS)
    # the deck's top comes first: every character that left the deck (turned face up or taken) left in that order
    later = [replay.state_at(n) for n in range(len(replay) + 1)]
    order = []
    for before, after in zip(later, later[1:]):
        order += reversed(before.char_deck[len(after.char_deck):])
    assert order == shown["deck"][:len(order)] and order, "characters came up in the order shown"
    with fake_dom.ui_loaded("pyapp.ui.saves.replay_revealed") as module:
        html = module.revealed_section(replay).dump()
    for seat, goal in enumerate(start.goals):
        assert f'data-goal="{goal}" data-seat="{seat}"' in html
    assert [c for c in shown["deck"]] == [part.split('"')[0] for part in html.split('data-char="')[1:]][3:]


def test_an_unfinished_dieci_replay_reveals_nothing():
    record, state = _dieci_record(finished=False)
    replay = Replay(record, state)
    assert not replay.finished and replay.revealed() is None
    with fake_dom.ui_loaded("pyapp.ui.saves.replay_revealed") as module:
        assert module.revealed_section(replay) is None


def test_a_stored_game_no_link_can_carry_still_shows_its_end(game_ui, monkeypatch):
    """Issue 47: a seat of the tests' Random level (a tampered or test record) has no challenge link; the end shows."""
    game, module, deal_check = game_ui
    import pyapp.ui.table.share as share  # over the same fake DOM

    monkeypatch.setattr(share.page, "site_address", lambda: "https://example.org/")
    store = SaveStore(MemoryBackend())
    session = Session.start(game, [Seat("Ada"), Seat("Bot", "random")], seed=SEED, store=store)
    rng = random.Random(3)
    while not session.state.is_terminal():
        session.apply(session.to_act(), rng.choice(session.state.legal_actions()))
    assert share.challenge_parts(session) == []
    end = deal_check.deal_chip(session, store, share.challenge_parts(session)).dump()
    assert of_save(session.state.to_save()) in end and 'data-testid="challenge"' not in end
    easy = Session.start(game, [Seat("Ada"), Seat("Bot", "easy")], seed=SEED, store=store)
    assert share.challenge_parts(easy)  # a table a link carries: Challenge a friend is there
