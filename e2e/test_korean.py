"""Korean on screen: a Korean font is installed, the title stays on one line on a phone, and the
Korean tables fit as the English ones do, with no Korean word broken across two lines.

The fit tests measure Korean text; without a Korean font Chromium draws fallback boxes of
another width, so the first test fails the suite on a machine without one (``scripts/test.sh``
installs Debian's ``fonts-nanum``).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator

import pytest
from conftest import ROOT, booted_page
from playwright.sync_api import Browser, Page, expect
from test_table_fit import MEASURE, SETTLED, open_case

SCREENSHOTS = ROOT / "e2e" / "screenshots"
SIZES = [(360, 640), (390, 844), (740, 360), (1280, 800)]
SHOTS = {(360, 640), (740, 360), (1280, 800)}
CASES = [
    ("dyad", 3, "turn", {"cipher": True, "twos": True}),
    ("dyad", 4, "pass", {"teams": True}),
    ("dyad", 3, "roundend", {}),
    ("triad", 4, "turn", {}),
    ("triad", 2, "phase2", {}),
    ("dieci", 4, "turn", {}),
    ("dieci", 8, "offer", {}),
    ("dieci", 3, "over", {}),
    ("dyad", 4, "last", {"teams": True}),  # the last round's scores before the end (issue 31)
    ("triad", 2, "over", {}),  # the result in the status, on its own row
]

TITLE_LINES = """() => {
  // the lines the title's text is laid out on (one line box per distinct top)
  const range = document.createRange();
  range.selectNodeContents(document.querySelector('.brand'));
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
}"""

BROKEN_WORDS = """() => {
  // Korean words laid out on two lines, unless the word alone is wider than its box
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('.view'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const box = node.parentElement;
    if (!box.getClientRects().length || box.closest('[hidden], dialog:not([open])')) continue;
    for (const word of node.textContent.matchAll(/\\S*[\\uac00-\\ud7a3]\\S*/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom)));
      if (tops.size > 1 && range.getBoundingClientRect().width <= box.clientWidth) out.push(word[0]);
    }
  }
  return out;
}"""


def test_a_korean_font_is_installed() -> None:
    assert shutil.which("fc-list"), "fontconfig's fc-list is missing (scripts/test.sh installs it)"
    fonts = subprocess.run(["fc-list", ":lang=ko", "family"], capture_output=True, text=True, check=True).stdout
    assert fonts.strip(), "no Korean font: the Korean fit tests would measure fallback boxes (apt-get install fonts-nanum)"


@pytest.fixture(scope="module")
def korean_page(browser: Browser, base_url: str) -> Iterator[Page]:
    yield from booted_page(browser, base_url, viewport={"width": 360, "height": 640}, reduced_motion="reduce",
                           locale="ko-KR")


def _language(page: Page, code: str) -> None:
    page.get_by_test_id("language").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)


@pytest.mark.parametrize("code", ["en", "ko"])
def test_the_title_is_one_line_on_a_phone(korean_page: Page, code: str) -> None:
    page = korean_page
    _language(page, code)
    try:
        lines = {}
        for screen in ("picker", "table"):
            if screen == "table":
                open_case(page, "dieci", 4, "turn", {})
            for width, height in [(360, 640), (390, 844), (412, 915)]:
                page.set_viewport_size({"width": width, "height": height})
                lines[f"{screen} {width}x{height}"] = page.evaluate(TITLE_LINES)
        assert set(lines.values()) == {1}, lines
    finally:
        _language(page, "ko")


@pytest.mark.parametrize("case", CASES, ids=["-".join([c[0], str(c[1]), c[2], *c[3]]) for c in CASES])
def test_korean_tables_fit_and_break_only_between_words(korean_page: Page, case: tuple) -> None:
    page = korean_page
    _language(page, "ko")
    open_case(page, *case)
    SCREENSHOTS.mkdir(exist_ok=True)
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(SETTLED)
        problems += [f"{width}x{height}: {p}" for p in page.evaluate(MEASURE)]
        problems += [f"{width}x{height}: broken word {w!r}" for w in page.evaluate(BROKEN_WORDS)]
        if (width, height) in SHOTS:
            page.screenshot(path=SCREENSHOTS / f"korean-{case[0]}-{case[1]}-{case[2]}-{width}x{height}.png")
    assert not problems, "\n".join(problems)
