"""Motion that explains: a won trick goes to its taker, a retrieved card to its hand, Triad pieces drop and lift.

Positions come from saved games (``table_fixtures.py``) on one page booted for the
module.  Nothing here waits for time: a MutationObserver (``WATCH``) logs every
element that starts moving (``web/motion.js`` marks it ``data-moving`` = its kind)
in ``window.motions``; with ``window.freeze`` it also stops each motion half-way,
so a screenshot shows it mid-flight and the person acts while it is under way.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import ROOT, booted_page
from playwright.sync_api import Browser, Page, expect
from test_table_fit import open_case

SCREENSHOTS = ROOT / "e2e" / "screenshots"
SIZES = [(360, 640), (1280, 800)]
TIMEOUT_MS = 60_000

WATCH = """() => {
  window.motions = [];
  window.freeze = false;
  const logged = new WeakSet();
  const started = (el) => {
    if (el.nodeType !== 1 || !el.dataset.moving || logged.has(el)) return;
    logged.add(el);
    window.motions.push({kind: el.dataset.moving, ghost: el.classList.contains('motion-ghost'),
                         inHand: !!el.closest('[data-testid=hand]'),
                         delay: Math.max(0, ...el.getAnimations().map(a => a.effect.getTiming().delay))});
    if (window.freeze) for (const a of el.getAnimations()) {
      const timing = a.effect.getTiming();
      a.pause(); a.currentTime = timing.delay + timing.duration / 2;
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') started(r.target); else r.addedNodes.forEach(started);
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-moving']});
}"""

KINDS = "() => window.motions.map(m => m.kind)"
SETTLED = """() => document.getAnimations().every(
        a => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)
    && !document.querySelector('.motion-ghost, [data-moving]')"""
"""Nothing moves any more (a thinking spinner aside) and no copy is left over the table."""
LET_GO = """() => { window.freeze = false;
    document.getAnimations().filter(a => a.effect.getTiming().iterations !== Infinity).forEach(a => a.finish()); }"""
"""Motions go on again and end at once."""
NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Resolves once the page has drawn twice more: motions start in the frame after a redraw."""
HOLD_SECONDS = 4
"""The computers' pace while a screenshot is taken mid-motion (``pyappTestPace``): their next move waits."""


@pytest.fixture(scope="module")
def motion_page(browser: Browser, base_url: str) -> Iterator[Page]:
    for page in booted_page(browser, base_url, viewport={"width": 360, "height": 640}):
        page.evaluate(WATCH)
        yield page


def fresh_case(page: Page, game: str, players: int, phase: str, *, freeze: bool = False) -> None:
    open_case(page, game, players, phase, {})
    page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)  # the resumed table's own arrivals are over
    page.evaluate(f"() => {{ window.motions = []; window.freeze = {'true' if freeze else 'false'}; }}")


def leads_with_the_trick(motions: list[dict]) -> list[dict]:
    """The cards or pairs played in the drawing where the won trick left (logged just before it)."""
    first = next(i for i, m in enumerate(motions) if m["kind"] == "trick-to-taker")
    plays = []
    for m in reversed(motions[:first]):
        if m["kind"] != "play":
            break
        plays.append(m)
    return plays


def wait_kind(page: Page, kind: str) -> None:
    page.wait_for_function(f"() => window.motions.some(m => m.kind === '{kind}')", timeout=TIMEOUT_MS)


def my_turn(page: Page) -> None:
    expect(page.get_by_test_id("status")).to_have_attribute("data-turn", "you", timeout=TIMEOUT_MS)


def lead_a_pair(page: Page) -> None:
    """Dyad: the person leads the first two cards of the hand (any two cards may lead)."""
    cards = page.locator(".dyad-hand [data-card]")
    cards.nth(0).click()
    cards.nth(1).click()
    page.get_by_test_id("submit-pair").click()


def retrieve_then_lead(page: Page) -> None:
    """Dyad, the person took the trick: retrieve a card, then lead the next trick (or see the round end)."""
    page.locator("[data-take]").first.click()
    wait_kind(page, "retrieve")
    if "trick-to-taker" not in page.evaluate(KINDS):  # the trick stays until the next lead: the person's
        my_turn(page)
        lead_a_pair(page)
    wait_kind(page, "trick-to-taker")


def claim_then_lead(page: Page) -> None:
    """Dieci, the person won the trick: claim (or take the top, or pass), then act until the next lead."""
    for _ in range(6):
        if "trick-to-taker" in page.evaluate(KINDS):
            break
        my_turn(page)
        choice = page.locator("[data-claimable=true], [data-testid=take-top], [data-testid=pass], "
                              ".hand [data-playable=true]").first
        handle = choice.element_handle()
        choice.click()
        handle.wait_for_element_state("hidden", timeout=TIMEOUT_MS)  # the table was drawn again
    wait_kind(page, "trick-to-taker")


def place_a_piece(page: Page) -> None:
    page.locator(".triad-board .cell.legal").first.click()
    wait_kind(page, "drop")


def choose_a_removal(page: Page) -> None:
    if page.get_by_test_id("remove-choice").count() == 0:  # many choices: pick a cell first
        page.locator(".triad-board .cell.removable").first.click()
    page.get_by_test_id("remove-choice").first.click()


def remove_a_triad(page: Page) -> None:
    choose_a_removal(page)
    wait_kind(page, "lift")


def test_dyad_retrieved_card_lands_in_the_hand_and_the_trick_goes_to_its_taker(motion_page: Page) -> None:
    page = motion_page
    fresh_case(page, "dyad", 3, "take")
    retrieve_then_lead(page)
    motions = page.evaluate("() => window.motions")
    retrieve = [m for m in motions if m["kind"] == "retrieve"]
    assert len(retrieve) == 1, motions
    # the person took it: the card itself comes into the hand, unless the round ended with that trick
    assert retrieve[0]["inHand"] or page.get_by_test_id("round-end").count() == 1, motions
    assert [m for m in motions if m["kind"] == "trick-to-taker"] and all(
        m["ghost"] for m in motions if m["kind"] == "trick-to-taker"), motions
    # the next lead sets off once the trick is on its way, not in the same frame
    leads = leads_with_the_trick(motions)
    assert (leads or page.get_by_test_id("round-end").count() == 1) and all(m["delay"] >= 200 for m in leads), motions
    page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)


