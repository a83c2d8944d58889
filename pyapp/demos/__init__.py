"""Rules demos: scripted positions replayed through the real rules engines.

A demo is data: a starting position, a list of steps (an action each, or
``None`` for a step that only explains), and for every step a caption, given
as a message key of :mod:`pyapp.i18n`, plus the facts the step must show
(``expect``).  :func:`replay` builds the game's ``State`` at the position
(``State.at_position``), steps it with action texts, tries the moves the rules
refuse on a clone (:func:`refuses`), and returns one :class:`Frame` per step:
the caption's parameters (numbers the engine computed, never typed in by
hand) and a JSON view of the position to draw.  An illegal step raises :class:`DemoError`, and
:func:`check` also compares every ``expect`` with what the engine computed, so
a test that replays every demo keeps them true to the rules.

The demos themselves live in :mod:`pyapp.demos.dyad`, :mod:`pyapp.demos.triad`
and :mod:`pyapp.demos.dieci`; a game's engine is only imported when one of its
demos is replayed.

>>> [d.id for d in demos("dyad")][:2]
['matched-lead', 'lower-card']
>>> get("dyad", "no-such-demo")
Traceback (most recent call last):
...
KeyError: 'no demo dyad/no-such-demo'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pyapp.registry import GAMES


class DemoError(ValueError):
    """A demo step the engine refuses, or a fact that differs from the engine's."""


@dataclass(frozen=True)
class Step:
    """One step of a demo: an action (``None``: just explain), a caption key and the facts it shows."""

    action: Any
    caption: str
    expect: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Demo:
    """A scripted position: ``setup`` is game-specific data, ``steps`` are replayed in order."""

    game: str
    id: str
    title: str
    setup: Mapping[str, Any]
    steps: tuple[Step, ...]
    height: int = 560  # overridden by every demo, measured at 320 px in both languages
    """Height in CSS pixels the embed asks for at 320 px wide (no scrollbars)."""

    @property
    def key(self) -> str:
        return f"{self.game}/{self.id}"


@dataclass
class Frame:
    """What one step shows: the caption and its parameters, and the view to draw."""

    caption: str
    params: dict[str, Any]
    view: dict[str, Any]
    facts: dict[str, Any] = field(default_factory=dict)
    """Everything the engine computed at this step (the caption's numbers and more)."""


@dataclass
class Shown:
    """What one step points at: the facts the engine computed, what to mark, a move only tried."""

    facts: dict[str, Any] = field(default_factory=dict)
    marked: list[Any] = field(default_factory=list)
    """Cards, characters or board cells to point at."""
    attempt: tuple[str, list[str]] | None = None
    """(seat, cards) of a move the rules refuse, drawn beside that seat."""
    moved: list[list[int]] = field(default_factory=list)
    """The board cells of the move just made or tried."""


Handler = Callable[..., Shown]


def run_steps(demo: Demo, handlers: Mapping[str, Handler], view: Callable[[Shown], dict[str, Any]]) -> list[Frame]:
    """One frame per step: ``handlers[kind](where, *args)`` for a step ``(kind, *args)``, then ``view``.

    A step that is an action text is ``("act", text)``; a step without an action shows the
    position.  ``where`` names the step for a :class:`DemoError`; ``view`` may add facts
    of the position it draws.
    """
    frames = []
    for number, step in enumerate(demo.steps):
        where = f"{demo.key} step {number}"
        shown = Shown()
        if step.action is not None:
            kind, *args = ("act", step.action) if isinstance(step.action, str) else step.action
            if kind not in handlers:
                raise DemoError(f"{where}: unknown action {step.action!r}")
            shown = handlers[kind](where, *args)
        drawn = view(shown)
        frames.append(Frame(step.caption, dict(shown.facts), drawn, shown.facts))
    return frames


def refuses(state: Any, text: str) -> bool:
    """Whether the engine refuses the action ``text`` now; tried on a clone, so nothing changes."""
    from pyapp.engine.errors import IllegalMoveError

    try:
        state.clone().apply_action(text)
    except IllegalMoveError:
        return True
    return False


def _module(game: str):
    if game not in GAMES:
        raise KeyError(f"no demos for game {game!r}")
    return importlib.import_module(f"{__name__}.{game}")


def demos(game: str) -> tuple[Demo, ...]:
    """The demos of ``game``, in the order the rules page shows them."""
    return _module(game).DEMOS


def all_demos() -> tuple[Demo, ...]:
    """Every demo of every game."""
    return tuple(d for game in GAMES for d in demos(game))


def get(game: str, demo_id: str) -> Demo:
    """The demo ``demo_id`` of ``game`` (``KeyError`` if there is none)."""
    for demo in demos(game) if game in GAMES else ():
        if demo.id == demo_id:
            return demo
    raise KeyError(f"no demo {game}/{demo_id}")


def replay(demo: Demo) -> list[Frame]:
    """Play ``demo`` through the engine: one frame per step (``DemoError`` if a step is illegal)."""
    return _module(demo.game).replay(demo)


def check(demo: Demo) -> list[Frame]:
    """:func:`replay`, then insist that every fact a step expects is what the engine computed."""
    frames = replay(demo)
    if len(frames) != len(demo.steps):
        raise DemoError(f"{demo.key}: {len(demo.steps)} steps gave {len(frames)} frames")
    for number, (step, frame) in enumerate(zip(demo.steps, frames)):
        for name, wanted in step.expect.items():
            if name not in frame.facts:
                raise DemoError(f"{demo.key} step {number}: the engine computed no {name!r} (has {sorted(frame.facts)})")
            if frame.facts[name] != wanted:
                raise DemoError(
                    f"{demo.key} step {number}: expected {name} = {wanted!r}, the engine says {frame.facts[name]!r}"
                )
    return frames


__all__ = [
    "GAMES", "Demo", "DemoError", "Frame", "Shown", "Step", "all_demos", "check", "demos", "get", "refuses", "replay",
    "run_steps",
]
