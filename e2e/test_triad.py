"""Triad in a real browser: a whole game against the computer, resume after reload, phone size.

Uses only the hooks documented in e2e/README.md (section Triad).  Never sleeps:
every wait is for a state of the page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from test_table_fit import open_case

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
GAME_TIMEOUT_MS = 60_000
"""One computer turn, including a slow first import of the AI, must finish within this."""

# Ready for the person: a legal or removable cell, a removal choice or the pass button; or the game is over.
READY = """() => {
  const board = document.querySelector('[data-testid=triad-board]');
  if (!board) return false;
  const status = document.querySelector('[data-testid=status]');
  if (status && status.dataset.thinking === 'true') return false;
  return !!document.querySelector('.triad-board .cell.legal, .triad-board .cell.removable, '
    + '[data-testid=remove-choice], [data-testid=pass], [data-testid=end-breakdown]');
}"""


RECORD_CELL = """({cell, had}) => {
  window.__recordedCell = null;
  const observer = new MutationObserver(() => {
    const el = document.querySelector(`[data-cell="${cell}"]`);
    if (!el || Number(el.dataset.height) <= had) return;
    const piece = el.querySelector('.piece');
    window.__recordedCell = {
      height: Number(el.dataset.height),
      label: el.querySelector('.cell-label').textContent,
      glyph: piece && piece.dataset.glyph,
    };
    observer.disconnect();
  });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true});
}"""
"""Records one cell as first drawn once its height has grown past `had` (MutationObserver, so no state is missed)."""


def start_game(page: Page, wait_ready, *, level: str = "easy", first: int = 0, players: int = 2) -> None:
    """A new game from the set-up form: the person at seat 0, computers of ``level`` at the others."""
    page.goto("/#/triad")
    wait_ready(page)
    new = page.get_by_test_id("new-game")
    start = page.get_by_test_id("start")
    expect(new.or_(start).first).to_be_visible(timeout=GAME_TIMEOUT_MS)
    if not start.is_visible():
        new.click()
    page.get_by_test_id("setup-players").select_option(str(players))
    page.get_by_test_id("seat-kind-0").select_option("person")
    for seat in range(1, players):
        page.get_by_test_id(f"seat-kind-{seat}").select_option(level)
    page.locator('[data-option="first"]').select_option(str(first))
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("triad-board")).to_be_visible()


def wait_for_person(page: Page) -> None:
    page.wait_for_function(READY, timeout=GAME_TIMEOUT_MS)


def moves(page: Page) -> int:
    return int(page.get_by_test_id("triad-board").get_attribute("data-moves"))


def play_one(page: Page) -> None:
    """Make the person's move (first legal cell, first removal or pass) and wait until it is taken."""
    before = moves(page)
    legal = page.locator(".triad-board .cell.legal")
    if legal.count():
        legal.first.click()
    elif page.get_by_test_id("pass").count():
        expect(page.get_by_test_id("must-pass")).to_contain_text("no triad to remove")
        page.get_by_test_id("pass").click()
    else:
        # tap a highlighted cell first, then pick among the triads through it
        page.locator(".triad-board .cell.removable").first.click()
        choice = page.get_by_test_id("remove-choice").first
        expect(choice).to_be_focused()
        choice.click()
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=triad-board]').dataset.moves) > n", arg=before,
        timeout=GAME_TIMEOUT_MS,
    )


def always_visible(page: Page) -> None:
    for testid in ("score-a", "score-b", "phase", "pieces-a", "pieces-b", "last-move"):
        expect(page.get_by_test_id(testid)).to_be_visible()


def test_whole_game_against_the_computer_to_the_final_score(page: Page, wait_ready) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    start_game(page, wait_ready)
    expect(page.get_by_test_id("phase")).to_have_attribute("data-phase", "1")
    seen_phase_two = False
    for _ in range(200):
        wait_for_person(page)
        if page.get_by_test_id("end-breakdown").count():
            break
        always_visible(page)
        if page.get_by_test_id("phase").get_attribute("data-phase") == "2":
            if not seen_phase_two:
                SCREENSHOTS.mkdir(exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / "triad-phase2-390.png"), full_page=True)
            seen_phase_two = True
        play_one(page)
    end = page.get_by_test_id("end-breakdown")
    expect(end).to_be_visible()
    expect(page.get_by_test_id("phase")).to_have_attribute("data-phase", "over")
    for side in "ab":
        phase1 = int(page.get_by_test_id(f"final-{side}-phase1").inner_text())
        phase2 = int(page.get_by_test_id(f"final-{side}-phase2").inner_text())
        total = int(page.get_by_test_id(f"final-{side}-total").inner_text())
        assert total == phase1 + phase2
        assert int(page.get_by_test_id(f"score-{side}").inner_text()) == total
    expect(page.get_by_test_id("result")).to_be_visible()
    expect(page.get_by_test_id("rematch")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "triad-end-390.png"), full_page=True)


