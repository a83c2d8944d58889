"""Whole games through the page: every game, player count and option played to its end by taps.

A person's seat is played by ``play_through.Player`` (the legal choices the
screen offers, picked by a seeded ``random.Random``) against Easy computers at
zero pace; the set-up goes through the form.  The configurations of
``CI_GAMES`` run by default; every other one of
``pyapp.games.testing.configurations`` is marked ``slow``
(``pytest -m slow e2e/test_whole_games.py``).  A game that stops moving fails
within ``play_through.STALL_MS`` with the status and a screenshot.  Each end is
shot at 360x640 in ``e2e/screenshots/whole-*.png``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import hooks
from conftest import booted_page
from play_through import SCREENSHOTS, Player, label, seats, set_up, watch_errors, winners
from pyapp.games.testing import configurations

PHONE = {"width": 360, "height": 640}

CI_GAMES = {
    "dyad-2", "dyad-3", "dyad-4", "dyad-4-teams", "dyad-3-cipher", "dyad-3-twos",
    "triad-2", "triad-4",
    "dieci-2", "dieci-3", "dieci-5", "dieci-8",
}
"""The configurations played in every run (issue 29); the rest are ``slow``."""


def every_configuration() -> list[Any]:
    found = []
    for game in ("dyad", "triad", "dieci"):
        for players, options in configurations(game):
            name = label(game, players, options)
            marks = () if name in CI_GAMES else (pytest.mark.slow,)
            found.append(pytest.param(game, players, options, id=name, marks=marks))
    return found


@pytest.fixture(scope="module")
def page(browser, base_url: str) -> Iterator[Page]:
    """One booted phone-sized page for every game of the module (a boot is the slow part)."""
    yield from booted_page(browser, base_url, viewport=PHONE)


@pytest.fixture()
def errors(page: Page) -> Iterator[list[str]]:
    found = watch_errors(page)
    yield found
    assert not found, found


SUMMARIES = {"dyad": "[data-testid=round-end]", "dieci": "[data-testid=deal-end]"}
"""The games whose rounds or deals end in a summary: the last one comes before the end too."""

STATUS_BOX = """(selector) => {
  const text = document.querySelector(selector);
  const box = text.getBoundingClientRect();
  return {text: text.textContent, width: box.width, height: box.height, scroll: text.scrollWidth,
          client: text.clientWidth, lines: text.getClientRects().length};
}"""


def result_in_words(page: Page) -> str:
    """The end's status says the result in words, whole and readable (not a bare dot), at this size."""
    status = page.locator(hooks.STATUS)
    expect(status).to_have_attribute("data-turn", "over")
    expect(page.locator(hooks.STATUS_TEXT)).to_be_visible()
    box = page.evaluate(STATUS_BOX, hooks.STATUS_TEXT)
    assert len(box["text"].strip()) >= 5, box
    assert box["width"] >= 40 and box["height"] >= 10, box  # room for words ("You win" is 59 px), not squeezed to the dot
    assert box["scroll"] <= box["client"] + 1, box  # nothing cut off at the end of the line
    return box["text"]


def finish(page: Page, game: str, name: str, player: Player | None = None) -> str:
    """Assert the end shows the winner (in the status too) and shoot it at 360x640, once the last motion has landed."""
    if player is not None and game in SUMMARIES:
        assert player.last_summary, f"{name}: the game ended without the last round's or deal's summary"
    winner = winners(page, game)
    result_in_words(page)
    expect(page.locator(hooks.MOVING)).to_have_count(0)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"whole-{name}.png"))
    return winner


@pytest.mark.parametrize(("game", "players", "options"), every_configuration())
def test_a_whole_game_by_taps_reaches_its_end(page: Page, errors: list[str], game: str, players: int,
                                              options: dict[str, Any]) -> None:
    name = label(game, players, options)
    seed = sum(map(ord, name)) * 7919
    set_up(page, game, seats(players), options, seed)
    player = Player(page, name, random.Random(seed))
    player.play_to_end()
    finish(page, game, name, player)
    assert player.moves > 0


def test_pass_and_play_of_two_people_hands_over_to_its_end(page: Page, errors: list[str]) -> None:
    name = "dyad-2-two-people"
    set_up(page, "dyad", seats(2, people=2), {}, 2903)
    player = Player(page, name, random.Random(2903))
    player.play_to_end()
    finish(page, "dyad", name, player)
    assert player.seen.count(hooks.HANDOVER_READY) > 2, "each person's turn starts at a hand-over screen"


def test_a_game_at_the_normal_pace_with_skip_taps_reaches_its_end(browser, base_url: str) -> None:
    """The setting's pace (``paced=True``); whenever a computer pauses, a tap on the status skips the pauses."""
    context = browser.new_context(base_url=base_url, viewport=PHONE, paced=True)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto("/")
    page.wait_for_selector(hooks.READY, state="attached", timeout=120_000)
    skips = []

    def skip(page: Page) -> None:
        paused = page.evaluate("""([status, skipping]) => {
            const s = document.querySelector(status);
            return !!s && s.dataset.turn === 'computer' && !s.dataset.waiting && !document.querySelector(skipping);
        }""", [hooks.STATUS, hooks.SKIPPING])
        if paused:
            page.locator(hooks.STATUS_TEXT).click()
            skips.append(page.locator(hooks.SKIPPING).count())

    set_up(page, "dyad", seats(2), {}, 2904)
    player = Player(page, "dyad-2-paced", random.Random(2904))
    player.play_to_end(while_waiting=skip)
    finish(page, "dyad", "dyad-2-paced", player)
    assert skips and any(skips), f"no tap on the status skipped a pause ({len(skips)} taps)"
    context.close()
    assert not errors, errors
