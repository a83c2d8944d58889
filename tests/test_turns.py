"""The turn machine (``pyapp/play/turns.py``) through random games with random events in between.

Every configuration of every game is played to its end by pressing only the
controls the machine's state offers, with random events between presses
(dismiss, skip, the Rules opened and closed, undo, a hint started and given
up, leaving and coming back, another tab taking the game, a language switch).
At every step the machine is in exactly one of its states; a waiting state
names the control that ends it and that control ends it (a summary's button is
drawn by the game's screen); and the game reaches its end.
"""

from __future__ import annotations

import copy
import random

import pytest

from pyapp.games.testing import configurations
from pyapp.games import NAMES
from pyapp.i18n import set_language
from pyapp.play import Seat, Session
from pyapp.play import turns as machine
from pyapp.play.turns import ComputerRuns, Over, PersonActs, Turns, Waiting
from pyapp.storage import MemoryBackend, SaveStore
from tests import fake_dom

DISMISS = {"dyad": "round-end-dismiss", "dieci": "deal-end-dismiss"}
"""The button each game's screen draws for ``ctx.dismiss`` (the ``dismiss`` control)."""

EVENTS = ("dismiss", "skip", "rules", "undo", "hint", "leave", "take", "language")
STEPS = 4000
"""More presses than any game here needs: a game still going after them is stuck."""


class Drive:
    """One table's game, its machine and a store another "tab" shares."""

    def __init__(self, module, game: str, players: int, options: dict, seed: int) -> None:
        self.module = module
        self.rng = random.Random(seed)
        self.store = SaveStore(MemoryBackend())
        people = 2 if players > 1 and self.rng.random() < 0.25 else 1  # pass-and-play now and then
        seats = [Seat(f"P{n}", "person" if n < people else "easy") for n in range(players)]
        self.rng.shuffle(seats)
        self.session = Session.start(game, seats, seed=seed, store=self.store, **options)
        ui = module.UI
        self.turns = Turns(hidden_hands=ui.hidden_hands, summary_key=getattr(ui, "summary_key", None))
        self.turns.begin(self.session)
        self.turns.drawn(self.now())
        self.visible: int | None = None
        """The person whose hidden hand the device showed last (None: nobody's yet)."""
        self.drawn: set[tuple[str, ...]] = set()
        """The positions whose summary was drawn already (drawing is the slow part)."""

    def now(self) -> machine.Turn:
        turn = self.turns.now()
        assert sum(isinstance(turn, state) for state in machine.STATES) == 1, turn
        held = isinstance(turn, Waiting) and turn.reason in machine.HOLDS_COMPUTERS
        assert self.turns.computers_play() == (isinstance(turn, ComputerRuns) or held), turn
        return turn

    def press(self, turn: machine.Turn) -> None:
        """Go on from ``turn`` by the control it offers (a computer's turn: its task plays)."""
        session, rng = self.session, self.rng
        if isinstance(turn, (PersonActs, ComputerRuns)):
            self.may_play(turn)
        if isinstance(turn, PersonActs):
            assert machine.MOVE in turn.controls
            self.turns.hold(False)  # the Rules dialog is modal: the person closes it to move
            session.play(rng.choice(session.state.legal_actions()))
        elif isinstance(turn, ComputerRuns):
            session.apply(turn.seat, rng.choice(session.state.legal_actions()))
            if not session.is_computer_turn():
                self.turns.skip(False)  # the computers' loop ends: the next pause is paced again
        else:
            assert isinstance(turn, Waiting), turn
            self.end_wait(turn)
        self.turns.drawn(self.now())

    def may_play(self, turn: PersonActs | ComputerRuns) -> None:
        """Nothing the table must wait for is pending when someone plays (read from the inputs, not the machine)."""
        session, turns = self.session, self.turns
        assert session.lost is None and turn.seat == session.to_act()
        if isinstance(turn, PersonActs):
            assert session.seats[turn.seat].is_person
            hot_seat = turns.hidden_hands and len(session.people()) > 1
            assert not hot_seat or self.visible in (None, turn.seat)  # nobody plays on another's hidden hand
            self.visible = turn.seat
        else:
            assert not session.seats[turn.seat].is_person and not turns.held
            key = turns.summary_key
            summary = key(session.state.observation(session.viewer())) if key else None
            assert summary is None or summary in turns.dismissed  # the computers never pass an unread summary

    def end_wait(self, turn: Waiting) -> None:
        """Press ``turn.ends``; the table must not wait for the same thing any more."""
        assert turn.controls == (turn.ends,)
        if turn.ends == machine.DISMISS:
            self.summary_drawn_with_button()
            assert self.turns.dismiss()
        elif turn.ends == machine.RULES_CLOSE:
            self.turns.hold(False)
        elif turn.ends == machine.HANDOVER_READY:
            self.turns.show(turn.seat)
            self.visible = turn.seat
        elif turn.ends == machine.TAKE_OVER:
            self.come_back()
        else:
            pytest.fail(f"no control ends {turn}")
        assert self.now() != turn

    def summary_drawn_with_button(self) -> None:
        session = self.session
        position = tuple(map(str, session.state.history))
        if position in self.drawn:
            return
        self.drawn.add(position)
        root = fake_dom.render_table(self.module, session.state, session.viewer(), dismiss=lambda: None)
        assert any(e.attrs.get("data-testid") == DISMISS[session.state.GAME] for e in root.walk()), session.state.history

    def come_back(self) -> None:
        """This table plays the stored game again (a take-over, or a return to the screen)."""
        self.session = Session.resume(self.store, self.session.record_id)
        self.turns.begin(self.session)
        self.turns.drawn(self.now())  # a table draws the game it takes up at once
        self.visible = None

    def event(self, name: str, turn: machine.Turn) -> None:
        """Something the person or another tab does between presses; what the state does not offer changes nothing."""
        session, turns = self.session, self.turns
        if name == "dismiss" and not turns.dismiss():
            assert self.now() == turn
        elif name == "skip" and isinstance(turn, ComputerRuns):
            turns.skip(True)
        elif name == "rules" and machine.RULES in turn.controls:
            turns.hold(not turns.held)
        elif name == "undo" and machine.UNDO in turn.controls:
            session.undo()
        elif name == "hint" and machine.HINT in turn.controls:
            assert self.now() == turn  # a hint being found, then given up by a move elsewhere, holds nothing
        elif name == "leave":
            session.release()
            self.come_back()
        elif name == "take" and session.lost is None:
            Session.resume(self.store, session.record_id)  # another tab claims the game
            assert session.check_owner() == "taken"
            assert self.now() == Waiting("tab", machine.TAKE_OVER, -1)
        elif name == "language":
            set_language("ko")
            assert self.now() == turn
            set_language("en")
        self.turns.drawn(self.now())


