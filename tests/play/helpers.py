"""Playing a session to its end through its public API, for the tests."""

from __future__ import annotations

from pyapp.engine.steps import finish
from pyapp.play import Session


def play_out(session: Session) -> None:
    """People play their first legal action, computers take their turns (Nim's are random)."""
    while not session.state.is_terminal():
        if session.is_computer_turn():
            finish(session.computer_turn())
        else:
            session.play(session.state.legal_actions()[0])
