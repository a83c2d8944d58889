"""No word is broken inside: every visible text, on every screen a player reaches, wraps only between words.

``BROKEN`` walks the page's visible text nodes; for each word (split on white space, after a
hyphen and before an opening bracket, where Korean lines break: "앉습니다(첫째와" is two
words; a Korean eojeol is such a word) it lays a Range over the word and counts the line boxes
of ``getClientRects()``.  A word on two lines is broken, unless the word alone is wider than its
whole box (the nearest block that is not sized by its content: not inline, not a table's part,
not a flex or grid item), as an 80-character name is: that one wraps, or ends in an ellipsis
with the full name in its accessible name; and no line is cut at its box's edge unless it is such a
single word ending in an ellipsis.  Checked at 360x640, 740x360 and 1280x800, in English
and in Korean, on the tables of each game at 2, 4 and the most players (with their dialogs:
Dyad's score sheet, Dieci's characters and scores in detail), the round and deal summaries,
Saved games, Settings, the picker, a finished game's replay (at its start, middle and end) and
its review, and the rules pages.  Screenshots land in ``e2e/screenshots/words-*``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import ROOT, booted_page
from playwright.sync_api import Browser, Page, expect
from test_replay_fit import _open_replay, _step_to
from test_table_fit import SETTLED, open_case

SCREENSHOTS = ROOT / "e2e" / "screenshots"
SIZES = [(360, 640), (740, 360), (1280, 800)]
JUDGING_MS = 120_000
LANGUAGES = ["en", "ko"]
NAMES = {"en": [f"Player {n}" for n in range(1, 9)], "ko": [f"플레이어 {n}" for n in range(1, 9)]}

BROKEN = """() => {
  const out = [];
  const sized = el => {
    // the nearest box not sized by its content: the most a word in it could be given
    // (a table's cells and what is in them are sized by the contents: the table's own box)
    const table = el.closest('table');
    for (let box = table ? table.parentElement : el; box; box = box.parentElement) {
      const s = getComputedStyle(box), parent = box.parentElement && getComputedStyle(box.parentElement);
      const item = parent && /flex|grid/.test(parent.display);
      if (!s.display.startsWith('inline') && !s.display.startsWith('table') && s.display !== 'contents'
          && s.display !== 'list-item' && !item) return box;
    }
    return document.body;
  };
  const lines = rects => {
    let count = 0, last = null;
    for (const r of [...rects].filter(r => r.width > 0.5).sort((a, b) => a.top - b.top)) {
      if (!last || r.top >= last.top + last.height / 2) { count++; last = r; }
    }
    return count;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !el.getClientRects().length || el.closest('[hidden], dialog:not([open]), script, style, noscript')) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    let tiny = false;  // visually hidden text (clipped to a 1 px box) is read aloud, never laid out for the eye
    for (let a = el; a && !tiny; a = a.parentElement) {
      const b = a.getBoundingClientRect(), s = getComputedStyle(a);
      tiny = (s.clip !== 'auto' && s.position === 'absolute') || s.clipPath === 'inset(50%)'
             || ((b.width <= 2 || b.height <= 2) && s.overflow !== 'visible');
    }
    if (tiny) continue;
    for (const word of node.textContent.matchAll(/\\(?[^\\s(-]+-?/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const rects = range.getClientRects();
      if (lines(rects) < 2) continue;
      const width = [...rects].reduce((sum, r) => sum + r.width, 0);
      const box = sized(el), s = getComputedStyle(box);
      const room = box.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (width > room + 0.5) continue;  // wider than its whole box: it may wrap
      const where = el.closest('[data-testid]');
      out.push(`"${word[0]}" in <${el.tagName.toLowerCase()} class="${el.className}"> of ${where ? where.dataset.testid : '?'}`
               + ` (${Math.round(width)} px wide in ${Math.round(room)})`);
    }
  }
  for (const el of document.body.querySelectorAll('*')) {
    // a line cut at its box's edge: only a single word wider than its box may be, and with an ellipsis
    const s = getComputedStyle(el);
    if (!['hidden', 'clip'].includes(s.overflowX) || el.scrollWidth <= el.clientWidth + 1) continue;
    if (!el.getClientRects().length || el.closest('[hidden], dialog:not([open])') || s.visibility === 'hidden') continue;
    if ((s.clip !== 'auto' && s.position === 'absolute') || el.clientWidth <= 2) continue;  // visually hidden
    const own = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
    if (!own) continue;
    if (/\\s/.test(own) || s.textOverflow !== 'ellipsis') {
      const where = el.closest('[data-testid]');
      out.push(`"${own}" cut at the edge of <${el.tagName.toLowerCase()} class="${el.className}"> of `
               + `${where ? where.dataset.testid : '?'} (${el.scrollWidth} px wide in ${el.clientWidth})`);
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    yield from booted_page(browser, base_url, viewport={"width": 360, "height": 640}, reduced_motion="reduce")


def language(page: Page, code: str) -> None:
    page.get_by_test_id("language").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)


def broken_words(page: Page, shot: str, opener: str | None = None) -> list[str]:
    """The words broken inside at each size (``opener``: a dialog's button, pressed where it is shown)."""
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(SETTLED)
        dialog = page.get_by_test_id(opener) if opener else None
        button = page.get_by_test_id(f"{opener}-open") if opener else None
        if opener and button.is_visible() and not dialog.is_visible():
            button.click()
            expect(dialog).to_be_visible()
        problems += [f"{width}x{height}: {p}" for p in page.evaluate(BROKEN)]
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"words-{shot}-{width}x{height}.png")
        if opener and page.locator(f"dialog[data-testid={opener}][open]").count():
            page.keyboard.press("Escape")  # a dialog shown modally closes; a side panel stays
    return problems


def assert_unbroken(page: Page, shot: str, opener: str | None = None) -> None:
    """No word broken inside at any size (see :func:`broken_words`)."""
    problems = broken_words(page, shot, opener)
    assert not problems, "\n".join(problems)


def table_id(case: tuple) -> str:
    game, players, phase, options, opener = case.values if hasattr(case, "values") else case
    return "-".join([game, str(players), phase, *options, *([opener] if opener else [])])


TABLES = [
    ("dyad", 2, "turn", {}, "score-sheet"),
    ("dyad", 4, "turn", {}, "score-sheet"),
    ("dyad", 3, "roundend", {}, "score-sheet"),
    ("dyad", 4, "over", {"teams": True}, "score-sheet"),
    ("triad", 2, "turn", {}, None),
    ("triad", 4, "phase2", {}, None),
    ("triad", 2, "over", {}, None),
    ("dieci", 2, "turn", {}, "claimed"),
    ("dieci", 4, "claim", {}, None),
    ("dieci", 8, "turn", {}, "claimed"),
    ("dieci", 3, "over", {}, "end-detail"),
    ("dieci", 8, "over", {}, "end-detail"),
]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game,players,phase,options,opener", TABLES, ids=[table_id(c) for c in TABLES])
def test_no_word_is_broken_on_a_table(page: Page, game: str, players: int, phase: str, options: dict[str, bool],
                                      opener: str | None, code: str) -> None:
    case = (game, players, phase, options, opener)
    language(page, code)
    open_case(page, game, players, phase, {**options, "names": NAMES[code][:players]})
    assert_unbroken(page, f"{table_id(case)}-{code}", opener)


SUMMARIES = [("dyad", 4, "roundwait", "round-end"), ("dieci", 2, "dealend", "deal-end"),
             ("dieci", 8, "dealend", "deal-end")]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("case", SUMMARIES, ids=["-".join(map(str, c[:3])) for c in SUMMARIES])
def test_no_word_is_broken_in_a_round_or_deal_summary(page: Page, case: tuple, code: str) -> None:
    game, players, phase, summary = case
    language(page, code)
    open_case(page, game, players, phase, {"names": NAMES[code][:players]}, turn="computer")
    expect(page.get_by_test_id(summary)).to_be_visible()
    assert_unbroken(page, f"{'-'.join(map(str, case[:3]))}-{code}")


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("screen", ["picker", "saves", "settings"])
def test_no_word_is_broken_on_the_picker_saved_games_and_settings(page: Page, screen: str, code: str) -> None:
    language(page, code)
    open_case(page, "dieci", 4, "turn", {"names": NAMES[code][:4]})  # a game in play: Continue, a saved game
    page.evaluate(f"location.hash = '#/{'saves' if screen == 'saves' else ''}'")
    expect(page.get_by_test_id("saves" if screen == "saves" else "picker")).to_be_visible()
    assert_unbroken(page, f"{screen}-{code}", "settings" if screen == "settings" else None)


REPLAYS = [("dyad", 4), ("triad", 4), ("dieci", 3)]


def open_replay(page: Page, game: str, players: int) -> int:
    """A finished game of ``game`` planted in storage and replayed from Saved games; returns its length."""
    _open_replay(page, game, players)
    return int(page.get_by_test_id("replay").get_attribute("data-length"))


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("game", "players"), REPLAYS, ids=[f"{g}-{p}" for g, p in REPLAYS])
def test_no_word_is_broken_in_a_replay_at_its_start_middle_and_end(page: Page, game: str, players: int,
                                                                   code: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    length = open_replay(page, game, players)
    language(page, code)
    problems = []
    for position, where in ((0, "start"), (length // 2, "middle"), (length, "end")):
        _step_to(page, position)
        problems += [f"{where}: {p}" for p in broken_words(page, f"replay-{game}{players}-{where}-{code}")]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("game", "players"), REPLAYS, ids=[f"{g}-{p}" for g, p in REPLAYS])
def test_no_word_is_broken_in_a_review(page: Page, game: str, players: int, code: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    open_replay(page, game, players)
    language(page, code)
    page.get_by_test_id("review-open").click()
    expect(page.locator("[data-testid=review][data-phase=done]")).to_be_visible(timeout=JUDGING_MS)
    assert_unbroken(page, f"review-{game}{players}-{code}")


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", ["dyad", "triad", "dieci"])
def test_no_word_is_broken_on_a_rules_page(page: Page, game: str, code: str) -> None:
    language(page, code)
    page.evaluate(f"location.hash = '#/rules/{game}'")
    expect(page.locator(f"article.rules[data-game={game}]")).to_be_visible()
    assert_unbroken(page, f"rules-{game}-{code}")
    for width, height in SIZES:  # and the contents' second column keeps its numbers off the first one's text
        page.set_viewport_size({"width": width, "height": height})
        clearance = page.evaluate(TOC_CLEARANCE)
        assert clearance >= 0, f"{width}x{height}: a contents item runs {-clearance:.0f} px under a number of the next column"


TOC_CLEARANCE = """() => {
  // the room between the first column's text and each number of the second column, on the same line
  // (a list's number stands outside its item, to the left: measured as its text in the item's font)
  const items = [...document.querySelectorAll('.rules-toc ol > li')];
  const first = Math.min(...items.map(li => li.getBoundingClientRect().left));
  const pen = document.createElement('canvas').getContext('2d');
  let least = Infinity;
  items.forEach((li, index) => {
    const box = li.getBoundingClientRect();
    if (box.left <= first + 1) return;
    pen.font = getComputedStyle(li).font;
    const number = box.left - pen.measureText(`${index + 1}. `).width;
    for (const other of items) {
      if (other.getBoundingClientRect().left > first + 1) continue;
      const range = document.createRange();
      range.selectNodeContents(other);
      for (const line of range.getClientRects()) {
        if (line.bottom > box.top && line.top < box.bottom) least = Math.min(least, number - line.right);
      }
    }
  });
  return least;
}"""
"""The least room, in px, between a contents item's text and a number of the column to its right (none: Infinity)."""


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_word_is_broken_in_a_sheet_of_a_replayed_dieci_end(page: Page, code: str) -> None:
    """The first board's first sheet at the end (its scores in detail: "Museu/m: 1 of/ 6" in issue 31)."""
    page.set_viewport_size({"width": 360, "height": 640})
    length = open_replay(page, "dieci", 3)
    language(page, code)
    _step_to(page, length)
    page.locator("[data-testid=replay-board] button.sheet-open").first.click()
    expect(page.locator("[data-testid=replay-board] dialog[open]")).to_have_count(1)
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(SETTLED)
        problems += [f"{width}x{height}: {p}" for p in page.evaluate(BROKEN)]
        page.screenshot(path=SCREENSHOTS / f"words-replay-dieci3-sheet-{code}-{width}x{height}.png")
    assert not problems, "\n".join(problems)
