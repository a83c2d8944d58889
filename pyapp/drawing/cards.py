"""What the card games draw alike: a card's face, another hand's backs, and text shown with symbols but said in words."""

from __future__ import annotations

from pyapp.drawing.tree import Node, node


def face(rank: str, suit: str) -> Node:
    """A card's face: corner index (rank, suit mark), a large suit mark, the mirrored index.

    Only the rank is text: the suit marks are drawn by CSS from ``data-glyph``, so a card
    button's name ("7 of hearts") contains all of its visible text (label in name)."""
    return node("span", {"class": "face"},
                node("span", {"class": "rank"}, rank),
                node("span", {"class": "suit", "aria-hidden": "true", "data-glyph": suit}),
                node("span", {"class": "mark", "aria-hidden": "true", "data-glyph": suit}),
                node("span", {"class": "index-br", "aria-hidden": "true", "data-glyph": rank + suit}))


def backs(count: int, *text: Node | str) -> Node:
    """Another seat's hand: a small fan of card backs and ``text`` (its count); faces never reach the page."""
    return node("span", {"class": "backs", "data-count": str(count)},
                node("span", {"class": "fan", "aria-hidden": "true"},
                     [node("i", {"class": "card-back"}) for _ in range(min(count, 3))]),
                node("span", {"class": "count"}, *text))


def spoken(visible: str, said: str) -> list[Node]:
    """Text shown with symbols (``7♥``) but read out in words ("7 of hearts")."""
    return [node("span", {"aria-hidden": "true"}, visible), node("span", {"class": "sr-only"}, said)]
