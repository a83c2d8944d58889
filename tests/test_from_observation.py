"""``State.from_observation``: a whole position rebuilt from one seat's observation, what a friend's device (which
holds nothing more) searches from for a hint.  Every game and player count, every decision of random games."""

from __future__ import annotations

import random

import pytest

from pyapp.games import game_class, new_game

DISPLAY = {"dieci": {"log", "last_trick", "last_deal"}, "triad": {"last", "recent"}}
"""What the table shows of the moves just made, which no search reads: not rebuilt."""

CASES = [("dyad", n, {}) for n in (2, 3, 4)] + [("dyad", 4, {"teams": True}), ("dyad", 3, {"cipher": True, "twos": True})]
CASES += [("dieci", n, {}) for n in range(2, 9)] + [("triad", 2, {}), ("triad", 4, {}), ("triad", 2, {"children": True})]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_decision_rebuilds_into_a_position_with_the_same_moves_and_view(game, players, options):
    cls = game_class(game)
    for seed in range(3):
        state = new_game(game, seed=seed, players=players, **options)
        moves = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            seen = state.observation(seat)
            world = cls.from_observation(seen, seat, random.Random(seed))
            assert world.current_player() == seat
            assert [str(a) for a in world.legal_actions()] == [str(a) for a in state.legal_actions()]
            again = world.observation(seat)
            differs = {key for key in seen if again.get(key) != seen[key]}
            assert differs <= DISPLAY.get(game, set()), f"rebuilt differently: {sorted(differs)}"
            sampled = world.sample_world(seat, random.Random(seed + 1)).observation(seat)
            assert {key for key in seen if sampled.get(key) != seen[key]} <= DISPLAY.get(game, set())
            state.apply_action(moves.choice(state.legal_actions()))


@pytest.mark.parametrize("game", ["dyad", "dieci"])
def test_the_unseen_cards_are_drawn_not_copied(game):
    """Two draws of the same observation differ in what the seat cannot see (the host's deal is not inferred)."""
    state = new_game(game, seed=7, players=3)
    seat = state.current_player()
    seen = state.observation(seat)
    worlds = [game_class(game).from_observation(seen, seat, random.Random(n)) for n in range(6)]
    others = {tuple(tuple(w.hands[s]) for s in range(3) if s != seat) for w in worlds}
    assert len(others) > 1
    assert all(sorted(w.hands[seat]) == sorted(state.hands[seat]) for w in worlds)


def test_a_game_without_it_says_so():
    import tests.toy_games  # noqa: F401  (registers the toy games)

    state = new_game("nim", seed=1, players=2)
    with pytest.raises(NotImplementedError, match="nim"):
        type(state).from_observation(state.observation(0), 0, random.Random(0))