def test_reload_mid_game_resumes_at_the_same_position(page: Page, wait_ready) -> None:
    start_game(page, wait_ready)
    for _ in range(6):
        wait_for_person(page)
        play_one(page)
    wait_for_person(page)
    board = page.get_by_test_id("triad-board")
    position = board.get_attribute("data-position")
    count = moves(page)
    scores = page.get_by_test_id("score-a").inner_text(), page.get_by_test_id("score-b").inner_text()
    assert count >= 12
    page.reload()
    wait_ready(page)
    page.get_by_test_id("resume").click()
    wait_for_person(page)
    assert page.get_by_test_id("triad-board").get_attribute("data-position") == position
    assert moves(page) == count
    assert (page.get_by_test_id("score-a").inner_text(), page.get_by_test_id("score-b").inner_text()) == scores
    play_one(page)  # and play on
    wait_for_person(page)
    assert moves(page) == count + 2  # the person's move and the computer's reply
    # the reply's cell is marked as just changed (class fresh, animated by CSS); the others are not
    expect(page.locator(".triad-board .cell.last")).to_have_class(re.compile(r"\bfresh\b"))
    assert page.locator(".triad-board .cell.fresh").count() == 1
    # undo goes back to the person's previous turn: before their move and the reply
    page.get_by_test_id("undo").click()
    page.wait_for_function("n => Number(document.querySelector('[data-testid=triad-board]').dataset.moves) === n",
                           arg=count, timeout=GAME_TIMEOUT_MS)
    assert page.get_by_test_id("triad-board").get_attribute("data-position") == position


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_board_fits_and_cells_show_label_height_and_top(page: Page, wait_ready, size) -> None:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    start_game(page, wait_ready, first=1)  # the computer (side B) starts
    wait_for_person(page)
    assert moves(page) == 1
    cells = page.locator(".triad-board [data-cell]")
    assert cells.count() == 64
    box = page.get_by_test_id("triad-board").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # every cell is drawn at its own row and column, the centre block in the middle
    boxes = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.triad-board [data-cell]')]
        .filter(e => e.offsetParent !== null)
        .map(e => { const b = e.getBoundingClientRect(); return [e.dataset.cell, [b.x, b.y, b.width]]; }))""")
    assert len(boxes) == 61  # 60 cells and the centre block
    for key, (x, y, w) in boxes.items():
        r, c = map(int, key.split(","))
        assert abs(x - boxes["0,0"][0] - c * (boxes["0,1"][0] - boxes["0,0"][0])) < 3, key
        assert abs(y - boxes["0,0"][1] - r * (boxes["1,0"][1] - boxes["0,0"][1])) < 3, key
    assert boxes["0,0"][2] >= 36  # a finger-sized cell even at 360-390 px
    # place on a cell by keyboard: focus a cell, move right with the arrow key, press Enter
    page.locator('[data-cell="0,0"]').focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator('[data-cell="0,1"]')).to_be_focused()
    had = int(page.locator('[data-cell="0,1"]').get_attribute("data-height"))
    # The computer may answer on the same cell before a check could look, so record
    # the cell as it is first drawn after the person's move.
    page.evaluate(RECORD_CELL, {"cell": "0,1", "had": had})
    page.keyboard.press("Enter")
    drawn = page.wait_for_function("() => window.__recordedCell", timeout=GAME_TIMEOUT_MS).json_value()
    assert drawn == {"height": had + 1, "label": "3", "glyph": "A"}  # the letter is drawn by CSS
    wait_for_person(page)
    # after the computer's reply the keyboard player's focus is back on the board
    expect(page.locator('[data-cell="0,1"]')).to_be_focused()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"triad-play-{width}.png"), full_page=True)


SIDE_NAMES_CUT = """() => [...document.querySelectorAll('.triad-side .side-name')]
  .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
  .map(e => e.textContent)"""
"""The side names shown only in part (cut at the side or clamped below)."""

BOARD_TOP = "() => document.querySelector('[data-testid=triad-board]').getBoundingClientRect().top"


@pytest.mark.parametrize("size", [(360, 640), (740, 360), (1280, 800)])
def test_four_players_the_board_stays_put_and_every_move_since_the_persons_turn_is_named(
        page: Page, wait_ready, size) -> None:
    """Triad 4 players, one person and three computers: the board's top is the same at each of the
    person's turns, the move text names the three moves made since, and both sides' names show whole."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    start_game(page, wait_ready, players=4)
    tops = []
    for turn in range(4):
        wait_for_person(page)
        tops.append(page.evaluate(BOARD_TOP))
        if turn:  # since the person's last turn, each of the three others has moved once
            expect(page.get_by_test_id("last-move")).to_have_attribute("data-moves", "3")
            expect(page.locator("[data-testid=last-move] .since-move")).to_have_count(3)
        assert page.evaluate(SIDE_NAMES_CUT) == []
        if turn == 2:
            page.screenshot(path=str(SCREENSHOTS / f"triad-4-players-{width}x{height}.png"))
        play_one(page)
    assert tops == [tops[0]] * 4, tops


