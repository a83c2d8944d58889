"""Dyad's seat chips on a fake DOM: the "Leads" tag is on the seat that leads the trick under way
(issue 31, point 2), not on the one that led the round's first trick."""

import random

import pytest

from pyapp.games import new_game
from tests import fake_dom

ui = None
loaded = fake_dom.module_ui("pyapp.ui.games.dyad")


def tagged(root, kind: str) -> list[int]:
    """The seats whose chip carries a tag of class ``kind``."""
    chips = root.find(**{"data-testid": "players"})
    return [int(chip.attrs["data-seat"]) for chip in chips.walk() if "data-seat" in chip.attrs
            and any(kind in e.attrs.get("class", "").split() for e in chip.walk())]


@pytest.mark.parametrize("players,options", [(3, {}), (4, {"teams": True, "cipher": True})])
def test_the_leads_tag_follows_the_current_tricks_leader(players, options):
    state = new_game("dyad", seed=7, players=players, **options)
    rng = random.Random(7)
    later = 0  # positions where the trick's leader is not the round's first leader
    led_by = None  # who played the first pair of the trick on the table, seen as the moves are made
    for _ in range(400):
        if state.is_terminal():
            break
        obs = state.observation(0)
        if not obs["trick"]:
            led_by = None
        # who leads: the trick's first player; with no trick, the seat to play (it leads the next one), but
        # while passing or asked about Cipher the seat after the dealer, who leads the round's first trick
        if led_by is not None:
            leader = led_by
        elif obs["phase"] == "play":
            leader = state.current_player()
        else:
            leader = (obs["dealer"] + 1) % players
        tags = tagged(fake_dom.render_table(ui, state, 0), "lead")
        assert tags == [leader], (obs["phase"], obs["trick_number"], obs["trick"])
        later += leader != obs["leader"]
        if obs["phase"] == "play" and not obs["trick"]:
            led_by = state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))
    assert later >= 5


def test_after_the_first_trick_the_tag_moves_to_its_taker():
    """Player 1 leads trick 1; another seat takes it and leads trick 2, and the tag goes with the lead."""
    for seed in range(1, 30):
        state = new_game("dyad", seed=seed, players=3)
        rng = random.Random(seed)
        first = state.observation(0)["leader"]
        while not state.observation(0)["tricks"] or state.observation(0)["trick"]:  # to the end of trick 1
            state.apply_action(rng.choice(state.legal_actions()))
        taker = state.observation(0)["to_act"]
        if taker != first:
            break
    else:
        raise LookupError("every first trick went to its leader")
    assert state.observation(0)["leader"] == first  # the observation still names the round's first leader
    assert tagged(fake_dom.render_table(ui, state, 0), "lead") == [taker]
    state.apply_action(rng.choice(state.legal_actions()))  # the taker leads trick 2: the tag stays on them
    assert state.observation(0)["trick"][0]["seat"] == taker
    assert tagged(fake_dom.render_table(ui, state, 0), "lead") == [taker]
