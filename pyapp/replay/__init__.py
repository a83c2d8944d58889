"""Replay: step forward and back through a saved or finished game, each step told in words.

A :class:`Replay` rebuilds every position of a game from its record (seed +
action texts, replayed through the engine).  What it shows follows the
table's rule of secrecy:

* while the game is unfinished, only what the *viewing person* could see:
  every position is that seat's ``observation(viewer)`` at that time, and
  each step is described from that seat's observations before and after it;
* once the game is over, everything: every seat's observation ("all seats";
  one view for a game that hides nothing).

Descriptions come from a per-game describer module ``pyapp.replay.<game>``
(a function ``describe(step) -> list[(key, params)]`` driven by the public
state API and the observations before and after the step), falling back to
the action's text for a game without one (and to "made a move" when the text
could reveal something the viewer may not know).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyapp.engine.state import State
from pyapp.i18n import t

Sentence = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Step:
    """What a describer gets for one action.

    ``before``/``after`` are the observations of ``seat`` (the viewer while the
    game is unfinished; the actor once it is over, when nothing is secret).
    """

    number: int
    """1-based: the ``number``-th action of the game."""
    actor: int
    names: tuple[str, ...]
    action: str
    before: dict[str, Any]
    after: dict[str, Any]
    seat: int
    everything: bool
    """True once the game is over: the describer may tell all."""

    @property
    def name(self) -> str:
        return self.names[self.actor] if 0 <= self.actor < len(self.names) else "?"

    def name_of(self, seat: Any) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"


def generic_describe(step: Step, perfect: bool) -> list[Sentence]:
    """The fallback: the action's text when the viewer may know it, else just who moved."""
    if step.everything or perfect or step.actor == step.seat:
        return [("replay.generic", {"name": step.name, "action": step.action})]
    return [("replay.hidden", {"name": step.name})]


def describer(game: str) -> Any:
    """The game's ``describe`` function, or None when there is no describer module."""
    try:
        module = importlib.import_module(f"{__name__}.{game}")
    except ImportError:
        return None
    return getattr(module, "describe", None)


def describe_step(game: str, step: Step, perfect: bool) -> list[Sentence]:
    """The sentences for ``step``; any trouble in a describer falls back to the generic one."""
    describe = describer(game)
    if describe is not None:
        try:
            sentences = describe(step)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            sentences = None
        if sentences:
            return sentences
    return generic_describe(step, perfect)


@dataclass(frozen=True)
class Spoken:
    """A parameter written one way and read out another: cards as symbols (``7♥``) and in words.

    Both are made from ``value`` when the sentence is rendered, so a cached step
    follows a language switch.
    """

    value: Any
    shown: Callable[[Any], str]
    said: Callable[[Any], str]


def render(sentences: list[Sentence], *, spoken: bool = False) -> str:
    """Sentences as one text (each a whole translated sentence); ``spoken``: as a screen reader should say them."""
    def value(param: Any) -> Any:
        if isinstance(param, Spoken):
            return param.said(param.value) if spoken else param.shown(param.value)
        return param

    return " ".join(t(key, **{name: value(param) for name, param in params.items()}) for key, params in sentences)


