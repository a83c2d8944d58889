"""Every game screen is one screen: at phone, tablet and desktop sizes, in every game, player count and phase.

Each phase is reached at once from a saved game written to ``localStorage``
(``table_fixtures.py``) on one page booted for the module; the screen resumes
it and is measured at each size, a landscape phone's included: the page does not scroll either way, no
element scrolls inside, and every control the person may use is inside the
viewport, at least its target size and really hit at its centre
(``elementFromPoint``).  Hand cards may overlap: 28 px of each stays visible.
Screenshots of every case at 360x640, 740x360 and 1280x800 land in ``e2e/screenshots/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import ROOT, booted_page
from playwright.sync_api import Browser, Page, expect
from table_fixtures import make

SCREENSHOTS = ROOT / "e2e" / "screenshots"
PHONES = [(360, 640), (390, 844), (412, 915)]
WIDE = [(768, 1024), (1280, 800), (1920, 1080)]
LANDSCAPE = (740, 360)
SHOTS = {(360, 640), LANDSCAPE, (1280, 800)}

CASES = [
    ("dyad", 2, "turn", {}),
    ("dyad", 3, "turn", {"cipher": True, "twos": True}),
    ("dyad", 4, "turn", {}),
    ("dyad", 3, "cipher", {"cipher": True}),
    ("dyad", 4, "pass", {"teams": True}),
    ("dyad", 4, "turn", {"teams": True}),
    ("dyad", 3, "take", {}),
    ("dyad", 2, "take", {}),
    ("dyad", 3, "roundend", {}),
    ("dyad", 4, "roundend", {"cipher": True, "twos": True}),
    ("dyad", 2, "over", {}),
    ("dyad", 4, "over", {}),
    ("dyad", 4, "over", {"teams": True}),
    ("triad", 2, "turn", {}),
    ("triad", 2, "turn", {"children": True}),
    ("triad", 4, "turn", {}),
    ("triad", 2, "phase2", {}),
    ("triad", 4, "phase2", {}),
    ("triad", 2, "over", {}),
    ("triad", 4, "over", {}),
    *[("dieci", n, "turn", {}) for n in range(2, 9)],
    ("dieci", 3, "claim", {}),
    ("dieci", 5, "claim", {}),
    ("dieci", 8, "claim", {}),
    ("dieci", 4, "offer", {}),
    ("dieci", 8, "offer", {}),
    ("dieci", 3, "over", {}),
    ("dieci", 8, "over", {}),
    # the game's end, before its result: the last round's or deal's summary (issue 31)
    ("dyad", 4, "last", {"teams": True}),
    ("dieci", 8, "last", {}),
    # four marks on the partner's chip (Partner, Dealer, Leads, Cipher; test_seat_tags.py), a phone on its side included
    ("dyad", 4, "mateleads", {"teams": True, "cipher": True, "seed": 58}),
]

SETTLED = """() => document.getAnimations().every(
    a => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)"""
"""Nothing is moving in (a card caught mid-flight would be hit-tested where it is not going to stay)."""

MEASURE = """() => {
  const problems = [];
  const W = innerWidth, H = innerHeight, doc = document.scrollingElement;
  if (doc.scrollHeight > H + 1) problems.push(`page is ${doc.scrollHeight} px tall in ${H}`);
  if (doc.scrollWidth > W + 1) problems.push(`page is ${doc.scrollWidth} px wide in ${W}`);
  const shown = el => !el.closest('dialog:not([open]), [hidden]') && el.getClientRects().length > 0;
  const visiblyShown = el => shown(el) && getComputedStyle(el).visibility !== 'hidden';
  for (const el of document.querySelectorAll('body *')) {
    if (!visiblyShown(el)) continue;
    const s = getComputedStyle(el);
    const scrolls = v => v === 'auto' || v === 'scroll';
    if ((scrolls(s.overflowY) && el.scrollHeight > el.clientHeight + 1)
        || (scrolls(s.overflowX) && el.scrollWidth > el.clientWidth + 1)) {
      problems.push(`${el.tagName.toLowerCase()}.${el.className} scrolls inside`);
    }
  }
  const controls = document.querySelectorAll(
    '.table-body button:not([disabled]), .table-body select, .table-body [tabindex="0"]');
  for (const el of controls) {
    if (!visiblyShown(el)) continue;
    const r = el.getBoundingClientRect();
    const name = el.dataset.testid || el.dataset.card || el.dataset.cell || el.dataset.char || el.className;
    const card = el.matches('.hand .card');
    if (r.height < 43.5 || r.width < (card ? 27.5 : 43.5)) problems.push(`${name} is ${r.width}x${r.height}`);
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      problems.push(`${name} is outside the viewport (${Math.round(r.left)},${Math.round(r.top)})`);
      continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !el.contains(hit)) problems.push(`${name} is covered at its centre by ${hit && hit.className}`);
  }
  return problems;
}"""

TRIAD_END = """() => {
  const box = document.querySelector('.triad-end').getBoundingClientRect(), problems = [];
  if (document.querySelector('.triad-end table').getBoundingClientRect().bottom > Math.min(box.bottom, innerHeight) + 0.5)
    problems.push('the final score is cut off at the bottom');
  for (const th of document.querySelectorAll('.triad-end th[scope=row]')) {
    if (th.scrollWidth > th.clientWidth + 1 || !th.getAttribute('aria-label').endsWith(th.textContent.slice(1)))
      problems.push(`the row "${th.getAttribute('aria-label')}" shows "${th.textContent}" only`);
  }
  return problems;
}"""
"""Triad's final score: each row shows its side's players whole (its label is the side and names), inside the box."""


RESULT_IN_WORDS = """() => {
  const text = document.querySelector('[data-testid=status] .status-text');
  const box = text ? text.getBoundingClientRect() : null;
  if (!box || text.textContent.trim().length < 5 || box.width < 40 || box.height < 10)
    return [`the status says no result in words: "${text ? text.textContent : ''}" in ${box ? box.width : 0} px`];
  return text.scrollWidth > text.clientWidth + 1 ? ['the status cuts its result off'] : [];
}"""
"""The end's status says the result in words at every size (issue 31: on a phone it was squeezed to its dot)."""


