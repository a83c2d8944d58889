"""Friends play whole games from their own pages: separate Chromium contexts, a real tracker on 127.0.0.1.

The host sets a game up with Friend (invite) seats, each guest opens the invite link, types a name
and joins; then every page plays its own seat by taps (``play_through.Player``, the strategy that
sees only the screen) until every page shows the end.  Meanwhile: a guest reloads and takes its
seat back, the host reloads and the room reopens from Saved games, a page with a wrong secret
never gets in, a page that comes after the start is told the seats are taken, and every guest
page is scanned for another seat's cards whenever that guest is to act (then the host's game and
the guest's view are the same moment).  At the end each guest's page says its audit passed.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, TimeoutError as PlaywrightTimeout, expect

import hooks
from play_through import JS, PERSON_MAY_ACT, SCREENSHOTS, Player, open_setup
from test_a11y import DOM_WORDS, axe

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from pyapp.storage.records import decode_record  # noqa: E402
from tests.hidden_cards import hidden_texts  # noqa: E402

JOIN_MS = 90_000
"""A guest found the host within seconds here; a page opening after a reload waits for the tracker's next
re-announce (10 s on the test tracker), and a busy machine takes longer."""
GAME_S = 900
"""A whole game's budget: every page's moves, in turn."""
ACTING = "() => !!document.querySelector('.table[data-acting=true]') && document.querySelector('[data-testid=status]').dataset.turn === 'you'"
CHOICE = "() => document.querySelectorAll('.table [data-playable=true]').length > 1"
"""More than one card to play: a hint that names the only move teaches nothing (and is not judged)."""


def host_game(page: Page, game: str, kinds: list[str], *, hints: bool = False) -> str:
    """Set the game up on ``page`` with these seat kinds (``friend`` among them), hints allowed or not, and start:
    the invite link."""
    open_setup(page, game)
    page.locator(hooks.SETUP_PLAYERS).select_option(str(len(kinds)))
    for seat, kind in enumerate(kinds):
        page.locator(hooks.seat_kind(seat)).select_option(kind)
    page.get_by_test_id("setup-hints").set_checked(hints)
    page.locator(hooks.START).click()
    expect(page.get_by_test_id("invite")).to_be_visible()
    expect(page.get_by_test_id("invite-network")).to_have_attribute("data-state", "open", timeout=JOIN_MS)
    return page.get_by_test_id("invite-link").input_value()


def read_qr(page: Page) -> str:
    """The invite's QR code read from a screenshot of it (Debian's zbarimg: nothing injected into the page)."""
    code = page.get_by_test_id("invite-qr-svg")
    expect(code).to_be_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    shot = SCREENSHOTS / "friends-qr.png"
    page.get_by_test_id("invite-qr").screenshot(path=str(shot))
    read = subprocess.run(["zbarimg", "--raw", "-q", str(shot)], capture_output=True, text=True, check=True)
    return read.stdout.strip()


def join(page: Page, link: str, name: str) -> None:
    """Open the invite on ``page`` and join under ``name``."""
    page.goto(link)
    expect(page.get_by_test_id("join-state")).to_have_attribute("data-state", "ready", timeout=JOIN_MS)
    expect(page.get_by_test_id("join-offer")).to_be_visible()
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-join").click()
    expect(page.get_by_test_id("join-state")).to_have_attribute("data-state", re.compile("joining|dealing"))


def stored_game(page: Page):
    """The host's game as its page stores it (the host's record), replayed here."""
    key = page.evaluate("() => Object.keys(localStorage).find(k => k.startsWith('pyapp.save.friends-'))")
    assert key, "the host's page stores the game"
    return decode_record(page.evaluate("key => localStorage.getItem(key)", key))[1]


def scan(page: Page, seat: int, host: Page) -> int:
    """No card of another seat and not the deal's number on ``page`` of ``seat`` (while it is to act), against the
    host's stored game; whether there were secrets to check."""
    state = stored_game(host)
    secret = hidden_texts(state, seat)
    for word in page.evaluate(DOM_WORDS):
        for text in secret:
            pattern = rf"(?<![0-9A-Za-z]){re.escape(text)}(?![0-9A-Za-z])"
            assert not re.search(pattern, word), \
                f"{text!r} of another seat shows on seat {seat}'s page at move {len(state.history)}: {word[:120]!r}"
        for form in (str(state.seed), f"{state.seed:x}"):
            assert form not in word, f"the deal's number shows on a guest's page in play: {word[:120]!r}"
    return bool(secret)


