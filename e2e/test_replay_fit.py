"""Replays on every screen (issue 31, point 4): they fit, Dyad's seats read apart, a review's jump shows the board.

A finished game of each game (``table_fixtures.py``, "over") is planted in ``localStorage`` and
replayed from the saved-games screen, at its start, in its middle and at its end: the page never
scrolls sideways and nothing of the replay reaches past the screen's edges.  Dyad's seats are
separate boxes whose words stay apart (no "Player 241 pts", no "PartnerDealer").  A review's
"Show in the replay" lands with the reviewed seat's board in view, not a screen above it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import booted_page
from playwright.sync_api import Browser, Page, expect
from table_fixtures import make

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
SIZES = [(360, 640), (740, 360), (1280, 800)]
GAMES = [("dyad", 2), ("dyad", 4), ("dieci", 3), ("triad", 2), ("triad", 4)]
JUDGING_MS = 120_000

OUTSIDE = """() => {
  const width = window.innerWidth, out = [];
  for (const el of document.querySelectorAll('[data-testid=replay], [data-testid=replay] *')) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
      out.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''} ${Math.round(box.left)}..${Math.round(box.right)}`);
  }
  return {scrollWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 6)};
}"""
"""The page's width against the screen's, and the replay's elements that reach past either edge."""

SEATS = """() => [...document.querySelectorAll('[data-testid=replay-board] [data-testid^=player-]')].map(li => {
  const style = getComputedStyle(li), box = li.getBoundingClientRect();
  // each part as laid out: a name and its own "(you)" item on two lines are apart
  const parts = [...li.querySelectorAll('.seat-name, .seat-total, .count, .badge')].map(el => el.innerText.trim());
  return {text: li.innerText, parts, border: parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== 'none',
          box: [box.left, box.top, box.right, box.bottom], board: li.closest('[data-testid=replay-board]').dataset.seat};
})"""

IN_VIEW = """seat => {
  const board = document.querySelector(`[data-testid=replay-board][data-seat="${seat}"]`);
  const box = board.getBoundingClientRect(), height = window.innerHeight;
  const seen = Math.min(box.bottom, height) - Math.max(box.top, 0);
  return {seen, need: 0.5 * Math.min(box.height, height), top: box.top, bottom: box.bottom, height};
}"""
"""How much of a seat's board is on screen, against half of it (or half the screen, for a taller board)."""


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def page(request, browser: Browser, base_url: str) -> Iterator[Page]:
    width, height = request.param
    yield from booted_page(browser, base_url, viewport={"width": width, "height": height}, reduced_motion="reduce")


def _size(page: Page) -> str:
    return f"{page.viewport_size['width']}x{page.viewport_size['height']}"


def _open_replay(page: Page, game: str, players: int) -> str:
    items = make(game, players, "over")
    page.evaluate("""items => { localStorage.clear(); location.hash = '#/';
                                for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
                                location.hash = '#/saves'; }""", items)
    record_id = items["pyapp.current"]
    page.locator(f"[data-testid=save][data-id='{record_id}'] [data-testid=save-replay]").click()
    expect(page.get_by_test_id("replay")).to_be_visible()
    return record_id


def _step_to(page: Page, position: int) -> None:
    page.get_by_test_id("replay").focus()
    for key in ("Home",) + ("ArrowRight",) * position:
        page.keyboard.press(key)
    expect(page.get_by_test_id("replay")).to_have_attribute("data-position", str(position))


def _fits(page: Page, where: str) -> None:
    found = page.evaluate(OUTSIDE)
    assert found["scrollWidth"] <= found["width"], f"{where}: the page scrolls sideways: {found}"
    assert not found["out"], f"{where}: past the screen's edge: {found['out']}"


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[f"{g}-{p}" for g, p in GAMES])
def test_the_replay_fits_the_screen_at_its_start_middle_and_end(page: Page, game: str, players: int) -> None:
    _open_replay(page, game, players)
    total = int(page.get_by_test_id("replay").get_attribute("data-length"))
    if game == "triad":  # a game without cards says nothing of cards
        expect(page.get_by_test_id("replay-note")).not_to_contain_text("card")
    SCREENSHOTS.mkdir(exist_ok=True)
    for position in (0, total // 2):
        _step_to(page, position)
        _fits(page, f"{game} {players} players, step {position}")
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-position", str(total))
    _fits(page, f"{game} {players} players, the end")
    _step_to(page, total // 2)
    page.screenshot(path=SCREENSHOTS / f"replay-{game}{players}-{_size(page)}-en.png", full_page=True)
    page.get_by_test_id("language").select_option("ko")
    expect(page.get_by_test_id("replay-position")).to_contain_text(str(total // 2))
    expect(page.get_by_test_id("replay-close")).to_have_text("저장된 게임으로 돌아가기")
    _fits(page, f"{game} {players} players in Korean")
    page.screenshot(path=SCREENSHOTS / f"replay-{game}{players}-{_size(page)}-ko.png", full_page=True)


@pytest.mark.parametrize("players", [2, 4])
def test_dyad_replay_seats_are_separate_boxes_whose_words_stay_apart(page: Page, players: int) -> None:
    _open_replay(page, "dyad", players)
    for position in (0, int(page.get_by_test_id("replay").get_attribute("data-length"))):
        _step_to(page, position)
        seats = page.evaluate(SEATS)
        assert len(seats) == players * players  # every seat's board lists every seat
        for seat in seats:
            assert seat["border"], f"a seat without a box of its own: {seat['text']!r}"
            for part in seat["parts"]:
                assert re.search(rf"(^|\s){re.escape(part)}(\s|$)", seat["text"]), (
                    f"{part!r} runs into its neighbours: {seat['text']!r}")
        for board in {seat["board"] for seat in seats}:
            boxes = [seat["box"] for seat in seats if seat["board"] == board]
            for n, a in enumerate(boxes):
                for b in boxes[n + 1:]:
                    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], f"seat boxes overlap: {a} {b}"


def test_show_in_the_replay_lands_on_the_reviewed_seats_board(page: Page) -> None:
    _open_replay(page, "dyad", 2)
    page.get_by_test_id("review-open").click()
    expect(page.locator("[data-testid=review][data-phase=done]")).to_be_visible(timeout=JUDGING_MS)
    seat = page.get_by_test_id("review").get_attribute("data-seat")
    expect(page.get_by_test_id("review")).not_to_contain_text("undefined")  # no part left out shows as text
    expect(page.get_by_test_id("review-how")).to_contain_text("to the end of the round")
    jumps = page.get_by_test_id("review-jump")
    for n in (0, jumps.count() - 1):  # the first entry, and the last (the review scrolled down to it)
        jump = jumps.nth(n)
        position = jump.get_attribute("data-position")
        jump.scroll_into_view_if_needed()
        jump.click()
        expect(page.get_by_test_id("replay")).to_have_attribute("data-position", position)
        seen = page.evaluate(IN_VIEW, seat)
        assert seen["seen"] >= seen["need"], f"the reviewed board is not in view after the jump: {seen}"
        page.screenshot(path=SCREENSHOTS / f"replay-jump-{_size(page)}.png")
        page.get_by_test_id("replay-to-review").click()
        expect(page.locator("[data-testid=review][data-phase=done]")).to_be_visible()
