"""Issue 31, point 10: the settings dialog on a phone, Triad's set-up, the picker on a desktop, the saved-games
card's text and an unfinished game met through Play (Dyad's Clear is held in CPython, tests/dyad/test_view.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, booted_page
from playwright.sync_api import Browser, Page, expect
from test_continue import _unfinished_game

from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.store import PREFIX

SCREENSHOTS = ROOT / "e2e" / "screenshots"
PHONE = {"width": 360, "height": 640}
SIZES = [PHONE, {"width": 740, "height": 360}, {"width": 1280, "height": 800}]

REACHABLE = """(selector) => {
  // on screen and the topmost element at its centre: a tap there reaches it without scrolling
  const element = document.querySelector(selector);
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && element.contains(hit);
}"""

FACE = """(selector) => {
  // a face's drawing, whatever its size: the mirrored corner index shown or not, the suit mark's place in the face
  const face = document.querySelector(selector);
  const mark = getComputedStyle(face.querySelector('.mark'));
  const size = parseFloat(mark.fontSize);
  return {corner: getComputedStyle(face.querySelector('.index-br')).display !== 'none',
          mark: [mark.paddingLeft, mark.paddingTop].map(v => Math.round(100 * parseFloat(v) / size))};
}"""


@pytest.fixture()
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    yield from booted_page(browser, base_url, viewport=PHONE)


def _language(page: Page, code: str) -> None:
    page.get_by_test_id("language").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)


def _set_up(page: Page, game: str) -> None:
    page.evaluate(f"() => {{ location.hash = '#/{game}'; }}")
    expect(page.get_by_test_id("start")).to_be_visible()


def _plant(page: Page, items: dict[str, str]) -> None:
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)


@pytest.mark.parametrize("code", ["en", "ko"])
def test_settings_on_a_phone_keep_done_in_sight_and_show_the_hand_s_faces(page: Page, code: str) -> None:
    _language(page, code)
    _set_up(page, "dyad")
    page.get_by_test_id("start").click()
    hand = page.locator("[data-testid=hand] .face").first
    expect(hand).to_be_visible()
    shown = page.evaluate(FACE, "[data-testid=hand] .face")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"dyad-clear-{code}-360x640.png")  # Clear, nothing picked
    page.get_by_test_id("settings-open").click()
    expect(page.get_by_test_id("settings")).to_be_visible()
    for size in SIZES:
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"settings-{code}-{size['width']}x{size['height']}.png")
        assert page.evaluate(REACHABLE, "[data-testid=settings-close]"), f"Done is below the fold at {size}"
    page.set_viewport_size(PHONE)
    sample = page.get_by_test_id("settings-sample")
    assert page.evaluate(FACE, ".settings-sample .face") == shown  # drawn as the hand draws them
    expect(sample.locator("[data-card], [data-played], [aria-label]")).to_have_count(0)  # nobody's cards
    page.get_by_test_id("settings-close").click()
    expect(page.get_by_test_id("settings")).to_be_hidden()


def test_triad_s_set_up_asks_for_no_deal_number(page: Page) -> None:
    _set_up(page, "triad")
    expect(page.get_by_test_id("setup-seed")).to_have_count(0)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("status")).to_be_visible()
    _set_up(page, "dyad")  # a game with a deal still asks for its number
    expect(page.get_by_test_id("setup-seed")).to_have_count(1)


@pytest.mark.parametrize("code", ["en", "ko"])
def test_the_desktop_picker_fits_without_scrolling(browser: Browser, base_url: str, code: str) -> None:
    for page in booted_page(browser, base_url, viewport={"width": 1280, "height": 800}):
        _language(page, code)
        expect(page.get_by_test_id("picker")).to_be_visible()
        # measured once the footer says the site is ready offline: that line is part of the page too
        page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.screenshot(path=SCREENSHOTS / f"picker-{code}-1280x800.png")
        overflow = page.evaluate("() => document.documentElement.scrollHeight - innerHeight")
        assert overflow <= 0, f"the picker scrolls by {overflow} px"


def test_the_saved_games_card_names_its_game_once(page: Page) -> None:
    store = SaveStore(MemoryBackend())
    _unfinished_game(store, "triad", 5)  # named "triad 5": the game's tag says which game it is
    seats = [Seat("Ada", "person"), Seat("Bot", "easy")]
    Session.start("triad", seats, seed=6, store=store, name="Triad", named=False).release()  # as the page names it
    _plant(page, dict(store.backend.items))
    page.evaluate("() => { location.hash = '#/saves'; }")
    rows = page.get_by_test_id("save")
    expect(rows).to_have_count(2)
    for row in rows.all():
        text = row.inner_text()
        assert text.count("Triad") == 1, text
    page.screenshot(path=SCREENSHOTS / "saves-card-360x640.png", full_page=True)


def _moves(page: Page, record_id: str) -> list:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", PREFIX + record_id))["game"]["actions"]


def test_play_with_an_unfinished_game_says_so_and_continues_it(page: Page) -> None:
    store = SaveStore(MemoryBackend())
    old = _unfinished_game(store, "triad", 7)
    _unfinished_game(store, "dyad", 8)  # the game in play now is another game's: Play offered no resume
    _plant(page, dict(store.backend.items))
    moves = _moves(page, old.record_id)
    page.evaluate("() => { location.hash = '#/saves'; }")
    expect(page.get_by_test_id("saves")).to_be_visible()
    page.evaluate("() => { location.hash = '#/'; }")
    page.get_by_test_id("game-link-triad").click()
    note = page.get_by_test_id("setup-unfinished")
    expect(note).to_be_visible()
    expect(note).to_have_attribute("data-record", old.record_id)
    for size in SIZES:
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"setup-unfinished-{size['width']}x{size['height']}.png")
    page.set_viewport_size(PHONE)
    _language(page, "ko")  # the form is drawn again in Korean, the note with it
    expect(page.get_by_test_id("setup-unfinished")).to_contain_text("끝나지 않은")
    page.screenshot(path=SCREENSHOTS / "setup-unfinished-ko-360x640.png")
    _language(page, "en")
    page.get_by_test_id("setup-continue").click()
    expect(page.get_by_test_id("status")).to_be_visible()
    assert page.evaluate("() => location.hash") == f"#/triad?resume={old.record_id}"
    assert _moves(page, old.record_id) == moves
    page.evaluate("() => { location.hash = '#/triad'; }")  # Play again: the set-up says so again
    expect(page.get_by_test_id("setup-unfinished")).to_have_attribute("data-record", old.record_id)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("status")).to_be_visible()
    assert _moves(page, old.record_id) == moves  # the unfinished game is kept
