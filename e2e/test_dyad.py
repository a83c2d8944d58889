"""Dyad in a real browser: a whole 3-player game, resume after reload, a Teams pass.

Uses only the hooks documented in e2e/README.md (section Dyad).  Never sleeps:
every wait is for a state of the page.  The computers play Easy so that a
whole game takes about a minute.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from pyapp.games.dyad.rules import SUIT_SYMBOLS

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
TURN_TIMEOUT_MS = 60_000
"""Computer turns, including a slow first import of the AI, must finish within this."""

# The person may act (a card, a Cipher or a retrieval button is live) or the game is over.
READY = """() => {
  const table = document.querySelector('[data-testid=dyad-table]');
  if (!table) return false;
  if (document.querySelector('[data-testid=round-end-dismiss]')) return true;  // the computers wait for it
  const status = document.querySelector('[data-testid=status]');
  if (status && status.dataset.thinking === 'true') return false;
  return !!document.querySelector(
    '[data-testid=hand] [data-card]:not([disabled]), [data-testid=cipher-yes], [data-take], [data-testid=dyad-end]');
}"""

# Try pairs of hand cards through the page's own selection until one is accepted (and, when
# asked, one is refused).  Leaves nothing selected.
FIND_PAIR = """async (wantRefused) => {
  const cards = [...document.querySelectorAll('[data-testid=hand] [data-card]')];
  const status = document.querySelector('[data-testid=pair-status]');
  const clear = document.querySelector('[data-testid=clear-selection]');
  let legal = null, illegal = null;
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      cards[i].click(); cards[j].click();
      await pyappWorkerPage.settled();  // the worker has heard the taps and the page drawn the status
      const pair = [cards[i].dataset.card, cards[j].dataset.card];
      if (status.dataset.ready === 'true') { legal = legal || pair; }
      else { illegal = illegal || pair; }
      clear.click();
      await pyappWorkerPage.settled();
      if (legal && (illegal || !wantRefused)) return {legal, illegal};
    }
  }
  return {legal, illegal};
}"""


def open_dyad(page: Page, wait_ready) -> None:
    page.goto("/#/dyad")
    wait_ready(page)
    new = page.get_by_test_id("new-game")
    start = page.get_by_test_id("start")
    expect(new.or_(start).first).to_be_visible(timeout=TURN_TIMEOUT_MS)
    if not start.is_visible():
        new.click()


DEAL = 7
"""Deal number of the whole-game test (the person must follow a matched lead in it)."""


def start_game(page: Page, wait_ready, *, players: int, options: dict[str, bool], level: str = "easy",
               seed: int | None = None) -> None:
    open_dyad(page, wait_ready)
    page.get_by_test_id("setup-players").select_option(str(players))
    page.get_by_test_id("seat-kind-0").select_option("person")
    for seat in range(1, players):
        page.get_by_test_id(f"seat-kind-{seat}").select_option(level)
    for name, on in options.items():
        box = page.locator(f'[data-option="{name}"]')
        if on:
            box.check()
        else:
            box.uncheck()
    if seed is not None:
        page.locator(".setup-deal summary").click()
        page.get_by_test_id("setup-seed").fill(str(seed))
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("dyad-table")).to_be_visible()


def wait_for_person(page: Page) -> None:
    page.wait_for_function(READY, timeout=TURN_TIMEOUT_MS)


def hand(page: Page) -> list[str]:
    return page.locator("[data-testid=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


class Person:
    """Plays seat 0 through the page; checks the follow-rule message once."""

    def __init__(self, page: Page, cipher_first: bool = False) -> None:
        self.page = page
        self.cipher_first = cipher_first
        self.checked_refusal = False
        self.ciphered = False

    def act(self) -> bool:
        """One action; False once the game is over."""
        page = self.page
        wait_for_person(page)
        if page.get_by_test_id("dyad-end").count():
            return False
        clicked = None
        if page.get_by_test_id("round-end-dismiss").count():
            clicked = page.get_by_test_id("round-end-dismiss")
        elif page.get_by_test_id("cipher-yes").count():
            if self.cipher_first and not self.ciphered:
                self.ciphered = True
                clicked = page.get_by_test_id("cipher-yes")
            else:
                clicked = page.get_by_test_id("cipher-no")
        elif page.locator("[data-take]").count():
            clicked = page.locator("[data-take]").first
        else:
            found = page.evaluate(FIND_PAIR, not self.checked_refusal)
            if found["illegal"] and not self.checked_refusal and page.get_by_test_id("submit-pair").count():
                self.check_refusal(found["illegal"])
            for card in found["legal"]:
                page.locator(f'[data-testid=hand] [data-card="{card}"]').click()
            status = page.get_by_test_id("pair-status")
            if page.get_by_test_id("submit-pair").count():
                expect(status).to_contain_text("This pair counts")
                clicked = page.get_by_test_id("submit-pair")
            else:
                clicked = page.get_by_test_id("submit-pass")
            expect(clicked).to_be_enabled()
        handle = clicked.element_handle()
        clicked.click()
        handle.wait_for_element_state("hidden", timeout=TURN_TIMEOUT_MS)  # the table was redrawn
        return True

    def check_refusal(self, pair: list[str]) -> None:
        """A pair breaking the follow rule cannot be submitted and the page says why."""
        page = self.page
        for card in pair:
            page.locator(f'[data-testid=hand] [data-card="{card}"]').click()
        expect(page.get_by_test_id("pair-problem")).to_contain_text("Follow rule")
        expect(page.get_by_test_id("submit-pair")).to_be_disabled()
        page.get_by_test_id("clear-selection").click()
        self.checked_refusal = True


def test_whole_three_player_game_with_cipher_and_twos(page: Page, wait_ready) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    # a fixed deal in which the person meets the follow rule, so its refusal is always checked
    start_game(page, wait_ready, players=3, options={"cipher": True, "twos": True}, seed=DEAL)
    person = Person(page, cipher_first=True)
    shot_taken = False
    actions = 0
    while person.act():
        actions += 1
        if not shot_taken and page.locator(".dyad-play").count() >= 2:
            wait_for_person(page)
            if not page.get_by_test_id("dyad-end").count():
                SCREENSHOTS.mkdir(exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / "dyad-play-390.png"), full_page=True)
                shot_taken = True
        assert actions < 400, "the game should have ended"
    end = page.get_by_test_id("dyad-end")
    expect(end).to_be_visible()
    assert end.get_attribute("data-winners")
    assert end.get_attribute("data-tiebreak") in ("score", "last_round", "shared")
    expect(page.get_by_test_id("tiebreak")).not_to_be_empty()
    rows = page.locator("[data-testid=score-sheet] tbody tr[data-round]")
    assert rows.count() >= 1
    totals = [int(page.get_by_test_id(f"player-{s}").get_attribute("data-total")) for s in range(3)]
    assert max(totals) >= 50
    assert person.ciphered and person.checked_refusal
    expect(page.get_by_test_id("rematch")).to_be_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "dyad-end-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(SCREENSHOTS / "dyad-end-1280.png"), full_page=True)


def test_hand_fits_a_phone_and_resumes_after_reload(page: Page, wait_ready) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    start_game(page, wait_ready, players=2, options={"cipher": False, "twos": False})
    person = Person(page)
    for _ in range(3):
        person.act()
    wait_for_person(page)
    # twelve cards with two players: they wrap inside the screen, nothing sticks out
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1]
    boxes = page.locator("[data-testid=hand] [data-card]").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().right)")
    assert boxes and max(boxes) <= 360
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "dyad-hand-360.png"), full_page=True)
    before = sorted(hand(page))
    table = page.get_by_test_id("dyad-table")
    round_before = table.get_attribute("data-round")
    phase_before = table.get_attribute("data-phase")
    page.reload()
    wait_ready(page)
    page.get_by_test_id("resume").click()
    wait_for_person(page)
    assert sorted(hand(page)) == before
    assert page.get_by_test_id("dyad-table").get_attribute("data-round") == round_before
    assert page.get_by_test_id("dyad-table").get_attribute("data-phase") == phase_before
    person.act()  # and play goes on


def test_teams_game_through_its_pass(page: Page, wait_ready) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_dyad(page, wait_ready)
    page.get_by_test_id("setup-players").select_option("4")
    page.get_by_test_id("seat-kind-0").select_option("person")
    for seat in (1, 2, 3):
        page.get_by_test_id(f"seat-kind-{seat}").select_option("easy")
    page.locator('[data-option="teams"]').check()
    page.get_by_test_id("start").click()
    wait_for_person(page)
    table = page.get_by_test_id("dyad-table")
    assert table.get_attribute("data-phase") == "pass"
    expect(page.get_by_test_id("prompt")).to_contain_text("pass to your partner")
    first = hand(page)
    assert len(first) == 8
    chosen = first[:2]
    for card in chosen:
        page.locator(f'[data-testid=hand] [data-card="{card}"]').click()
    submit = page.get_by_test_id("submit-pass")
    expect(submit).to_be_enabled()
    handle = submit.element_handle()
    submit.click()
    handle.wait_for_element_state("hidden", timeout=TURN_TIMEOUT_MS)
    wait_for_person(page)
    done = page.get_by_test_id("pass-done")
    expect(done).to_be_visible()
    for card in chosen:  # shown with its suit symbol (7♥), read out in words
        expect(done).to_contain_text(card[0] + SUIT_SYMBOLS[card[1]])
    after = hand(page)
    assert len(after) == 8 and not set(chosen) & set(after)
    expect(page.get_by_test_id("team-totals")).to_be_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "dyad-teams-390.png"), full_page=True)
    person = Person(page)
    for _ in range(4):
        person.act()
    expect(page.locator("[data-testid=last-trick] .dyad-play")).to_have_count(4)
