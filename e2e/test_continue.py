"""The picker's Continue and the guided game's memory, in a real browser.

Unfinished games of all three kinds are made in CPython with the page's own
code (``Session`` on a memory store, as ``test_saves.py`` does) and put into
``localStorage``; Continue under each game must open that very record (the
newest of its kind), and what the picker says of it must be public.  (A
lesson's memory and its end are in ``test_learn.py``.)
"""

from __future__ import annotations

import json
import random
import re

import pytest
from conftest import ROOT, booted_page
from playwright.sync_api import Browser, Page, expect

from pyapp import i18n
from pyapp.games import game_class
from pyapp.play import Seat, Session
from pyapp.play.saved import continue_text, unfinished
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.store import OWNER_PREFIX, PREFIX

pytestmark = pytest.mark.both_servers  # served with and without COOP/COEP (conftest.py)

SCREENSHOTS = ROOT / "e2e" / "screenshots"
GAMES = ("dyad", "triad", "dieci")


def _unfinished_game(store: SaveStore, game: str, seed: int) -> Session:
    """A game of ``game`` a few moves in, the person (seat 0) to act, the others Easy computers."""
    players = game_class(game).PLAYERS[0]
    seats = [Seat("Ada" if n == 0 else f"Bot{n}", "person" if n == 0 else "easy") for n in range(players)]
    session = Session.start(game, seats, seed=seed, store=store, name=f"{game} {seed}")
    rng = random.Random(seed)
    while len(session.state.history) < 6 or session.to_act() != 0:
        session.apply(session.to_act(), rng.choice(session.state.legal_actions()))
    session.release()  # the page's table claims it when the person continues
    return session


def _planted() -> tuple[dict[str, str], dict[str, Session]]:
    """Stored items with an older and a newer Dyad game, one Triad and one Dieci game; the newest of each kind."""
    now = iter(range(1_764_500_000, 1_764_600_000, 60))
    store = SaveStore(MemoryBackend(), clock=lambda: float(next(now)))
    _unfinished_game(store, "dyad", 1)  # older: not the one offered
    newest = {game: _unfinished_game(store, game, seed) for seed, game in enumerate(GAMES, 2)}
    return dict(store.backend.items), newest


@pytest.fixture()
def page(browser: Browser, base_url: str):
    yield from booted_page(browser, base_url, viewport={"width": 360, "height": 640})


def _picker_again(page: Page) -> None:
    page.evaluate("() => { location.hash = '#/saves'; }")
    expect(page.get_by_test_id("picker")).to_have_count(0)
    page.evaluate("() => { location.hash = '#/'; }")
    expect(page.get_by_test_id("picker")).to_be_visible()


def test_continue_on_the_picker_resumes_the_right_game_of_each_kind(page: Page) -> None:
    items, newest = _planted()
    expect(page.get_by_test_id("continue-dyad")).to_have_count(0)  # nothing stored yet: nothing offered
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    _picker_again(page)
    store = SaveStore(MemoryBackend())
    store.backend.items.update(items)
    offered = unfinished(store)
    for game, session in newest.items():
        box = page.get_by_test_id(f"continue-{game}")
        expect(box).to_have_attribute("data-record", session.record_id)
        expect(box.locator(".continue-what")).to_have_text(continue_text(offered[game]))
        expect(box.locator(".continue-what")).to_contain_text(f"move {len(session.state.history)}, Ada to play")
        expect(box.locator(".continue-when")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "picker-continue-360.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=SCREENSHOTS / "picker-continue-1280.png", full_page=True)
    page.set_viewport_size({"width": 360, "height": 640})

    for game, session in newest.items():
        _picker_again(page)
        page.get_by_test_id(f"continue-link-{game}").click()
        expect(page).to_have_url(re.compile(rf"#/{game}\?resume={session.record_id}$"))
        expect(page.get_by_test_id("status")).to_be_visible()  # played at once: no offer, no set-up
        expect(page.get_by_test_id("resume-offer")).to_have_count(0)
        owner = page.evaluate("key => localStorage.getItem(key)", OWNER_PREFIX + session.record_id)
        assert owner, f"the {game} table did not claim the game it continued"
        stored = json.loads(page.evaluate("key => localStorage.getItem(key)", PREFIX + session.record_id))
        assert stored["game"]["actions"] == [str(a) for a in session.state.history]  # the very game, untouched
    older = [key for key in items if key.startswith(PREFIX) and key[len(PREFIX):] not in
             {s.record_id for s in newest.values()}]
    assert len(older) == 1 and page.evaluate("key => localStorage.getItem(key)", older[0]) == items[older[0]]


@pytest.fixture()
def ko_page(browser: Browser, base_url: str):
    yield from booted_page(browser, base_url, locale="ko-KR", viewport={"width": 360, "height": 640})


def test_the_picker_in_korean_says_what_the_unfinished_game_is(ko_page: Page) -> None:
    items, newest = _planted()
    page = ko_page
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    _picker_again(page)
    box = page.get_by_test_id("continue-triad")
    expect(box.locator(".continue-title")).to_have_text(i18n.catalog("ko")["picker.unfinished"])
    expect(box.locator(".continue-what")).to_contain_text(f"{len(newest['triad'].state.history)}수째, Ada 차례")
    expect(page.get_by_test_id("continue-link-triad")).to_have_text(i18n.catalog("ko")["picker.continue"])
    page.screenshot(path=SCREENSHOTS / "picker-continue-ko-360.png", full_page=True)
