"""Dieci: trick taking with trumps, character claims and secret goal cards.

The public rules API (used by the rules page and the tests):

>>> from pyapp.games import dieci
>>> dieci.hand_size(8), dieci.deck(3)[:2]
(8, ['8R', '9R'])
>>> dieci.trick_winner(["AR", "2Y"], "Y"), dieci.legal_cards(["AR", "2Y"], "Y")
(1, ['2Y'])
>>> dieci.character_points({"B": [10, 3]}), dieci.GOAL_POINTS[6]
(-7, 20)
"""

from pyapp.games.dieci.rules import (
    CHARACTERS,
    CHARACTER_IDS,
    CHARACTER_VALUES,
    GOAL_POINTS,
    GOALS,
    RANKS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    character_points,
    deck,
    goal_matches,
    goal_points,
    hand_size,
    legal_cards,
    lowest_rank,
    suit_points,
    trick_winner,
)
from pyapp.games.dieci.state import PASS, TOP, Claim, DieciState, Pass, Play, TakeTop

STATE = DieciState

__all__ = [
    "CHARACTERS", "CHARACTER_IDS", "CHARACTER_VALUES", "GOALS", "GOAL_POINTS", "PASS", "RANKS",
    "STATE", "SUITS", "SUIT_NAMES", "SUIT_SYMBOLS", "TOP", "Claim", "DieciState", "Pass", "Play", "TakeTop",
    "character_points", "deck", "goal_matches", "goal_points", "hand_size", "legal_cards",
    "lowest_rank", "suit_points", "trick_winner",
]
