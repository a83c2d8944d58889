"""A person who plays whole games through the page: set-up by the form, legal moves read from the screen.

The strategy sees what a person sees: the enabled cards, cells and buttons of
the table (``hooks.py``), never Python.  It picks among them with a seeded
``random.Random``.  A game that stops moving fails within ``STALL_MS`` with
what the status says and a screenshot, instead of running into the test's
timeout: every wait is for the table's text or status to change.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, TimeoutError as PlaywrightTimeout, expect

import hooks

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
STALL_MS = 45_000
"""Longest a table may stay unchanged while it is not the person's move (an Easy move takes well under a second)."""
BOOT_MS = 120_000
JS = {**hooks.JS, "lastSummary": "[data-testid=round-end], [data-testid=deal-end]"}
"""The page's hooks as the scripts below read them, with the summary a game's end shows before its result."""

# The table as the strategy sees it, cheap enough to poll: anything a move or a pause changes.
SIGNATURE = """(h) => {
  const status = document.querySelector(h.status);
  const body = document.querySelector(h.table);
  const view = document.querySelector(h.view);
  return [location.hash, status ? status.textContent + '|' + JSON.stringify(status.dataset) : '',
          body ? JSON.stringify(body.dataset) + body.textContent : view ? view.textContent : ''].join('#');
}"""

# Why the computers wait with nothing on screen to end the wait (a summary without its dismiss
# button, "held" without an open dialog), or null: the freeze of issue 29 looked like this.
UNENDED_WAIT = """(h) => {
  const status = document.querySelector(h.status);
  const waiting = status && status.dataset.waiting;
  if (waiting === 'summary' && !h.dismiss.some(s => document.querySelector(s))) return 'a summary but shows no button to dismiss it';
  if (waiting === 'held' && !document.querySelector('dialog[open]')) return 'a dialog but none is open';
  return null;
}"""
WAIT_ENDS_MS = 5_000
"""How long a wait may show no control that ends it (a redraw in between) before the game counts as frozen."""

# True once the person on screen has something to press (or the game is over, or a page error shows).
PERSON_MAY_ACT = """([h, before]) => {
  const q = s => document.querySelector(s);
  if ([...document.querySelectorAll(h.screenError)].some(e => e.getClientRects().length)) return true;
  const status = q(h.status);
  if (status && status.dataset.turn === 'over') return true;
  if (q(h.handover)) return true;
  if ((UNENDED_WAIT)(h)) return true;
  if (q(h.guard)) return false;
  if (h.dismiss.some(s => q(s))) return true;
  if (q(h.acting) && status && status.dataset.turn === 'you') return true;
  return before !== null && (SIGNATURE)(h) !== before;
}""".replace("UNENDED_WAIT", UNENDED_WAIT).replace("SIGNATURE", SIGNATURE)

