"""A seeded monkey at the table: random taps, keys, dialogs, history, sizes, languages and reloads mid-game.

After every ``K`` random events the legal strategy of ``play_through.Player``
makes one move, so the game advances; it must reach its end (resuming through
Resume or the picker's Continue when an event left the table) with no page
error, no console error and never the ``screen-error`` panel (a game that ended while
the page was elsewhere must be finished on Saved games).  A failure names
its seed and the last events.  One game runs by default; more seeds are
``slow`` (``pytest -m slow e2e/test_monkey.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import hooks
from play_through import BOOT_MS, Player, diagnose, label, seats, set_up, watch_errors, winners

K = 3
"""Random events between two moves of the strategy."""
SIZES = ({"width": 360, "height": 640}, {"width": 740, "height": 360}, {"width": 1280, "height": 800})
"""A phone, a landscape phone, a desktop."""
KEYS = ("Tab", "Shift+Tab", "Enter", " ", "Escape", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")
ACTION_MS = 10_000
"""A click or key waits at most this long for its target (the default 30 s would hide a stuck page)."""
SMALL_HINT = "window.pyappTestHintMs = 100;"

# The element a tap at (x, y) would press, unless it is one a monkey must not press (hooks.AVOID,
# or a select, whose native popup would swallow the keys that follow).
TAPPABLE = """([x, y, avoid]) => {
  const el = document.elementFromPoint(x, y);
  return !!el && !el.closest(avoid + ', select, input[type=file]');
}"""
FOCUS_SAFE = """(avoid) => !document.activeElement || !document.activeElement.closest(avoid)"""

GAMES = [
    pytest.param("dyad", 2, {}, 29, id="dyad-2-seed29"),
    pytest.param("triad", 2, {"children": False, "first": 0}, 7, id="triad-2-seed7", marks=pytest.mark.slow),
    pytest.param("dieci", 3, {}, 11, id="dieci-3-seed11", marks=pytest.mark.slow),
    pytest.param("dyad", 4, {"teams": True, "cipher": True}, 5, id="dyad-4-teams-cipher-seed5", marks=pytest.mark.slow),
    pytest.param("dyad", 3, {"twos": True}, 13, id="dyad-3-twos-seed13", marks=pytest.mark.slow),
    pytest.param("dieci", 8, {}, 17, id="dieci-8-seed17", marks=pytest.mark.slow),
    pytest.param("triad", 4, {"children": True}, 19, id="triad-4-children-seed19", marks=pytest.mark.slow),
]


class Monkey:
    """Random events on one game's page, each written to ``log``; ``home()`` brings the game back."""

    def __init__(self, page: Page, game: str, rng: random.Random) -> None:
        self.page, self.game, self.rng = page, game, rng
        self.log: list[str] = []
        self.record = ""
        self.events: list[tuple[int, Callable[[], None]]] = [
            (30, self.tap), (20, self.key), (12, self.dialog), (8, self.resize), (6, self.history),
            (5, self.language), (2, self.reload),
        ]

    def event(self) -> None:
        weights, actions = zip(*self.events)
        self.rng.choices(actions, weights)[0]()

    def tap(self) -> None:
        size = self.page.viewport_size
        x, y = self.rng.randrange(size["width"]), self.rng.randrange(size["height"])
        if self.page.evaluate(TAPPABLE, [x, y, hooks.AVOID]):
            self.log.append(f"tap {x},{y}")
            self.page.mouse.click(x, y)

    def key(self) -> None:
        key = self.rng.choice(KEYS)
        if key in ("Enter", " ") and not self.page.evaluate(FOCUS_SAFE, hooks.AVOID):
            key = "Tab"
        self.log.append(f"key {key!r}")
        self.page.keyboard.press(key)

    def dialog(self) -> None:
        self.close_dialogs()
        if not self.page.evaluate("location.hash").startswith(f"#/{self.game}"):
            return  # a tap just followed a link away: the table on screen is about to go (home() brings it back)
        shown = [name for name, (opener, _) in hooks.DIALOG_OPENERS.items()
                 if self.page.locator(opener).filter(visible=True).count()]
        if not shown:
            return
        name = self.rng.choice(shown)
        opener, closer = hooks.DIALOG_OPENERS[name]
        self.log.append(f"open and close {name}")
        button = self.page.locator(opener).filter(visible=True).first
        if button.is_disabled():
            return
        button.click()
        expect(self.page.locator("dialog[open]")).to_have_count(1)
        if self.rng.random() < 0.5:
            self.page.locator(closer).filter(visible=True).first.click()
        else:
            self.page.keyboard.press("Escape")
        expect(self.page.locator("dialog[open]")).to_have_count(0)

    def resize(self) -> None:
        size = self.rng.choice(SIZES)
        self.log.append(f"resize {size['width']}x{size['height']}")
        self.page.set_viewport_size(size)

    def history(self) -> None:
        self.log.append("back, forward")
        self.page.go_back()
        self.page.go_forward()

    def language(self) -> None:
        chosen = self.rng.choice(("en", "ko"))
        self.log.append(f"language {chosen}")
        self.page.locator(hooks.LANGUAGE).select_option(chosen)

    def reload(self) -> None:
        self.log.append("reload")
        self.page.reload()
        self.page.wait_for_selector(hooks.READY, state="attached", timeout=BOOT_MS)

    def close_dialogs(self) -> None:
        """Escape out of whatever dialog an event left open (it holds the computers, which is right)."""
        for _ in range(3):
            if not self.page.locator("dialog[open]").count():
                return
            self.page.keyboard.press("Escape")
        expect(self.page.locator("dialog[open]")).to_have_count(0)

    def ended_away(self) -> bool:
        """No Continue: the game must have ended while the page was elsewhere, as Saved games says."""
        self.log.append("saved games")
        self.page.evaluate("location.hash = '#/saves'")
        row = self.page.locator(hooks.saved(self.record))
        expect(row).to_have_attribute("data-finished", "true")
        return True

    def home(self) -> bool:
        """Back at this game's table (False) through Resume or the picker's Continue; True if it ended meanwhile."""
        page = self.page
        self.close_dialogs()
        if page.evaluate("location.hash").startswith(f"#/{self.game}") and page.locator(hooks.STATUS).count():
            return False
        if not page.locator(hooks.RESUME).count():
            page.evaluate("location.hash = '#/'")
            expect(page.locator(hooks.PICKER)).to_be_visible()
            link = page.locator(hooks.continue_link(self.game))
            if link.count():
                self.log.append("continue")
                link.click()
            else:
                return self.ended_away()
        resume = page.locator(hooks.RESUME)
        expect(resume.or_(page.locator(hooks.STATUS)).first).to_be_visible()
        if resume.count():
            self.log.append("resume")
            resume.first.click()
        expect(page.locator(hooks.STATUS)).to_be_visible()
        return False