def test_dyad_whoever_takes_the_trick_gets_the_card_the_person_in_hand_a_computer_at_its_seat(
        motion_page: Page) -> None:
    page = motion_page
    fresh_case(page, "dyad", 2, "turn")
    # the person follows; whoever takes the trick retrieves and the next lead clears it
    for _ in range(8):
        kinds = page.evaluate(KINDS)
        if "retrieve" in kinds and "trick-to-taker" in kinds:
            break
        my_turn(page)
        if page.locator("[data-take]").count():
            page.locator("[data-take]").first.click()
        else:
            play_a_legal_pair(page)
        page.wait_for_function("() => window.motions.length > 0", timeout=TIMEOUT_MS)
    motions = page.evaluate("() => window.motions")
    kinds = [m["kind"] for m in motions]
    assert "retrieve" in kinds and "trick-to-taker" in kinds, kinds
    # a card retrieved by the person lands in the hand itself; one retrieved by a computer is a copy to its seat
    assert all(m["ghost"] != m["inHand"] for m in motions if m["kind"] == "retrieve"), motions
    page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)


def play_a_legal_pair(page: Page) -> None:
    """Dyad: choose pairs of the hand until the page says one may be played, then play it."""
    cards = page.locator(".dyad-hand [data-card]")
    count = cards.count()
    for first in range(count):
        for second in range(first + 1, count):
            clear = page.get_by_test_id("clear-selection")
            if clear.get_attribute("aria-disabled") != "true":  # nothing picked: Clear is disabled
                clear.click()
            cards.nth(first).click()
            cards.nth(second).click()
            if page.get_by_test_id("pair-status").get_attribute("data-ready") == "true":
                page.get_by_test_id("submit-pair").click()
                return
    raise AssertionError("no legal pair in the hand")


def test_dieci_a_won_trick_goes_to_its_taker_at_the_next_lead(motion_page: Page) -> None:
    page = motion_page
    fresh_case(page, "dieci", 3, "claim")
    claim_then_lead(page)
    motions = page.evaluate("() => window.motions")
    assert all(m["ghost"] for m in motions if m["kind"] == "trick-to-taker")
    leads = leads_with_the_trick(motions)
    assert leads and all(m["delay"] >= 200 for m in leads), motions
    assert all(m["delay"] == 0 for m in motions if m["kind"] == "play" and m not in leads), motions
    page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)


