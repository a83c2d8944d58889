"""One tap, one move, and no tap lost (``pyapp/ui/table/taps.py``).

At zero pace (every context here) the computer replies at once, so a second
tap on the same Triad cell comes while the browser still counts it as part of
a double click (``event.detail`` 2).  It is the person's next decision, drawn
after the first tap's move, and must count.  Never sleeps: every wait is for
a state of the page.

The Triad game is a stored one at its first move (``table_fixtures.py``, seed
1), not one from the set-up form, whose seed the page draws at random: the
computer's replies derive from the seed, so every run plays the same game.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

import test_dyad as dyad
from test_table_fit import open_case
from test_triad import GAME_TIMEOUT_MS, moves, wait_for_person

LEGAL = re.compile(r"\blegal\b")
MOVED = "n => Number(document.querySelector('[data-testid=triad-board]').dataset.moves) >= n"


def test_a_second_tap_on_the_same_cell_counts_when_it_is_a_new_decision(page: Page, wait_ready) -> None:
    page.goto("/")
    wait_ready(page)
    open_case(page, "triad", 2, "turn", {})  # the person to place the game's first piece
    wait_for_person(page)
    drawn = page.locator(".triad-board .cell.legal").first.get_attribute("data-cell")  # a cell offered now
    cell = page.locator(f'.triad-board [data-cell="{drawn}"]')
    box = cell.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = moves(page)
    page.mouse.click(x, y)
    page.wait_for_function(MOVED, arg=before + 2, timeout=GAME_TIMEOUT_MS)  # placed, and the computer replied
    wait_for_person(page)
    expect(cell).to_have_attribute("data-stack", re.compile(r"^a"))  # the person's piece at the bottom
    expect(cell).to_have_class(LEGAL)  # the person may stack on their own piece
    stack = cell.get_attribute("data-stack")
    # the same spot again, soon enough that the browser calls it the second click of a double click
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    page.wait_for_function(MOVED, arg=before + 3, timeout=GAME_TIMEOUT_MS)
    # the person's piece on the stack they tapped (the computer's reply, at zero pace, may already lie on top)
    expect(cell).to_have_attribute("data-stack", re.compile(rf"^{stack}a"))


def test_a_double_click_on_one_decision_is_one_tap(page: Page, wait_ready) -> None:
    """A Dyad card double-clicked is selected once, not selected and let go again."""
    dyad.start_game(page, wait_ready, players=2, options={})
    dyad.wait_for_person(page)
    card = page.locator("[data-testid=hand] [data-card]").first
    card.dblclick()
    expect(card).to_have_attribute("aria-pressed", "true")