def over(page: Page) -> bool:
    """The end is shown: over, and past the last round's or deal's summary (the player dismisses that)."""
    return page.locator(f"{hooks.STATUS}[data-turn=over]:not([data-waiting=summary])").count() > 0


def visible_error(page: Page) -> str | None:
    return page.evaluate("""(s) => {
        const el = [...document.querySelectorAll(s)].find(e => e.getClientRects().length);
        return el ? el.textContent : null;
    }""", hooks.SCREEN_ERROR)


@pytest.mark.parametrize(("game", "players", "options", "seed"), GAMES)
def test_a_monkey_at_the_table_still_reaches_the_end(browser, base_url: str, game: str, players: int,
                                                    options: dict[str, Any], seed: int) -> None:
    context = browser.new_context(base_url=base_url, viewport=SIZES[0])
    context.add_init_script(SMALL_HINT)
    context.set_default_timeout(ACTION_MS)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto("/")
    page.wait_for_selector(hooks.READY, state="attached", timeout=BOOT_MS)
    name = f"monkey-{label(game, players, options)}-seed{seed}"
    rng = random.Random(seed)
    monkey = Monkey(page, game, rng)
    player = Player(page, name, rng)
    set_up(page, game, seats(players), options, seed)
    monkey.record = page.evaluate(f"localStorage.getItem('{hooks.CURRENT_KEY}')")
    try:
        while not over(page):
            for _ in range(K):
                monkey.event()
                problem = visible_error(page) or (errors and errors[0])
                assert not problem, problem
                if over(page):
                    break
            if monkey.home() or not player.step():
                break
            assert player.moves < 3000, "no end after 3000 decisions"
        if over(page):
            winners(page, game)
    except AssertionError as failure:
        raise AssertionError(f"{name}: {failure}\nseed {seed}; last events: {monkey.log[-12:]}") from None
    except Exception as failure:  # a Playwright timeout: say where, with the seed
        raise AssertionError(diagnose(page, name, f"{type(failure).__name__}: {failure}") +
                             f"\nseed {seed}; last events: {monkey.log[-12:]}") from None
    context.close()
    assert not errors, f"{name} (seed {seed}): {errors}"