def test_triad_pieces_drop_and_removed_triads_lift_off(motion_page: Page) -> None:
    page = motion_page
    fresh_case(page, "triad", 2, "turn")
    place_a_piece(page)
    page.wait_for_function("() => window.motions.filter(m => m.kind === 'drop').length >= 2",
                           timeout=TIMEOUT_MS)  # the computer's placement drops too
    assert "lift" not in page.evaluate(KINDS)
    fresh_case(page, "triad", 2, "phase2")
    remove_a_triad(page)
    lifts = [m for m in page.evaluate("() => window.motions") if m["kind"] == "lift"]
    assert lifts and all(m["ghost"] for m in lifts), lifts
    assert "drop" not in page.evaluate(KINDS)
    page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)


def test_the_person_acts_while_a_card_is_on_its_way(motion_page: Page) -> None:
    page = motion_page
    fresh_case(page, "dyad", 3, "take", freeze=True)
    page.locator("[data-take]").first.click()
    wait_kind(page, "retrieve")
    if page.get_by_test_id("round-end").count():
        pytest.skip("this trick ended the round: no lead follows at once")
    my_turn(page)
    # the retrieved card is held half-way into the hand: the hand's controls answer all the same
    expect(page.locator(".dyad-hand [data-moving=retrieve]")).to_have_count(1)
    lead_a_pair(page)
    expect(page.locator("[data-testid=trick] .dyad-play[data-seat='0']")).to_have_count(1)
    # the redraw took the held motion away with the old table
    expect(page.locator("[data-moving=retrieve]")).to_have_count(0)
    page.evaluate(LET_GO)
    page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)


def still(page: Page, how: str, on: bool) -> None:
    """Reduced motion asked for by the system (emulated) or by the Settings' "animations off", or not."""
    if how == "reduced-motion":
        page.emulate_media(reduced_motion="reduce" if on else "no-preference")
        return
    choice = "reduce" if on else "system"
    page.get_by_test_id("settings-open").click()  # the dialog shows the choice in effect, whatever is stored
    page.get_by_test_id(f"setting-motion-{choice}").check()
    page.get_by_test_id("settings-close").click()
    expect(page.locator("html")).to_have_attribute("data-motion", choice)


def nothing_moved(page: Page) -> None:
    assert page.evaluate("() => window.motions") == []
    assert page.evaluate("() => document.getAnimations().length") == 0
    assert page.locator(".motion-ghost, [data-moving]").count() == 0


@pytest.mark.parametrize("how", ["reduced-motion", "animations-off"])
def test_nothing_moves_under_reduced_motion_or_with_animations_off(motion_page: Page, how: str) -> None:
    page = motion_page
    still(page, how, True)
    try:
        fresh_case(page, "dyad", 3, "take")
        page.locator("[data-take]").first.click()
        my_turn(page)
        if page.get_by_test_id("round-end").count() == 0:
            lead_a_pair(page)  # the finished trick leaves the table
            expect(page.locator("[data-testid=trick] .dyad-play[data-seat='0']")).to_have_count(1)
        page.evaluate(NEXT_FRAMES)  # where a motion would have started
        nothing_moved(page)
        fresh_case(page, "triad", 2, "phase2")
        choose_a_removal(page)
        expect(page.get_by_test_id("last-move")).to_have_attribute("data-kind", "remove", timeout=TIMEOUT_MS)
        page.evaluate(NEXT_FRAMES)
        nothing_moved(page)
    finally:
        still(page, how, False)


FLOWS = {
    "dyad-retrieve": ("dyad", 3, "take", lambda page: (page.locator("[data-take]").first.click(),
                                                       wait_kind(page, "retrieve"))),
    "dyad-trick-to-taker": ("dyad", 3, "take", retrieve_then_lead),
    "dieci-trick-to-taker": ("dieci", 3, "claim", claim_then_lead),
    "triad-drop": ("triad", 2, "turn", place_a_piece),
    "triad-lift": ("triad", 2, "phase2", remove_a_triad),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("flow", list(FLOWS))
def test_screenshots_mid_motion(motion_page: Page, flow: str, size: tuple[int, int]) -> None:
    page = motion_page
    game, players, phase, act = FLOWS[flow]
    fresh_case(page, game, players, phase, freeze=True)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
    page.evaluate(f"() => {{ window.pyappTestPace = {HOLD_SECONDS}; }}")  # no computer redraws the motion away
    try:
        act(page)
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"motion-{flow}-{size[0]}x{size[1]}.png")
    finally:
        page.evaluate("() => { window.pyappTestPace = 0; }")
    page.evaluate(LET_GO)
    page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
    page.set_viewport_size({"width": 360, "height": 640})

