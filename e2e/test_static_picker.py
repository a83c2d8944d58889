"""The picker drawn before Python (index.html) has the boxes Python's picker draws (pyapp/ui/shell/views.py).

A page whose Python never starts (``start.js`` refused) shows index.html's static picker; a page
of the same context boots and Python draws its own.  The game cards and the "Today's deal" button
stand at the same places in both, at 360x640 and 1280x800, in English and Korean (the static texts
come in the visitor's language), so nothing moves under a finger when Python is ready.
"""

from __future__ import annotations

import re

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT
from playwright.sync_api import Browser, Page, expect

SCREENSHOTS = ROOT / "e2e" / "screenshots"
SIZES = [(360, 640), (1280, 800)]
LOCALES = {"en": "en-US", "ko": "ko-KR"}

BOXES = """() => Object.fromEntries([
    ...[...document.querySelectorAll('[data-testid=picker] .games > li')].map((li, n) => [`card ${n}`, li]),
    ...[...document.querySelectorAll('[data-testid=daily-link]')].map(a => ['daily', a]),
  ].map(([name, el]) => { const b = el.getBoundingClientRect();
                          return [name, [b.left, b.top, b.width, b.height].map(v => Math.round(v * 2) / 2)]; }))"""
"""Each game card's box and the daily button's (left, top, width, height), to half a pixel."""


def _boxes(page: Page, shot: str) -> dict[str, list[float]]:
    expect(page.locator("[data-testid=picker] .games > li").last).to_be_visible()
    page.screenshot(path=SCREENSHOTS / f"static-picker-{shot}.png")
    return page.evaluate(BOXES)


@pytest.mark.parametrize("code", list(LOCALES))
@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_static_picker_has_python_pickers_boxes(browser: Browser, base_url: str, width: int, height: int,
                                                    code: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    context = browser.new_context(base_url=base_url, locale=LOCALES[code], viewport={"width": width, "height": height},
                                  reduced_motion="reduce")
    try:
        static = context.new_page()
        static.route(re.compile(r".*/web/start\.[0-9a-f]+\.js$"), lambda route: route.abort())
        static.goto("/")
        assert static.evaluate("document.documentElement.lang") == code
        before = _boxes(static, f"before-{code}-{width}x{height}")
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_TIMEOUT_MS)
        expect(page.get_by_test_id("daily-link")).to_be_visible()
        after = _boxes(page, f"after-{code}-{width}x{height}")
        assert before == after, f"the picker moves when Python draws it: {before} -> {after}"
        expect(static.get_by_test_id("daily-link")).to_have_attribute("href", "#/daily")
        assert static.get_by_test_id("daily-link").inner_text() == page.get_by_test_id("daily-link").inner_text()
    finally:
        context.close()
