"""Issue 32 in the browser: the deal's fingerprint before the first move, unchanged to the end; the seed off the
page until then; at the end the seed next to the fingerprint and "Check this deal"; a finished Dieci replay shows
the character deck in order and every goal card, an unfinished one none of it.

Dyad and Dieci 2p against an Easy computer, set up by the form with no deal number (a random deal: a typed one
would be a known deal), played to the end by ``play_through.Player`` at 360x640 and 1280x800.  Screenshots of the
fingerprint, the check and the finished Dieci replay in English and Korean land in ``e2e/screenshots/fair-*.png``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import hooks
from conftest import booted_page
from play_through import SCREENSHOTS, Player, open_setup, seats, set_up, watch_errors
from table_fixtures import make
from test_a11y import DOM_WORDS

from pyapp.deals.fingerprint import of_save
from pyapp.games import new_game
from pyapp.storage.store import CURRENT_KEY, PREFIX

SIZES = {"phone": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module", params=list(SIZES))
def page(browser, base_url: str, request) -> Iterator[Page]:
    yield from booted_page(browser, base_url, viewport=SIZES[request.param])


def _language(page: Page, code: str) -> None:
    page.get_by_test_id("language").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)


def _shot(page: Page, name: str) -> None:
    """Screenshots in English and Korean at this size; from the phone also at 740x360 (a phone on its side)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    size = dict(page.viewport_size)
    for width, height in [(size["width"], size["height"])] + ([(740, 360)] if size["width"] == 360 else []):
        page.set_viewport_size({"width": width, "height": height})
        for code in ("en", "ko"):
            _language(page, code)
            page.screenshot(path=str(SCREENSHOTS / f"fair-{name}-{width}x{height}-{code}.png"))
    page.set_viewport_size(size)
    _language(page, "en")


def start_random_deal(page: Page, game: str) -> None:
    """A 2-player game against Easy, the deal left to the site (the deal number field stays empty)."""
    open_setup(page, game)
    page.locator(hooks.SETUP_PLAYERS).select_option("2")
    page.locator(hooks.seat_kind(1)).select_option("easy")
    page.locator(hooks.START).click()
    expect(page.locator(hooks.STATUS)).to_be_visible()


def current_record(page: Page) -> dict[str, Any]:
    """The game in play as stored (a test may read storage; the page must not show the seed)."""
    text = page.evaluate("() => localStorage.getItem('pyapp.save.' + localStorage.getItem('pyapp.current'))")
    return json.loads(text)


TURN_AND_CHIP = """(status) => {
  const chip = document.querySelector('[data-testid=deal-fingerprint]');
  return [document.querySelector(status).dataset.turn, chip ? chip.dataset.fingerprint : null];
}"""
"""The status's ``data-turn`` and the chip's code (null: no chip), in one task of the page."""


def seed_forms(seed: int) -> set[str]:
    return {str(seed), f"{seed:x}", f"{seed:X}"}


def assert_seed_off_the_page(words: list[str], seed: int) -> None:
    """The seed's forms in none of ``words``: the page as ``test_a11y``'s hidden-card scan reads it (``DOM_WORDS``:
    every text, attribute, value and the title)."""
    for word in words:
        for form in seed_forms(seed):
            assert form not in word, f"the seed shows in the page of an unfinished game: {word[:120]!r}"


