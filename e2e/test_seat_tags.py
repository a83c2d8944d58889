"""Dyad's seat-chip tags at 4 players (issue 31, point 2): a chip may carry "Partner", "Dealer" and
"Leads" at once; its tags lie side by side or wrap, never over each other, over another chip's tags
or outside the screen, at 360x640, 740x360 and 1280x800, in English and Korean.  The position is a
Teams trick after the round's first, led by the person's partner (``table_fixtures.py``'s
``mateleads``): the partner's chip has the "Leads" tag beside "Partner".  A chip whose tags wrap
grows, and the table still fits the screen, a phone on its side (740x360) with four tags included.
Screenshots land in
``e2e/screenshots/seat-tags-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import ROOT, booted_page
from playwright.sync_api import Browser, Page, expect
from table_fixtures import make
from test_hint import plant
from test_table_fit import SETTLED

SCREENSHOTS = ROOT / "e2e" / "screenshots"
SIZES = [(360, 640), (740, 360), (1280, 800)]
CASES = [({"teams": True}, 1), ({"teams": True, "cipher": True}, 58)]
"""Teams, and Teams with Cipher where the partner deals and leads and every seat has said Cipher: the
partner's chip has four tags ("Partner", "Dealer", "Leads", "Cipher"), its neighbours one each."""

TAGS = """() => [...document.querySelectorAll('[data-testid=players] [data-seat]')].map(chip => ({
  seat: Number(chip.dataset.seat),
  chip: chip.getBoundingClientRect().toJSON(),
  name: (() => { const range = document.createRange();  // the name's text, not its line box
                 range.selectNodeContents(chip.querySelector('.seat-name'));
                 return range.getBoundingClientRect().toJSON(); })(),
  tags: [...chip.querySelectorAll('.badge')].map(tag => ({text: tag.textContent, lead: tag.classList.contains('lead'),
                                                         box: tag.getBoundingClientRect().toJSON()})),
}))"""

FITS = "() => document.scrollingElement.scrollHeight <= innerHeight + 1 && document.scrollingElement.scrollWidth <= innerWidth + 1"

LEADER = "() => Number(document.querySelector('[data-testid=trick] [data-seat]').dataset.seat)"


def overlap(a: dict, b: dict) -> bool:
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5 and \
        min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5


@pytest.fixture(scope="module")
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    yield from booted_page(browser, base_url, viewport={"width": 360, "height": 640}, reduced_motion="reduce")


@pytest.mark.parametrize("code", ["en", "ko"])
@pytest.mark.parametrize("case", CASES, ids=["teams", "teams-cipher"])
def test_tags_on_a_chip_never_overlap(page: Page, case: tuple, code: str) -> None:
    options, seed = case
    page.get_by_test_id("language").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)
    page.set_viewport_size({"width": 360, "height": 640})
    plant(page, make("dyad", 4, "mateleads", seed=seed, **options), "dyad")
    SCREENSHOTS.mkdir(exist_ok=True)
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(SETTLED)
        page.screenshot(path=SCREENSHOTS / f"seat-tags-{'-'.join(options)}-{code}-{width}x{height}.png")
        chips = page.evaluate(TAGS)
        size = f"{width}x{height}"
        leads = [chip["seat"] for chip in chips if any(tag["lead"] for tag in chip["tags"])]
        if leads != [page.evaluate(LEADER)]:
            problems.append(f"{size}: the Leads tag on {leads}, the trick led by {page.evaluate(LEADER)}")
        if not page.evaluate(FITS):  # a chip whose tags wrap grows: the table still fits the screen, on its side too
            problems.append(f"{size}: the table is taller or wider than the screen")
        if max(len(chip["tags"]) for chip in chips) < 2:
            problems.append(f"{size}: no chip with two tags")
        tags = [(chip["seat"], tag) for chip in chips for tag in chip["tags"]]
        for i, (seat, tag) in enumerate(tags):
            box = tag["box"]
            if box["left"] < -0.5 or box["right"] > width + 0.5 or box["top"] < -0.5:
                problems.append(f"{size}: {tag['text']!r} of seat {seat} leaves the screen {box}")
            for other_seat, other in tags[i + 1:]:
                if overlap(box, other["box"]):
                    problems.append(f"{size}: {tag['text']!r} (seat {seat}) over {other['text']!r} (seat {other_seat})")
            for chip in chips:
                if chip["seat"] != seat and overlap(box, chip["chip"]):
                    problems.append(f"{size}: {tag['text']!r} of seat {seat} over the chip of seat {chip['seat']}")
                if overlap(box, chip["name"]):
                    problems.append(f"{size}: {tag['text']!r} of seat {seat} over the name of seat {chip['seat']}")
    assert not problems, "\n".join(problems)
