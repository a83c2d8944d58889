"""A hint shown never covers another enabled control (issue 31, point 1).

The suggested move gets a dashed ring (``web/css/hint.css``); in a fanned hand
each card is seen only by the strip the next card leaves, so a ring that
lifts its card over its neighbour (a z-index, a transform) hides the card
beside it and a tap there plays the hinted card.  Here a hint is asked in each
game on a position planted from CPython (``table_fixtures.py``: Dyad and Dieci
on a lead, every card of the hand open; Triad in its second phase), then every
enabled control of the table (hand cards, buttons, open cells) is hit at
several points of its own box (its centre and the edges of the strip a fanned
hand leaves it) with ``document.elementFromPoint``: each point must hit the
control itself or something inside it.  Phone 360x640, landscape 740x360 and
desktop 1280x800, in English and Korean; screenshots land in
``e2e/screenshots/hint-hits-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import ROOT, booted_page
from playwright.sync_api import Browser, Page, expect
from test_hint import ask, plant, with_choice

SCREENSHOTS = ROOT / "e2e" / "screenshots"
CASES = [("dyad", 3, "lead"), ("dieci", 3, "lead"), ("triad", 2, "phase2")]
SIZES = [(360, 640), (740, 360), (1280, 800)]

CONTROLS = ".table-body :is(button, [data-cell].legal, [data-cell].removable):not(:disabled)"
"""What a person may press on the table: its buttons (hand cards too) and the cells open to a move."""

MISSES = """(selector) => {
  const misses = [];
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
    // the control's own box, 3 px in from its edges: a hand card's box is the strip the next card leaves it
    const xs = [r.left + 3, r.left + r.width / 2, r.right - 3], ys = [r.top + 3, r.top + r.height / 2, r.bottom - 3];
    for (const x of xs) for (const y of ys) {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;  // off the screen: scrolled to when used
      const hit = document.elementFromPoint(x, y);
      if (!hit || !el.contains(hit)) {
        misses.push({control: el.dataset.card || el.dataset.cell || el.dataset.testid || el.className,
                     hinted: el.classList.contains('hinted'), x: Math.round(x), y: Math.round(y),
                     hit: hit ? (hit.closest('[data-card]')?.dataset.card || hit.className) : null});
      }
    }
  }
  return misses;
}"""


@pytest.fixture(scope="module")
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    # at rest under reduced motion: what is hit-tested is where it stays
    yield from booted_page(browser, base_url, viewport={"width": 360, "height": 640}, reduced_motion="reduce")


@pytest.mark.parametrize("code", ["en", "ko"])
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_hint_shown_never_covers_another_enabled_control(page: Page, case: tuple, width: int, height: int,
                                                          code: str) -> None:
    game, players, phase = case
    page.get_by_test_id("language").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)
    page.set_viewport_size({"width": width, "height": height})
    plant(page, with_choice(game, players, phase), game)
    expect(page.locator("html")).to_have_attribute("lang", code)
    assert page.evaluate(MISSES, CONTROLS) == [], "a control is covered before any hint"
    ask(page)
    hinted = page.locator(".table-body .hinted")
    assert hinted.count() >= 1
    controls = page.locator(CONTROLS).count()
    assert controls >= 3, f"only {controls} controls to hit"
    misses = page.evaluate(MISSES, CONTROLS)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"hint-hits-{game}-{code}-{width}x{height}.png")
    assert misses == [], f"the hint covers what a person may press: {misses}"