def the_end(drive: Drive, turn: Over) -> None:
    """The last round's or deal's summary comes before the end, like every other, with its button; then the end's controls."""
    if drive.turns.summary_key is not None and drive.session.people():
        assert turn.summary is not None and turn.controls == (machine.DISMISS,), turn
        drive.summary_drawn_with_button()
        assert drive.turns.dismiss()
        turn = drive.now()
    assert turn == Over(None) and turn.controls == (machine.REMATCH, machine.NEW_GAME), turn
    assert not drive.turns.dismiss()  # nothing is left to dismiss


def play(module, game: str, players: int, options: dict, seed: int) -> None:
    drive = Drive(module, game, players, options, seed)
    for _ in range(STEPS):
        turn = drive.now()
        if isinstance(turn, Over):
            assert drive.session.state.is_terminal()
            the_end(drive, turn)
            return
        for control in turn.controls:
            assert isinstance(control, str) and control
        if isinstance(turn, Waiting) and turn.ends != machine.TAKE_OVER:  # its control ends it, whatever comes first
            trial = copy.copy(drive)
            trial.turns = copy.copy(drive.turns)
            trial.turns.dismissed = set(drive.turns.dismissed)
            trial.end_wait(turn)
        if drive.rng.random() < 0.2:
            drive.event(drive.rng.choice(EVENTS), turn)
        else:
            drive.press(turn)
    pytest.fail(f"{game} {players} {options} seed {seed}: no end after {STEPS} presses")


@pytest.mark.parametrize("game", NAMES)
def test_every_configuration_plays_to_its_end_through_the_machine(game):
    with fake_dom.ui_loaded(f"pyapp.ui.games.{game}") as module:
        for number, (players, options) in enumerate(configurations(game)):
            play(module, game, players, options, number)
