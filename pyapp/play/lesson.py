"""A guided game played on the real table: a :class:`~pyapp.play.Session` whose moves go through the coach.

The table (:class:`pyapp.ui.table.table.Table`) drives it like any game: the learner's
move goes to :meth:`pyapp.lessons.Coach.try_move` instead of straight to the
engine (a refused move changes nothing and leaves its :class:`Verdict` for the
message line), and a computer's turn plays the script's next move, never the
AI's, after the same ``CHOSEN`` pause the table paces.  It is never a saved
game: no store, so no record, owner token or statistics; only the step reached
goes to ``remember`` after every move.  Once the script is over nobody is to
act, even where the engine's game would go on (Dyad's next round).

>>> from pyapp.lessons import Coach, get
>>> steps = []
>>> session = LessonSession(Coach(get("triad")), [Seat("A"), Seat("B", "easy")], remember=steps.append)
>>> session.play("place 7,7"); session.verdict.rule, session.coach.at
('triad.row', 0)
>>> session.play("place 0,2"); session.verdict, steps
(None, [1])
>>> list(session.computer_turn()), steps
(['chosen'], [1, 2])
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from pyapp.engine.state import Action
from pyapp.lessons import Coach, Verdict
from pyapp.play.session import CHOSEN, Seat, Session
from pyapp.storage.hints import default_hints


class LessonSession(Session):
    """The lesson's position, seats and turns for a table; the coach decides every move."""

    def __init__(self, coach: Coach, seats: list[Seat], *, remember: Callable[[int], None] = lambda at: None) -> None:
        # no Hint: the coach says what to play
        super().__init__(coach.state, seats, record_id="lesson", hints=default_hints(1, allowed=False))
        self.coach = coach
        self.verdict: Verdict | None = None
        """The coach's answer to the learner's last move while it was refused (None once a move is accepted)."""
        self._remember = remember

    def to_act(self) -> int:
        return -1 if self.coach.finished() else super().to_act()

    def play(self, action: Action | str, *, save: bool = True) -> None:
        """The learner's move: played if the script expects it, else refused with the coach's reason."""
        seat = self.to_act()
        verdict = self.coach.try_move(str(action))
        self.verdict = None if verdict.ok else verdict
        if verdict.ok:
            self.actors.append(seat)
            if save:
                self.save()

    def computer_turn(self) -> Generator[str | None, None, str]:
        """Yield :data:`CHOSEN` (the table's pause), then play the computers' next scripted move."""
        seat = self.to_act()
        yield CHOSEN
        action = self.coach.play_computer()
        self.actors.append(seat)
        self.save()
        return action

    def undo_steps(self) -> int:
        return 0  # the script goes one way

    def save(self) -> bool:
        """Remember the step reached; nothing else is written."""
        self._remember(self.coach.at)
        return True


__all__ = ["LessonSession"]
