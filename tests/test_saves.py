"""Loading saves: every kind of damage gives a ValueError that says what is wrong."""

import pytest

from pyapp.games import MAX_ACTIONS, load, new_game


def _save():
    state = new_game("nim", seed=7, players=2)
    state.apply_action("take1")
    state.apply_action("take2")
    return state.to_save()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.update(format=99), "unsupported save format 99"),
        (lambda s: s.pop("seed"), "lacks seed"),
        (lambda s: s.update(game="chess"), "unknown game 'chess'"),
        (lambda s: s.update(game=["nim"]), "unknown game"),
        (lambda s: s.update(players="2"), "player count must be a whole number"),
        (lambda s: s.update(players=True), "player count"),
        (lambda s: s.update(players=9), "played by 2, 3 players"),
        (lambda s: s.update(seed=1.5), "seed must be an integer"),
        (lambda s: s.update(options=[]), "options must be an object"),
        (lambda s: s.update(options={"max_take": "x"}), "must be int"),
        (lambda s: s.update(options={"turbo": True}), "unknown option"),
        (lambda s: s.update(actions="take1"), "actions must be a list"),
        (lambda s: s["actions"].append(5), "action 3 of the save is not text"),
        (lambda s: s["actions"].append("take9"), r"action 3 of the save \('take9'\) cannot be replayed"),
        (lambda s: s["actions"].append("jump"), "not a Nim move"),
        (lambda s: s.update(actions=["take1"] * (MAX_ACTIONS + 1)), "more than any game has"),
    ],
)
def test_damaged_saves_are_refused_clearly(change, message):
    save = _save()
    change(save)
    with pytest.raises(ValueError, match=message):
        load(save)


@pytest.mark.parametrize("value", [None, [], "text", 3])
def test_non_objects_are_refused(value):
    with pytest.raises(ValueError, match="must be a JSON object"):
        load(value)


def test_actions_after_the_end_are_refused():
    state = new_game("nim", seed=7, players=2, max_take=3)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    save = state.to_save()
    save["actions"].append("take1")
    with pytest.raises(ValueError, match="game is over"):
        load(save)
