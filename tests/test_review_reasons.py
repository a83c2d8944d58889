"""A review's reasons tell the two moves apart, and its footnote fits the game (issue 31, point 8).

Seeded random games of each game are played to their end; at every decision of seat 0 the move
played is set against another legal move as the judge's (what a review may prefer), and the
review screen (on the fake DOM) draws the entry.  Its reasons never give the same reason for both
moves ("Q of red does not beat the best card so far" against "6 of red does not..."), every Triad
entry has one, and Triad's footnote speaks of no deals or cards.  One real review per game (two
worlds a decision) is checked the same way.
"""

from __future__ import annotations

import random

import pytest

from pyapp.ai.hint import reasons
from pyapp.ai.review import explanation, gist, review
from pyapp.engine.steps import finish
from pyapp.games import new_game
from pyapp.i18n import set_language, t
from tests import fake_dom

GAMES = [("dyad", 2), ("dyad", 4), ("dieci", 3), ("dieci", 4), ("triad", 2), ("triad", 4)]
SEEDS = range(8)


@pytest.fixture(scope="module")
def review_ui():
    with fake_dom.ui_loaded("pyapp.ui.saves.review") as module:
        yield module


def _played(game: str, players: int, seed: int):
    """A finished game of seeded random moves, and per decision of seat 0 its index and another legal move."""
    state = new_game(game, seed=seed, players=players)
    rng = random.Random(seed)
    others = {}
    while not state.is_terminal():
        legal = state.legal_actions()
        action = rng.choice(legal)
        if state.current_player() == 0 and len(legal) > 1:
            others[len(state.history)] = rng.choice([a for a in legal if a != action])
        state.step(action)
    return state, others


def _record(state, decisions, worlds=24):
    seats = [{"name": "Ada" if n == 0 else f"Bot {n}", "kind": "person" if n == 0 else "easy"}
             for n in range(state.players)]
    return {"id": "r", "seats": seats, "game": state.to_save(),
            "review": {"version": 1, "game": state.GAME, "seat": 0, "worlds": worlds, "done": len(decisions),
                       "total": len(decisions), "decisions": decisions}}


def _decision(index, played, best, loss):
    return {"index": index, "played": str(played), "best": str(best), "points_loss": loss, "points_se": 0.5,
            "win_loss": None, "win_se": None, "worlds": 24, "about_equal": loss < 1}


def _before(state):
    replayed, found = state.replay([]), {}
    for index, action in enumerate(state.history):
        found[index] = replayed.clone()
        replayed.step(action)
    return found


def _check_items(review_ui, state, decisions):
    """Each drawn entry: a reason at least, and no reason the two moves share said of both."""
    view = review_ui.ReviewView(fake_dom.h("main"), None, _record(state, decisions), state, None,
                                jump=lambda at: None, back=lambda: None)
    before = _before(state)
    items = view._items("Ada", decisions)
    assert len(items) == len(decisions)
    for item, decision in zip(items, decisions):
        position = before[decision["index"]]
        best = reasons(position, position.parse_action(decision["best"]))
        played = reasons(position, position.parse_action(decision["played"]))
        said = [p.textContent for p in item.walk() if getattr(p, "tag", "") == "p"
                and "review-reasons" in (p.getAttribute("class") or "")]
        assert said, f"{state.GAME} move {decision['index'] + 1}: an entry without a reason"
        if decision["played"] == decision["best"]:
            continue
        text = " ".join(said)
        for fact in best:
            for other in played:
                if gist(fact) == gist(other):  # the same reason: said of neither move
                    assert not (t(fact[0], **fact[1]) in text and t(other[0], **other[1]) in text), (
                        f"{state.GAME} move {decision['index'] + 1}: the same reason for both moves: {text}")


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[f"{g}-{p}" for g, p in GAMES])
def test_no_entry_gives_both_moves_the_same_reason_and_none_is_without_one(review_ui, game, players):
    for seed in SEEDS:
        state, others = _played(game, players, seed)
        actions = state.history
        decisions = [_decision(index, actions[index], best, loss=float(n % 3))
                     for n, (index, best) in enumerate(others.items())]
        decisions.append(_decision(next(iter(others)), actions[next(iter(others))], actions[next(iter(others))], 0.0))
        _check_items(review_ui, state, decisions)


def test_the_explanation_never_shares_a_reason_and_says_when_the_difference_comes_later():
    shared = [["hint.dieci.gives_trick", {"card": "Q1"}]]
    assert explanation(shared, [["hint.dieci.gives_trick", {"card": "61"}]]) == [("review.later", [])]
    for game, players in GAMES:
        for seed in SEEDS:
            state, others = _played(game, players, seed)
            before = _before(state)
            for index, best in others.items():
                position = before[index]
                out = explanation(reasons(position, best), reasons(position, state.history[index]))
                assert out
                sides = dict(out)
                best_said = {gist(f) for f in sides.get("review.why_best", [])}
                assert not best_said & {gist(f) for f in sides.get("review.why_played", [])}
                assert ("review.later" in sides) == (len(out) == 1 and not out[0][1])


@pytest.mark.parametrize(("game", "players"), [("dyad", 2), ("dieci", 3), ("triad", 2)])
def test_a_real_review_explains_every_entry(review_ui, game, players):
    state, _ = _played(game, players, seed=7)
    result = finish(review(state, seat=0, seed=1, worlds=2, budget_ms=40.0))
    _check_items(review_ui, state, result["decisions"])


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_footnote_fits_the_game(review_ui, language):
    footnotes = {}
    set_language(language)
    try:
        for game, players in [("dyad", 2), ("dieci", 3), ("triad", 2)]:
            state, others = _played(game, players, seed=1)
            index, best = next(iter(others.items()))
            record = _record(state, [_decision(index, state.history[index], best, 3.0)])
            view = review_ui.ReviewView(fake_dom.h("main"), None, record, state, None,
                                        jump=lambda at: None, back=lambda: None)
            view._chart = lambda *drawn: None  # the fake DOM draws no SVG
            how = [node for node in view._result("Ada") if node is not None
                   and node.getAttribute("data-testid") == "review-how"]
            footnotes[game] = how[0].textContent
    finally:
        set_language("en")
    hidden = {"en": ("deal", "card"), "ko": ("딜", "카드")}[language]
    assert not any(word in footnotes["triad"].lower() for word in hidden), footnotes["triad"]
    assert all(hidden[1] in footnotes[game].lower() for game in ("dyad", "dieci")), footnotes
    horizon = {"en": ("round", "deal", "game"), "ko": ("라운드", "딜", "게임")}[language]
    for game, word in zip(("dyad", "dieci", "triad"), horizon):
        assert word in footnotes[game], footnotes[game]
