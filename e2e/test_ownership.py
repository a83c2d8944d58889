"""One owner per game, one tap per move: leaving, deleting, switching language, two tabs, double taps.

Each test fails on any page error (a freed handler called, a Python exception).
Waits are for states of the page; where "nothing is written afterwards" must be
shown, a second game's computers serve as the clock: their searches share the
page's time with any loop still running (Hard thinks 1.5 s a move).
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.store import CURRENT_KEY, OWNER_PREFIX, PREFIX

TURN_MS = 90_000
"""A few Hard turns on a loaded machine."""

SPY = """() => { window.__written = [];
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) { window.__written.push(key); return real.call(this, key, value); }; }"""
"""Records every key this page writes to localStorage from now on."""


@pytest.fixture()
def errors(page: Page) -> list[str]:
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    page.on("console", lambda message: found.append(message.text) if message.type == "error" else None)
    yield found
    assert not found, found


def other_tab(page: Page, wait_ready, hash_: str) -> tuple[Page, list[str]]:
    """A second tab of the same browser profile, booted on ``hash_``, and the page errors it will record."""
    tab = page.context.new_page()
    found: list[str] = []
    tab.on("pageerror", lambda error: found.append(str(error)))
    tab.goto(f"/{hash_}")
    wait_ready(tab)
    return tab, found


def start(page: Page, wait_ready, game: str, kinds: list[str], options: dict[str, str] | None = None) -> None:
    """A new game of ``game`` with one seat per kind (``person`` or a level), set up with the mouse.

    ``wait_ready`` None: the page is booted already, go there by its hash.
    """
    if wait_ready is None:
        page.evaluate(f"location.hash = '#/{game}'")
    else:
        page.goto(f"/#/{game}")
        wait_ready(page)
    new, begin = page.get_by_test_id("new-game"), page.get_by_test_id("start")
    expect(new.or_(begin).first).to_be_visible()
    if not begin.is_visible():
        new.click()
    page.get_by_test_id("setup-players").select_option(str(len(kinds)))
    for seat, kind in enumerate(kinds):
        page.get_by_test_id(f"seat-kind-{seat}").select_option(kind)
    for name, value in (options or {}).items():
        page.locator(f'[data-option="{name}"]').select_option(value)
    begin.click()
    expect(page.get_by_test_id("status")).to_be_visible()


def stored(page: Page) -> tuple[str | None, dict | None]:
    """The id of the game in play and its stored record."""
    return page.evaluate("""([current, prefix]) => {
        const id = localStorage.getItem(current);
        const text = id === null ? null : localStorage.getItem(prefix + id);
        return [id, text === null ? null : JSON.parse(text)]; }""", [CURRENT_KEY, PREFIX])


MOVE_THEN = """async then => {
  const pick = ['[data-testid=hand] [data-playable=true]', '[data-testid=pass]', '[data-testid=take-top]',
                'button[data-claimable=true]'].map(s => document.querySelector(s)).find(e => e);
  pick.click();
  await pyappWorkerPage.settled();  // the worker has taken the move and the page drawn the table after it
  const thinking = document.querySelector('[data-testid=status]').dataset.thinking === 'true';
  const id = localStorage.getItem('pyapp.current');
  const actions = JSON.parse(localStorage.getItem('pyapp.save.' + id)).game.actions;
  if (thinking && then === 'saves') location.hash = '#/saves';
  if (thinking && then === 'ko') {
    const select = document.querySelector('[data-testid=language]');
    select.value = 'ko';
    select.dispatchEvent(new Event('change'));
  }
  return {thinking, id, actions};
}"""
"""The person's Dieci move and, if a computer is thinking once the page has drawn it, ``then`` in the same task
(the worker may end the turn meanwhile only if the computer answers within that one message's way back)."""


def dieci_move_then(page: Page, then: str | None = None) -> dict:
    """Play Dieci as the person until a computer thinks after their move, then do ``then`` at once."""
    for _ in range(20):
        page.wait_for_selector("[data-testid=status][data-turn=you]", timeout=TURN_MS)
        done = page.evaluate(MOVE_THEN, then)
        if done["thinking"]:
            return done
    raise AssertionError("no computer turn followed the person's")


def test_a_game_deleted_while_a_computer_thinks_stays_deleted(page: Page, wait_ready, errors) -> None:
    start(page, wait_ready, "dieci", ["person"] + ["hard"] * 7)
    record_id = dieci_move_then(page, "saves")["id"]
    row = page.locator(f'[data-testid=save][data-id="{record_id}"]')
    row.get_by_test_id("save-delete").click()
    page.get_by_test_id("confirm-delete").click()
    expect(page.get_by_test_id("saves-notice")).to_contain_text("was deleted")
    expect(row).to_have_count(0)
    page.evaluate(SPY)
    # the clock: a new game whose computers play several Hard moves in the same page
    start(page, None, "dieci", ["person", "hard", "hard"])
    new_id, _ = stored(page)
    for _ in range(3):
        dieci_move_then(page)
    page.wait_for_selector("[data-testid=status][data-turn=you]", timeout=TURN_MS)
    _, record = stored(page)
    assert len(record["game"]["actions"]) >= 5  # at least two computer turns since the delete
    written = page.evaluate("window.__written")
    assert not [key for key in written if record_id in key], written
    assert page.evaluate("id => localStorage.getItem('pyapp.save.' + id)", record_id) is None
    assert stored(page)[0] == new_id != record_id


def test_a_language_switch_while_a_computer_thinks_keeps_the_game(page: Page, wait_ready, errors) -> None:
    # the set-up form keeps what was chosen; names left as drawn follow the language
    page.goto("/#/dieci")
    wait_ready(page)
    page.get_by_test_id("setup-players").select_option("3")
    page.get_by_test_id("seat-name-1").fill("Zed")
    page.get_by_test_id("seat-kind-2").select_option("hard")
    page.get_by_test_id("language").select_option("ko")
    expect(page.get_by_test_id("start")).to_have_text("시작")
    expect(page.get_by_test_id("setup-players")).to_have_value("3")
    expect(page.get_by_test_id("seat-name-0")).to_have_value("플레이어 1")
    expect(page.get_by_test_id("seat-name-1")).to_have_value("Zed")
    expect(page.get_by_test_id("seat-kind-2")).to_have_value("hard")
    page.get_by_test_id("language").select_option("en")
    expect(page.get_by_test_id("seat-name-0")).to_have_value("Player 1")
    start(page, None, "dieci", ["person", "hard", "hard"])
    done = dieci_move_then(page, "ko")  # switched while the computer after the person thinks
    record_id, moves = done["id"], done["actions"]
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    assert page.get_by_test_id("resume-offer").count() == 0  # redrawn in place, not restarted
    expect(page.get_by_test_id("dieci-table")).to_be_visible()
    # the computers keep going: the person's turn comes without a click
    page.wait_for_selector("[data-testid=status][data-turn=you]", timeout=TURN_MS)
    expect(page.get_by_test_id("status")).to_contain_text("차례")
    same_id, after = stored(page)
    assert same_id == record_id
    later = after["game"]["actions"]
    assert later[:len(moves)] == moves and len(later) > len(moves)
    page.get_by_test_id("language").select_option("en")
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")


def triad_moves(page: Page) -> int:
    return int(page.get_by_test_id("triad-board").get_attribute("data-moves"))


def test_a_double_tap_in_two_person_triad_plays_one_move(page: Page, wait_ready, errors) -> None:
    start(page, wait_ready, "triad", ["person", "person"], {"first": "0"})
    cell = page.locator(".triad-board .cell.legal").first
    cell.dblclick()
    page.wait_for_function("() => Number(document.querySelector('[data-testid=triad-board]').dataset.moves) > 0")
    assert triad_moves(page) == 1
    assert len(stored(page)[1]["game"]["actions"]) == 1
    expect(page.get_by_test_id("side-b")).to_have_attribute("aria-current", "true")
    expect(page.get_by_test_id("undo")).to_be_disabled()  # another person acted last: nothing of B's to undo
    # once the guard is over, the next person's tap plays
    page.wait_for_selector(".table-body:not([data-guard])", state="attached")
    page.locator(".triad-board .cell.legal").first.click()
    expect(page.get_by_test_id("triad-board")).to_have_attribute("data-moves", "2")


def test_two_tabs_on_one_game_have_one_owner(page: Page, wait_ready, errors) -> None:
    first = page
    start(first, wait_ready, "triad", ["person", "person"], {"first": "0"})
    first.locator(".triad-board .cell.legal").first.click()
    expect(first.get_by_test_id("triad-board")).to_have_attribute("data-moves", "1")
    record_id, _ = stored(first)
    second, second_errors = other_tab(first, wait_ready, "#/triad")
    offer = second.get_by_test_id("resume-offer")
    expect(offer).to_have_attribute("data-elsewhere", "true")
    expect(offer).to_contain_text("open in another tab")
    first.evaluate(SPY)
    second.get_by_test_id("take-over").click()
    expect(second.get_by_test_id("triad-board")).to_have_attribute("data-moves", "1")
    # the first tab hears of it and stops: it says so and offers to take the game back
    lost = first.get_by_test_id("lost")
    expect(lost).to_have_attribute("data-reason", "taken")
    expect(first.get_by_test_id("triad-board")).to_have_count(0)
    second.wait_for_selector(".table-body:not([data-guard])", state="attached")
    second.locator(".triad-board .cell.legal").first.click()
    expect(second.get_by_test_id("triad-board")).to_have_attribute("data-moves", "2")
    assert first.evaluate("window.__written") == []
    assert len(stored(second)[1]["game"]["actions"]) == 2
    # taking it back continues from where the second tab left it; the second tab stops in turn
    lost.get_by_test_id("take-over").click()
    expect(first.get_by_test_id("triad-board")).to_have_attribute("data-moves", "2")
    expect(second.get_by_test_id("lost")).to_have_attribute("data-reason", "taken")
    assert second.evaluate("k => localStorage.getItem(k)", OWNER_PREFIX + record_id) == \
        first.evaluate("k => localStorage.getItem(k)", OWNER_PREFIX + record_id)
    assert not second_errors, second_errors


def test_a_game_deleted_in_another_tab_while_a_computer_thinks_stays_deleted(page: Page, wait_ready, errors) -> None:
    player = page
    start(player, wait_ready, "triad", ["person", "hard"], {"first": "0"})
    record_id, _ = stored(player)
    lister, lister_errors = other_tab(player, wait_ready, "#/saves")
    lister.locator(f'[data-testid=save][data-id="{record_id}"]').get_by_test_id("save-delete").click()
    thinking = player.evaluate("""async () => { document.querySelector('.triad-board .cell.legal').click();
        await pyappWorkerPage.settled();
        return document.querySelector('[data-testid=status]').dataset.thinking; }""")
    assert thinking == "true"
    lister.get_by_test_id("confirm-delete").click()  # well within the computer's 1.5 s of thought
    expect(player.get_by_test_id("lost")).to_have_attribute("data-reason", "deleted")
    expect(player.get_by_test_id("status")).to_have_count(0)
    for tab in (player, lister):
        assert tab.evaluate("""id => ['pyapp.save.' + id, 'pyapp.owner.' + id]
            .map(k => localStorage.getItem(k)).concat([localStorage.getItem('pyapp.current')])""", record_id) == \
            [None, None, None]
    assert not lister_errors, lister_errors


def test_a_token_left_by_a_tab_that_is_gone_does_not_block_the_game(page: Page, wait_ready, errors) -> None:
    """A phone may discard a tab without a word: its owner token stays, but no live tab holds the game."""
    store = SaveStore(MemoryBackend())
    session = Session.start("triad", [Seat("Ada"), Seat("Bea")], seed=3, store=store, name="Left behind")
    session.play(session.state.legal_actions()[0])
    items = dict(store.backend.items)
    assert items[OWNER_PREFIX + session.record_id] == session.token  # the vanished tab's token
    page.goto("/")
    wait_ready(page)
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    page.evaluate("location.hash = '#/triad'")
    expect(page.get_by_test_id("resume-offer")).to_have_attribute("data-elsewhere", "false")
    page.get_by_test_id("resume").click()
    expect(page.get_by_test_id("triad-board")).to_have_attribute("data-moves", "1")
    assert page.evaluate("k => localStorage.getItem(k)", OWNER_PREFIX + session.record_id) != session.token


def _phase_two_save() -> tuple[dict[str, str], int]:
    """A stored two-person Triad game in Phase 2 where the person to act may remove a triad."""
    for seed in range(200):
        store = SaveStore(MemoryBackend())
        session = Session.start("triad", [Seat("Ada"), Seat("Bea")], seed=seed, store=store, name="Phase two")
        rng = random.Random(seed)
        while not session.state.is_terminal():
            legal = session.state.legal_actions()
            removals = [a for a in legal if str(a).startswith("remove")]
            if session.state.observation(0)["phase"] == 2 and removals:
                session.release()  # the page claims it when the person continues
                return dict(store.backend.items), len(session.state.history)
            session.play(rng.choice(legal))
    raise AssertionError("no Phase 2 removal found")


def test_a_phase_two_removal_raises_no_page_error(page: Page, wait_ready, errors) -> None:
    items, count = _phase_two_save()
    page.goto("/")
    wait_ready(page)
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    page.evaluate("location.hash = '#/triad'")
    page.get_by_test_id("resume").click()
    expect(page.get_by_test_id("phase")).to_have_attribute("data-phase", "2")
    page.locator(".triad-board .cell.removable").first.click()
    choice = page.get_by_test_id("remove-choice").first
    expect(choice).to_be_focused()
    choice.hover()
    choice.click()
    expect(page.get_by_test_id("triad-board")).to_have_attribute("data-moves", str(count + 1))
    expect(page.get_by_test_id("last-move")).to_have_attribute("data-kind", "remove")
