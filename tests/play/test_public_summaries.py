"""Summaries of a game in play show only public information: hidden cards changed, nothing changes."""

import random

import pytest

from pyapp.games import NAMES, game_class, new_game
from pyapp.play.saved import progress_text

REAL_GAMES = [name for name in NAMES if name != "nim"]


def _midgame(game: str, seed: int, players: int):
    state = new_game(game, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(rng.randrange(10, 60)):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _record(state):
    return {"seats": [{"name": f"P{seat}", "kind": "person"} for seat in range(state.players)]}


@pytest.mark.parametrize("game", REAL_GAMES)
def test_every_world_a_seat_could_be_in_has_the_same_summary(game):
    """Worlds sampled for a seat differ from the real one only in what that seat cannot see.

    The progress line is the move count, the seat to act and ``public_scores``.
    """
    cls = game_class(game)
    for seed in range(6):
        state = _midgame(game, seed, cls.PLAYERS[seed % len(cls.PLAYERS)])
        if state.is_terminal():
            continue
        for seat in range(state.players):
            for draw in range(3):
                world = state.sample_world(seat, random.Random(draw))  # a world without the history
                assert world.public_scores() == state.public_scores()
                assert world.current_player() == state.current_player()


def test_dieci_goal_points_stay_out_of_the_summary_until_the_end():
    seen_secret = False
    for seed in range(40):
        state = _midgame("dieci", seed, 4)
        if state.is_terminal():
            continue
        swapped = state.clone()
        swapped.goals = swapped.goals[1:] + swapped.goals[:1]  # every seat's secret goal card changes
        assert swapped.public_scores() == state.public_scores()
        assert progress_text(_record(swapped), swapped) == progress_text(_record(state), state)
        seen_secret |= swapped.scores() != state.scores()
    assert seen_secret, "no position where a goal card counted: the check above proved nothing"
