"""The net under the computers' task (issue 47): a table that should be moving and is not gets restarted.

The table once stopped at "Player 2 is thinking…" for good: the task had died
(see :meth:`pyapp.ui.table.pacing.Pacing._until_woken` for that cause, now fixed) and
nothing was left to move the game on.  This watchdog is the net for whatever
else might do the same.  The computers' task tells it each thing it does
(:meth:`Watchdog.saw`: a slice of search, a move chosen, a pause's end, a move
drawn); a check every :data:`CHECK_SECONDS` asks whether the table on screen is
a computer's turn (``data-state="computer"``, not a wait for the person) and
nothing has happened for :func:`stall_limit`.  Then it writes what it saw (the
state, the task, the last thing the task did, the status line) to the console
and to the diagnostic record (:mod:`pyapp.storage.diag`), counts it on the page
(``.table-body[data-watchdog]``, the number of restarts) and restarts the
computers' task, which takes the position up again as the machine gives it.

A check that comes late (the browser froze a background tab) starts the count
again: a frozen page is no stall.
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from collections.abc import Callable
from pathlib import PurePath
from typing import TYPE_CHECKING

from pyapp.ai import budget_seconds
from pyapp.play.turns import ComputerRuns
from pyapp.storage.diag import add_entry
from pyapp.ui.browser import dom

if TYPE_CHECKING:
    from pyapp.ui.table.table_host import TableHost

CHECK_SECONDS = 2.0
"""How often the watchdog looks."""
LEAST_SECONDS = 10.0
"""The shortest stall it acts on, however quick the computer and the pace."""
STATUS_CHARS = 200
"""How much of the status line an entry keeps (entries stay small: the record keeps about twenty)."""


def stall_limit(budget: float, pace: float) -> float:
    """How long a computer's turn may show no progress: three times (its search budget plus the pace), at least 10 s.

    >>> stall_limit(0.0, 0.7), stall_limit(1.5, 0.7), stall_limit(4.0, 1.0)
    (10.0, 10.0, 15.0)
    """
    return max(LEAST_SECONDS, 3 * (budget + pace))


def task_state(task: asyncio.Task | None) -> str:
    """What became of the table's task, in words: ``none``, ``pending``, ``cancelled``, ``done``, or how it failed."""
    if task is None:
        return "none"
    if not task.done():
        return "pending"
    if task.cancelled():
        return "cancelled"
    error = task.exception()
    if error is None:
        return "done"
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {PurePath(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"failed: {error!r}{where}"


class Watchdog:
    """Watches one table's computers; ``pace()`` is the pace now, ``clock`` the monotonic clock (a test's own)."""

    def __init__(self, table: TableHost, pace: Callable[[], float],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.table = table
        self.pace = pace
        self.clock = clock
        self.last = self.checked = clock()
        """When the task last did something, and when the watchdog last looked."""
        self.step = "none yet"
        """The last thing the task said it did."""
        self.restarts = 0
        self._timer: asyncio.TimerHandle | None = None

    def saw(self, step: str) -> None:
        """The computers' task did ``step``: the stall's count starts again."""
        self.last = self.clock()
        self.step = step

    def watch(self) -> None:
        """Look every :data:`CHECK_SECONDS` from now on, until the table is closed (once is enough)."""
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(CHECK_SECONDS, self._tick)

    def _tick(self) -> None:
        self._timer = None
        if self.table.closed:
            return
        try:
            self.check()
        finally:
            self.watch()

    def check(self) -> bool:
        """Look once: restart the computers when the table is stalled; whether it was."""
        table = self.table
        now = self.clock()
        late = now - self.checked > 3 * CHECK_SECONDS  # the page was frozen, not the task
        self.checked = now
        session = table.session
        turn = table.turns.now() if session is not None and not table.closed else None
        if late or table.on_screen != "computer" or not isinstance(turn, ComputerRuns):
            self.last = now  # nothing is due from the computers (or the count restarts): no stall yet
            return False
        seat = session.seats[turn.seat]
        limit = stall_limit(budget_seconds(session.state, seat.kind, session.budget_ms), self.pace())
        if now - self.last < limit:
            return False
        self._report(round(now - self.last, 1), limit)
        self.restarts += 1
        table.body.dataset.watchdog = str(self.restarts)
        self.saw("restarted")
        table.stop_computers()
        table.render_or_schedule()
        return True

    def _report(self, quiet: float, limit: float) -> None:
        """What the watchdog saw, to the console and the diagnostic record."""
        from pyapp.ui.browser import page  # noqa: PLC0415  (the browser; the watchdog's tests give the page's console)

        table = self.table
        session = table.session
        status = table.body.querySelector("[data-testid=status]")
        entry = {"kind": "stall", "at": round(time.time()), "game": table.ui.game, "state": table.on_screen,
                 "seat": session.to_act(), "moves": len(session.actors), "thinking": table.thinking,
                 "task": task_state(table.task), "last": self.step, "quiet_s": quiet, "limit_s": limit,
                 "status": str(status.textContent)[:STATUS_CHARS] if dom.found(status) else None}
        page.log_error(f"pyapp watchdog: the computers stalled, restarting them: {json.dumps(entry)}")
        if table.store is not None:
            add_entry(table.store.backend, entry)


__all__ = ["CHECK_SECONDS", "LEAST_SECONDS", "Watchdog", "stall_limit", "task_state"]
