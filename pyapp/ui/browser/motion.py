"""What moves on the table between two drawings, and the two calls that move it (``web/motion.js``).

A game says which motions a change shows (``GameUI.motions(before, after)``, from two
observations of one seat, so nothing hidden is named); the frame hands them to
``web/motion.js`` around each redraw: :func:`before` copies and measures what is
leaving, :func:`after` marks what just arrived (class ``fresh``) and starts the
motions.  Transform and opacity only; nothing is started under reduced motion or
with animations off, and no motion holds up a control.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

KINDS = ("trick-to-taker", "retrieve", "drop", "lift")
"""The motions a game may name (a card or pair just played travels by itself: ``play``)."""

FRESH_KEYS = ("data-card", "data-played", "data-pair", "data-char", "data-cell", "data-testid")
"""Attributes whose new values mark an element as just arrived (class ``fresh``: CSS animates it).

An element's identity is these values plus its ``data-height`` and its nearest
``data-testid`` section (``web/motion.js``), so a stack that grows is fresh too."""


@dataclass(frozen=True)
class Motion:
    """One motion: ``kind`` (one of :data:`KINDS`) from ``source`` to ``target``.

    ``source`` selects, in the table as drawn before, what leaves (copies of it move);
    ``target`` selects, in the table as drawn after, where it goes.  ``lands``: the
    target is the thing itself arriving (a retrieved card in the person's hand), so
    it comes from the source's place instead of a copy going to it and fading.
    ``drop`` has no source: the target piece falls into place; ``lift`` copies
    the source (a cell's pieces) over the target (the same cell) and lifts it off.
    """

    kind: str
    target: str
    source: str = ""
    lands: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown motion {self.kind!r}")


def seat_chip(seat: int) -> str:
    """The selector of seat ``seat``'s chip (``player-N``), where a trick or a card goes to that seat."""
    return f'[data-testid="player-{seat}"]'


def before(root: Any, motions: list[Motion]) -> Any:
    """Before a redraw of ``root``: what is on screen, and copies of what ``motions`` take away (one call)."""
    from pyapp.ui.browser import page  # noqa: PLC0415  (the browser; the games' CPython tests only build Motions)

    return page.motion().before(root, " ".join(FRESH_KEYS), json.dumps([asdict(m) for m in motions]))


def after(root: Any, seen: Any) -> None:
    """After the redraw: mark what is new (``fresh``) and start the motions :func:`before` prepared."""
    from pyapp.ui.browser import page  # noqa: PLC0415

    page.motion().after(root, " ".join(FRESH_KEYS), seen)