STACKS = """() => [...document.querySelectorAll('.triad-board .cell[data-height="2"], .triad-board .cell[data-height="3"]')]
  .map(cell => {
    const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const column = cell.querySelector('[data-testid=stack-column]');
    const label = cell.querySelector('.cell-label');
    return {cell: cell.dataset.cell, stack: cell.dataset.stack, name: cell.getAttribute('aria-label'),
            cellBox: box(cell), labelBox: box(label), pieceBox: box(cell.querySelector('.piece')),
            labelFont: parseFloat(getComputedStyle(label).fontSize),
            column: column && box(column),
            marks: column ? [...column.children].map(m => ({side: m.classList.contains('pip-a') ? 'a' : 'b',
                                                            box: box(m)})) : [],
            // any other text drawn in the cell (a number printed beside the label, as the height was)
            texts: [...cell.querySelectorAll('*')].filter(e => e !== label && !e.classList.contains('coord'))
              .map(e => getComputedStyle(e, '::after').content + getComputedStyle(e, '::before').content + e.textContent)
              .filter(text => /\\d/.test(text))};
  })"""
"""Each stack of two or three on the board: its boxes (cell, 3/6 label, top piece, composition column and marks)."""


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("size", [(360, 640), (740, 360), (1280, 800)])
def test_a_stack_shows_its_height_and_pieces_apart_from_the_label_and_says_them(page: Page, wait_ready, size) -> None:
    """A stack's composition is a column of its pieces' shapes (each at least 10 px), bottom to top, in
    the cell's other corner from its 3/6 label, with no second number; its name says height and owners."""
    width, height = size
    page.emulate_media(reduced_motion="reduce")  # measured at rest, not while a piece arrives
    page.goto("/")
    wait_ready(page)
    open_case(page, "triad", 4, "stacks", {})
    page.set_viewport_size({"width": width, "height": height})
    wait_for_person(page)
    stacks = page.evaluate(STACKS)
    assert len(stacks) >= 6
    for stack in stacks:
        where = f"{stack['cell']} ({stack['stack']}) at {width}x{height}"
        assert stack["column"], f"{where}: no composition column"
        assert [m["side"] for m in stack["marks"]] == list(reversed(stack["stack"])), where  # top first
        for mark in stack["marks"]:
            x0, y0, x1, y1 = mark["box"]
            assert x1 - x0 >= 9.9 and y1 - y0 >= 9.9, f"{where}: a mark of {x1 - x0:.1f}x{y1 - y0:.1f} px"
        column, cell = stack["column"], stack["cellBox"]
        assert cell[0] - 0.5 <= column[0] and column[2] <= cell[2] + 0.5 and cell[1] - 0.5 <= column[1] \
            and column[3] <= cell[3] + 0.5, f"{where}: the column leaves its cell"
        assert not overlaps(column, stack["labelBox"]), f"{where}: the column runs into the label"
        assert not overlaps(column, stack["pieceBox"]), f"{where}: the column covers the top piece"
        assert column[3] - column[1] >= 2 * 9.9, where  # taller than the label's line: it is not a second label
        assert stack["texts"] == [], f"{where}: a number beside the label: {stack['texts']}"
        yours = stack["stack"].count("a")  # the person at seat 0 plays side A
        parts = ", ".join(part for part in (f"{yours} yours" if yours else "",
                                            f"{len(stack['stack']) - yours} theirs" if yours < len(stack["stack"]) else "")
                          if part)
        assert f"stack of {len(stack['stack'])}: {parts}; bottom to top {' '.join(stack['stack'].upper())}" \
            in stack["name"], stack["name"]
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"triad-stacks-{width}x{height}.png"))
