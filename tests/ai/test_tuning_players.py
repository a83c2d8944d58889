"""``TUNING[game]["players"][n]``: search settings that apply only to n-player games."""

from __future__ import annotations

import pytest

import pyapp.ai as ai
from pyapp.games import new_game
from tests.ai.toys import nim_with_heap  # noqa: F401  (registers the toy games)


def _record(monkeypatch):
    seen = []

    class Recording(ai.Search):
        def __init__(self, state, **params):
            seen.append(params)
            super().__init__(state, **params)

    monkeypatch.setattr(ai, "Search", Recording)
    return seen


def test_a_player_count_override_applies_only_to_that_count(monkeypatch):
    seen = _record(monkeypatch)
    monkeypatch.setitem(ai.TUNING, "quicknim", {"c": 0.7, "players": {3: {"c": 0.3}}})
    for players in (2, 3):
        state = new_game("quicknim", seed=1, players=players)
        ai.choose_action(state, level="hard", seed=1, iterations=20)
    assert [p["c"] for p in seen] == [0.7, 0.3]
    assert all("players" not in p for p in seen)
    assert ai.TUNING["quicknim"]["players"] == {3: {"c": 0.3}}  # the table itself is left alone


def test_triad_halves_exploration_in_teams_where_a_win_is_worth_half():
    assert ai.TUNING["triad"]["players"][4]["c"] == ai.TUNING["triad"]["c"] / 2


@pytest.mark.parametrize("players", [6, 7])
def test_dieci_hard_keeps_normals_move_with_six_and_seven_players(players):
    """Where the search has not been shown to beat Normal (docs/dieci-strength.md), Hard plays Normal's move."""
    import random

    state = new_game("dieci", seed=7, players=players)
    rng = random.Random(7)
    for step in range(12):
        if len(state.legal_actions()) > 1:
            normal = ai.choose_action(state, level="normal", seed=step)
            assert ai.choose_action(state, level="hard", seed=step, iterations=60) == normal
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_dieci_hard_with_three_to_eight_players_plays_normals_card_or_the_rollout_policys(monkeypatch, players):
    """The search branches only at claims: at a play it weighs just these two cards."""
    import random

    from pyapp.games.dieci import policies

    seen = _record(monkeypatch)
    state = new_game("dieci", seed=3, players=players)
    rng = random.Random(3)
    plays = 0
    for step in range(30):
        legal = state.legal_actions()
        if len(legal) > 1 and state.current_player() == 0:
            hard = ai.choose_action(state, level="hard", seed=step, iterations=40)
            assert seen[-1]["paired"] and seen[-1]["prune"] == 1
            if state.phase == "play":
                plays += 1
                normal = ai.choose_action(state, level="normal", seed=step)
                assert hard in (normal, policies.candidates(state, 1, legal)[0])
        state.apply_action(rng.choice(state.legal_actions()))
    assert plays >= 3


def test_an_option_override_applies_only_to_games_with_that_option_value(monkeypatch):
    """``TUNING[game]["options"][name][value]``: a variant's settings, over the player count's."""
    seen = _record(monkeypatch)
    monkeypatch.setitem(ai.TUNING, "quicknim", {"c": 0.7, "prune": 2, "players": {3: {"c": 0.3}},
                                                "options": {"max_take": {2: {"c": 0.1}}}})
    for players, max_take in ((2, 3), (3, 3), (3, 2), (2, 2)):
        state = new_game("quicknim", seed=1, players=players, max_take=max_take)
        ai.choose_action(state, level="hard", seed=1, iterations=20)
    assert [p["c"] for p in seen] == [0.7, 0.3, 0.1, 0.1]
    assert all(p["prune"] == 2 and "options" not in p for p in seen)
