"""Computer actions one at a time at the chosen pace; a tap skips the pauses and plays nothing.

These contexts are made with ``paced=True`` (``conftest.py``): the setting
decides the pace, not the suite's zero-pace hook.  Nothing here sleeps: an
init script records when each pair first appears in the trick
(``window.seenPlays``: ``[key, performance.now()]``) and the most animations
running at such a moment (``window.mostAnimations``) and how many pairs arrived
travelling from their seat (``window.travelled``), and the tests read that.
"""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Page, expect

import hooks
from pyapp.i18n import catalog
from table_fixtures import make
from test_dyad import open_dyad

SCREENSHOTS = Path(__file__).parent / "screenshots"

NORMAL_SECONDS = 0.7
"""``PACE_SECONDS["normal"]`` of ``pyapp/ui/shell/settings.py``."""
PLAYS = 4
TIMEOUT_MS = 120_000

RECORD_PLAYS = """
window.seenPlays = [];
window.mostAnimations = 0;
window.travelled = 0;
const seen = new Set();
new MutationObserver(() => {
  for (const play of document.querySelectorAll('[data-testid=trick] .dyad-play')) {
    const key = play.dataset.seat + '|' + play.dataset.pair;
    if (!seen.has(key)) {
      seen.add(key);
      window.seenPlays.push([key, performance.now()]);
      window.mostAnimations = Math.max(window.mostAnimations, document.getAnimations().length);
      // the page starts the journey in the next frame, before this callback
      requestAnimationFrame(() => { if (play.getAnimations().length) window.travelled += 1; });
    }
  }
}).observe(document, {subtree: true, childList: true});
"""


def computers_only(page: Page, wait_ready) -> None:
    """A four-player Dyad game of computers only (seat 0 too), started from the set-up form."""
    open_dyad(page, wait_ready)
    page.get_by_test_id("setup-players").select_option("4")
    for seat in range(4):
        page.get_by_test_id(f"seat-kind-{seat}").select_option("easy")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("dyad-table")).to_be_visible()


def paced_page(browser, base_url: str, **options) -> Page:
    context = browser.new_context(base_url=base_url, viewport={"width": 360, "height": 640}, paced=True, **options)
    page = context.new_page()
    page.add_init_script(RECORD_PLAYS)
    return page


def test_each_computer_play_appears_alone_at_least_the_pace_apart(browser, base_url, wait_ready) -> None:
    page = paced_page(browser, base_url)
    computers_only(page, wait_ready)
    page.wait_for_function(f"() => window.seenPlays.length >= {PLAYS}", timeout=TIMEOUT_MS)
    times = [at for _, at in page.evaluate("() => window.seenPlays")[:PLAYS]]
    gaps = [(later - earlier) / 1000 for earlier, later in zip(times, times[1:])]
    assert all(gap >= NORMAL_SECONDS - 0.02 for gap in gaps), gaps
    page.wait_for_function(f"() => window.travelled >= {PLAYS}", timeout=TIMEOUT_MS)  # each pair moves in from its seat
    page.context.close()


def test_a_tap_skips_the_pauses_and_plays_nothing(browser, base_url, wait_ready) -> None:
    page = paced_page(browser, base_url)
    computers_only(page, wait_ready)
    page.wait_for_function("() => window.seenPlays.length >= 1", timeout=TIMEOUT_MS)
    expect(page.locator("body .table-body[data-skipping]")).to_have_count(0)
    # the tap lands on the status line (no control) and changes nothing on the table by itself
    before, after = page.evaluate("""() => {
        const count = () => document.querySelectorAll('[data-testid=trick] .dyad-play').length;
        const n = count();
        document.querySelector('[data-testid=status] .status-text').click();
        return [n, count()];
    }""")
    assert before == after
    expect(page.locator(".table-body[data-skipping=true]")).to_have_count(1)
    start = len(page.evaluate("() => window.seenPlays"))
    page.wait_for_function(f"() => window.seenPlays.length >= {start + PLAYS}", timeout=TIMEOUT_MS)
    times = [at for _, at in page.evaluate("() => window.seenPlays")[start - 1:start + PLAYS]]
    gaps = [(later - earlier) / 1000 for earlier, later in zip(times, times[1:])]
    assert min(gaps) < NORMAL_SECONDS, gaps  # no pause any more: only the thinking
    page.context.close()


def test_a_tap_on_a_control_does_not_skip(browser, base_url, wait_ready) -> None:
    page = paced_page(browser, base_url)
    computers_only(page, wait_ready)
    page.wait_for_function("() => window.seenPlays.length >= 1", timeout=TIMEOUT_MS)
    page.get_by_test_id("score-sheet-open").click()
    page.get_by_test_id("score-sheet-close").click()
    expect(page.locator(".table-body[data-skipping]")).to_have_count(0)
    page.context.close()


def test_reduced_motion_leaves_no_running_animation(browser, base_url, wait_ready) -> None:
    page = paced_page(browser, base_url, reduced_motion="reduce")
    computers_only(page, wait_ready)
    page.wait_for_function(f"() => window.seenPlays.length >= {PLAYS}", timeout=TIMEOUT_MS)
    assert page.evaluate("() => window.mostAnimations") == 0
    assert page.evaluate("() => window.travelled") == 0
    assert page.evaluate("() => document.getAnimations().length") == 0
    page.context.close()


