"""Dieci in a real browser: a whole 4-player game, resuming after a reload, 8 players on a phone."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

PHONE = {"width": 390, "height": 844}
ACTIONABLE = ("[data-testid=dieci-table] [data-playable=true], [data-testid=dieci-table] button[data-claimable=true], "
              "[data-testid=take-top], [data-testid=pass], [data-testid=dieci-end], [data-testid=deal-end-dismiss]")
TURN_TIMEOUT_MS = 60_000


def start(page: Page, wait_ready, players: int, level: str = "easy") -> None:
    page.goto("/#/dieci")
    wait_ready(page)
    page.get_by_test_id("setup-players").select_option(str(players))
    for seat in range(1, players):
        page.get_by_test_id(f"seat-kind-{seat}").select_option(level)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("dieci-table")).to_be_visible()


def my_move(page: Page) -> bool:
    """Make one move for the person (seat 0); False once the game is over."""
    page.wait_for_selector(ACTIONABLE, timeout=TURN_TIMEOUT_MS)
    if page.locator("[data-testid=dieci-end]").count():
        return False
    table = page.get_by_test_id("dieci-table")
    phase = table.get_attribute("data-phase")
    if page.get_by_test_id("deal-end-dismiss").count():  # all hands played out: the deal's summary waits for us
        page.get_by_test_id("deal-end-dismiss").click()
    elif phase == "play" and page.locator("[data-testid=hand] [data-playable=true]").count():
        page.locator("[data-testid=hand] [data-playable=true]").first.click()
    elif page.get_by_test_id("take-top").count():
        page.get_by_test_id("take-top").click()
    elif phase == "offer" and page.get_by_test_id("pass").count():
        # Claim now and then, pass otherwise: both buttons get exercised.
        claimable = page.locator("button[data-claimable=true]")
        if claimable.count() and int(page.get_by_test_id("char-deck").get_attribute("data-count")) % 2:
            claimable.first.click()
        else:
            page.get_by_test_id("pass").click()
    elif page.locator("button[data-claimable=true]").count():
        page.locator("button[data-claimable=true]").first.click()
    return True


def test_a_whole_four_player_game_to_the_final_scores(page: Page, wait_ready) -> None:
    page.set_viewport_size(PHONE)
    start(page, wait_ready, 4)
    moves = 0
    while my_move(page):
        moves += 1
        assert moves < 400, "the game should end long before this"
    end = page.get_by_test_id("dieci-end")
    expect(end).to_be_visible()
    for seat in range(4):
        row = page.get_by_test_id(f"score-{seat}")
        parts = [int(row.get_attribute(f"data-{k}")) for k in ("cards", "goal", "characters")]
        assert sum(parts) == int(row.get_attribute("data-total"))
    assert end.get_attribute("data-winners")
    expect(page.get_by_test_id("status")).to_contain_text(re.compile(r"\w"))
    expect(page.get_by_test_id("rematch")).to_be_visible()


def test_a_reloaded_game_resumes(page: Page, wait_ready) -> None:
    page.set_viewport_size(PHONE)
    start(page, wait_ready, 3)
    for _ in range(4):
        my_move(page)
    page.wait_for_selector(ACTIONABLE, timeout=TURN_TIMEOUT_MS)
    hand = page.locator("[data-testid=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    taken = [page.get_by_test_id(f"player-{s}").get_attribute("data-taken") for s in range(3)]
    page.reload()
    wait_ready(page)
    page.get_by_test_id("resume").click()
    page.wait_for_selector(ACTIONABLE, timeout=TURN_TIMEOUT_MS)
    again = page.locator("[data-testid=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert again == hand
    assert [page.get_by_test_id(f"player-{s}").get_attribute("data-taken") for s in range(3)] == taken
    assert my_move(page)


def test_eight_players_fit_a_phone_screen(page: Page, wait_ready) -> None:
    page.set_viewport_size(PHONE)
    start(page, wait_ready, 8)
    page.wait_for_selector(ACTIONABLE, timeout=TURN_TIMEOUT_MS)
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 844})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for testid in ("trump", "char-deck", "face-up", "trick", "hand", "goal", "players"):
            box = page.get_by_test_id(testid).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, testid
        for seat in range(8):
            box = page.get_by_test_id(f"player-{seat}").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
        cards = page.locator("[data-testid=hand] [data-card]")
        assert cards.count() == 8
        for index in range(cards.count()):
            box = cards.nth(index).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
    expect(page.locator("[data-testid=goal] [data-goal-char]")).to_have_count(6)