# One decision, as the selectors to tap in order; reads the screen only.  A Dyad pair is found
# by trying pairs through the page's own selection (pair-status says when one may be played),
# then left unselected so that the real taps choose it.
CHOOSE = """async ([h, pick]) => {
  const q = s => document.querySelector(s);
  // a control a person could tap: not disabled, and not web/motion.js's ghost of one (inert, classes kept)
  const live = s => [...document.querySelectorAll(s)].filter(e => !e.disabled && !e.closest('.motion-ghost'));
  const one = list => list[pick % list.length];
  const status = q(h.status);
  const broken = [...document.querySelectorAll(h.screenError)].find(e => e.getClientRects().length);
  if (broken) return {error: broken.textContent};
  const over = !!status && status.dataset.turn === 'over';
  // the last round's or deal's summary comes before the end: its button leads there
  for (const s of h.dismiss) if (over && q(s)) return {taps: [s], last: q(h.lastSummary) ? q(h.lastSummary).textContent : ''};
  if (over) return {over: true};
  if (q(h.handover)) return {taps: [h.handover]};
  const unended = (UNENDED_WAIT)(h);
  if (unended) return {unended};
  for (const s of h.dismiss) if (q(s)) return {taps: [s]};
  if (!q(h.acting) || q(h.guard)) return {wait: true};
  const by = (attr, base) => el => `${base}[${attr}="${el.getAttribute(attr)}"]`;
  if (q(h.dyadTable)) {
    const cipher = h.cipher.filter(s => q(s));
    if (cipher.length) return {taps: [pick % 4 ? cipher[cipher.length - 1] : cipher[0]]};
    const takes = live(h.take);
    if (takes.length) return {taps: [by('data-take', h.take)(one(takes))]};
    const submit = q(h.submitPair) ? h.submitPair : q(h.submitPass) ? h.submitPass : null;
    const cards = live(h.hand);
    if (!submit || cards.length < 2) return {wait: true};
    const pairs = [];
    for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) pairs.push([i, j]);
    q(h.clearSelection).click();  // a card chosen before (a key, a stray tap) would turn the trial pairs around
    await pyappWorkerPage.settled();  // after each trial tap: the worker has heard it and the page drawn it
    const start = pick % pairs.length;
    for (let k = 0; k < pairs.length; k++) {
      const [i, j] = pairs[(start + k) % pairs.length];
      cards[i].click(); cards[j].click();
      await pyappWorkerPage.settled();
      const ready = q(h.pairStatus).dataset.ready === 'true';
      q(h.clearSelection).click();
      await pyappWorkerPage.settled();
      if (ready) return {taps: [by('data-card', h.hand)(cards[i]), by('data-card', h.hand)(cards[j]), submit]};
    }
    return {error: 'no pair of the hand may be played'};
  }
  if (q(h.dieciTable)) {
    const cards = live(h.playable);
    if (cards.length) return {taps: [by('data-card', h.playable)(one(cards))]};
    const offer = [...live(h.claimable).map(by('data-char', h.claimable)), ...[h.takeTop, h.pass].filter(s => q(s))];
    if (offer.length) return {taps: [one(offer)]};
    return {wait: true};
  }
  if (q(h.triadBoard)) {
    const choices = live(h.removeChoice);
    if (choices.length) return {taps: [by('data-action', h.removeChoice)(one(choices))]};
    const cells = live(h.legalCell);
    if (cells.length) return {taps: [by('data-cell', h.legalCell)(one(cells))]};
    if (q(h.pass)) return {taps: [h.pass]};
    const removable = live(h.removableCell);
    if (removable.length) return {taps: [by('data-cell', h.removableCell)(one(removable))]};
  }
  return {wait: true};
}""".replace("UNENDED_WAIT", UNENDED_WAIT)

DIAGNOSIS = """(h) => {
  const q = s => document.querySelector(s);
  const status = q(h.status), body = q(h.table), table = q('.table');
  return {hash: location.hash, status: status ? status.textContent : null,
          turn: status ? status.dataset.turn : null, waiting: status ? status.dataset.waiting || null : null,
          thinking: status ? status.dataset.thinking : null, acting: table ? table.dataset.acting : null,
          body: body ? {...body.dataset} : null, error: q(h.moveError) ? q(h.moveError).textContent : null};
}"""


class Stalled(AssertionError):
    """The game stopped moving: nothing changed on the page for ``STALL_MS``."""


def diagnose(page: Page, name: str, why: str) -> str:
    """What the page shows now, and a screenshot of it, as a failure's message."""
    SCREENSHOTS.mkdir(exist_ok=True)
    shot = SCREENSHOTS / f"stalled-{name}.png"
    page.screenshot(path=str(shot))
    return f"{name}: {why}; the page shows {page.evaluate(DIAGNOSIS, JS)}; screenshot {shot}"


def signature(page: Page) -> str:
    return page.evaluate(SIGNATURE, JS)


