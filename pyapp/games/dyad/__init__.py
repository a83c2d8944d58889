"""Dyad: a trick-taking game played with pairs of cards.

The public rules API (used by the rules page and the tests):

>>> from pyapp.games import dyad
>>> dyad.pair_value("7S+3S", "7H+2D")
14
>>> dyad.trick_winner(["7S+3S", "7H+2D", "6S+5S"])
1
>>> dyad.legal_pairs(["7S", "5H", "2D"], "6S+4S")
[('7S', '5H'), ('7S', '2D')]
>>> dyad.round_score(["7H", "2S"], twos=True)
5
"""

from pyapp.games.dyad.rules import (
    SUITS, card_text, deck, hand_size, legal_pairs, pair_value, parse_card, round_score, top_rank,
    trick_winner, tricks_per_round,
)
from pyapp.games.dyad.state import DyadState, Move, world_from_observation

STATE = DyadState

__all__ = [
    "STATE", "SUITS", "DyadState", "Move", "card_text", "deck", "hand_size", "legal_pairs", "pair_value",
    "parse_card", "round_score", "top_rank", "trick_winner", "tricks_per_round", "world_from_observation",
]
