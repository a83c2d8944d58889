"""What the others held at each reviewed decision: the engine's hands (and Dieci's goal cards), finished games only."""

from __future__ import annotations

import random

import pytest

from pyapp.ai.review import GOAL_PHASES, held
from pyapp.games import new_game
from pyapp.games.dyad.rules import card_text
from pyapp.i18n import t
from pyapp.storage import decode_record
from tests.test_review_ui import FIXTURE, _view, review_ui  # noqa: F401  (review_ui: the module on the fake DOM)


def _played(game: str, players: int, seed: int):
    """A finished game of random legal moves and the positions before each of its actions."""
    state = new_game(game, seed=seed, players=players)
    rng = random.Random(seed)
    positions = []
    while not state.is_terminal():
        positions.append(state.clone())
        state.step(rng.choice(state.legal_actions()))
    return state, positions


def _hand(position, seat: int) -> list[str]:
    """The engine's own hand of ``seat`` (Dyad keeps cards as numbers), in the observation's texts."""
    hand = position.hands[seat]
    return sorted(card_text(c) if isinstance(c, int) else c for c in hand)


@pytest.mark.parametrize(("game", "players", "seed"), [("dyad", 2, 1), ("dyad", 3, 2), ("dieci", 3, 3), ("dieci", 4, 5)])
def test_a_finished_game_names_each_other_seats_holding_as_the_engine_held_it(game, players, seed):
    final, positions = _played(game, players, seed)
    goals_told = 0
    for position in positions:
        seat = position.current_player()
        entries = held(final, position, seat)
        assert [entry["seat"] for entry in entries] == [other for other in range(players) if other != seat]
        for entry in entries:
            other = entry["seat"]
            assert sorted(entry["hand"]) == _hand(position, other)
            about_characters = game == "dieci" and position.phase in GOAL_PHASES
            assert ("goal" in entry) == about_characters
            if about_characters:
                goals_told += 1
                assert entry["goal"] == position.goals[other]
    assert goals_told > 0 or game == "dyad"


@pytest.mark.parametrize(("game", "players", "seed"), [("dyad", 2, 1), ("dieci", 3, 3)])
def test_an_unfinished_game_names_nothing_anyone_else_held(game, players, seed):
    final, positions = _played(game, players, seed)
    for cut in (0, len(positions) // 2, len(positions) - 1):
        unfinished = final.replay(final.history[:cut])
        assert not unfinished.is_terminal()
        for position in positions[:cut + 1]:
            assert held(unfinished, position, position.current_player()) == []


def test_triad_hides_nothing_so_tells_nothing():
    final, positions = _played("triad", 2, 1)
    assert all(held(final, position, position.current_player()) == [] for position in positions)


def _held_lines(item) -> list:
    return [node for node in item.walk() if node.getAttribute("data-testid") == "review-held"]


def test_each_listed_decision_of_a_finished_game_says_what_the_other_held(review_ui):
    record, state = decode_record(FIXTURE.read_text(encoding="utf-8"))
    decisions = record["review"]["decisions"][:5]
    items = _view(review_ui, record, state)._items("Ada", decisions)
    replayed, before = state.replay([]), {}
    for index, action in enumerate(state.history):
        before[index] = replayed.clone()
        replayed.step(action)
    for item, decision in zip(items, decisions):
        [line] = _held_lines(item)
        assert line.getAttribute("data-seats") == "1"
        cards = " ".join(_hand(before[decision["index"]], 1)) or t("review.held_none")
        words = t("review.held", name=record["seats"][1]["name"], cards=cards)
        [seat_line] = line.children
        hidden, said = seat_line.children
        assert seat_line.getAttribute("data-seat") == "1"
        assert hidden.getAttribute("aria-hidden") == "true" and "sr-only" in said.getAttribute("class")
        assert hidden.textContent.endswith(".") and said.textContent.strip() == hidden.textContent  # no game UI
        assert sorted(hidden.textContent[:-1].split()) == sorted(words.split())


def test_a_dieci_claim_names_the_others_goal_cards(review_ui):
    final, positions = _played("dieci", 3, 3)
    index = next(n for n, position in enumerate(positions) if position.phase in GOAL_PHASES
                 and position.current_player() == 0)
    action = str(final.history[index])
    decision = {"index": index, "played": action, "best": action, "points_loss": 0.0, "points_se": 0.0,
                "win_loss": None, "win_se": None, "worlds": 2, "about_equal": True}
    seats = [{"name": name, "kind": kind} for name, kind in (("Ada", "person"), ("Bo", "easy"), ("Cy", "easy"))]
    record = {"id": "x", "seats": seats, "review": None}
    [item] = _view(review_ui, record, final)._items("Ada", [decision])
    [line] = _held_lines(item)
    text = line.textContent
    for other, name in ((1, "Bo"), (2, "Cy")):
        assert f"‘{t(f'dieci.goal.name.{positions[index].goals[other]}')}’" in text
        assert name in text


def test_the_review_of_an_unfinished_game_shows_no_others_holding(review_ui):
    record, state = decode_record(FIXTURE.read_text(encoding="utf-8"))
    cut = len(state.history) // 2
    unfinished = state.replay(state.history[:cut])
    decisions = [d for d in record["review"]["decisions"] if d["index"] < cut][:5]
    assert decisions
    items = _view(review_ui, record, unfinished)._items("Ada", decisions)
    assert len(items) == len(decisions)
    assert all(_held_lines(item) == [] for item in items)
