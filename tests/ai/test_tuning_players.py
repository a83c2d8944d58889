"""``TUNING[game]["players"][n]``: search settings that apply only to n-player games."""

from __future__ import annotations

import pytest

import pyapp.ai as ai
from pyapp.games import new_game
from tests.ai.toys import nim_with_heap  # noqa: F401  (registers the toy games)


def _record(monkeypatch, iterations: int | None = None):
    """Record the settings every search is built with (and cap its iterations, if given)."""
    seen = []

    class Recording(ai.Search):
        def __init__(self, state, **params):
            seen.append(dict(params))
            if iterations is not None:
                params["iterations"] = iterations
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


def test_a_games_budget_replaces_the_levels_default_but_not_the_callers(monkeypatch):
    seen = _record(monkeypatch, iterations=5)
    monkeypatch.setitem(ai.TUNING, "quicknim", {"players": {3: {"budget_ms": 40}}})
    for players, budget in ((2, None), (3, None), (3, 25)):
        state = new_game("quicknim", seed=1, players=players)
        ai.choose_action(state, level="hard", seed=1, budget_ms=budget)
    assert [p["budget_ms"] for p in seen] == [ai.LEVELS["hard"]["budget_ms"], 40, 25]


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
    """The search branches only at claims: at a play it weighs just these two cards (with
    3 players it keeps Normal's card without searching, docs/dieci-strength.md)."""
    import random

    from pyapp.games.dieci import policies

    seen = _record(monkeypatch)
    state = new_game("dieci", seed=3, players=players)
    rng = random.Random(3)
    plays = claims = 0
    for step in range(30):
        legal = state.legal_actions()
        if len(legal) > 1 and state.current_player() == 0:
            searches = len(seen)
            hard = ai.choose_action(state, level="hard", seed=step, iterations=40)
            if state.phase == "play":
                plays += 1
                normal = ai.choose_action(state, level="normal", seed=step)
                assert hard in (normal, policies.candidates(state, 1, legal)[0])
            if players == 3 and state.phase == "play":
                assert hard == normal and len(seen) == searches
            else:
                claims += state.phase != "play"
                assert len(seen) == searches + 1 and seen[-1]["paired"] and seen[-1]["prune"] == 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert plays >= 3 and claims >= 1