@dataclass
class Player:
    """Plays the people's seats of one game on ``page``; ``rng`` picks among the legal choices."""

    page: Page
    name: str
    rng: random.Random
    moves: int = 0
    seen: list[str] = field(default_factory=list)
    last_summary: str | None = None
    """The text of the last round's or deal's summary, dismissed at the game's end before its result (None: none came)."""

    def wait_for_turn(self, while_waiting: Any = None) -> None:
        """Wait until a person may act or the game is over; fail once the page stays unchanged for ``STALL_MS``.

        ``while_waiting(page)`` runs each time the table changed without giving the person a move.
        """
        if while_waiting is not None:
            while_waiting(self.page)
        before = signature(self.page)
        while True:
            try:
                self.page.wait_for_function(PERSON_MAY_ACT, arg=[JS, before], timeout=STALL_MS, polling=50)
            except PlaywrightTimeout:
                raise Stalled(diagnose(self.page, self.name, f"nothing changed for {STALL_MS} ms")) from None
            now = self.page.evaluate(PERSON_MAY_ACT, [JS, None])
            if now:
                return
            before = signature(self.page)
            if while_waiting is not None:
                while_waiting(self.page)

    def choose(self) -> dict[str, Any]:
        return self.page.evaluate(CHOOSE, [JS, self.rng.randrange(1 << 30)])

    def step(self, while_waiting: Any = None) -> bool:
        """One decision of a person, tapped; False once the game is over."""
        self.wait_for_turn(while_waiting)
        choice = self.choose()
        if "error" in choice:
            raise AssertionError(diagnose(self.page, self.name, f"the page shows an error: {choice['error']}"))
        if choice.get("over"):
            return False
        if choice.get("unended"):
            try:
                self.page.wait_for_function(f"(h) => !({UNENDED_WAIT})(h)", arg=JS, timeout=WAIT_ENDS_MS)
            except PlaywrightTimeout:
                raise Stalled(diagnose(self.page, self.name, f"the status waits for {choice['unended']}")) from None
            return True
        if choice.get("wait"):
            raise Stalled(diagnose(self.page, self.name, "the person's move is due but no control offers one"))
        if "last" in choice:
            assert self.last_summary is None, f"{self.name}: a second summary after the game's end"
            self.last_summary = choice["last"]
        before = signature(self.page)
        for selector in choice["taps"]:
            self.page.locator(selector).click()
        self.seen.append(" ".join(choice["taps"]))
        if self.page.locator(hooks.MOVE_ERROR).count():
            raise AssertionError(diagnose(self.page, self.name, f"a legal tap was refused: {self.seen[-1]}"))
        try:
            self.page.wait_for_function(f"([h, before]) => ({SIGNATURE})(h) !== before", arg=[JS, before],
                                        timeout=STALL_MS, polling=50)
        except PlaywrightTimeout:
            raise Stalled(diagnose(self.page, self.name, f"the taps {self.seen[-1]} changed nothing")) from None
        self.moves += 1
        return True

    def play_to_end(self, limit: int = 2000, while_waiting: Any = None) -> None:
        while self.step(while_waiting):
            assert self.moves < limit, f"{self.name}: no end after {limit} decisions"


def open_setup(page: Page, game: str) -> None:
    """The game's set-up form, from wherever the page is (the game's route offers New game).

    Through the picker, so that a table left frozen by a failed game is left too.
    """
    page.evaluate("location.hash = '#/'")
    expect(page.locator(hooks.PICKER)).to_be_visible()
    page.evaluate(f"location.hash = '#/{game}'")
    new, start = page.locator(hooks.NEW_GAME), page.locator(hooks.START)
    expect(new.or_(start).first).to_be_visible(timeout=BOOT_MS)
    if not start.is_visible():
        new.first.click()
    expect(start).to_be_visible()


def set_up(page: Page, game: str, kinds: list[str], options: dict[str, Any], seed: int) -> None:
    """Fill the set-up form as a person would (players, each seat, options, the deal's seed where it asks) and start."""
    open_setup(page, game)
    page.locator(hooks.SETUP_PLAYERS).select_option(str(len(kinds)))
    for seat, kind in enumerate(kinds):
        page.locator(hooks.seat_kind(seat)).select_option(kind)
    for name, value in options.items():
        field_ = page.locator(hooks.option(name))
        if not field_.count():  # the form offers it only for some player counts (Teams: 4)
            assert not value, f"the set-up of {game} for {len(kinds)} players offers no {name}"
            continue
        if isinstance(value, bool):
            field_.set_checked(value)
        else:
            field_.select_option(str(value))
    if page.locator(hooks.SETUP_DEAL).count():  # a game without chance (Triad) asks for no deal number
        page.locator(hooks.SETUP_DEAL).click()
        page.locator(hooks.SETUP_SEED).fill(str(seed))
    page.locator(hooks.START).click()
    expect(page.locator(hooks.STATUS)).to_be_visible()


def winners(page: Page, game: str) -> str:
    """The end screen's winner (seats or side), asserting the game is over and shows one."""
    selector, attribute = hooks.END[game]
    expect(page.locator(hooks.STATUS)).to_have_attribute("data-turn", "over")
    end = page.locator(selector)
    expect(end).to_be_visible()
    value = end.get_attribute(attribute)
    assert value, f"the end screen of {game} names no winner"
    return value


def watch_errors(page: Page) -> list[str]:
    """Every uncaught page error and console error of ``page`` from now on."""
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(f"pageerror: {error}"))
    page.on("console", lambda message: found.append(f"console: {message.text}") if message.type == "error" else None)
    return found


def seats(players: int, people: int = 1) -> list[str]:
    """``people`` person seats first, Easy computers in the rest."""
    return ["person"] * people + ["easy"] * (players - people)


def label(game: str, players: int, options: dict[str, Any]) -> str:
    """A configuration's name in test ids and screenshot names: ``dyad-4-teams-twos``."""
    on = [name for name, value in sorted(options.items()) if value is True]
    chosen = [f"{name}{value}" for name, value in sorted(options.items()) if not isinstance(value, bool) and value]
    return "-".join([game, str(players), *on, *chosen])
