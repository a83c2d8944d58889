"""The table's watchdog and the hang it guards against (issue 47), in CPython over the fake DOM.

A stand-in for the table (the parts of ``TableHost`` the pacing and the watchdog
use) runs the real :class:`pyapp.ui.table.pacing.Pacing`; the watchdog is given a clock
of the test's own, so no test waits for time.  The last test shows the cause of
the hang on a loop that behaves as Pyodide's does.
"""

from __future__ import annotations

import asyncio
import importlib
from types import SimpleNamespace

import pytest

from pyapp.games import new_game
from pyapp.play import Seat, Session
from pyapp.play.turns import Turns, state_name
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.diag import DIAG_KEY, MAX_DIAG_CHARS, add_entry, read_entries
from tests import fake_dom

THINKING = "Player 2 is thinking…"


@pytest.fixture()
def ui(monkeypatch):
    """The pacing and the watchdog over the fake DOM, computers at zero pace, the console's lines in ``ui.logged``."""
    with fake_dom.ui_loaded("pyapp.ui.table.pacing") as pacing:
        logged: list[str] = []
        monkeypatch.setattr(importlib.import_module("pyapp.ui.browser.page"), "log_error", logged.append)  # over the fake DOM
        monkeypatch.setattr(pacing, "_pace", lambda: 0.0)
        yield SimpleNamespace(pacing=pacing, watchdog=importlib.import_module("pyapp.ui.table.watchdog"), logged=logged)


class Clock:
    """The watchdog's monotonic clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class FakeTable:
    """A Triad game against Normal after the person's first placement: the computer is to move."""

    def __init__(self, ui: SimpleNamespace, clock: Clock) -> None:
        self.session = Session(new_game("triad", seed=1, players=2), [Seat("Ada"), Seat("Player 2", "normal")])
        self.session.play(self.session.state.legal_actions()[0])
        self.turns = Turns(hidden_hands=False)
        self.turns.begin(self.session)
        self.ui = SimpleNamespace(game="triad")
        self.store = SaveStore(MemoryBackend())
        self.body = fake_dom.h("div", {"class": "table-body"}, fake_dom.h("div", {"data-testid": "status"}, THINKING))
        self.task: asyncio.Task | None = None
        self.closed = False
        self.on_screen: str | None = None
        self.pacing = ui.pacing.Pacing(self)
        self.pacing.watchdog = self.watchdog = ui.watchdog.Watchdog(self, lambda: 0.7, clock)

    @property
    def thinking(self) -> bool:
        return self.pacing.thinking

    def render(self) -> None:
        self.on_screen = state_name(self.turns.now())

    def render_or_schedule(self) -> None:
        starting = self.pacing.start(self.session)
        self.render()
        if starting:
            self.pacing.run(self.session)

    def stop_computers(self) -> None:
        self.pacing.stop()

    def redraw_status(self) -> None:
        self.render()

    def show_lost(self) -> None:
        raise AssertionError("nobody took the game")


async def _stalled(table: FakeTable, task: asyncio.Task) -> None:
    """The computers' task started as the table starts it, then ``task`` in its place (stuck or dead)."""
    assert table.pacing.start(table.session)
    table.render()
    table.task = task
    await asyncio.sleep(0)


async def _until_the_computer_moved(table: FakeTable) -> None:
    """The restarted task plays the computer's move and ends, the person to act."""
    task = table.task
    assert task is not None
    await asyncio.wait_for(task, 60)
    assert table.session.to_act() == 0 and table.task is None


def test_a_stalled_task_is_reported_after_ten_seconds_and_the_computers_are_restarted(ui):
    clock = Clock()

    async def scenario() -> None:
        table = FakeTable(ui, clock)
        stuck = asyncio.ensure_future(asyncio.get_running_loop().create_future())  # a page's promise that never came
        await _stalled(table, stuck)
        for _ in range(5):  # 2 s apart, 10 s in all: not yet
            clock.now += 1.99
            assert not table.watchdog.check()
        clock.now += 0.1
        assert table.watchdog.check()
        await asyncio.sleep(0)
        assert stuck.cancelled() and table.task is not None and table.task is not stuck and table.thinking
        assert table.body.dataset.watchdog == "1"
        [entry] = read_entries(table.store.backend)
        assert entry["kind"] == "stall" and entry["game"] == "triad" and entry["state"] == "computer"
        assert entry["task"] == "pending" and entry["last"] == "started" and entry["status"] == THINKING
        assert entry["seat"] == 1 and entry["moves"] == 1 and entry["thinking"] is True and entry["limit_s"] == 10.0
        assert len(ui.logged) == 1 and '"task": "pending"' in ui.logged[0]
        await _until_the_computer_moved(table)  # the restart played the move the stuck task never did
        assert table.task is None and not table.thinking and table.on_screen == "person"

    asyncio.run(scenario())