@pytest.fixture(scope="module")
def table_page(browser: Browser, base_url: str) -> Iterator[Page]:
    # measured at rest: under reduced motion nothing arrives by animation (layout is what is under test)
    yield from booted_page(browser, base_url, viewport={"width": 360, "height": 640}, reduced_motion="reduce")


def open_case(page: Page, game: str, players: int, phase: str, options: dict[str, bool], turn: str = "") -> None:
    """Store the fixture, open the game's screen and resume it (``turn``: the status's ``data-turn`` to wait for)."""
    items = make(game, players, "over" if phase == "last" else phase, **options)
    page.set_viewport_size({"width": 360, "height": 640})
    page.evaluate("""items => { localStorage.clear(); location.hash = '#/';
                                for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""", items)
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate(f"location.hash = '#/{game}'")
    page.get_by_test_id("resume").click()
    ended = phase in ("over", "last")
    expect(page.get_by_test_id("status")).to_have_attribute("data-turn", turn or ("over" if ended else "you"))
    dismiss = page.locator("[data-testid=round-end-dismiss], [data-testid=deal-end-dismiss]")
    if phase == "last":  # the last round's or deal's summary, then (phase "over") the result
        expect(dismiss).to_be_visible()
    elif phase == "over" and game != "triad":
        dismiss.click()
        expect(page.get_by_test_id("status")).not_to_have_attribute("data-waiting", "summary")


def case_id(case: tuple) -> str:
    game, players, phase, options = case
    return "-".join([game, str(players), phase, *sorted(k for k, v in options.items() if v)])


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_the_table_fits_one_screen_and_every_control_is_reachable(table_page: Page, case: tuple) -> None:
    page = table_page
    open_case(page, *case)
    SCREENSHOTS.mkdir(exist_ok=True)
    problems = []
    for width, height in PHONES + [LANDSCAPE] + WIDE:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(SETTLED)
        found = page.evaluate(MEASURE) + (page.evaluate(TRIAD_END) if case[0] == "triad" and case[2] == "over" else [])
        found += page.evaluate(RESULT_IN_WORDS) if case[2] == "over" else []
        problems += [f"{width}x{height}: {p}" for p in found]
        if (width, height) in SHOTS:
            page.screenshot(path=SCREENSHOTS / f"table-{case_id(case)}-{width}x{height}.png")
    assert not problems, "\n".join(problems)


