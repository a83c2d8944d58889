"""No stale copy overwrites a newer game (issue 30): an offer left up while another tab plays on, and a
table whose record another tab wrote meanwhile.

Records are played in CPython with the page's own code (a ``Session`` on a memory store, seeded random
moves); "another tab playing on" is that tab writing the longer record, exactly as its autosave does.
"""

from __future__ import annotations

import json
import random

import pytest
from conftest import settle
from playwright.sync_api import Page, expect

from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.store import CURRENT_KEY, PREFIX

PLAYERS = {"triad": 2, "dyad": 2, "dieci": 3}
WAIT_MS = 60_000


def _advance(session: Session, rng: random.Random, at_least: int, *, person_next: bool) -> None:
    """Random moves until ``at_least`` actions are stored and the person (seat 0) is, or is not, to act."""
    state = session.state
    while len(state.history) < at_least or (state.current_player() == 0) != person_next:
        assert not state.is_terminal(), "the game ended before the position wanted"
        session.apply(session.to_act(), rng.choice(state.legal_actions()))


def _game(game: str) -> tuple[Session, random.Random]:
    store = SaveStore(MemoryBackend(), clock=lambda: 1_764_500_000.0)
    seats = [Seat("Ada")] + [Seat(f"Bot {n}", "random") for n in range(1, PLAYERS[game])]
    session = Session.start(game, seats, seed=30, store=store, name="Stale test", named=True)
    return session, random.Random(30)


def _plant(page: Page, items: dict[str, str]) -> None:
    page.evaluate("""items => { localStorage.clear(); location.hash = '#/';
                                for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""", items)
    expect(page.get_by_test_id("picker")).to_be_visible()


def _stored_actions(page: Page, record_id: str) -> list[str]:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", PREFIX + record_id))["game"]["actions"]


def _written_by(other: Page, page: Page, key: str, text: str) -> None:
    """``other`` writes ``text`` under ``key``; the test goes on once ``page`` has heard it (the ``storage`` event
    handled by its Python, in the worker, and drawn), as it would have on the main thread before a person's next tap."""
    page.evaluate("() => { window.__heard = new Promise((resolve) => addEventListener('storage', resolve, {once: true})); }")
    other.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])
    page.evaluate("() => window.__heard")
    settle(page)


def _other_tab(page: Page, wait_ready) -> Page:
    tab = page.context.new_page()
    tab.goto("/#/")
    wait_ready(tab)
    return tab


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_play_here_on_an_old_offer_resumes_what_the_other_tab_stored(page: Page, wait_ready, errors, game) -> None:
    session, rng = _game(game)
    _advance(session, rng, 7, person_next=True)
    old = dict(session.store.backend.items, **{CURRENT_KEY: session.record_id})
    _advance(session, rng, 20, person_next=False)  # the other tab played on; a computer moves next
    newer = session.store.backend.items[PREFIX + session.record_id]
    played_on = json.loads(newer)["game"]["actions"]
    page.goto("/#/")
    wait_ready(page)
    _plant(page, old)
    page.evaluate(f"location.hash = '#/{game}'")
    offer = page.get_by_test_id("resume-offer")
    expect(offer).to_be_visible(timeout=WAIT_MS)
    other = _other_tab(page, wait_ready)
    _written_by(other, page, PREFIX + session.record_id, newer)
    page.locator("[data-testid=resume], [data-testid=take-over]").first.click()
    expect(page.get_by_test_id("status")).to_be_visible()
    # this tab's computer plays on from the stored game, and its autosave keeps every action of the other tab
    page.wait_for_function("([key, n]) => JSON.parse(localStorage.getItem(key)).game.actions.length > n",
                           arg=[PREFIX + session.record_id, len(played_on)], timeout=WAIT_MS)
    assert _stored_actions(page, session.record_id)[:len(played_on)] == played_on
    expect(page.get_by_test_id("lost")).to_have_count(0)


def test_a_move_on_a_record_written_meanwhile_is_refused_and_the_newer_game_loads(page: Page, wait_ready,
                                                                                   errors) -> None:
    """Fails when the conditional write is removed: the move here would overwrite the other tab's history."""
    session, rng = _game("triad")
    _advance(session, rng, 4, person_next=True)
    items = dict(session.store.backend.items, **{CURRENT_KEY: session.record_id})
    page.goto("/#/")
    wait_ready(page)
    _plant(page, {key: value for key, value in items.items() if not key.startswith("pyapp.owner.")})
    page.evaluate("location.hash = '#/triad'")
    page.get_by_test_id("resume").click()
    expect(page.get_by_test_id("triad-board")).to_have_attribute("data-moves", str(len(session.state.history)))
    _advance(session, rng, len(session.state.history) + 4, person_next=True)  # written meanwhile, owner kept
    newer = json.loads(session.store.backend.items[PREFIX + session.record_id])["game"]["actions"]
    other = _other_tab(page, wait_ready)
    _written_by(other, page, PREFIX + session.record_id, session.store.backend.items[PREFIX + session.record_id])
    page.wait_for_selector(".table-body:not([data-guard])", state="attached")
    page.locator(".triad-board .cell.legal").first.click()
    lost = page.get_by_test_id("lost")
    expect(lost).to_have_attribute("data-reason", "stale")
    assert _stored_actions(page, session.record_id) == newer
    page.set_viewport_size({"width": 360, "height": 640})
    page.screenshot(path="/tmp/stale-lost.png")
    lost.get_by_test_id("take-over").click()
    expect(page.get_by_test_id("triad-board")).to_have_attribute("data-moves", str(len(newer)))
    assert _stored_actions(page, session.record_id)[:len(newer)] == newer


NO_REMOVAL = """Storage.prototype.removeItem = function () { throw new DOMException('refused', 'SecurityError'); };"""
"""Storage whose removeItem throws while writes work (issue 30)."""


def test_saved_games_and_a_review_show_when_removals_throw(page: Page, wait_ready, errors) -> None:
    session, rng = _game("triad")
    while not session.state.is_terminal():
        session.apply(session.to_act(), rng.choice(session.state.legal_actions()))
    page.goto("/#/")
    wait_ready(page)
    _plant(page, dict(session.store.backend.items))
    page.add_init_script(NO_REMOVAL)
    page.reload()
    wait_ready(page)
    page.evaluate("location.hash = '#/saves'")
    expect(page.get_by_test_id("save")).to_have_count(1)
    expect(page.get_by_test_id("stats")).to_be_visible()
    page.evaluate(f"location.hash = '#/saves?review={session.record_id}'")
    expect(page.get_by_test_id("review")).to_be_visible(timeout=WAIT_MS)
    expect(page.get_by_text("This page could not be shown")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('pyapp.reading')") in (None, "")