class Replay:
    """The positions of one game, a cursor over them, and what each step did.

    >>> import tests.toy_games
    >>> from pyapp.games import new_game
    >>> game = new_game("nim", seed=3, players=2)
    >>> for text in ["take2", "take1"]:
    ...     game.apply_action(text)
    >>> seats = [{"name": "Ada", "kind": "person"}, {"name": "Bot", "kind": "easy"}]
    >>> replay = Replay({"seats": seats}, game)
    >>> len(replay), replay.position, replay.seats_shown(), replay.finished
    (2, 2, [0], False)
    >>> replay.go(1); replay.text(1)
    'Ada: take2.'
    >>> replay.back(); replay.position
    0
    """

    def __init__(self, record: dict[str, Any], state: State, *, viewer: int | None = None) -> None:
        seats = record.get("seats") or []
        self.names = tuple(str(seat.get("name", "")) for seat in seats) or tuple(
            f"{n + 1}" for n in range(state.players))
        self.kinds = tuple(seat.get("kind", "person") for seat in seats)
        self.game = state.GAME
        self.players = state.players
        self.finished = state.is_terminal()
        self.perfect = state.TYPE.perfect_information
        self.actions = [str(action) for action in state.history]
        self.viewer = self._default_viewer(state) if viewer is None else viewer
        self.states: list[State] = []
        self.actors: list[int] = []
        current = state.replay([])
        self.states.append(current.clone())
        for action in state.history:
            self.actors.append(current.current_player())
            current.step(action)
            self.states.append(current.clone())
        self.position = len(self.actions) if not self.finished else 0
        self._texts: dict[tuple[int, int], list[Sentence]] = {}

    def _default_viewer(self, state: State) -> int:
        """The person whose view an unfinished game shows: the person to act, else the last person who acted."""
        people = [seat for seat, kind in enumerate(self.kinds) if kind == "person"]
        seat = state.current_player()
        if seat in people:
            return seat
        replay = state.replay([])
        last = None
        for action in state.history:
            if replay.current_player() in people:
                last = replay.current_player()
            replay.step(action)
        if last is not None:
            return last
        return people[0] if people else 0

    def __len__(self) -> int:
        return len(self.actions)

    # -- the cursor ---------------------------------------------------------------

    def go(self, position: int) -> None:
        self.position = max(0, min(len(self.actions), position))

    def forward(self) -> None:
        self.go(self.position + 1)

    def back(self) -> None:
        self.go(self.position - 1)

    # -- what is shown ------------------------------------------------------------

    def seats_shown(self) -> list[int]:
        """Whose observations are shown: every seat once the game is over, else the viewer's.

        A game that hides nothing shows one view: every seat sees the same.
        """
        return list(range(self.players)) if self.finished and not self.perfect else [self.viewer]

    def state_at(self, position: int) -> State:
        return self.states[position]

    def views(self, position: int | None = None) -> list[tuple[int, dict[str, Any]]]:
        """``(seat, observation)`` for each seat shown, at ``position`` (default: the cursor)."""
        state = self.states[self.position if position is None else position]
        return [(seat, state.observation(seat)) for seat in self.seats_shown()]

    def sentences(self, number: int) -> list[Sentence]:
        """What the ``number``-th action did (1-based), as i18n keys and parameters."""
        if not 1 <= number <= len(self.actions):
            return []
        actor = self.actors[number - 1]
        seat = actor if self.finished else self.viewer
        cached = self._texts.get((number, seat))
        if cached is None:
            step = Step(number=number, actor=actor, names=self.names, action=self.actions[number - 1],
                        before=self.states[number - 1].observation(seat),
                        after=self.states[number].observation(seat), seat=seat, everything=self.finished)
            cached = self._texts[(number, seat)] = describe_step(self.game, step, self.perfect)
        return cached

    def revealed(self) -> dict[str, Any] | None:
        """What was dealt at the start and stayed secret (the game's ``revealed``), only once the game is over.

        None for an unfinished game, whatever its describer offers, and for a game with nothing more to show.
        """
        if not self.finished:
            return None
        reveal = getattr(importlib.import_module(f"{__name__}.{self.game}"), "revealed", None) \
            if describer(self.game) is not None else None
        return reveal(self.states[0]) if reveal is not None else None

    def text(self, number: int | None = None, *, spoken: bool = False) -> str:
        """The description of the ``number``-th action (default: the one that led to the cursor).

        ``spoken``: with cards in words, for screen readers (the text shows their symbols).
        """
        return render(self.sentences(self.position if number is None else number), spoken=spoken)


__all__ = ["Replay", "Sentence", "Spoken", "Step", "describe_step", "describer", "generic_describe", "render"]