def test_the_round_summary_stays_until_the_person_dismisses_it(browser, base_url, wait_ready) -> None:
    # at rest (reduced motion) for the screenshot; the suite's zero pace: only the summary holds the computer
    page = browser.new_context(base_url=base_url, viewport={"width": 360, "height": 640},
                               reduced_motion="reduce").new_page()
    page.goto("/")
    wait_ready(page)
    page.evaluate("""items => { localStorage.clear();
                                for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""",
                  make("dyad", 3, "roundwait"))
    page.evaluate("() => { location.hash = '#/dyad'; }")
    page.get_by_test_id("resume").click()
    # zero pace: the computer has chosen its lead and still waits for the person
    expect(page.locator(".table-body[data-waiting=summary]")).to_have_count(1, timeout=TIMEOUT_MS)
    expect(page.get_by_test_id("round-end")).to_be_visible()
    assert page.locator("[data-testid=trick] .dyad-play").count() == 0
    dismiss = page.get_by_test_id("round-end-dismiss")
    box = dismiss.bounding_box()
    assert box and box["height"] >= 44 and box["y"] + box["height"] <= 640 and box["x"] + box["width"] <= 360, box
    assert dismiss.evaluate("""el => { const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el; }""")
    status = page.get_by_test_id("status")  # says who waits for whom, not that the computer is thinking
    expect(status).to_have_attribute("data-waiting", "summary")
    expect(status).to_have_text(catalog("en")["table.waiting.summary"])
    page.screenshot(path=str(SCREENSHOTS / "pacing-round-summary-360x640.png"))
    page.get_by_test_id("language").select_option("ko")
    expect(status).to_have_text(catalog("ko")["table.waiting.summary"])
    page.get_by_test_id("language").select_option("en")
    dismiss.click()
    expect(page.locator("[data-testid=trick] .dyad-play").first).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_test_id("round-end-dismiss")).to_have_count(0)
    expect(status).not_to_have_attribute("data-waiting", "summary")
    page.context.close()


SAVED = "() => localStorage.getItem('pyapp.save.' + localStorage.getItem('pyapp.current'))"


def test_rules_over_the_table_hold_the_computers_and_give_back_the_table(browser, base_url, wait_ready) -> None:
    page = paced_page(browser, base_url)
    computers_only(page, wait_ready)
    page.wait_for_function("() => window.seenPlays.length >= 1", timeout=TIMEOUT_MS)
    scroll = page.evaluate("() => window.scrollY")
    # the save as the Rules open: no computer move may be played after this
    saved = page.evaluate(f"""() => {{ const saved = ({SAVED})();
        document.querySelector('[data-testid=rules-open]').click(); return saved; }}""")
    sheet = page.get_by_test_id("rules-sheet")
    expect(sheet).to_be_visible()
    expect(sheet.get_by_test_id("rules")).to_be_visible()
    expect(page.locator(".table-body[data-waiting=held]")).to_have_count(1, timeout=TIMEOUT_MS)
    status = page.get_by_test_id("status")  # paused, not thinking
    expect(status).to_have_attribute("data-waiting", "held")
    expect(status).to_have_text(catalog("en")["table.waiting.held"])
    page.screenshot(path=str(SCREENSHOTS / "pacing-rules-360x640.png"))
    before_close = page.evaluate(f"""() => {{ const saved = ({SAVED})();
        document.querySelector('[data-testid=rules-sheet-close]').click(); return saved; }}""")
    assert before_close == saved  # the search finished meanwhile, but nothing was played
    expect(sheet).to_be_hidden()
    expect(status).not_to_have_attribute("data-waiting", "held")
    expect(page.get_by_test_id("rules-open")).to_be_focused()
    assert page.evaluate("() => window.scrollY") == scroll
    page.wait_for_function(f"saved => ({SAVED})() !== saved", arg=saved, timeout=TIMEOUT_MS)  # play goes on
    page.context.close()


RECORD_PAUSES = """
window.pauses = [];
let yours = false;
new MutationObserver(records => {
  for (const r of records)
    if (r.type === 'attributes' && r.attributeName === 'data-pause') window.pauses.push(Number(r.target.dataset.pause));
  const status = document.querySelector('[data-testid=status]');
  const now = !!status && status.dataset.turn === 'you';
  if (now && !yours) window.pauses.push('you');
  yours = now;
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-pause', 'data-turn']});
"""
"""Each pause the computers' task schedules (the table body's ``data-pause``, seconds) and, as ``'you'``, each time
the person's decision starts: read from the page's own schedule, not from a clock."""


def test_dieci_8_passes_are_shown_together_at_the_normal_pace(browser, base_url) -> None:
    """Issue 31: seven computers passing the offer one by one at the pace made ~10 s between two of the person's plays.

    Between two of the person's decisions the pauses add up to at most 2 s at the normal pace, a claim's own
    (the whole pace: the only pauses that long with 8 players) apart.
    """
    from play_through import Player, seats, set_up  # noqa: PLC0415

    context = browser.new_context(base_url=base_url, viewport={"width": 360, "height": 640}, paced=True)
    page = context.new_page()
    page.add_init_script(RECORD_PAUSES)
    page.goto("/")
    page.wait_for_selector(hooks.READY, state="attached", timeout=TIMEOUT_MS)
    set_up(page, "dieci", seats(8), {}, 3108)
    player = Player(page, "dieci-8-paced", random.Random(3108))
    for _ in range(12):
        assert player.step()
    marks = page.evaluate("() => window.pauses")
    stretches, current = [], []
    for mark in marks:
        if mark == "you":
            stretches.append(current)
            current = []
        else:
            current.append(mark)
    # from the person's first decision on; the whole pace follows a claim only (a card waits its share, 0.25 s):
    # with more than the trick winner's claim the offers may end before the person's, so two stretches make one
    stretches = [s for s in stretches[1:] if s and sum(p >= NORMAL_SECONDS - 1e-6 for p in s) <= 1]
    assert len(stretches) >= 2, repr(marks)
    for stretch in stretches:
        shared = [p for p in stretch if p < NORMAL_SECONDS - 1e-6]
        assert shared and sum(shared) <= 2.0 + 1e-6, repr(marks)
    context.close()