@pytest.mark.parametrize("game", ["dyad", "dieci"])
def test_the_fingerprint_shows_before_the_first_move_stays_and_the_deal_checks_at_the_end(page: Page, game: str):
    errors = watch_errors(page)
    start_random_deal(page, game)
    chip = page.get_by_test_id("deal-fingerprint")
    expect(chip).to_be_visible()
    code = chip.get_attribute("data-fingerprint")
    record = current_record(page)
    seed = record["game"]["seed"]
    assert record["fingerprint"][:12] == code and record["known_deal"] is False
    assert record["fingerprint"] == of_save(record["game"]), "Pyodide's fingerprint is CPython's"
    assert record["game"]["actions"] == [], "the fingerprint is on the table before the first card is played"
    assert_seed_off_the_page(page.evaluate(DOM_WORDS), seed)
    # in full in Dyad's score sheet and Dieci's log (on wide screens shown in place as the side panel)
    note = page.get_by_test_id("deal-fingerprint-sheet")
    sheet = {"dyad": "score-sheet", "dieci": "log"}[game]
    if not note.is_visible():
        page.get_by_test_id(f"{sheet}-open").click()
    expect(note).to_contain_text(record["fingerprint"])
    _shot(page, f"fingerprint-sheet-{game}")
    if page.get_by_test_id(f"{sheet}-close").is_visible():
        page.get_by_test_id(f"{sheet}-close").click()
    _shot(page, f"fingerprint-{game}")
    player = Player(page, f"fair-{game}", random.Random(32))
    while player.step():
        # At zero pace a computer's move may end the game between two looks at the page, and the end shows the
        # seed and no chip: the page's words are read first, then the status with the chip in one look, so a
        # status still in play says the game was in play for both.
        words = page.evaluate(DOM_WORDS)
        turn, shown = page.evaluate(TURN_AND_CHIP, hooks.STATUS)
        if turn != "over":
            assert shown == code, f"the fingerprint on the table changed in play: {shown!r} (promised {code!r})"
            assert_seed_off_the_page(words, seed)
    expect(page.locator(hooks.STATUS)).to_have_attribute("data-turn", "over")
    final = json.loads(page.evaluate(f"() => localStorage.getItem('pyapp.save.{record['id']}')"))
    assert final["fingerprint"] == record["fingerprint"], "the stored fingerprint never changed"
    opener = page.get_by_test_id("deal-open")
    expect(opener).to_contain_text(code)
    opener.click()
    expect(page.get_by_test_id("deal-seed")).to_have_text(str(seed))
    expect(page.get_by_test_id("deal-fingerprint-full")).to_have_text(record["fingerprint"])
    page.get_by_test_id("deal-check").click()
    verdict = page.get_by_test_id("deal-verdict")
    expect(verdict).to_have_attribute("data-ok", "true")
    expect(verdict).to_have_attribute("data-promise", "kept")
    expect(verdict).to_contain_text("The deal is the one promised")
    _shot(page, f"check-{game}")
    page.get_by_test_id("deal-close").click()
    assert not errors, errors


def _open_replay(page: Page, items: dict[str, str]) -> str:
    """Store only ``items`` (one saved game), open Saved games and its replay; returns the game's id."""
    record_id = items[CURRENT_KEY]
    page.evaluate("""items => { localStorage.clear(); location.hash = '#/';
                                for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""", items)
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate("() => { location.hash = '#/saves'; }")
    page.locator(f'[data-id="{record_id}"]').get_by_test_id("save-replay").click()
    expect(page.get_by_test_id("replay")).to_be_visible()
    return record_id


def test_dieci_s_deck_order_and_goal_cards_in_a_finished_replay_only(page: Page):
    unfinished = make("dieci", 2, "claim")
    _open_replay(page, unfinished)
    expect(page.get_by_test_id("replay-board")).to_have_count(1)
    expect(page.get_by_test_id("replay-revealed")).to_have_count(0)
    expect(page.get_by_test_id("revealed-deck")).to_have_count(0)
    finished = make("dieci", 2, "over")
    record = json.loads(finished[PREFIX + _open_replay(page, finished)])
    expect(page.get_by_test_id("replay-board")).to_have_count(2)
    revealed = page.get_by_test_id("replay-revealed")
    expect(revealed).to_be_visible()
    expect(page.get_by_test_id("revealed-face-up").locator("li")).to_have_count(3)
    start = new_game("dieci", seed=record["game"]["seed"], players=2)
    deck = page.get_by_test_id("revealed-deck").locator("li")
    expect(deck).to_have_count(27)
    assert [deck.nth(n).get_attribute("data-char") for n in range(27)] == list(reversed(start.char_deck))
    goals = page.get_by_test_id("revealed-goals").locator("li")
    assert [goals.nth(n).get_attribute("data-goal") for n in range(2)] == [str(g) for g in start.goals]
    revealed.scroll_into_view_if_needed()
    _shot(page, "replay-dieci")
    page.evaluate("() => { localStorage.clear(); location.hash = '#/'; }")


def test_a_typed_deal_number_is_a_known_deal_on_the_table_and_in_saved_games(page: Page):
    set_up(page, "dyad", seats(2), {}, 4242)
    expect(page.get_by_test_id("known-deal")).to_be_visible()
    expect(page.get_by_test_id("deal-fingerprint")).to_have_count(0)
    record = current_record(page)
    assert record["known_deal"] is True and record["fingerprint"] is None
    page.evaluate("() => { location.hash = '#/saves'; }")
    expect(page.locator(f'[data-id="{record["id"]}"]').get_by_test_id("save-known-deal")).to_be_visible()
