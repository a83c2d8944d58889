"""How a Dyad card is drawn: its face (hand, take buttons), a small face (tricks, settings preview) and a card in a
line of text (rules demos and pages).

>>> from pyapp.i18n import set_language
>>> set_language("en")
>>> inline("7H")
['span', {'class': 'card suit-H', 'data-card': '7H', 'role': 'img', 'aria-label': '7 of hearts'}, ['span', {'class': 'rank', 'aria-hidden': 'true'}, '7'], ['span', {'class': 'suit', 'aria-hidden': 'true'}, '♥']]
"""

from __future__ import annotations

from pyapp.drawing import cards
from pyapp.drawing.tree import Node, node
from pyapp.games.dyad.rules import SUIT_SYMBOLS
from pyapp.i18n import t
from pyapp.i18n.cards import dyad_said


def face(card: str) -> Node:
    """The card's face (:func:`pyapp.drawing.cards.face`), for a button that names it."""
    return cards.face(card[0], SUIT_SYMBOLS[card[1]])


def mini(card: str, *, retrieved: bool = False) -> Node:
    """A small face for tricks and the round's scores; a card ``retrieved`` from a finished trick is faded."""
    return node("span", {"class": f"mini suit-{card[1]}" + (" retrieved" if retrieved else ""),
                         "data-played": card, "role": "img", "aria-label": dyad_said(card)}, face(card))


def inline(card: str, *, extra: str = "") -> Node:
    """The card as rank and suit symbol in a line of text, named in words (``extra``: more classes)."""
    rank, suit = card[0], card[1]
    label = t("demo.card.dyad", rank=rank, suit=t(f"demo.suit.dyad.{suit}"))
    return node("span", {"class": f"card suit-{suit}{' ' + extra if extra else ''}", "data-card": card, "role": "img",
                         "aria-label": label},
                node("span", {"class": "rank", "aria-hidden": "true"}, rank),
                node("span", {"class": "suit", "aria-hidden": "true"}, SUIT_SYMBOLS[suit]))


__all__ = ["face", "inline", "mini"]
