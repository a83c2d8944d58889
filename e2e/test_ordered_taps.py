"""Taps judged by when the person tapped and what they saw, under 4x CPU throttling (issue 47).

The page stamps each event with its own time and the drawing it hit (``web/worker_page.js``); the worker
judges a tap by those (``pyapp/ui/table/taps.py``, ``pyapp/ui/worker/mirror.py``), never by when it reads the message,
which a slow page and a busy worker delay.  So, with two people on one device, a double click plays one
move and never the next person's too, and a tap on a dialog button the computers' moves keep redrawing
opens its dialog.  Every wait is for a state of the page (the conftest waits for the worker after each
action); the only clock is the page's own, in the guard.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

import test_dieci as dieci
from table_fixtures import make
from test_dyad import FIND_PAIR
from test_fair_deal import current_record
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


def resume(page: Page, game: str, seed: int) -> None:
    """Store a game of ``game`` for two people at its start and resume it."""
    items = make(game, 2, "play" if game == "dyad" else "turn", seed=seed, kind="person")
    page.evaluate("""items => { localStorage.clear(); location.hash = '#/';
                                for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""", items)
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate(f"location.hash = '#/{game}'")
    page.get_by_test_id("resume").click()
    expect(page.get_by_test_id("status")).to_be_visible()


def first_game(page: Page, wait_ready, game: str) -> Iterator[int]:
    """Boot the page and resume a game of ``game`` for two people; the seeds of the games that follow it."""
    page.goto("/")
    wait_ready(page)
    seeds = itertools.count(1)
    resume(page, game, next(seeds))
    return seeds


def double_click(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    page.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def played(page: Page) -> int:
    return len(current_record(page)["game"]["actions"])


def test_a_double_click_on_a_triad_cell_plays_one_move_for_two_people(slow: Page, wait_ready) -> None:
    page = slow
    seeds, done = first_game(page, wait_ready, "triad"), 0
    while done < ROUNDS:
        page.wait_for_selector(OPEN, state="attached", timeout=GAME_TIMEOUT_MS)
        if page.get_by_test_id("status").get_attribute("data-turn") == "over":
            resume(page, "triad", next(seeds))
            continue
        if not page.locator(".triad-board .cell.legal").count():  # a triad to remove, or a pass
            play_one(page)
            continue
        before = moves(page)
        double_click(page, ".triad-board .cell.legal")
        assert moves(page) == before + 1, f"double click {done + 1} played {moves(page) - before} moves"
        done += 1


def dyad_turn(page: Page) -> bool:
    """Bring the next person's hand up and make any decision but a pair; True when a pair is to be played."""
    page.wait_for_selector(OPEN, state="attached", timeout=GAME_TIMEOUT_MS)
    for control in ("handover-ready", "round-end-dismiss", "cipher-no"):
        if page.get_by_test_id(control).count():
            page.get_by_test_id(control).click()
            return False
    if page.locator("[data-take]").count():
        page.locator("[data-take]").first.click()
        return False
    if page.get_by_test_id("submit-pass").count():
        cards = page.locator("[data-testid=hand] [data-card]")
        cards.nth(0).click()
        cards.nth(1).click()
        page.get_by_test_id("submit-pass").click()
        return False
    return page.get_by_test_id("submit-pair").count() > 0


def test_a_double_click_on_dyad_s_play_button_plays_one_pair_for_two_people(slow: Page, wait_ready) -> None:
    page = slow
    seeds, done = first_game(page, wait_ready, "dyad"), 0
    while done < ROUNDS:
        if page.locator("[data-testid=dyad-table][data-phase=over]").count():
            resume(page, "dyad", next(seeds))
            continue
        if not dyad_turn(page):
            continue
        pair = page.evaluate(FIND_PAIR, False)["legal"]
        for card in pair:
            page.locator(f'[data-testid=hand] [data-card="{card}"]').click()
        before = played(page)
        double_click(page, "[data-testid=submit-pair]")
        assert played(page) == before + 1, f"double click {done + 1} played {played(page) - before} moves"
        expect(page.get_by_test_id("handover-ready").or_(page.get_by_test_id("dyad-table")).first).to_be_visible()
        done += 1


OPENED = """() => [!!document.querySelector('dialog[data-testid=log][open]'),
                    document.querySelectorAll('dialog[data-testid=log]').length, window.__tapped,
                    document.querySelector('[data-testid=status]').dataset.turn,
                    document.querySelector('[data-testid=dieci-table]')?.dataset.phase]"""


def test_a_tap_on_a_dialog_button_while_the_computers_play_opens_it(slow: Page, wait_ready) -> None:
    page = slow
    done = 0
    while done < ROUNDS:
        if page.get_by_test_id("new-game").count():  # the last game is over
            page.get_by_test_id("new-game").click()
        dieci.start(page, wait_ready, 4)
        page.evaluate("document.addEventListener('click', e => { window.__tapped = e.target.outerHTML.slice(0, 90); }, true)")
        while done < ROUNDS and dieci.my_move(page):  # the computers reply: they redraw the table meanwhile
            if page.get_by_test_id("dieci-end").count():
                break
            page.get_by_test_id("log-open").click()
            opened = page.evaluate(OPENED)
            assert opened[0], f"tap {done + 1} on the log's button opened nothing: {opened}"
            page.get_by_test_id("log-close").click()
            done += 1
