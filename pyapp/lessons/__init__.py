"""Guided first games: scripts as data, played through the real engine.

A :class:`Lesson` is a start (a new game's seed, players and options, plus an
optional prefix of actions the engine plays before the lesson begins) and a
list of :class:`Step`: whose move it is (the learner's, or a computer's, fixed
so the lesson is deterministic), the expected action text, the coach's note
(a message key of :mod:`pyapp.i18n`) and, for a step that teaches a rule, the
rule's id.  The note's parameters (cards, values, points) are computed from
the position by the game's lesson module, never typed in.

:class:`Coach` is what a screen drives: :meth:`Coach.note` says what is
happening and what to try, :meth:`Coach.try_move` checks a learner's move (the
engine judges legality; an illegal move or a legal one the lesson does not
expect gets an explanation naming the rule, computed from the position, and
nothing changes), :meth:`Coach.play_computer` plays the computers' next
scripted move, and :meth:`Coach.finished` says when the script is over.
Progress is the step number: ``Coach(lesson, at=n)`` resumes there.

Each game's module (:mod:`pyapp.lessons.dyad`, ``triad``, ``dieci``) holds its
``LESSON`` and the functions the coach calls: ``note_params(state, action)``
(the numbers a note quotes, public facts and the learner's own only),
``explain(state, action, expected, step)`` (why ``action`` is refused: a
message key, its parameters and the rule it names, or None),
``candidates(state)`` (moves a learner might try, legal or not) and
``teaches(before, action, after)`` (the rule ids the engine shows to hold for
that move; the tests check each step's rules against it).

>>> coach = Coach(get("dyad"))
>>> coach.finished(), coach.learner_to_move()
(False, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pyapp.engine import IllegalMoveError, State

GAMES: tuple[str, ...] = ("dyad", "triad", "dieci")

LEARNER, COMPUTER = "learner", "computer"


@dataclass(frozen=True)
class Step:
    """One move of the script: who plays ``action``, the coach's note, the rule it teaches."""

    who: str
    action: str
    note: str
    rules: tuple[str, ...] = ()
    """The rules this move shows (each held to the engine by the tests)."""


@dataclass(frozen=True)
class Lesson:
    """A guided game: how it starts, the learner's seat and the scripted moves."""

    game: str
    players: int
    seed: int
    steps: tuple[Step, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    prefix: tuple[str, ...] = ()
    """Actions played before the lesson begins (to reach a prepared position)."""
    learner: int = 0
    intro: str = ""
    """The note shown before the first step."""
    outro: str = ""
    """The note shown once the script is over."""


@dataclass(frozen=True)
class Verdict:
    """The coach's answer to a learner's move: accepted, or why not (a message key and parameters)."""

    ok: bool
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    rule: str | None = None
    """The rule the explanation names (None when it names none)."""


def numbered(game: str, *moves: tuple[str, ...]) -> tuple[Step, ...]:
    """Steps from ``(who, action, *rules)`` tuples, step ``n``'s note being ``lesson.<game>.s<n>`` (from 1)."""
    return tuple(Step(who, action, f"lesson.{game}.s{n}", tuple(rules)) for n, (who, action, *rules) in enumerate(moves, 1))


def _module(game: str):
    if game not in GAMES:
        raise KeyError(f"no lesson for game {game!r}")
    return importlib.import_module(f"{__name__}.{game}")


def get(game: str) -> Lesson:
    """The guided game of ``game`` (``KeyError`` for an unknown game)."""
    return _module(game).LESSON


def start(lesson: Lesson) -> State:
    """The lesson's starting position, reached through the engine."""
    from pyapp.games import new_game

    state = new_game(lesson.game, seed=lesson.seed, players=lesson.players, **dict(lesson.options))
    for text in lesson.prefix:
        state.apply_action(text)
    return state


class Coach:
    """Runs a lesson: the position, the current step, and the checks of the learner's moves."""

    def __init__(self, lesson: Lesson, at: int = 0) -> None:
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(lesson.steps):
            raise ValueError(f"a lesson of {len(lesson.steps)} steps has no step {at}")
        self.lesson = lesson
        self.rules = _module(lesson.game)
        self.state = start(lesson)
        self.at = 0
        while self.at < at:
            self._apply(lesson.steps[self.at].action)

    # -- where the lesson is ---------------------------------------------------------

    def finished(self) -> bool:
        return self.at >= len(self.lesson.steps)

    def step(self) -> Step | None:
        """The current step, or None once finished."""
        return None if self.finished() else self.lesson.steps[self.at]

    def learner_to_move(self) -> bool:
        step = self.step()
        return step is not None and step.who == LEARNER

    def intro(self) -> tuple[str, dict[str, Any]]:
        """The note that opens the lesson, its numbers taken from the starting position."""
        return self.lesson.intro, self.rules.note_params(start(self.lesson), None)

    def note(self) -> tuple[str, dict[str, Any]]:
        """What the coach says now: the current step's note (the outro once finished)."""
        step = self.step()
        if step is None:
            return self.lesson.outro, self.rules.note_params(self.state, None)
        return step.note, self.rules.note_params(self.state, step.action)

    def view(self) -> dict[str, Any]:
        """The learner's observation of the position (what a table draws)."""
        return self.state.observation(self.lesson.learner)

    # -- moves ---------------------------------------------------------------------------

    def try_move(self, text: str) -> Verdict:
        """Check the learner's move: play it if it is the expected one, else say why not."""
        step = self.step()
        if step is None or step.who != LEARNER:
            return Verdict(False, "lesson.wait")
        state = self.state
        try:
            action = state.parse_action(text)
        except (ValueError, TypeError):
            return Verdict(False, "lesson.unreadable")
        expected = state.parse_action(step.action)
        if action == expected:
            self._apply(step.action)
            return Verdict(True, "lesson.good")
        key, params, rule = self.rules.explain(state, action, expected, step)
        return Verdict(False, key, params, rule)

    def play_computer(self) -> str:
        """Play the computers' next scripted move and return its text (``ValueError`` if it is not theirs)."""
        step = self.step()
        if step is None or step.who != COMPUTER:
            raise ValueError("it is not a computer's scripted move")
        self._apply(step.action)
        return step.action

    def _apply(self, text: str) -> None:
        try:
            self.state.apply_action(text)
        except IllegalMoveError as error:
            raise ValueError(f"{self.lesson.game} lesson step {self.at}: {error}") from None
        self.at += 1


__all__ = ["COMPUTER", "GAMES", "LEARNER", "Coach", "Lesson", "Step", "Verdict", "get", "numbered", "start"]
