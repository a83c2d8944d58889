"""How Dieci's cards and characters are drawn: a card's face (hand), a small face (trick, trump), a character's
token (seats, goal, summaries), and both in a line of text (rules demos and pages).

Every suit has its shape (``rules.SUIT_SYMBOLS``): colour is never the only cue.

>>> from pyapp.i18n import set_language
>>> set_language("en")
>>> from pyapp.drawing.tree import text_of
>>> text_of(inline("TB")), text_of(inline_character("R8"))
('10◆', '8●')
"""

from __future__ import annotations

from typing import Any

from pyapp.drawing import cards
from pyapp.drawing.tree import Node, node
from pyapp.games.dieci.rules import SUIT_SYMBOLS
from pyapp.i18n import t
from pyapp.i18n.cards import dieci_char, dieci_rank, dieci_said


def face(card: str) -> Node:
    """The card's face (:func:`pyapp.drawing.cards.face`): rank and suit shape, for a button that names it."""
    return cards.face(dieci_rank(card), SUIT_SYMBOLS[card[1]])


def mini(card: str, label: str | None = None) -> Node:
    """A small face (trick, trump), named ``label`` or the card in words."""
    return node("span", {"class": f"mini suit-{card[1]}", "role": "img", "aria-label": label or dieci_said(card)},
                face(card))


def chip(char: str, **attrs: Any) -> Node:
    """A character's small token: suit shape and value, named in words (``attrs`` add or replace attributes)."""
    return node("span", {"class": f"chip suit-{char[0]}", "role": "img", "aria-label": dieci_char(char),
                         "title": dieci_char(char), **attrs},
                node("span", {"class": "sym", "aria-hidden": "true"}, SUIT_SYMBOLS[char[0]]), char[1:])


def inline(card: str, *, extra: str = "") -> Node:
    """The card as rank and suit shape in a line of text, named in words (``extra``: more classes)."""
    rank, suit = dieci_rank(card), card[1]
    label = t("demo.card.dieci", rank=rank, suit=t(f"demo.suit.dieci.{suit}"))
    return node("span", {"class": f"card suit-{suit}{' ' + extra if extra else ''}", "data-card": card, "role": "img",
                         "aria-label": label},
                node("span", {"class": "rank", "aria-hidden": "true"}, rank),
                node("span", {"class": "suit", "aria-hidden": "true"}, SUIT_SYMBOLS[suit]))


def inline_character(char: str, *, extra: str = "") -> Node:
    """A character as its value and suit shape in a line of text (``R8`` → 8●)."""
    suit, value = char[0], char[1:]
    label = t("demo.character", value=value, suit=t(f"demo.suit.dieci.{suit}"))
    return node("span", {"class": f"character suit-{suit}{' ' + extra if extra else ''}", "data-character": char,
                         "role": "img", "aria-label": label},
                node("span", {"class": "rank", "aria-hidden": "true"}, value),
                node("span", {"class": "suit", "aria-hidden": "true"}, SUIT_SYMBOLS[suit]))


__all__ = ["chip", "face", "inline", "inline_character", "mini"]