def test_detail_opens_in_a_dialog_and_the_focus_comes_back(table_page: Page) -> None:
    page = table_page
    open_case(page, "dyad", 3, "roundend", {})
    expect(page.get_by_test_id("round-end")).to_be_visible()  # the round's scores, on the table until the next lead
    opener = page.get_by_test_id("last-trick-open")
    opener.click()
    dialog = page.get_by_test_id("last-trick")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".dyad-play")).to_have_count(3)
    # a dialog over the table adds no scroll (the table's controls are behind it, so not hit)
    assert [p for p in page.evaluate(MEASURE) if "covered" not in p] == []
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()
    page.get_by_test_id("score-sheet-open").click()
    expect(page.get_by_test_id("score-sheet").locator("tbody tr[data-round]")).to_have_count(
        int(page.get_by_test_id("dyad-table").get_attribute("data-round")) - 1)
    page.get_by_test_id("score-sheet-close").click()
    expect(page.get_by_test_id("score-sheet")).to_be_hidden()


SUMMARIES = [("dieci", 2, "dealend"), ("dieci", 8, "dealend"), ("dyad", 4, "roundwait")]


@pytest.mark.parametrize("case", SUMMARIES, ids=["-".join(map(str, c)) for c in SUMMARIES])
def test_a_round_or_deal_summary_waits_for_the_person_and_fits(table_page: Page, case: tuple) -> None:
    """A Dieci deal played out before the characters ran out, a Dyad round: the summary waits, fits, and is dismissed."""
    page = table_page
    game, players, phase = case
    open_case(page, game, players, phase, {}, turn="computer")
    summary = page.get_by_test_id("deal-end" if game == "dieci" else "round-end")
    expect(summary).to_be_visible()
    expect(page.locator(".table-body[data-waiting=summary]")).to_have_count(1)  # the computer chose, and waits
    expect(page.get_by_test_id("status")).to_have_attribute("data-waiting", "summary")
    if game == "dieci":
        expect(summary.locator("li[data-seat]")).to_have_count(players)
        cards = [int(n) for n in summary.locator("li[data-seat]").evaluate_all("els => els.map(e => e.dataset.cards)")]
        assert sum(cards) == players * {2: 10, 8: 8}[players]  # every card of the deal went to someone
        expect(summary.locator('li[data-seat="0"] .who')).to_contain_text("(you)")
        expect(page.get_by_test_id("deal-end-next")).to_contain_text(f"Deal {int(summary.get_attribute('data-deal')) + 1}")
    problems = []
    for width, height in [(360, 640), LANDSCAPE, (1280, 800)]:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(SETTLED)
        problems += [f"{width}x{height}: {p}" for p in page.evaluate(MEASURE)]
        page.screenshot(path=SCREENSHOTS / f"table-{'-'.join(map(str, case))}-{width}x{height}.png")
    assert not problems, "\n".join(problems)
    played = "[data-testid=trick] [data-played]" if game == "dieci" else "[data-testid=trick] .dyad-play"
    assert page.locator(played).count() == 0
    page.get_by_test_id("deal-end-dismiss" if game == "dieci" else "round-end-dismiss").click()
    expect(page.locator(played).first).to_be_visible()  # the computer leads the new deal or round
    expect(summary).to_have_count(0)


LOOK = """el => { const s = getComputedStyle(el);
                 return {opacity: Number(s.opacity), border: s.borderTopStyle, cursor: s.cursor}; }"""


