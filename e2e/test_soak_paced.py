"""Whole games at the default pace on a slow phone, several at once, and the watchdog never fires (issue 47).

The hang of issue 47 (a Triad game against Normal stopped at "Player 2 is
thinking…" with the worker idle) came from the pause between two computer
moves: ``asyncio.wait_for`` with a timeout that ran out within microseconds of
the loop's second look at its clock made Pyodide's loop refuse a negative delay,
and the computers' task died of the ``ValueError`` (``pyapp/ui/table/pacing.py``,
``Pacing._until_woken``).  It needs the real pace (no ``pyappTestPace``), so
this soak plays at it: Normal computers, the CPU throttled 4× (a CDP session per
page), Triad for 2, Dyad for 3 and Dieci for 4 in three pages at once, a person's
seat in each played by ``play_through.Player``.  Every game must reach its end
with ``.table-body[data-watchdog]`` never set and nothing on the console (the
watchdog writes there when it restarts the computers).

``test_three_games_at_once_reach_their_ends`` runs in CI (one game of each,
within 10 minutes on a loaded machine); ``test_thirty_games_at_the_default_pace``
is ``slow`` (``pytest -m slow e2e/test_soak_paced.py -s``) and prints its figures.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Page, TimeoutError as PlaywrightTimeout

import hooks
from play_through import JS, PERSON_MAY_ACT, STALL_MS, Player, Stalled, diagnose, set_up, signature, watch_errors

PHONE = {"width": 360, "height": 640}
GAMES = (("triad", 2), ("dyad", 3), ("dieci", 4))
"""The set-ups of the soak: one page each, played at once."""
THROTTLE = 4
LOOK_MS = 400
"""How long the round of pages waits on one page for its person's turn before it looks at the next."""
WATCHDOG = ".table-body[data-watchdog]"


@dataclass
class Table:
    """One page's game: its player, the errors it logged, and what the soak measured of it."""

    player: Player
    errors: list[str]
    started: float = field(default_factory=time.monotonic)
    changed: float = field(default_factory=time.monotonic)
    seen: str = ""
    over: bool = False
    seconds: float = 0.0

    @property
    def page(self) -> Page:
        return self.player.page


def open_table(browser, base_url: str, game: str, players: int, seed: int) -> Table:
    """A paced, throttled page with a new game of ``game``: a person against Normal computers."""
    context = browser.new_context(base_url=base_url, viewport=PHONE, paced=True)
    page = context.new_page()
    errors = watch_errors(page)
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    page.goto("/")
    page.wait_for_selector(hooks.READY, state="attached", timeout=120_000)
    set_up(page, game, ["person"] + ["normal"] * (players - 1), {}, seed)
    return Table(Player(page, f"paced-{game}-{players}-{seed}", random.Random(seed)), errors)


def look(table: Table) -> None:
    """Play the person's decision if it is due (waiting :data:`LOOK_MS` for it); note the game's end.

    Fails as soon as the watchdog fired or the console has an error, and when the page has not
    changed for ``STALL_MS`` (the watchdog should have restarted a stall long before)."""
    page = table.page
    assert not page.locator(WATCHDOG).count(), diagnose(page, table.player.name, "the watchdog restarted the computers")
    assert not table.errors, table.errors
    try:
        page.wait_for_function(PERSON_MAY_ACT, arg=[JS, None], timeout=LOOK_MS, polling=100)
    except PlaywrightTimeout:
        now, seen = time.monotonic(), signature(page)
        if seen != table.seen:
            table.seen, table.changed = seen, now
        elif now - table.changed > STALL_MS / 1000:
            raise Stalled(diagnose(page, table.player.name, f"nothing changed for {STALL_MS} ms")) from None
        return
    if not table.player.step():
        table.over = True
        table.seconds = time.monotonic() - table.started
        print(f"soak: {table.player.name} over in {table.seconds:.0f} s, {table.player.moves} person's decisions",
              flush=True)
    table.changed = time.monotonic()


def play_at_once(browser, base_url: str, seeds: list[int]) -> list[Table]:
    """One game of each of :data:`GAMES` per seed, all of them at once, played to their ends; the tables."""
    tables = [open_table(browser, base_url, game, players, seed) for seed in seeds for game, players in GAMES]
    try:
        while not all(table.over for table in tables):
            for table in tables:
                if not table.over:
                    look(table)
        for table in tables:
            assert table.page.locator(hooks.STATUS).get_attribute("data-turn") == "over"
            assert table.page.locator(hooks.TABLE).get_attribute("data-state") == "over"  # the turn machine's state
            assert not table.page.locator(WATCHDOG).count() and not table.errors, table.errors
    finally:
        for table in tables:
            table.page.context.close()
    return tables


def test_three_games_at_once_reach_their_ends(browser, base_url: str) -> None:
    tables = play_at_once(browser, base_url, [4701])
    assert all(table.player.moves > 5 for table in tables), [table.player.moves for table in tables]


@pytest.mark.slow
def test_thirty_games_at_the_default_pace(browser, base_url: str) -> None:
    """Thirty games, three at a time (one of each set-up); prints each game's time and the person's decisions."""
    finished: list[Table] = []
    started = time.monotonic()
    for batch in range(10):
        finished += play_at_once(browser, base_url, [4800 + batch])
        print(f"soak: {len(finished)} games in {time.monotonic() - started:.0f} s, the watchdog never fired", flush=True)
    assert len(finished) == 30
