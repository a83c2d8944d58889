"""The deal of the day and challenge links in the page, at 360x640 and 1280x800.

The date is fixed by Playwright's clock (``Date`` alone: the timers keep running), so
the deal is Dyad #336 (2026-12-02) whenever the test runs.
``navigator.share`` is stubbed to record what it is given; for the challenge link
it is removed, so the link goes to the clipboard, which the test reads.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from datetime import date, datetime, timedelta

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


def _v1_log(first: date, last: date) -> str:
    """A log as the build before issue 47 wrote it (version 1): every day from ``first`` to ``last`` played, 2nd of 3."""
    days, day = {}, first
    while day <= last:
        number = (day - date(2026, 1, 1)).days + 1
        days[f"{day.isoformat()}/{('dyad', 'dieci')[number % 2]}"] = {
            "number": number, "record": f"19{number:04x}-1", "result": {"rank": 2, "players": 3, "points": 31}}
        day += timedelta(days=1)
    return json.dumps({"version": 1, "days": days}, separators=(",", ":"))


def test_a_long_streak_set_aside_by_the_old_limit_comes_back_after_a_reload(page: Page) -> None:
    """Issue 47: the old guard gave pyapp.daily 1,000 characters and set aside every log of ten days or more.

    Planted: the log the bug set aside (1 January to 20 November) and the one that regrew since (11 days, over the
    old limit); after a reload the streak counts every day from 1 January to yesterday, and nothing stays aside.
    """
    if page.size != "phone":  # type: ignore[attr-defined]
        pytest.skip("stored data does not depend on the screen's size: once is enough")
    split, yesterday = date(2026, 11, 20), date(2026, 12, 1)
    planted = {"pyapp.aside.large.1763600000000.pyapp.daily": _v1_log(date(2026, 1, 1), split),
               "pyapp.daily": _v1_log(split + timedelta(days=1), yesterday)}
    assert len(planted["pyapp.daily"]) > 1000
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", planted)
    page.reload()
    page.wait_for_selector(hooks.READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.goto("/#/daily")
    streak = (yesterday - date(2026, 1, 1)).days + 1
    expect(page.get_by_test_id("daily-streak")).to_have_attribute("data-streak", str(streak))
    expect(page.get_by_test_id("daily-streak")).to_have_text(f"Days in a row: {streak}")
    expect(page.locator(".daily-bar[data-played=true]")).to_have_count(13)  # the chart's days before today
    expect(page.get_by_test_id("daily-state")).to_have_attribute("data-counted", "true")
    stored = page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    assert not [key for key in stored if key.startswith("pyapp.aside.")], stored.keys()
    assert json.loads(stored["pyapp.daily"])["version"] == 2 and len(stored["pyapp.daily"]) <= 10_000

    page.reload()  # the log kept now passes the guard: the streak stays
    page.wait_for_selector(hooks.READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.goto("/#/daily")
    expect(page.get_by_test_id("daily-streak")).to_have_attribute("data-streak", str(streak))
    page.goto("/#/saves")
    expect(page.get_by_test_id("asides")).to_be_hidden()


def test_todays_deal_on_the_other_games_route_says_which_game_it_is(page: Page) -> None:
    """Issue 47: today is Dyad's day: the Dieci route says so and offers today's deal, not "that day is over"."""
    before = saved_keys(page)
    page.goto(f"/#/dieci?daily={DAY}")
    refused = page.get_by_test_id("known-refused")
    expect(refused).to_contain_text("Today's deal is a game of Dyad")
    expect(refused).not_to_contain_text("that day is over")
    expect(refused).to_be_in_viewport()
    refused.get_by_role("link", name="See today's deal").click()
    expect(page.get_by_test_id("daily")).to_have_attribute("data-game", "dyad")
    assert saved_keys(page) == before


def test_todays_deal_from_a_link_opens_its_screen_and_starts_no_try(page: Page) -> None:
    """Issue 47: a link straight to today's route shows the deal-of-the-day screen first; only Start starts the try."""
    before = saved_keys(page)
    page.goto(f"/#/dyad?daily={DAY}")
    expect(page.get_by_test_id("daily")).to_be_visible()
    expect(page).to_have_url(re.compile(r"#/daily$"))
    expect(page.get_by_test_id("daily-start")).to_be_in_viewport()
    assert saved_keys(page) == before  # no game started, so no try
