"""Helpers for the Dyad tests: building states with chosen hands."""

from __future__ import annotations

from pyapp.games import new_game
from pyapp.games.dyad.rules import parse_card


def cards(*texts: str) -> list[int]:
    return [parse_card(t) for t in texts]


def with_hands(players: int, hands: list[list[str]], **options):
    """A fresh game whose hands are replaced by ``hands`` (texts)."""
    state = new_game("dyad", seed=1, players=players, **options)
    state.hands = [cards(*h) for h in hands]
    return state


def play(state, *texts: str) -> None:
    for text in texts:
        state.apply_action(text)
