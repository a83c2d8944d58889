"""Settings stay what the page shows: a choice storage refuses, a choice made in another tab, storage cleared.

``<html data-cards|motion|pace>`` is the choice in effect; the dialog must show
that, never a stored value the page is not using.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import booted_page
from playwright.sync_api import Page, expect

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
