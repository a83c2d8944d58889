"""Pieces the card tables share: card backs with a count, text shown with symbols but read in words."""

from __future__ import annotations

from typing import Any

from pyapp.ui.dom import h


def backs(count: int, text: str) -> Any:
    """Another seat's hand: a small fan of card backs and ``text`` (its count); faces never reach the page."""
    return h("span", {"class": "backs", "data-count": str(count)},
             h("span", {"class": "fan", "aria-hidden": "true"}, *[h("i", {"class": "card-back"}) for _ in range(min(count, 3))]),
             h("span", {"class": "count"}, text))


def spoken(visible: str, said: str) -> list[Any]:
    """Text shown with symbols (``7♥``) but read out in words ("7 of hearts")."""
    return [h("span", {"aria-hidden": "true"}, visible), h("span", {"class": "sr-only"}, said)]
