"""Search options: each game's ``search.options(state)``, overrides, and a game's own budget."""

from __future__ import annotations

import pytest

import pyapp.ai as ai
from pyapp.ai.options import SearchOptions
from pyapp.games import new_game
from tests.ai.toys import QuickNim, nim_with_heap  # noqa: F401  (registers the toy games)


def _record(monkeypatch, iterations: int | None = None):
    """Record the options and limits every search is built with (and cap its iterations, if given)."""
    seen = []

    class Recording(ai.Search):
        def __init__(self, state, options, **limits):
            seen.append({"options": options, **limits})
            if iterations is not None:
                limits["iterations"] = iterations
            super().__init__(state, options, **limits)

    monkeypatch.setattr(ai, "Search", Recording)
    return seen


class _ThreeThinkLonger:
    """Toy search options: with 3 players a budget of its own, and less exploration."""

    @staticmethod
    def options(state):
        if state.players == 3:
            return SearchOptions(c=0.3, budget_ms=40)
        return SearchOptions()


class BudgetNim(QuickNim):
    SEARCH = _ThreeThinkLonger


def test_a_games_options_follow_its_player_count(monkeypatch):
    seen = _record(monkeypatch, iterations=20)
    for players in (2, 3):
        ai.choose_action(BudgetNim(seed=1, players=players), level="hard", seed=1)
    assert [p["options"].c for p in seen] == [0.7, 0.3]


def test_a_games_budget_replaces_the_levels_default_but_not_the_callers(monkeypatch):
    seen = _record(monkeypatch, iterations=5)
    for players, budget in ((2, None), (3, None), (3, 25)):
        ai.choose_action(BudgetNim(seed=1, players=players), level="hard", seed=1, budget_ms=budget)
    assert [p["budget_ms"] for p in seen] == [ai.LEVELS["hard"]["budget_ms"], 40, 25]


def test_overrides_replace_fields_and_an_unknown_one_is_an_error():
    state = new_game("triad", seed=1, players=2)
    assert ai.search_options(state, c=0.9).c == 0.9
    assert ai.search_options(state).c == 0.4  # the game's own are left alone
    with pytest.raises(ValueError, match="unknown search setting 'rollout_policy'"):
        ai.choose_action(state, level="hard", seed=1, iterations=10, rollout_policy="rollout")


def test_settings_for_the_other_kind_of_root_are_refused():
    with pytest.raises(ValueError):
        SearchOptions(paired=True, normal_share=0.1)
    with pytest.raises(ValueError):
        SearchOptions(normal_margin=0.1)


def test_triad_halves_exploration_in_teams_where_a_win_is_worth_half():
    two, four = (ai.search_options(new_game("triad", seed=1, players=n)) for n in (2, 4))
    assert four.c == two.c / 2 and four.budget_ms == 2000 and two.budget_ms is None


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
                options = seen[-1]["options"]
                assert len(seen) == searches + 1 and options.paired and options.prune == 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert plays >= 3 and claims >= 1
