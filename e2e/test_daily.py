"""The deal of the day and challenge links in the page, at 360x640 and 1280x800.

The date is fixed by Playwright's clock (``Date`` alone: the timers keep running), so
the deal is Dyad #336 (2026-12-02) whenever the test runs.
``navigator.share`` is stubbed to record what it is given; for the challenge link
it is removed, so the link goes to the clipboard, which the test reads.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import datetime

import pytest
from playwright.sync_api import Page, expect

import hooks
from conftest import BOOT_TIMEOUT_MS
from play_through import SCREENSHOTS, Player

pytestmark = pytest.mark.both_servers  # served with and without COOP/COEP (conftest.py)

DAY = "2026-12-02"
SEED = 1734974130704810  # pyapp.deals.daily.deal_of(date(2026, 12, 2)).seed, pinned in tests/deals/test_daily.py
SIZES = {"phone": {"width": 360, "height": 640}, "landscape": {"width": 740, "height": 360},
         "desktop": {"width": 1280, "height": 800}}
STUB_SHARE = f"""
window.pyappShared = [];
navigator.share = async (data) => {{ window.pyappShared.push(data); }};
"""


@pytest.fixture(params=list(SIZES), scope="module")
def page(request, browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(base_url=base_url, viewport=SIZES[request.param],
                                  permissions=["clipboard-read", "clipboard-write"])
    context.clock.set_fixed_time(datetime.fromisoformat(f"{DAY}T12:00:00+00:00"))
    context.add_init_script(STUB_SHARE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    page.wait_for_selector(hooks.READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.size = request.param  # type: ignore[attr-defined]
    yield page
    context.close()
    assert not errors, errors


def shoot(page: Page, name: str) -> None:
    """Shoot the screen in English, then in Korean (switched back to English after)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    expect(page.locator(hooks.MOVING)).to_have_count(0)
    for code in ("en", "ko"):
        page.get_by_test_id("language").select_option(code)
        expect(page.locator("html")).to_have_attribute("lang", code)
        page.screenshot(path=str(SCREENSHOTS / f"daily-{name}-{page.size}-{code}.png"))  # type: ignore[attr-defined]
    page.get_by_test_id("language").select_option("en")


def saved_keys(page: Page) -> list[str]:
    return page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pyapp.save.')).sort()")


def test_todays_deal_played_to_the_end_shared_and_challenged(page: Page) -> None:
    page.goto("/#/")
    page.get_by_test_id("daily-link").click()
    expect(page.get_by_test_id("daily-which")).to_contain_text(f"Dyad #336 · {DAY} (UTC)")
    expect(page.get_by_test_id("daily-rules")).to_have_text("No undo and no hints in the deal of the day.")
    expect(page.get_by_test_id("daily-state")).to_have_attribute("data-counted", "true")
    expect(page.get_by_test_id("daily-streak")).to_have_attribute("data-streak", "0")
    assert str(SEED) not in page.content()  # the seed stays off the screen until the end
    shoot(page, "screen")

    page.get_by_test_id("daily-start").click()
    expect(page.locator(hooks.STATUS)).to_be_visible()
    page.wait_for_selector(f"{hooks.ACTING}, {hooks.STATUS}[data-turn=over]")
    hand = page.locator("[data-testid=hand] [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    expect(page.locator(hooks.UNDO)).to_be_disabled()
    assert page.locator(f"{hooks.HINT}:not([disabled])").count() == 0
    Player(page, "daily", random.Random(336)).play_to_end()
    end = page.get_by_test_id("daily-end")
    expect(end).to_have_attribute("data-counted", "true")
    expect(page.get_by_test_id("daily-streak")).to_have_attribute("data-streak", "1")
    expect(page.get_by_test_id("daily-streak")).to_have_text("Days in a row: 1")

    page.get_by_test_id("daily-share").click()
    expect(page.get_by_test_id("share-status")).to_have_text("Result shared.")
    shared = page.evaluate("window.pyappShared")
    assert len(shared) == 1 and re.fullmatch(r"Dyad #336 · (1st|2nd|3rd) of 3 · -?\d+ pts", shared[0]["text"]), shared
    assert str(SEED) not in shared[0]["text"]
    shoot(page, "end")
    expect(page.get_by_test_id("daily-end")).to_contain_text("Days in a row: 1")  # redrawn in English

    page.evaluate("delete Navigator.prototype.share; delete navigator.share")  # no Web Share API: the clipboard
    page.get_by_test_id("deal-open").click()  # the deal's dialog holds Challenge a friend
    page.get_by_test_id("challenge").click()
    expect(page.get_by_test_id("challenge-status")).to_contain_text("Challenge link copied.")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.endswith(f"#/dyad?challenge=1.3.pnn.0-0-0.{SEED}"), link

    page.goto(link)
    expect(page.get_by_test_id("challenge-notice")).to_contain_text("A friend's challenge")
    expect(page.locator(hooks.SETUP_SEED)).to_have_value(str(SEED))
    expect(page.locator(hooks.SETUP_PLAYERS)).to_have_value("3")
    assert [page.get_by_test_id(f"seat-kind-{n}").input_value() for n in range(3)] == ["person", "normal", "normal"]
    shoot(page, "challenge")
    page.locator(hooks.START).click()
    page.wait_for_selector(f"{hooks.ACTING}, {hooks.STATUS}[data-turn=over]")
    again = page.locator("[data-testid=hand] [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert again == hand and hand  # the challenge deals the same cards

    page.goto("/#/daily")
    expect(page.get_by_test_id("daily-state")).to_contain_text("Today's counted try:")
    expect(page.get_by_test_id("daily-state")).to_have_attribute("data-counted", "false")
    expect(page.get_by_test_id("daily-streak")).to_have_attribute("data-streak", "1")
    expect(page.locator(".daily-bar[data-played=true]")).to_have_count(1)
    shoot(page, "screen-after")


@pytest.mark.parametrize("token", ["1.3.pnn.0-0-0.17349x", "1.3.pnn.0-0-0", "1.3.pnn.0-0-0.042", "1.2.pn.0-0-1.42",
                                   "%3Cimg%20src%3Dx%3E"])
def test_a_damaged_challenge_link_is_refused_and_stores_nothing(page: Page, token: str) -> None:
    before = saved_keys(page)
    page.goto(f"/#/dyad?challenge={token}")
    refused = page.get_by_test_id("known-refused")
    expect(refused).to_contain_text("Nothing was saved.")
    expect(page.locator(hooks.SETUP_SEED)).to_have_value("")
    assert saved_keys(page) == before
    if token.startswith("1.3.pnn.0-0-0.1"):
        page.get_by_test_id("language").select_option("ko")
        expect(refused).to_contain_text("아무것도 저장하지 않았습니다.")  # the refusal follows the language
        shoot(page, "refused")
        expect(page.get_by_test_id("known-refused")).to_contain_text("Nothing was saved.")  # kept across the redraw


def test_another_days_link_offers_today(page: Page) -> None:
    before = saved_keys(page)
    page.goto("/#/dieci?daily=2026-12-01")
    expect(page.get_by_test_id("known-refused")).to_contain_text("that day is over")
    assert saved_keys(page) == before
