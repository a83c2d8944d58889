"""The benchmarks' ceilings (bench only) see what they claim to see."""

import random

from bench.dieci_normal_paired import constants
from bench.dieci_strength import oracle_world
from bench.dyad_strength import PassOracle
from pyapp.ai import choose_action
from pyapp.games import new_game
from pyapp.games.dieci import policies as dieci_policies
from pyapp.games.dyad.policies import PassInformed


def test_dieci_oracle_world_samples_the_true_hands() -> None:
    state = new_game("dieci", seed=3, players=6)
    world = oracle_world(state, random.Random(1))
    sample = world.sample_world(0, random.Random(2))
    assert sample.hands == state.hands and sample.goals == state.goals
    honest = state.sample_world(0, random.Random(2))
    assert honest.hands[1:] != state.hands[1:]  # a plain sampled world guesses the others' hands


def test_constants_are_restored() -> None:
    before = dieci_policies.LOOKAHEAD_SAMPLES
    with constants({"LOOKAHEAD_SAMPLES": before + 5}):
        assert dieci_policies.LOOKAHEAD_SAMPLES == before + 5
    assert dieci_policies.LOOKAHEAD_SAMPLES == before


def test_dyad_pass_oracle_deals_each_opponent_the_cards_it_was_passed() -> None:
    state = new_game("dyad", seed=5, players=4, teams=True)
    moves = 0
    while state.got[state.current_player()] is None:
        state.step(choose_action(state, level="normal", seed=moves))
        moves += 1
    seat = state.current_player()
    opponents = [(seat + 1) % 4, (seat + 3) % 4]
    for draw in range(5):
        world = PassOracle(state, seat)(random.Random(draw))
        for p in opponents:
            assert set(state.got[p]) <= set(world.hands[p])
        assert sorted(world.hands[seat]) == sorted(state.hands[seat])
    honest = [PassInformed(state, seat)(random.Random(draw)) for draw in range(5)]
    assert any(not set(state.got[p]) <= set(world.hands[p]) for world in honest for p in opponents)
