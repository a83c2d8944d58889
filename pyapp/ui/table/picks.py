"""What a person has picked on a game screen and not yet played: the one way a screen keeps state between redraws.

A game screen owns one :class:`Picks` (Dyad's chosen cards, Triad's chosen
cell; Dieci plays every move in one tap and keeps none).  Every ``render``
starts with ``picks.follow(observation)`` and draws the picks from it, so a
full redraw of the table shows them as they were; a pick between redraws
changes ``chosen`` and redraws the controls it affects from it.  The picks are
emptied at one declared point: when the screen's ``position`` of the
observation (a move made, another viewer) differs from the one they were made on.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any


class Picks:
    """The items picked (``chosen``, in the order picked) on the observation last drawn (``seen``)."""

    def __init__(self, position: Callable[[Any], Hashable]) -> None:
        self.position = position
        self.chosen: list[Any] = []
        self.seen: Any = None
        self._at: Hashable = None

    def follow(self, observation: Any) -> None:
        """Keep the picks while the position is the one they were made on, else empty them."""
        at = self.position(observation)
        if at != self._at:
            self._at = at
            self.chosen = []
        self.seen = observation
