"""The lesson on a table's terms: every move through the coach, the computers play the script, nothing is stored."""

from __future__ import annotations

import pytest

from pyapp.lessons import COMPUTER, GAMES, LEARNER, Coach, get
from pyapp.play import CHOSEN, Seat
from pyapp.play.lesson import LessonSession


def _session(game: str, at: int = 0, remembered: list[int] | None = None) -> LessonSession:
    lesson = get(game)
    seats = [Seat(f"P{n + 1}", "person" if n == lesson.learner else "easy") for n in range(lesson.players)]
    return LessonSession(Coach(lesson, at=at), seats, remember=(remembered if remembered is not None else []).append)


def _computers(session: LessonSession) -> list[str]:
    """Run the computers' turns the way the table does; the steps each turn yields."""
    yielded = []
    while session.is_computer_turn():
        yielded += list(session.computer_turn())
    return yielded


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_played_as_a_table_plays_it_reaches_the_scripts_end_and_remembers_every_step(game):
    remembered: list[int] = []
    session = _session(game, remembered=remembered)
    lesson = session.coach.lesson
    while not session.coach.finished():
        step = session.coach.step()
        if step.who == COMPUTER:
            assert session.is_computer_turn() and session.to_act() != lesson.learner
            assert _computers(session) == [CHOSEN] * (session.coach.at - lesson.steps.index(step))
        else:
            assert not session.is_computer_turn() and session.to_act() == lesson.learner == session.viewer()
            assert session.undo_steps() == 0
            session.play(step.action, save=False)  # as the table plays: drawn first, then saved
            assert session.verdict is None and remembered[-1:] != [session.coach.at]
            assert session.save()
    assert remembered == list(range(1, len(lesson.steps) + 1))
    assert session.to_act() == -1 and not session.is_computer_turn()  # nobody moves on past the script
    assert session.state.history == Coach(lesson, at=len(lesson.steps)).state.history
    assert session.store is None and session.save_problem is None and session.lost is None
    assert session.hints == {"allowed": False, "used": 0}  # no Hint beside the coach


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_move_changes_nothing_and_keeps_the_coachs_reason_until_a_move_is_accepted(game):
    remembered: list[int] = []
    lesson = get(game)
    at = next(n for n, step in enumerate(lesson.steps) if step.who == LEARNER
              and len(Coach(lesson, at=n).state.legal_actions()) > 1)
    session = _session(game, at, remembered)
    expected = session.coach.step().action
    wrong = next(str(a) for a in session.state.legal_actions() if str(a) != expected)
    before = (session.state.to_save(), list(session.actors), session.coach.at)
    session.play(wrong)
    assert session.verdict is not None and not session.verdict.ok and session.verdict.key.startswith("lesson.")
    assert (session.state.to_save(), list(session.actors), session.coach.at) == before and remembered == []
    session.play("no such move")
    assert session.verdict.key == "lesson.unreadable" and session.coach.at == at
    session.play(expected)
    assert session.verdict is None and session.coach.at == at + 1 and remembered == [at + 1]


def test_a_resumed_lesson_starts_at_its_step_with_the_same_position():
    lesson = get("triad")
    session = _session("triad", 5)
    assert session.coach.at == 5 and session.state.to_save() == Coach(lesson, at=5).state.to_save()
    assert len(session.actors) == len(session.state.history)
