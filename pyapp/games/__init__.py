"""The registry of games and the one entry point for new and saved games.

>>> NAMES
('dieci', 'dyad', 'triad')
>>> new_game("chess", seed=1, players=2)
Traceback (most recent call last):
...
ValueError: unknown game 'chess' (known: ...)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from pyapp.engine.state import SAVE_FORMAT, State
from pyapp.registry import GAMES

_EXTRA: dict[str, type[State]] = {}

NAMES: tuple[str, ...] = tuple(sorted(GAMES))
"""The games of :data:`pyapp.registry.GAMES`, by name."""

MAX_ACTIONS = 20_000
"""Longest action list a save may hold; far above any real game of ours."""


def register(cls: type[State]) -> None:
    """Make a game class known by its ``GAME`` name (used by tests' toy games)."""
    _EXTRA[cls.GAME] = cls


def game_class(name: str) -> type[State]:
    """The ``State`` class of the game called ``name``.

    Each game lives in its own package, ``pyapp.games.<name>``, imported only when
    first used so that a page showing one game does not pay for the others.
    """
    if isinstance(name, str) and name in _EXTRA:
        return _EXTRA[name]
    if not isinstance(name, str) or name not in GAMES:
        known = ", ".join(NAMES) or "none"
        raise ValueError(f"unknown game {name!r} (known: {known})")
    return importlib.import_module(f"{__name__}.{name}").STATE


def new_game(name: str, *, seed: int, players: int, **options: Any) -> State:
    """Start a game; unknown names, player counts or options raise ``ValueError``."""
    return game_class(name)(seed=seed, players=players, **options)


def load(save: Any) -> State:
    """Rebuild a game from ``State.to_save()`` output by replaying it.

    Everything is checked; anything wrong raises ``ValueError`` with a message
    that says what and where, never another exception type.
    """
    if not isinstance(save, Mapping):
        raise ValueError(f"a save must be a JSON object, not {type(save).__name__}")
    version = save.get("format")
    if version != SAVE_FORMAT:
        raise ValueError(f"unsupported save format {version!r} (this version reads {SAVE_FORMAT})")
    missing = [key for key in ("game", "options", "players", "seed", "actions") if key not in save]
    if missing:
        raise ValueError(f"the save lacks {', '.join(missing)}")
    options, actions = save["options"], save["actions"]
    if not isinstance(options, Mapping):
        raise ValueError("the save's options must be an object")
    if not isinstance(actions, list):
        raise ValueError("the save's actions must be a list")
    if len(actions) > MAX_ACTIONS:
        raise ValueError(f"the save holds {len(actions)} actions, more than any game has ({MAX_ACTIONS})")
    if not all(isinstance(key, str) for key in options):
        raise ValueError("the save's option names must be text")
    players = save["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"the save's player count must be a whole number, not {players!r}")
    state = new_game(save["game"], seed=save["seed"], players=players, **options)
    for number, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise ValueError(f"action {number} of the save is not text: {text!r}")
        try:
            state.apply_action(state.parse_action(text))
        except ValueError as error:
            raise ValueError(f"action {number} of the save ({text!r}) cannot be replayed: {error}") from None
    return state


__all__ = ["MAX_ACTIONS", "NAMES", "game_class", "load", "new_game", "register"]
