"""The Hint on the table (issue 23): the suggested move shown on the table with its sentence.

Positions are planted from CPython (``table_fixtures.py``) on one page booted for
the module.  The hint's budget is made small with ``window.pyappTestHintMs``
(milliseconds; the e2e hook beside ``pyappTestPace``).  While a hint is found a
Chromium trace is recorded, and no main-thread task may use more than 100 ms of
CPU (the method of ``test_responsiveness.py``).  Screenshots of a hint in each
game at 360x640 and 1280x800 land in ``e2e/screenshots/hint-*.png``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import tracing
from conftest import ROOT, booted_page
from playwright.sync_api import Browser, Page, expect
from table_fixtures import make

from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.records import decode_record
from pyapp.storage.store import CURRENT_KEY, PREFIX

SCREENSHOTS = ROOT / "e2e" / "screenshots"
HINT_MS = 400
LIMIT_MS = 100
HINT_TIMEOUT_MS = 90_000
CASES = [("dyad", 3, "turn"), ("triad", 2, "phase2"), ("dieci", 3, "turn")]
SIZES = [(360, 640), (1280, 800)]

STORED = """() => {
  const id = localStorage.getItem('pyapp.current');
  return id && localStorage.getItem('pyapp.save.' + id);
}"""

IN_VIEW = """() => [...document.querySelectorAll('.table-body .hinted')].map(el => {
  const r = el.getBoundingClientRect();
  // a hand card is seen by its left part (the next card overlaps the rest)
  const x = el.matches('.hand .card') ? r.left + 8 : r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {inside: r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5,
          hit: !!hit && el.contains(hit), dashed: getComputedStyle(el.matches('.hand .card') ?
            el.querySelector('.face') : el).outlineStyle};
})"""

FITS = "() => document.scrollingElement.scrollHeight <= innerHeight + 1 && document.scrollingElement.scrollWidth <= innerWidth + 1"


@pytest.fixture(scope="module")
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    # at rest under reduced motion: what is hit-tested is where it stays
    yield from booted_page(browser, base_url, viewport={"width": 360, "height": 640}, reduced_motion="reduce")


def with_choice(game: str, players: int, phase: str, choices: int = 3, **options: bool) -> dict[str, str]:
    """A fixture of ``phase`` where the person has ``choices`` moves or more (a hint worth asking)."""
    for seed in range(1, 40):
        items = make(game, players, phase, seed=seed, **options)
        _, state = decode_record(items[PREFIX + items[CURRENT_KEY]])
        if len(state.legal_actions()) >= choices:
            return items
    raise LookupError(f"no {game} {phase} with a choice")


def plant(page: Page, items: dict[str, str], game: str) -> None:
    """Store ``items`` and open ``game``'s screen on its game in play, with a small hint budget."""
    page.evaluate("""([items, ms]) => { localStorage.clear(); location.hash = '#/'; window.pyappTestHintMs = ms;
                                       for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""",
                  [items, HINT_MS])
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate(f"location.hash = '#/{game}'")
    page.get_by_test_id("resume").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-turn", "you")


def stored(page: Page) -> dict:
    return json.loads(page.evaluate(STORED))


def ask(page: Page, trace: Path | None = None) -> list[tracing.Task]:
    """Press Hint and wait for it on the table; with ``trace``, the main thread's tasks meanwhile."""
    button = page.get_by_test_id("hint")
    expect(button).to_be_enabled()
    if trace is not None:
        page.context.browser.start_tracing(page=page, path=str(trace), categories=tracing.CATEGORIES)
    # pressed twice in one go: the second press comes while the first hint thinks, and does nothing
    # (one hint is counted below)
    button.evaluate("el => { el.click(); el.click(); }")
    expect(button).to_have_attribute("data-state", "shown", timeout=HINT_TIMEOUT_MS)
    if trace is None:
        return []
    page.context.browser.stop_tracing()
    return tracing.main_thread_tasks(trace)


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_hint_shows_the_move_on_the_table_with_its_sentence(page: Page, case: tuple, width: int, height: int,
                                                             tmp_path: Path) -> None:
    game, players, phase = case
    items = with_choice(game, players, phase)
    page.set_viewport_size({"width": width, "height": height})
    plant(page, items, game)
    before = stored(page)
    assert before["hints"] == {"allowed": True, "used": 0}
    tasks = ask(page, tmp_path / "trace.json" if width == 360 else None)
    if tasks:
        worst = max(tasks, key=lambda task: task.cpu_ms)
        print(f"{game}: {len(tasks)} tasks during the hint, worst {worst.cpu_ms:.0f} ms CPU ({worst.wall_ms:.0f} ms wall)")
        assert worst.cpu_ms <= LIMIT_MS, f"a main-thread task used {worst.cpu_ms:.0f} ms of CPU during the hint"
    text = page.get_by_test_id("hint-text")
    expect(text).to_be_visible()
    sentence = text.inner_text()
    assert sentence.startswith("Suggested: ")
    best, compared = text.get_attribute("data-best"), text.get_attribute("data-compared")
    assert text.get_attribute("data-compared-with") == "normal"  # nothing was selected
    if best == compared:
        assert "Normal would play it too." in sentence
    elif text.get_attribute("data-about-equal") == "true":
        assert "About as good as Normal's move" in sentence
    else:
        assert " points (± " in sentence and "better than Normal's move" in sentence
    # the suggestion is one of the person's moves (their own cards, a cell): nothing of another seat
    _, state = decode_record(page.evaluate(STORED))
    assert best in {str(a) for a in state.legal_actions()} and compared in {str(a) for a in state.legal_actions()}
    marks = page.evaluate(IN_VIEW)
    assert marks and all(m["inside"] and m["hit"] and m["dashed"] == "dashed" for m in marks), marks
    assert page.evaluate(FITS), "the hint made the table taller than the screen"
    expect(page.get_by_test_id("announce")).to_contain_text("Hint: Suggested: ")
    said = page.get_by_test_id("announce").inner_text()
    assert not set(said) & set("♠♥♦♣●▲■◆★"), said  # cards are said in words ("5 of clubs"), not symbols
    assert stored(page)["hints"] == {"allowed": True, "used": 1}  # counted once, and saved
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"hint-{game}-{width}x{height}.png")
    page.get_by_test_id("hint").click()  # once shown: the whole hint in a dialog (a phone shows two lines)
    detail = page.get_by_test_id("hint-detail")
    expect(detail).to_be_visible()
    assert " ".join(detail.locator("p").all_inner_texts()) == sentence
    page.get_by_test_id("hint-detail-close").click()
    expect(detail).to_be_hidden()
    expect(page.get_by_test_id("hint")).to_be_focused()
    assert stored(page)["hints"]["used"] == 1  # reading it again is not another hint


