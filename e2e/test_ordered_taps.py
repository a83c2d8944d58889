"""Taps judged by when the person tapped and what they saw, under 4x CPU throttling (issue 47).

The page stamps each event with its own time and the drawing it hit (``web/worker_page.js``); the worker
judges a tap by those (``pyapp/ui/taps.py``, ``pyapp/ui/mirror.py``), never by when it reads the message,
which a slow page and a busy worker delay.  So, with two people on one device, a double click on a Triad
cell plays one move and never the next person's too.  Every wait is for a state of the page (the conftest waits for the worker after each
action); the only clock is the page's own, in the guard.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from table_fixtures import make
from test_triad import GAME_TIMEOUT_MS, moves, play_one

ROUNDS = 100
THROTTLE = 4
OPEN = ".table-body:not([data-guard])"
"""The guard after the turn passed is over: the next person's taps count."""


@pytest.fixture()
def slow(page: Page) -> Iterator[Page]:
    """The page, its CPU four times slower (the worker's messages reach it late, as on a slow phone)."""
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    yield page
    session.send("Emulation.setCPUThrottlingRate", {"rate": 1})


def resume(page: Page, game: str, seed: int, kind: str) -> None:
    """Store a game of ``game`` for two (seat 1 ``kind``) at its start and resume it."""
    items = make(game, 2, "turn", seed=seed, kind=kind)
    page.evaluate("""items => { localStorage.clear(); location.hash = '#/';
                                for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""", items)
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate(f"location.hash = '#/{game}'")
    page.get_by_test_id("resume").click()
    expect(page.get_by_test_id("status")).to_be_visible()


def double_click(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    page.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_a_double_click_on_a_triad_cell_plays_one_move_for_two_people(slow: Page, wait_ready) -> None:
    page = slow
    page.goto("/")
    wait_ready(page)
    seed, done = 1, 0
    resume(page, "triad", seed, "person")
    while done < ROUNDS:
        page.wait_for_selector(OPEN, state="attached", timeout=GAME_TIMEOUT_MS)
        if page.get_by_test_id("status").get_attribute("data-turn") == "over":
            seed += 1
            resume(page, "triad", seed, "person")
            continue
        if not page.locator(".triad-board .cell.legal").count():  # a triad to remove, or a pass
            play_one(page)
            continue
        before = moves(page)
        double_click(page, ".triad-board .cell.legal")
        assert moves(page) == before + 1, f"double click {done + 1} played {moves(page) - before} moves"
        done += 1