def test_a_task_that_died_of_an_error_is_reported_with_the_error_and_restarted(ui):
    clock = Clock()

    async def died() -> None:
        raise ValueError("Can't schedule in the past")  # how the computers' task died in issue 47

    async def scenario() -> None:
        table = FakeTable(ui, clock)
        dead = asyncio.ensure_future(died())
        await _stalled(table, dead)
        for _ in range(5):
            clock.now += 1.99
            assert not table.watchdog.check()
        clock.now += 0.1
        assert table.watchdog.check()
        [entry] = read_entries(table.store.backend)
        assert entry["task"].startswith("failed: ValueError(\"Can't schedule in the past\") at test_watchdog.py:")
        await _until_the_computer_moved(table)

    asyncio.run(scenario())


def test_no_restart_while_the_computers_wait_for_the_person_work_or_the_page_was_frozen(ui):
    clock = Clock()

    async def scenario() -> None:
        table = FakeTable(ui, clock)
        await _stalled(table, asyncio.ensure_future(asyncio.get_running_loop().create_future()))
        table.pacing.hold(True)  # the Rules are open over the table: the computers wait, rightly
        for _ in range(30):
            clock.now += 2
            assert not table.watchdog.check()
        table.pacing.hold(False)
        for _ in range(30):  # the task says it works (a long search's slices)
            clock.now += 2
            table.watchdog.saw("searching")
            assert not table.watchdog.check()
        clock.now += 60  # a check a minute late: the browser froze the page, and the task with it
        assert not table.watchdog.check()
        clock.now += 2
        assert not table.watchdog.check()
        assert read_entries(table.store.backend) == [] and ui.logged == []
        table.stop_computers()

    asyncio.run(scenario())


def test_the_stall_limit_is_three_times_the_budget_and_the_pace_at_least_ten_seconds(ui):
    limit = ui.watchdog.stall_limit
    assert limit(0.0, 0.7) == limit(1.5, 0.7) == 10.0 and limit(4.0, 1.0) == 15.0


def test_the_diagnostic_record_keeps_the_newest_entries_within_its_limit():
    backend = MemoryBackend()
    for n in range(200):
        add_entry(backend, {"kind": "stall", "n": n, "last": "x" * 200})
    entries = read_entries(backend)
    assert len(backend.get(DIAG_KEY)) <= MAX_DIAG_CHARS and entries[-1]["n"] == 199
    assert [entry["n"] for entry in entries] == list(range(200 - len(entries), 200)) and len(entries) > 50
    add_entry(backend, {"last": "y" * MAX_DIAG_CHARS})  # too large to keep on its own: the record stays as it was
    assert read_entries(backend) == entries
    backend.set(DIAG_KEY, "not json [")
    assert read_entries(backend) == []
    add_entry(backend, {"n": 0})
    assert read_entries(backend) == [{"n": 0}]


class PyodideLikeLoop(asyncio.SelectorEventLoop):
    """Pyodide's WebLoop in the two ways that matter: ``call_at`` takes the clock again for
    ``call_later``, which refuses a delay below zero, and (deterministically here) the clock
    moves on at every look, as a real one does between two looks."""

    def __init__(self) -> None:
        super().__init__()
        self.ticks = 0.0

    def time(self) -> float:
        self.ticks += 1e-4
        return self.ticks

    def call_at(self, when, callback, *args, context=None):  # noqa: ANN001
        return self.call_later(when - self.time(), callback, *args, context=context)

    def call_later(self, delay, callback, *args, context=None):  # noqa: ANN001
        if delay < 0:
            raise ValueError("Can't schedule in the past")
        return asyncio.BaseEventLoop.call_at(self, self.time() + delay, callback, *args, context=context)


def test_the_cause_a_timeout_ending_between_two_looks_at_the_clock_raises_where_the_pacing_waits_safely(ui):
    loop = PyodideLikeLoop()
    try:
        async def stdlib_timeout() -> None:  # what asyncio.wait_for does with its timeout since Python 3.12
            async with asyncio.timeout(1.5e-4):
                await asyncio.Event().wait()

        with pytest.raises(ValueError, match="schedule in the past"):
            loop.run_until_complete(stdlib_timeout())
        pacing = FakeTable(ui, Clock()).pacing
        for seconds in (1.5e-4, 1e-9, 0.0, -1.0, 0.002):
            loop.run_until_complete(pacing._until_woken(seconds))  # each ends by its timer, none raises
    finally:
        loop.close()