def test_with_one_legal_move_the_hint_names_it_at_once_and_is_not_counted(page: Page) -> None:
    for seed in range(1, 40):  # a Dieci trick the person must follow with their one card of the suit led
        items = make("dieci", 3, "turn", seed=seed)
        _, state = decode_record(items[PREFIX + items[CURRENT_KEY]])
        if len(state.legal_actions()) == 1:
            break
    else:
        raise LookupError("no forced follow")
    (only,) = state.legal_actions()
    page.set_viewport_size({"width": 360, "height": 640})
    plant(page, items, "dieci")
    ask(page)
    text = page.get_by_test_id("hint-text")
    expect(text).to_have_attribute("data-compared-with", "only")
    assert text.get_attribute("data-best") == str(only)
    assert text.inner_text().startswith("The only legal move: ") and "Normal" not in text.inner_text()
    expect(page.locator(f'.table-body .hinted[data-card="{only.card}"]')).to_have_count(1)
    expect(page.get_by_test_id("announce")).to_contain_text("Hint: The only legal move: ")
    assert stored(page)["hints"]["used"] == 0  # naming the one legal move is not counted as help
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "hint-only-move-360x640.png")
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(text).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "hint-only-move-1280x800.png")


TIGHT = [("dyad", 2, "take", {}), ("dyad", 4, "turn", {"teams": True}), ("triad", 4, "phase2", {}),
         ("dieci", 5, "claim", {}), ("dieci", 8, "offer", {}), ("dieci", 8, "turn", {})]
"""The tables with the least room to spare at 360x640."""


@pytest.mark.parametrize("case", TIGHT, ids=["-".join([c[0], str(c[1]), c[2], *c[3]]) for c in TIGHT])
def test_a_hint_keeps_the_fullest_tables_on_one_phone_screen(page: Page, case: tuple) -> None:
    game, players, phase, options = case
    page.set_viewport_size({"width": 360, "height": 640})
    plant(page, with_choice(game, players, phase, 2, **options), game)
    ask(page)
    marks = page.evaluate(IN_VIEW)
    assert marks and all(m["inside"] and m["hit"] for m in marks), marks
    assert page.evaluate(FITS), "the hint made the table taller than the screen"


