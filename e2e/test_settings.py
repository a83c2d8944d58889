"""Settings stay what the page shows: a choice storage refuses, a choice made in another tab, storage cleared;
the TURN server for friends' games is kept across a reload and a bad one is refused in words.

``<html data-cards|motion|pace>`` is the choice in effect; the dialog must show
that, never a stored value the page is not using.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import booted_page
from playwright.sync_api import Page, expect

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
FULL = """() => { Storage.prototype.realSetItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }"""
ROOMY = "() => { Storage.prototype.setItem = Storage.prototype.realSetItem; }"


@pytest.fixture()
def tab(browser, base_url: str) -> Iterator[Page]:
    yield from booted_page(browser, base_url, viewport={"width": 390, "height": 844})


def open_settings(page: Page) -> None:
    page.get_by_test_id("settings-open").click()
    expect(page.get_by_test_id("settings")).to_be_visible()


def test_a_choice_storage_refuses_holds_for_the_visit_and_the_dialog_shows_it(tab: Page) -> None:
    page = tab
    page.evaluate(FULL)
    try:
        open_settings(page)
        page.get_by_test_id("setting-cards-contrast").check()
        page.get_by_test_id("settings-close").click()
        expect(page.locator("html")).to_have_attribute("data-cards", "contrast")
        assert page.evaluate("localStorage.getItem('pyapp.setting.cards')") is None
        open_settings(page)  # the dialog shows the face in use, not the stored default
        expect(page.get_by_test_id("setting-cards-contrast")).to_be_checked()
    finally:
        page.evaluate(ROOMY)


def test_another_tab_s_choice_and_cleared_storage_are_followed(tab: Page, wait_ready) -> None:
    page = tab
    other = page.context.new_page()
    other.goto("/#/dyad")
    wait_ready(other)
    open_settings(page)
    page.get_by_test_id("setting-motion-system").focus()
    other.get_by_test_id("settings-open").click()
    other.get_by_test_id("setting-motion-reduce").check()
    expect(page.locator("html")).to_have_attribute("data-motion", "reduce")
    expect(page.get_by_test_id("setting-motion-reduce")).to_be_checked()  # the open dialog follows
    # the focus stays in the group it was in (the page is a background tab: read activeElement)
    assert page.evaluate("document.activeElement.dataset.testid") == "setting-motion-reduce"
    other.evaluate("localStorage.clear()")
    expect(page.locator("html")).to_have_attribute("data-motion", "system")
    expect(page.get_by_test_id("setting-motion-system")).to_be_checked()
    other.close()


def test_a_turn_server_is_kept_across_a_reload_and_a_bad_address_is_refused_in_words(tab: Page, wait_ready) -> None:
    page = tab
    open_settings(page)
    page.get_by_label("TURN server").fill("turns:turn.example.com:5349?transport=tcp")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill("s3cret")
    page.get_by_test_id("turn-save").click()
    expect(page.get_by_test_id("turn-status")).to_have_text(
        "A TURN server is saved on this device. Its password is not shown.")
    page.reload()
    wait_ready(page)
    open_settings(page)
    expect(page.get_by_test_id("turn-urls")).to_have_value("turns:turn.example.com:5349?transport=tcp")
    expect(page.get_by_test_id("turn-username")).to_have_value("ann")
    expect(page.get_by_test_id("turn-credential")).to_have_value("")
    assert page.evaluate("JSON.parse(localStorage.getItem('pyapp.setting.turn')).credential") == "s3cret"

    page.get_by_test_id("turn-urls").fill("https://turn.example.com")
    page.get_by_test_id("turn-save").click()
    field = page.get_by_test_id("turn-urls")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_accessible_description(
        "Type one address such as turn:turn.example.com:3478 (turns: for TLS).")
    expect(field).to_be_focused()
    assert page.evaluate("JSON.parse(localStorage.getItem('pyapp.setting.turn')).urls").startswith("turns:")


@pytest.fixture(params=[(360, 640), (1280, 800)], ids=["phone", "desktop"])
def sized(request: pytest.FixtureRequest, browser, base_url: str) -> Iterator[Page]:
    width, height = request.param
    yield from booted_page(browser, base_url, viewport={"width": width, "height": height})


def test_the_dialog_with_the_turn_fields_fits_and_scrolls_to_them(sized: Page) -> None:
    page = sized
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    open_settings(page)
    page.get_by_test_id("turn-urls").fill("turn:a.example")
    page.get_by_test_id("turn-save").click()  # a refusal shown: the tallest the group gets
    expect(page.get_by_test_id("turn-username-error")).to_be_visible()
    expect(page.get_by_test_id("turn-username")).to_be_in_viewport()
    dialog = page.get_by_test_id("settings")
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] >= 0 and box["y"] + box["height"] <= height
    scroll_width, client_width = dialog.evaluate("d => [d.scrollWidth, d.clientWidth]")
    assert scroll_width <= client_width  # nothing wider than the dialog: it scrolls only up and down
    expect(page.get_by_test_id("settings-close")).to_be_in_viewport()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"settings-turn-{width}x{height}.png")