def wait_any(pages: list[Page], script: str, timeout_s: float) -> None:
    """Until ``script`` holds on some page (each watched for a moment in turn)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for page in pages:
            try:
                page.wait_for_function(script, arg=[JS, None], timeout=500, polling=50)
                return
            except PlaywrightTimeout:
                continue
    for n, page in enumerate(pages):
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"friends-stalled-{n}.png"))
    raise AssertionError(f"no page could act for {timeout_s} s (screenshots friends-stalled-*.png)")


def ask_hint(page: Page, shot: str) -> None:
    """Press Hint on a page whose person is to act: its device finds the hint and shows it on its table."""
    button = page.locator(hooks.HINT)
    expect(button).to_be_enabled()
    button.click()
    expect(button).to_have_attribute("data-state", "shown", timeout=JOIN_MS)
    expect(page.get_by_test_id("hint-text")).to_be_visible()
    assert page.locator(".hinted").count() >= 1, "the hint's move is marked on the table"
    assert page.get_by_test_id("undo").count() == 0, "a shared table offers no Undo"
    page.screenshot(path=str(SCREENSHOTS / shot))


def play(players: list[Player], host: Page, guests: dict[int, int], *, events: dict[int, object],
         hints: dict[int, str] | None = None) -> int:
    """Every page plays its seat until every page shows the end; ``events[n]`` runs once after the n-th move
    in all; ``hints[n]``: page n asks for a hint at its first decision with a choice (the screenshot's name);
    returns how many guest views were scanned with hidden cards in them."""
    done: set[int] = set()
    hints = dict(hints or {})
    moves = scanned = 0
    deadline = time.monotonic() + GAME_S
    while len(done) < len(players):
        assert time.monotonic() < deadline, f"the game did not end in {GAME_S} s ({moves} moves)"
        live = [p for n, p in enumerate(players) if n not in done]
        wait_any([p.page for p in live], PERSON_MAY_ACT, 120)
        for n, player in enumerate(players):
            if n in done or not player.page.evaluate(PERSON_MAY_ACT, [JS, None]):
                continue
            if n in hints and player.page.evaluate(ACTING) and player.page.evaluate(CHOICE):
                ask_hint(player.page, hints.pop(n))
            if n in guests and player.page.evaluate(ACTING):
                scanned += scan(player.page, guests[n], host)
            elif n == 0 and player.page.evaluate(ACTING):
                scan(host, 0, host)  # the host's own page shows its own hand only, whoever acts next
            if not player.step():
                done.add(n)
                continue
            moves += 1
            if moves in events:
                events.pop(moves)()
    assert not hints, f"no decision with a choice came for a hint on pages {sorted(hints)}"
    return scanned


def expect_audit(page: Page) -> None:
    audit = page.get_by_test_id("friends-audit")
    expect(audit).to_be_visible(timeout=JOIN_MS)
    expect(audit).to_have_attribute("data-ok", "true")
    expect(audit).to_contain_text("Times the host restarted this room before the deal: 0.")


def test_dyad_three_pages_to_the_end_with_reloads_and_strangers(new_peer_page, wait_ready) -> None:
    host, ann, bo = new_peer_page(), new_peer_page(), new_peer_page()
    link = host_game(host, "dyad", ["person", "friend", "friend"])
    opened = time.monotonic()
    join(ann, link, "Ann")
    seen = time.monotonic() - opened
    join(bo, link, "Bo")
    expect(host.get_by_test_id("invite-seat-2")).to_have_attribute("data-state", "joined", timeout=JOIN_MS)
    stranger = new_peer_page()
    wrong = re.sub(r"/[A-Za-z0-9_-]{22}/([A-Za-z0-9_-]{43})$", "/" + "A" * 21 + r"w/\1", link)
    assert wrong != link
    stranger.goto(wrong)  # the same room and host, another secret
    host.screenshot(path=str(SCREENSHOTS / "friends-invite-full.png"))
    started = time.monotonic()
    host.get_by_test_id("invite-start").click()
    for page in (host, ann, bo):
        expect(page.locator(hooks.STATUS)).to_be_visible(timeout=JOIN_MS)
    dealt = time.monotonic() - started
    for page in (host, ann, bo):  # the host did not allow hints: nobody at the table is offered one
        expect(page.locator(hooks.HINT)).to_have_count(0)
    late = new_peer_page()
    late.goto(link)
    expect(late.get_by_test_id("join-state")).to_have_attribute("data-state", "full", timeout=JOIN_MS)
    print(f"\n[friends] invite opened -> offer shown: {seen:.2f} s; Start -> every table drawn (the fair deal): "
          f"{dealt:.2f} s")

    rng = random.Random(33)
    players = [Player(host, "host", random.Random(rng.random())), Player(ann, "ann", random.Random(rng.random())),
               Player(bo, "bo", random.Random(rng.random()))]

    def guest_reloads() -> None:
        ann.reload()
        wait_ready(ann)
        expect(ann.locator(hooks.STATUS)).to_be_visible(timeout=JOIN_MS)

    def host_reloads() -> None:
        host.reload()
        wait_ready(host)
        host.locator(hooks.RESUME).first.click(timeout=JOIN_MS)
        expect(host.locator(hooks.STATUS)).to_be_visible()
        for guest in (ann, bo):  # the guests rejoin the reopened room
            expect(guest.get_by_test_id("friends-host-left")).to_have_count(0, timeout=JOIN_MS)

    scanned = play(players, host, {1: 1, 2: 2}, events={6: guest_reloads, 14: host_reloads})
    assert scanned >= 3, "too few guest views with hidden cards to check"
    for page in (ann, bo):
        expect_audit(page)
    for n, page in enumerate((host, ann, bo)):
        page.screenshot(path=str(SCREENSHOTS / f"friends-dyad-end-{n}.png"))
    assert stored_game(host).is_terminal()
    # still reaching a host (Chromium in a namespace with loopback only believes it is offline)
    expect(stranger.get_by_test_id("join-state")).to_have_attribute("data-state", re.compile("^(connecting|offline)$"))
    assert not stranger.locator(hooks.STATUS).count(), "a page without the secret reached the table"


@pytest.mark.parametrize("size", [(360, 640)])
def test_dieci_four_seats_two_pages_to_the_end_on_phones(new_peer_page, size) -> None:
    host, guest = new_peer_page(), new_peer_page()
    for page in (host, guest):
        page.set_viewport_size({"width": size[0], "height": size[1]})
    link = host_game(host, "dieci", ["person", "easy", "friend", "easy"], hints=True)
    host.screenshot(path=str(SCREENSHOTS / "friends-invite-360.png"))
    assert read_qr(host) == link, "the invite's QR code, as a phone's camera sees it, is the link"
    assert axe(host, "the invite") == []
    guest.goto(link)
    expect(guest.get_by_test_id("join-state")).to_have_attribute("data-state", "ready", timeout=JOIN_MS)
    assert axe(guest, "the join screen") == []
    join(guest, link, "Cy")
    guest.screenshot(path=str(SCREENSHOTS / "friends-joined-360.png"))
    expect(host.get_by_test_id("invite-seat-2")).to_have_attribute("data-state", "joined", timeout=JOIN_MS)
    host.get_by_test_id("invite-start").click()
    expect(guest.locator(hooks.STATUS)).to_be_visible(timeout=JOIN_MS)
    for page in (host, guest):
        page.evaluate("window.pyappTestHintMs = 300")
    players = [Player(host, "host", random.Random(1)), Player(guest, "cy", random.Random(2))]
    scanned = play(players, host, {1: 2}, events={4: lambda: guest.screenshot(
        path=str(SCREENSHOTS / "friends-dieci-guest-360.png"))}, hints={0: "friends-dieci-host-hint-360.png",
                                                                           1: "friends-dieci-guest-hint-360.png"})
    assert scanned >= 1
    expect_audit(guest)
    guest.screenshot(path=str(SCREENSHOTS / "friends-dieci-end-360.png"))
    assert stored_game(host).is_terminal()


def test_a_friend_away_is_waited_for_until_a_computer_takes_the_seat_and_a_removed_one_is_told(new_peer_page) -> None:
    host, cy, di = new_peer_page(), new_peer_page(), new_peer_page()
    host.set_viewport_size({"width": 360, "height": 640})
    link = host_game(host, "dieci", ["person", "friend", "friend", "easy"])
    join(cy, link, "Cy")
    join(di, link, "Di")
    expect(host.get_by_test_id("invite-seat-2")).to_have_attribute("data-state", "joined", timeout=JOIN_MS)
    host.get_by_test_id("invite-start").click()
    for page in (host, cy, di):
        expect(page.locator(hooks.STATUS)).to_be_visible(timeout=JOIN_MS)
    cy.context.close()  # a phone gone: its seat is waited for
    away = host.get_by_test_id("friends-away-1")
    expect(away).to_be_visible(timeout=JOIN_MS)
    expect(away).to_contain_text("Cy")
    give = host.get_by_test_id("friends-give-1")
    hand = host.locator("[data-testid=hand] [data-card]").first
    assert give.bounding_box()["y"] + give.bounding_box()["height"] <= 640, "the away line is in view on a phone"
    assert hand.bounding_box()["y"] < give.bounding_box()["y"] - 40, "the hand's indices stay in view above it"
    host.screenshot(path=str(SCREENSHOTS / "friends-away-360.png"))
    host.get_by_test_id("friends-give-1").click()
    expect(away).to_have_count(0)
    host.get_by_test_id("friends-manage").locator("summary").click()
    host.get_by_test_id("friends-remove-2").click()
    expect(di.get_by_test_id("join-state")).to_have_attribute("data-state", "removed", timeout=JOIN_MS)
    expect(host.get_by_test_id("friends-manage")).to_have_count(0)
    Player(host, "host", random.Random(5)).play_to_end()
    assert stored_game(host).is_terminal()
    expect(host.locator(hooks.STATUS)).to_have_attribute("data-turn", "over")
