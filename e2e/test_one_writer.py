"""One writer for localStorage (issue 47): two pages of one browser on one game, at zero gap.

Each page's worker asks its page to write; the page checks the record's stamp (and owner) and writes under a
Web Lock per game, so two tabs never both write over one revision.  A spy on each page's ``setItem`` logs every
record write that landed; the test goes from one tab to the other with no wait beyond the click's own settling.
"""

from __future__ import annotations

import json

import pytest
from conftest import settle
from playwright.sync_api import Page, expect
from test_site import play_a_triad_move

from pyapp.storage.store import CURRENT_KEY, WRITE_LOCKS, PREFIX

ROUNDS = 30
WAIT_MS = 60_000

SPY = """prefix => { window.__landed = [];
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const result = real.call(this, key, value);
    if (this === localStorage && key.startsWith(prefix)) window.__landed.push(value);
    return result; }; }"""
"""Logs every record this page wrote to localStorage (after the write went through)."""


def _tab(page: Page, wait_ready, hash_: str, errors: list[str]) -> Page:
    tab = page.context.new_page()
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(f"/{hash_}")
    wait_ready(tab)
    return tab


def _triad_for_two(page: Page, wait_ready) -> str:
    """A new Triad for two people in ``page``, one move played; the id of the game."""
    page.goto("/#/triad")
    wait_ready(page)
    play_a_triad_move(page)
    page.wait_for_function("key => localStorage.getItem(key) !== null", arg=CURRENT_KEY)
    return page.evaluate("key => localStorage.getItem(key)", CURRENT_KEY)


def _landed(tab: Page) -> list[dict]:
    return [json.loads(text) for text in tab.evaluate("() => window.__landed")]


def _stored(tab: Page, record_id: str) -> dict:
    return json.loads(tab.evaluate("key => localStorage.getItem(key)", PREFIX + record_id))


def _take_over_and_play(tab: Page) -> bool:
    """Take the game over in ``tab`` (the offer or the stop's button) and play a cell; whether a move was made."""
    tab.locator("[data-testid=take-over], [data-testid=resume]").first.click()
    board = tab.get_by_test_id("triad-board")
    expect(board).to_be_visible()
    tab.wait_for_selector(".table-body:not([data-guard])", state="attached")
    cell = tab.locator(".triad-board .cell.legal").first
    if not cell.count():
        return False
    cell.click()
    return True


def test_two_tabs_taking_over_and_playing_at_zero_gap_never_write_one_revision_twice(page: Page, wait_ready,
                                                                                      errors) -> None:
    page.context.add_init_script(f"({SPY})({json.dumps(PREFIX)})")
    record_id = _triad_for_two(page, wait_ready)
    other = _tab(page, wait_ready, "#/triad", errors)
    expect(other.get_by_test_id("resume-offer")).to_be_visible(timeout=WAIT_MS)
    moves = 0
    for _ in range(ROUNDS):
        for tab in (other, page):
            moves += _take_over_and_play(tab)
    for tab in (page, other):
        expect(tab.locator("[data-testid=lost], [data-testid=triad-board]").first).to_be_visible()
    for tab in (page, other):  # every write asked for is answered: the game's lock is free after them
        settle(tab)
        tab.evaluate("name => navigator.locks.request(name, () => true)", WRITE_LOCKS + record_id)
        settle(tab)
    landed = sorted(_landed(page) + _landed(other), key=lambda record: record["revision"])
    revisions = [record["revision"] for record in landed]
    assert len(revisions) == len(set(revisions)), "two tabs wrote the same revision"
    for earlier, later in zip(landed, landed[1:]):
        actions = earlier["game"]["actions"]
        assert later["game"]["actions"][:len(actions)] == actions, "a stored action was overwritten"
    final = _stored(page, record_id)
    assert final == landed[-1]
    # a move refused by the page was refused visibly: every tab whose last move is not stored shows a stop
    played = len(final["game"]["actions"])
    for tab in (page, other):
        shown = tab.get_by_test_id("triad-board")
        if shown.count() and shown.is_visible():
            assert int(shown.get_attribute("data-moves")) <= played
    assert moves >= ROUNDS and played >= 2


def test_renames_in_another_tab_while_a_table_plays_are_kept_and_never_stop_it(page: Page, wait_ready,
                                                                                errors) -> None:
    record_id = _triad_for_two(page, wait_ready)
    saves = _tab(page, wait_ready, "#/saves", errors)
    for round_ in range(ROUNDS):
        row = saves.locator(f'[data-testid=save][data-id="{record_id}"]')
        row.get_by_test_id("save-rename").click()
        saves.get_by_test_id("rename-input").fill(f"Round {round_}")
        saves.get_by_test_id("rename-save").click()  # no wait: the table plays at once
        page.wait_for_selector(".table-body:not([data-guard])", state="attached")
        cells = page.locator(".triad-board .cell.legal")
        if cells.count():
            cells.first.click()
        expect(page.get_by_test_id("lost")).to_have_count(0)
        page.wait_for_function("([key, name]) => JSON.parse(localStorage.getItem(key)).name === name",
                               arg=[PREFIX + record_id, f"Round {round_}"], timeout=WAIT_MS)
    expect(page.get_by_test_id("lost")).to_have_count(0)
    expect(page.get_by_test_id("save-problem")).to_have_count(0)
    final = _stored(page, record_id)
    assert final["name"] == f"Round {ROUNDS - 1}"
    assert len(final["game"]["actions"]) == int(page.get_by_test_id("triad-board").get_attribute("data-moves"))
