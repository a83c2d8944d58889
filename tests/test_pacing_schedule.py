"""The pauses the computers' task waits before each move (``pyapp.ui.table.pacing.pause``), in CPython.

Issue 31: Dieci with 8 players showed seven computers passing the offer one by
one at the pace, about 10 s between two of the person's plays.  At the normal
pace, when nobody claims, the pauses between two of the person's decisions add up
to at most 2 s (a claim keeps its pause); the other games keep the pace for
every action.
"""

from __future__ import annotations

import random

import pytest

from pyapp.games import new_game
from tests import fake_dom

NORMAL = 0.7
"""``PACE_SECONDS["normal"]`` of ``pyapp/ui/shell/settings.py``."""
PERSON = 0


@pytest.fixture(scope="module")
def pacing():
    with fake_dom.ui_loaded("pyapp.ui.table.pacing") as module:
        yield module


def _passing(state, rng: random.Random):
    """A computer that never claims in the round of offers (the winner's claim is not optional)."""
    legal = state.legal_actions()
    passes = [a for a in legal if type(a).__name__ == "Pass"]
    return passes[0] if passes else rng.choice(legal)


def _stretches(pacing, seed: int, players: int = 8, choose=_passing):
    """Play a whole Dieci game; yield (pauses between two of the person's decisions, the pauses after claims)."""
    state = new_game("dieci", seed=seed, players=players)
    rng = random.Random(seed)
    stretch: list[float] = []
    kept: list[float] = []
    while not state.is_terminal():
        if state.current_player() == PERSON:
            yield stretch, kept
            stretch, kept = [], []
            state.apply_action(_passing(state, rng))
            continue
        wait = pacing.pause(state, NORMAL)
        last = type(state.history[-1]).__name__ if state.history else None
        (kept if last in ("Claim", "TakeTop") else stretch).append(wait)
        state.apply_action(choose(state, rng))


@pytest.mark.parametrize("seed", range(3))
def test_dieci_8_without_claims_waits_at_most_2_s_between_two_decisions(pacing, seed):
    longest = 0.0
    for stretch, kept in _stretches(pacing, seed):
        longest = max(longest, sum(stretch))
        assert sum(stretch) <= 2.0 + 1e-9, stretch
        assert all(wait == NORMAL for wait in kept), kept  # a claim keeps its pause
    assert longest > 0.5  # the cards are still shown one at a time, not all at once


def test_a_claim_in_the_offers_keeps_its_pause(pacing):
    state = new_game("dieci", seed=5, players=8)
    rng = random.Random(5)
    seen = 0
    while not state.is_terminal():
        claims = [a for a in state.legal_actions() if type(a).__name__ == "Claim"]
        offering = state.phase == "offer"
        state.apply_action(claims[0] if claims else rng.choice(state.legal_actions()))
        if offering and claims and not state.is_terminal():
            assert pacing.pause(state, NORMAL) == NORMAL
            seen += 1
    assert seen


@pytest.mark.parametrize("game", ["dyad", "triad"])
def test_the_other_games_keep_the_pace(pacing, game):
    state = new_game(game, seed=2, players=2)
    rng = random.Random(2)
    for _ in range(30):
        assert pacing.pause(state, NORMAL) == NORMAL
        state.apply_action(rng.choice(state.legal_actions()))


def test_dieci_with_few_players_keeps_nearly_the_pace(pacing):
    state = new_game("dieci", seed=1, players=2)
    state.apply_action(state.legal_actions()[0])
    assert pacing.pause(state, NORMAL) == NORMAL
