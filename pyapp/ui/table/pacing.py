"""The computers' turns at a table: one cancellable task, paced, skippable, held.

Computer actions are shown one at a time, at least the chosen pace apart
(:func:`pyapp.ui.shell.settings.pace_seconds`; a long search is not lengthened:
the search runs meanwhile and the pause is what is left).  A tap on the table
outside its controls, or a key, skips the remaining pauses up to the person's
next decision; it never plays a move.  Whether the next move may be played is
the turn machine's answer (:meth:`pyapp.play.turns.Turns.now`): a summary to
dismiss or a dialog over the table holds it.  The task is the table's one
task (``Table.task``), so leaving, deletion or another tab cancels it between
slices: a move is either played and saved or not begun.  The task tells the
table's watchdog (:mod:`pyapp.ui.table.watchdog`) each thing it does, so a task that
stops short of its work is noticed and restarted.
"""

from __future__ import annotations

import asyncio
import importlib
import math
import time
from collections.abc import Awaitable
from typing import Any

from pyapp.play import CHOSEN, Session
from pyapp.play.turns import ComputerRuns, Waiting
from pyapp.registry import computer_modules
from pyapp.ui.browser import dom
from pyapp.ui.browser.slices import run_sliced
from pyapp.ui.table.table_host import TableHost
from pyapp.ui.table.watchdog import Watchdog

NORMAL_SECONDS = 0.7
"""The normal pace (``PACE_SECONDS["normal"]`` of :mod:`pyapp.ui.shell.settings`), which :data:`STRETCH_SECONDS` is told at."""
STRETCH_SECONDS = 2.0
"""Dieci at the normal pace: the most the pauses between two of a person's decisions add up to when nobody claims
(a claim's own pause apart): the cards played, one pause for a run of passes."""


def pause(state: Any, pace: float) -> float:
    """How long the table shows the last action played in ``state`` before a computer's next one, at ``pace``.

    Every game's action stays up for the pace, except in Dieci, whose offers
    went round the table one pass at a time (about 10 s between a person's plays
    with 8 players): a claim keeps the pace; a pass followed by another offer is
    shown together with it (no pause); every other action waits its share of
    :data:`STRETCH_SECONDS`, scaled with the pace, so that between two of the
    person's decisions the seven cards and a run of passes take at most that.
    """
    if state.GAME != "dieci" or not state.history:
        return pace
    last = type(state.history[-1]).__name__
    if last in ("Claim", "TakeTop"):
        return pace  # a claim keeps its pause
    if last == "Pass" and state.phase == "offer":
        return 0.0  # consecutive passes are shown together
    return min(pace, STRETCH_SECONDS * pace / NORMAL_SECONDS / state.players)


CONTROLS = "button, a, input, select, textarea, label, summary, dialog, [data-card], [data-cell], [data-char], [data-take]"
"""What a tap on the table acts on; a tap anywhere else skips the computers' pauses."""


