"""The Dieci table rendered on a fake DOM: every phase, clicks, hooks, and no hidden cards."""

import random

import pytest

from pyapp.games import new_game
from pyapp.games.dieci import PASS, TOP, Claim, Play
from tests import fake_dom

ui = None
loaded = fake_dom.module_ui("pyapp.ui.games.dieci")


def draw(state, viewer, acted=None):
    return fake_dom.render_table(ui, state, viewer, acted)


def secrets_of_others(state, viewer):
    cards = {c for s, hand in enumerate(state.hands) if s != viewer for c in hand} | set(state.rest)
    return cards


@pytest.mark.parametrize("players", [2, 8])
def test_every_phase_renders_without_hidden_cards(players):
    state = new_game("dieci", seed=players, players=players)
    rng = random.Random(players)
    seen = set()
    step = 0
    while not state.is_terminal():
        step += 1
        if step % 3 and state.phase == "play":
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        viewer = state.current_player()
        root = draw(state, viewer)
        seen.add(state.phase)
        html = root.dump()
        for card in secrets_of_others(state, viewer):
            assert f'data-card="{card}"' not in html and f'data-played="{card}"' not in html
        assert len(root.find_all(**{"data-testid": "goal"})) == 1
        hand = root.find(**{"data-testid": "hand"})
        shown = [e.attrs["data-card"] for e in hand.walk() if "data-card" in e.attrs]
        assert shown == state.hands[viewer]
        playable = {e.attrs["data-card"] for e in hand.walk() if e.attrs.get("data-playable") == "true"}
        assert playable == {a.card for a in state.legal_actions() if isinstance(a, Play)}
        goal_text = str(state.goals[viewer])
        for other in range(players):
            if other != viewer:
                assert f'data-goal="{state.goals[other]}"' not in html or state.goals[other] == state.goals[viewer]
        assert f'data-goal="{goal_text}"' in html
        state.apply_action(rng.choice(state.legal_actions()))
    assert {"play", "claim", "offer"} <= seen
    root = draw(state, 0)
    end = root.find(**{"data-testid": "dieci-end"})
    for seat in range(players):
        row = end.find(**{"data-testid": f"score-{seat}"})
        parts = state.score_parts(seat)
        assert int(row.attrs["data-total"]) == parts["total"]
        assert int(row.attrs["data-cards"]) + int(row.attrs["data-goal"]) + int(row.attrs["data-characters"]) == parts["total"]
    assert end.attrs["data-winners"] == ",".join(map(str, state.winners()))


def test_clicks_play_claim_take_top_and_pass():
    state = new_game("dieci", seed=3, players=3)
    acted = []
    root = draw(state, 0, acted)
    card = state.legal_actions()[0].card
    root.find(**{"data-card": card}).click()
    assert acted == [Play(card)]
    # Reach a claim and an offer.
    rng = random.Random(1)
    while state.phase != "claim":
        state.apply_action(rng.choice(state.legal_actions()))
    viewer = state.current_player()
    acted.clear()
    root = draw(state, viewer, acted)
    if state.legal_actions() == [TOP]:
        root.find(**{"data-testid": "take-top"}).click()
        assert acted == [TOP]
    else:
        char = state.legal_actions()[0].char
        tile = root.find(**{"data-char": char})
        assert tile.attrs["data-claimable"] == "true" and tile.attrs.get("data-eligible") == "true"
        tile.click()
        assert acted == [Claim(char)]
    state.apply_action(acted[0])
    if state.phase == "offer":
        acted.clear()
        root = draw(state, state.current_player(), acted)
        root.find(**{"data-testid": "pass"}).click()
        assert acted == [PASS]


def test_not_my_turn_nothing_is_clickable():
    state = new_game("dieci", seed=5, players=4)
    root = draw(state, 2)
    hand = root.find(**{"data-testid": "hand"})
    assert all(e.attrs.get("data-playable") == "false" for e in hand.walk() if "data-card" in e.attrs)
    assert not root.find_all(**{"data-claimable": "true"})


def test_announcements_tell_new_events():
    state = new_game("dieci", seed=5, players=3)
    ui.UI.names = ["A", "B", "C"]
    before = state.observation(0)
    state.apply_action(state.legal_actions()[0])
    card = state.played[-1]
    said = ui.UI.announcements(before, state.observation(0))
    assert said == [f"A plays {ui.card_label(card)}."]


def test_log_runs_oldest_first_numbered_by_its_place_and_the_end_marks_you():
    state = new_game("dieci", seed=5, players=3)
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    root = draw(state, 1)
    log = root.find(**{"data-testid": "log"})
    numbers = [int(e.attrs["value"]) for e in log.walk() if "value" in e.attrs]
    assert numbers == sorted(numbers) and numbers[-1] == state.observation(1)["log"][-1]["n"] + 1
    row = root.find(**{"data-testid": "score-1"})
    assert "P1 (you)" in row.textContent
    assert "(you)" not in root.find(**{"data-testid": "score-0"}).textContent


def test_a_deal_played_out_shows_what_each_seat_took_until_the_next_deal_starts():
    state = new_game("dieci", seed=3, players=3)
    rng = random.Random(3)
    while state.deal_no == 1:
        state.apply_action(rng.choice(state.legal_actions()))
    last = state.last_deal
    dismissed = []
    viewer = (state.current_player() + 1) % 3  # a computer leads the new deal: the summary waits for the viewer
    root = fake_dom.render_table(ui, state, viewer, dismiss=lambda: dismissed.append(True))
    summary = root.find(**{"data-testid": "deal-end"})
    assert summary.attrs["data-deal"] == "1" and ui.UI.summary_key(state.observation(viewer)) == "deal-2"
    lines = [e for e in summary.walk() if "data-seat" in e.attrs]
    assert [int(e.attrs["data-cards"]) for e in lines] == last["cards"]
    assert [e.attrs["data-chars"] for e in lines] == [",".join(sorted(c, key=ui._char_key)) for c in last["chars"]]
    assert "(you)" in lines[viewer].textContent
    assert state.trump_card[0] in root.find(**{"data-testid": "deal-end-next"}).textContent
    root.find(**{"data-testid": "deal-end-dismiss"}).click()
    assert dismissed == [True]
    state.apply_action(rng.choice(state.legal_actions()))  # the new deal's first card: the summary is gone
    root = draw(state, viewer)
    assert not root.find_all(**{"data-testid": "deal-end"}) and ui.UI.summary_key(state.observation(viewer)) is None