def test_the_hint_compares_with_the_selected_pair_and_goes_when_the_person_moves(page: Page) -> None:
    items = with_choice("dyad", 2, "turn")
    page.set_viewport_size({"width": 360, "height": 640})
    plant(page, items, "dyad")
    _, state = decode_record(page.evaluate(STORED))
    pair = str(state.legal_actions()[-1])
    for card in pair.split("+"):
        page.locator(f'[data-testid=hand] [data-card="{card}"]').click()
    expect(page.get_by_test_id("pair-status")).to_have_attribute("data-ready", "true")
    ask(page)
    text = page.get_by_test_id("hint-text")
    assert text.get_attribute("data-compared-with") == "selected" and text.get_attribute("data-compared") == pair
    assert "your selected move" in text.inner_text() or "It is your selected move." in text.inner_text()
    expect(page.locator('[data-testid=hand] [aria-pressed="true"]')).to_have_count(2)  # the selection stays
    best = text.get_attribute("data-best")
    page.get_by_test_id("clear-selection").click()
    page.get_by_test_id("hint").click()  # nothing new selected: the same hint, whole, in its dialog
    expect(page.get_by_test_id("hint-detail")).to_be_visible()
    page.get_by_test_id("hint-detail-close").click()
    other = next(str(a) for a in state.legal_actions() if str(a) != pair)
    for card in other.split("+"):  # another pair selected: Hint compares with that one
        page.locator(f'[data-testid=hand] [data-card="{card}"]').click()
    ask(page)
    expect(page.get_by_test_id("hint-text")).to_have_attribute("data-compared", other, timeout=HINT_TIMEOUT_MS)
    assert stored(page)["hints"]["used"] == 2
    page.get_by_test_id("clear-selection").click()
    for card in best.split("+"):
        page.locator(f'[data-testid=hand] [data-card="{card}"]').click()
    page.get_by_test_id("submit-pair").click()
    expect(page.locator(".hinted")).to_have_count(0)
    expect(page.get_by_test_id("hint-text")).to_have_count(0)
    assert best in stored(page)["game"]["actions"][len(state.history):]


def test_a_move_or_leaving_stops_a_hint_being_found(page: Page) -> None:
    items = make("triad", 2, "turn")
    page.set_viewport_size({"width": 360, "height": 640})
    plant(page, items, "triad")
    # from an empty board the judge plays 64 worlds of ten whole games: seconds of work, interrupted below
    page.evaluate("window.pyappTestHintMs = 5000")
    page.get_by_test_id("hint").click()
    expect(page.get_by_test_id("hint")).to_have_attribute("data-state", "thinking")
    page.locator(".triad-board .cell.legal").first.click()  # a move made while the hint thinks
    expect(page.get_by_test_id("status")).to_have_attribute("data-turn", "you", timeout=HINT_TIMEOUT_MS)
    expect(page.get_by_test_id("hint")).to_have_attribute("data-state", "idle")
    expect(page.get_by_test_id("hint-text")).to_have_count(0)
    page.get_by_test_id("hint").click()
    expect(page.get_by_test_id("hint")).to_have_attribute("data-state", "thinking")
    page.evaluate("location.hash = '#/'")  # leaving the screen
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate("location.hash = '#/triad'")
    page.get_by_test_id("resume").click()
    expect(page.get_by_test_id("hint")).to_have_attribute("data-state", "idle")
    assert stored(page)["hints"]["used"] == 0


def test_pass_and_play_offers_hints_only_when_the_set_up_allows_them(page: Page) -> None:
    page.evaluate("localStorage.clear(); location.hash = '#/'")
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate("location.hash = '#/triad'")
    allow = page.get_by_test_id("setup-hints")
    expect(allow).to_be_hidden()  # one person against a computer: hints are always allowed
    page.get_by_test_id("seat-kind-1").select_option("person")
    expect(allow).to_be_visible()
    expect(allow).not_to_be_checked()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-turn", "you")
    expect(page.get_by_test_id("rules-open")).to_be_visible()
    expect(page.get_by_test_id("hint")).to_have_count(0)
    assert stored(page)["hints"] == {"allowed": False, "used": 0}
    page.evaluate("location.hash = '#/'")  # continued later, it still offers none
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate("location.hash = '#/triad'")
    page.get_by_test_id("resume").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-turn", "you")
    expect(page.get_by_test_id("hint")).to_have_count(0)
    page.evaluate("localStorage.clear(); location.hash = '#/'")
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate("location.hash = '#/triad'")
    page.get_by_test_id("seat-kind-1").select_option("person")
    page.get_by_test_id("setup-hints").check()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("hint")).to_be_enabled()
    assert stored(page)["hints"] == {"allowed": True, "used": 0}


def _finished_with_hints() -> dict[str, str]:
    """A finished Triad game against a computer in which two hints were used, counted as the page counts it."""
    store = SaveStore(MemoryBackend(), clock=lambda: 1_764_500_000.0)
    session = Session.start("triad", [Seat("Ada"), Seat("Bot", "easy")], seed=3, store=store, name="helped")
    session.hint_used()
    session.hint_used()
    while not session.state.is_terminal():
        session.apply(session.to_act(), session.state.legal_actions()[0])
    items = dict(store.backend.items)
    items.pop(CURRENT_KEY, None)
    assert PREFIX + session.record_id in items
    return items


def test_saved_games_and_statistics_show_a_game_with_hints_apart(page: Page) -> None:
    items = _finished_with_hints()
    page.evaluate("""items => { localStorage.clear(); location.hash = '#/';
                                for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""", items)
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate("location.hash = '#/saves'")
    expect(page.get_by_test_id("save-hints")).to_have_text("Hints used: 2")
    row = page.locator('[data-testid=stats-row][data-game=triad][data-level=easy]')
    expect(row).to_have_count(1)
    expect(row).to_have_attribute("data-hints", "true")
    expect(row).to_contain_text("Easy, with hints")