class Pacing:
    """Runs ``table``'s computers: when their task starts and stops, and how long each move waits."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.thinking = False
        """Whether the computers' task runs (from its start until the person's decision is drawn)."""
        self._wake = asyncio.Event()
        """Set when the skip, a hold or a dismissed summary changes, so a pause ends at once."""
        self.watchdog = Watchdog(table, _pace)

    def start(self, session: Session) -> bool:
        """Start the computers' task if the machine says they have work and it is not running: whether it starts.

        The caller draws the table (already thinking) before :meth:`run` is first scheduled.
        """
        if self.thinking or not self.table.turns.computers_play():
            return False
        self.thinking = True  # from now on a person's tap is ignored until the computers are done
        self.watchdog.saw("started")
        self.watchdog.watch()
        return True

    def run(self, session: Session) -> None:
        self.table.task = asyncio.ensure_future(self._turns(session))

    def stop(self) -> None:
        """Cancel the table's task (the computers, or a hint being found) and forget the skip."""
        table = self.table
        if table.task is not None:
            table.task.cancel()
            table.task = None
        self.thinking = False
        self.skipped(False)

    def wake(self) -> None:
        self._wake.set()

    async def _turns(self, session: Session) -> None:
        """Computers move while the machine says so; :meth:`start`'s caller drew the first.

        Only ever run as ``Table.task``: :meth:`stop` cancels it at a pause between slices.
        """
        table = self.table
        drawn = True
        shown = time.monotonic()  # when the last action (or the person's) was drawn
        while table.turns.computers_play():
            if not drawn:
                table.render()
                shown = time.monotonic()
                self.watchdog.saw("drawn")
            drawn = False
            await asyncio.sleep(0)
            # after CHOSEN the next step plays the move: not before the pace or while held
            wait = pause(session.state, _pace())
            await run_sliced(session.computer_turn(), lambda step: self._step(step, shown, wait))
            await asyncio.sleep(0)
        table.task = None
        self.thinking = False
        self.skipped(False)
        if session.lost:
            table.show_lost()
        else:
            table.render_or_schedule()

    def _step(self, step: str | None, shown: float, wait: float) -> Awaitable[None] | None:
        """One step of a computer's turn: a slice of search (None), or the move chosen (then the pause, :meth:`_beat`)."""
        if step is CHOSEN:
            self.watchdog.saw(f"chosen: waits {wait:.3f} s")
            return self._beat(shown, wait)
        self.watchdog.saw("searching")
        return None

    async def _beat(self, shown: float, wait: float) -> None:
        """Wait until ``wait`` (:func:`pause`) has passed since ``shown`` (at once when skipping) and nothing holds the move."""
        body = self.table.body
        body.dataset.pause = f"{wait:.3f}"  # e2e: the pause this move waits (the schedule, read without a clock)
        while True:
            turn = self.table.turns.now()
            left = shown + wait - time.monotonic()
            if isinstance(turn, ComputerRuns) and (turn.skipping or left <= 0):
                body.removeAttribute("data-waiting")
                return
            waiting = isinstance(turn, Waiting)
            if waiting:  # e2e: the search is done, the move waits for the person
                body.dataset.waiting = turn.reason
            await self._until_woken(left if isinstance(turn, ComputerRuns) else None)
            self.watchdog.saw("paused")

    async def _until_woken(self, seconds: float | None) -> None:
        """Wait for :meth:`wake` (a skip, a hold, a dismissed summary), or at most ``seconds`` (None: no limit).

        Not ``asyncio.wait_for(event.wait(), seconds)``: that was the hang of issue 47.  Its timeout
        reads the loop's clock twice (is ``when`` past? then ``call_at(when)``, which takes the clock
        again for the delay), and Pyodide's loop refuses a delay below zero ("Can't schedule in the
        past").  A pause ending within microseconds of that second look raised ``ValueError`` out
        of the computers' task, which died with nobody to see it: the table said "thinking" for
        good and the worker sat idle.  ``call_later`` is given a delay that is never negative,
        rounded up to the whole millisecond a browser's timer counts (it drops the fraction, so a
        pause would otherwise end early and spin through timers of 0 ms).
        """
        self._wake.clear()
        timer = None
        if seconds is not None:
            timer = asyncio.get_running_loop().call_later(math.ceil(max(seconds, 0.0) * 1000) / 1000, self._wake.set)
        try:
            await self._wake.wait()
        finally:
            if timer is not None:
                timer.cancel()

    def skip(self, event: Any) -> None:
        """A tap outside the table's controls, or a key, while computers play: no more pauses this time."""
        if not self.thinking or self.table.turns.held:
            return
        if str(event.type) == "click" and dom.found(event.target.closest(CONTROLS)):
            return
        self.skipped(True)

    def skipped(self, skipping: bool) -> None:
        self.table.turns.skip(skipping)
        self._wake.set()
        if skipping:
            self.table.body.dataset.skipping = "true"
        else:
            self.table.body.removeAttribute("data-skipping")

    def hold(self, held: bool) -> None:
        """A dialog over the table opened (``True``) or closed: the computers wait meanwhile; the status says so."""
        self.table.turns.hold(held)
        self._wake.set()
        self.watchdog.saw("held" if held else "hold ended")
        self.table.redraw_status()

    async def load_computer_players(self) -> None:
        """Import what a computer's first move imports (``computer_modules``: the search, this
        game's policies and search settings) while the person reads the set-up form.

        Each import is its own browser task, so the first computer turn does
        not pay for them in one long task.
        """
        for module in computer_modules(self.table.ui.game):
            await asyncio.sleep(0)
            importlib.import_module(module)


def _pace() -> float:
    """The pace chosen now (the browser's settings, imported when a table first asks)."""
    from pyapp.ui.shell.settings import pace_seconds  # noqa: PLC0415  (the browser's settings)

    return pace_seconds()
