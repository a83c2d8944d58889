"""A guided game on the real table: the coach speaks in the table's message line.

The lesson is played on the same :class:`~pyapp.ui.table.table.Table` and game
renderer as a real game, with its controls, pacing, summaries and Rules
button; the table's session is a :class:`~pyapp.play.lesson.LessonSession`,
so the learner's move goes to the coach and the computers play the script.
:class:`TableCoach` fills the table's hooks (:class:`pyapp.ui.table.table.Coaching`):
the message line holds the coach's note for the step (read out through the
table's live region when it is new) and, after a refused move, the reason
naming the rule, with the expected move ringed on the table as a hint's is
(and said in words, for a screen reader); the head shows the step instead of
Undo, and at the end it offers to play the lesson again or a real game
against Easy computers.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pyapp import lessons
from pyapp.i18n import t
from pyapp.play import Seat
from pyapp.play.lesson import LessonSession
from pyapp.registry import PERSON
from pyapp.storage.backends import Backend
from pyapp.storage.prefs import remember_lesson_step
from pyapp.ui.browser import routes
from pyapp.ui.browser.dom import h, on
from pyapp.ui.table.hint_button import mark_move
from pyapp.ui.table.table import Table

COMPUTER_KIND = "easy"
"""The kind the computers' seats are given (never asked to think: the script plays for them)."""


def seats(players: int, learner: int) -> list[Seat]:
    """The lesson's seats, named as the coach's notes name them ("Player 2")."""
    return [Seat(t("setup.default_name", n=seat + 1), PERSON if seat == learner else COMPUTER_KIND)
            for seat in range(players)]


class TableCoach:
    """What the coach says and offers at a table playing ``game``'s lesson (see :class:`pyapp.ui.table.table.Coaching`)."""

    def __init__(self, table: Table, game: str, again: Callable[[], None]) -> None:
        self.table = table
        self.game = game
        self.again = again
        self.said: str | None = None
        """The note last given to the live region (a redraw that changes nothing says nothing again)."""

    @property
    def session(self) -> LessonSession:
        session = self.table.session
        assert isinstance(session, LessonSession)
        return session

    def _note(self) -> str:
        key, params = self.session.coach.note()
        return t(key, **params)

    def message(self) -> list[Any]:
        coach, verdict = self.session.coach, self.session.verdict
        items = []
        if verdict is not None:
            expected = self._expected()
            # the ring on the table shows the expected move; a screen reader is told it
            said = (h("span", {"class": "sr-only"}, " ", t("learn.try", move=self.table.ui.move_words(expected, spoken=True)))
                    if expected is not None else None)
            items.append(h("p", {"class": "error coach-refusal", "role": "alert", "data-testid": "coach-refusal",
                                 "data-rule": verdict.rule or ""}, t(verdict.key, **verdict.params), said))
        # a refusal stands in for the note (it says what to try): the line stays one or two lines tall
        items.append(h("p", {"class": "coach-note", "data-testid": "coach-note", "data-step": str(coach.at),
                             "data-who": "done" if coach.finished() else coach.step().who,
                             "hidden": verdict is not None}, self._note()))
        return items

    def _expected(self) -> Any:
        """The move the script expects of the learner now, or None (a computer's step, the end)."""
        coach = self.session.coach
        step = coach.step()
        return coach.state.parse_action(step.action) if step is not None and coach.learner_to_move() else None

    def mark(self, body: Any) -> None:
        expected = self._expected() if self.session.verdict is not None else None
        if expected is not None:
            mark_move(body, self.table.ui, expected)

    def spoken(self) -> list[str]:
        note = self._note()
        if note == self.said:
            return []
        self.said = note
        return [note]

    def status(self) -> tuple[str, str] | None:
        return (t("learn.done"), "over") if self.session.coach.finished() else None

    def actions(self) -> list[Any]:
        coach = self.session.coach
        total = len(coach.lesson.steps)
        if not coach.finished():
            return [h("span", {"class": "learn-count", "data-testid": "learn-count"},
                      t("learn.step", n=coach.at + 1, total=total))]
        again = h("button", {"type": "button", "data-testid": "learn-again"}, t("learn.again"))
        on(again, "click", lambda event: self.again())
        easy = h("a", {"class": "button primary", "data-testid": "learn-easy", "data-autofocus": "",
                       "href": routes.href(self.game, level="easy")}, t("learn.easy_short"))
        return [again, easy]


def lesson_table(root: Any, game: str, at: int, backend: Backend | None) -> Table:
    """``game``'s lesson from step ``at`` on a table in ``root``; the step reached is remembered as it is played."""
    ui = importlib.import_module(f"pyapp.ui.games.{game}").UI
    table = Table(root, ui, None)
    lesson = lessons.get(game)

    def begin(step: int) -> None:
        remember_lesson_step(backend, game, step)
        session = LessonSession(lessons.Coach(lesson, at=step), seats(lesson.players, lesson.learner),
                                remember=lambda reached: remember_lesson_step(backend, game, reached))
        coach.said = None
        table.begin(session)

    coach = TableCoach(table, game, lambda: begin(0))
    table.coach = coach
    begin(at)
    return table


__all__ = ["TableCoach", "lesson_table", "seats"]