def test_a_control_that_cannot_be_used_now_looks_it(table_page: Page) -> None:
    page = table_page
    open_case(page, "dyad", 3, "turn", {})
    play = page.get_by_test_id("submit-pair")  # no two cards chosen yet
    expect(play).to_be_disabled()
    disabled, enabled = play.evaluate(LOOK), page.get_by_test_id("rules-open").evaluate(LOOK)
    assert disabled["opacity"] <= 0.6 and disabled["border"] == "dashed" and disabled["cursor"] == "not-allowed", disabled
    assert enabled["opacity"] == 1 and enabled["border"] == "solid", enabled


def test_korean_text_breaks_between_words(table_page: Page) -> None:
    """Korean wraps at spaces (word-break: keep-all), never inside a word, on the table as on the title."""
    page = table_page
    open_case(page, "dieci", 4, "turn", {})
    page.get_by_test_id("language").select_option("ko")
    try:
        expect(page.locator("html")).to_have_attribute("lang", "ko")
        breaks = page.evaluate("""() => ['.brand', '[data-testid=status]', '[data-testid=goal]', '[data-testid=prompt]']
            .map(s => getComputedStyle(document.querySelector(s)).wordBreak)""")
        assert breaks == ["keep-all"] * 4, breaks
        goal = page.get_by_test_id("goal").locator("h2").inner_text()
        assert re.search(r"[\uac00-\ud7a3]", goal) and not re.search(r"[A-Za-z]", goal), goal  # its name in Korean
    finally:
        page.get_by_test_id("language").select_option("en")


DIALOG_FITS = """testid => {
  const dialog = document.querySelector(`dialog[data-testid=${testid}]`), problems = [];
  const W = innerWidth, H = innerHeight, doc = document.scrollingElement, box = dialog.getBoundingClientRect();
  if (doc.scrollHeight > H + 1 || doc.scrollWidth > W + 1) problems.push('the page scrolls');
  if (dialog.scrollHeight > dialog.clientHeight + 1) problems.push(`the dialog scrolls inside (${dialog.scrollHeight} px in ${dialog.clientHeight})`);
  if (box.top < -0.5 || box.left < -0.5 || box.bottom > H + 0.5 || box.right > W + 0.5) problems.push('the dialog leaves the screen');
  for (const el of dialog.querySelectorAll('button:not([hidden])')) {
    const r = el.getBoundingClientRect(), name = el.dataset.testid || el.textContent;
    if (r.height < 43.5 || r.width < 43.5) problems.push(`${name} is ${r.width}x${r.height}`);
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (r.bottom > H + 0.5 || !hit || !el.contains(hit)) problems.push(`${name} cannot be hit at its centre`);
  }
  return problems;
}"""
"""A dialog over the table is whole on the screen: no scroll inside it or of the page, each button hit at its centre."""


@pytest.mark.parametrize("game", ["dyad", "dieci"])
def test_the_deal_dialog_fits_every_screen_in_english_and_korean(table_page: Page, game: str) -> None:
    """The end's "This deal" (seed, Check this deal, its verdict, Challenge a friend), a phone on its side included."""
    page = table_page
    open_case(page, game, 2, "over", {})
    page.get_by_test_id("deal-open").click()
    page.get_by_test_id("deal-check").click()
    expect(page.get_by_test_id("deal-verdict")).to_have_attribute("data-ok", "true")
    problems = []
    try:
        for code in ("en", "ko"):
            page.evaluate("""code => { const s = document.querySelector('[data-testid=language]');
                                       s.value = code; s.dispatchEvent(new Event('change', {bubbles: true})); }""", code)
            expect(page.locator("html")).to_have_attribute("lang", code)
            if not page.get_by_test_id("deal").is_visible():  # the switch redraws the table: open the dialog again
                page.get_by_test_id("deal-open").click()
            expect(page.get_by_test_id("deal-verdict")).to_have_attribute("data-ok", "true")
            for width, height in [(360, 640), LANDSCAPE, (1280, 800)]:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(SETTLED)
                problems += [f"{code} {width}x{height}: {p}" for p in page.evaluate(DIALOG_FITS, "deal")]
                page.screenshot(path=SCREENSHOTS / f"deal-{game}-{code}-{width}x{height}.png")
    finally:
        page.keyboard.press("Escape")
        page.get_by_test_id("language").select_option("en")
    assert not problems, "\n".join(problems)
