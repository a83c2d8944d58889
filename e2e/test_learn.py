"""A newcomer on the picker: what each game is, How to play and back, and each guided game on the real table.

At 360×640 and 1280×800: the static shell already explains each game before
Python starts, the Python picker shows the same texts, nothing scrolls
sideways, How to play opens the rules and Back returns to the picker.  Each
lesson (``#/learn/<game>``) is finished by following the coach on the game's
own table: the expected moves come from CPython's ``Coach``, walked alongside,
and are made with the table's controls (mouse clicks; the keyboard alone for
Triad; one run in Korean).  At one step a legal move the lesson does not want
is refused with the explanation naming its rule and nothing changes; every
learner's step keeps the table-fit checks of ``test_table_fit.py``.  The end
offers a real game against Easy and nothing but the step was stored; the
Rules pause the script, a language switch redraws it in place; leaving mid-lesson offers to resume at that step, and
a finished lesson offers itself again instead.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from conftest import booted_page
from playwright.sync_api import Browser, Page, expect
from test_a11y import axe, keyboard_act
from test_table_fit import MEASURE, SETTLED

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp import i18n, lessons  # noqa: E402
from pyapp.games import game_class  # noqa: E402
from pyapp.storage.stats import STATS_KEY  # noqa: E402
from pyapp.storage.store import CURRENT_KEY, OWNER_PREFIX, PREFIX  # noqa: E402

SCREENSHOTS = ROOT / "e2e" / "screenshots"
BOOT_MS = 120_000
GAMES = ("dyad", "triad", "dieci")
LOCALES = {"en": "en-US", "ko": "ko-KR"}


def t(lang: str, key: str, **params: object) -> str:
    text = i18n.catalog(lang)[key]
    return text.format_map(params) if params else text


def _no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _expect_explained(page: Page, lang: str) -> None:
    picker = page.get_by_test_id("picker")
    for game in GAMES:
        card = picker.locator(f'.game-card[data-game="{game}"]')
        expect(card.locator(".game-name")).to_have_text(t(lang, f"game.{game}"))
        expect(card.locator(".game-about")).to_have_text(t(lang, f"shell.about.{game}"))
        expect(card.locator(".game-facts")).to_have_text(t(lang, f"shell.facts.{game}"))
        expect(page.get_by_test_id(f"game-link-{game}")).to_have_text(t(lang, "shell.play"))
        expect(page.get_by_test_id(f"rules-link-{game}")).to_have_attribute("href", f"#/rules/{game}")
        expect(page.get_by_test_id(f"learn-link-{game}")).to_have_attribute("href", f"#/learn/{game}")


@pytest.mark.parametrize(("width", "height", "lang"), [(360, 640, "en"), (1280, 800, "en"), (360, 640, "ko")])
def test_a_newcomer_reads_the_picker_opens_how_to_play_and_comes_back(
    browser: Browser, base_url: str, width: int, height: int, lang: str
) -> None:
    context = browser.new_context(base_url=base_url, locale=LOCALES[lang], viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto("/")
        if lang == "en":  # the static shell explains before Python is ready (its texts are the default language's)
            _expect_explained(page, lang)
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_MS)
        _expect_explained(page, lang)
        description = page.locator('meta[name="description"]')
        expect(description).to_have_attribute("content", t(lang, "shell.meta.description"))
        _no_sideways_scroll(page)
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"picker-{lang}-{width}.png", full_page=True)

        page.get_by_test_id("rules-link-triad").click()
        expect(page).to_have_url(re.compile(r"#/rules/triad$"))
        expect(page.get_by_test_id("rules")).to_be_visible()
        expect(page.get_by_test_id("rules").locator("h1")).to_be_in_viewport()  # a new page starts at its top
        expect(description).to_have_attribute("content", t(lang, "shell.about.triad"))
        expect(page.get_by_test_id("rules-learn")).to_have_attribute("href", "#/learn/triad")
        page.screenshot(path=SCREENSHOTS / f"picker-howto-{lang}-{width}.png")

        page.go_back()
        expect(page.get_by_test_id("picker")).to_be_visible()
        expect(page.get_by_test_id("rules-link-triad")).to_be_in_viewport()  # back where the reader was
        _expect_explained(page, lang)
        expect(description).to_have_attribute("content", t(lang, "shell.meta.description"))
    finally:
        context.close()


# -- the guided games on the real table ----------------------------------------------------------

SIZES = [(360, 640), (1280, 800)]
WRONG_AT = {"dyad": 0, "triad": 0, "dieci": 7}
"""A learner's step of each lesson where a legal move the lesson does not expect is tried first."""
KEYBOARD = "triad"
"""The lesson played with the keyboard alone (the others by mouse clicks)."""

TABLE_STATE = """() => [...document.querySelectorAll(
    '.table-body [data-card], .table-body [data-cell], .table-body [data-char], .table-body [data-pair]')]
  .map(e => [e.dataset.card, e.dataset.cell, e.dataset.height, e.dataset.stack, e.dataset.char,
             e.dataset.pair, e.disabled].join('|')).join(';')"""
"""What is on the table: every card, cell (with its stack) and character, in page order."""

RINGED = """() => [...document.querySelectorAll('[data-hinted]')]
  .map(e => e.dataset.card || e.dataset.cell || e.dataset.char || e.dataset.action || e.dataset.testid)"""
"""What the coach ringed: each element's card, cell, character, action or test id."""

HELD_LOCKS = "async () => (await navigator.locks.query()).held.map(lock => lock.name)"


@pytest.fixture(scope="module")
def lesson_page(browser: Browser, base_url: str):
    yield from booted_page(browser, base_url, viewport={"width": 360, "height": 640})


def _said(lang: str, key: str, params: dict) -> str:
    """A message as the page says it in ``lang`` (names isolated as the page does)."""
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        return i18n.t(key, **params)
    finally:
        i18n.set_language(previous)


def _click(page: Page, game: str, action: str) -> None:
    """Play ``action`` with the mouse, through the controls a person would use."""
    words = action.split()
    if game == "dyad":
        if words[0] == "take":
            page.locator(f'[data-take="{words[1]}"]').click()
            return
        for card in action.split("+"):
            page.locator(f'.dyad-hand [data-card="{card}"]').click()
            expect(page.locator(f'.dyad-hand [data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
        page.get_by_test_id("submit-pair").click()
    elif game == "triad":
        if words[0] == "place":
            page.locator(f'[data-cell="{words[1]}"]').click()
        elif words[0] == "remove":
            page.locator(f'[data-cell="{words[2] if words[1] == "stack" else words[1]}"]').click()
            page.locator(f'[data-testid=remove-choice][data-action="{action}"]').click()
        else:
            page.get_by_test_id("pass").click()
    elif words[0] == "play":
        page.locator(f'.dieci .hand [data-card="{words[1]}"]').click()
    elif words[0] == "claim":
        page.locator(f'.dieci button[data-char="{words[1]}"]').click()
    else:
        page.get_by_test_id("take-top" if words[0] == "top" else "pass").click()


def _act(page: Page, game: str, action: str) -> None:
    if game == KEYBOARD:
        keyboard_act(page, game, action)
    else:
        _click(page, game, action)


def _language(page: Page, lang: str) -> None:
    page.get_by_test_id("language").select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)


def _open(page: Page, game: str) -> None:
    """The lesson's panel, reached from the picker's Learn by playing."""
    page.evaluate("() => { location.hash = '#/'; }")
    page.get_by_test_id(f"learn-link-{game}").click()
    expect(page.get_by_test_id("learn")).to_have_attribute("data-game", game)


def _fits(page: Page) -> None:
    """The lesson's table keeps the table's one-screen rules, its message line wholly in view."""
    page.wait_for_function(SETTLED)
    step = page.get_by_test_id("coach-note").get_attribute("data-step")
    problems = page.evaluate(MEASURE)
    if problems:
        page.screenshot(path=SCREENSHOTS / "learn-unfit.png", full_page=True)
    assert problems == [], f"at step {step} (learn-unfit.png)"
    box = page.get_by_test_id("message").bounding_box()
    assert box is not None and box["height"] > 0 and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]


def _wait_learner(page: Page, coach: lessons.Coach, lang: str) -> None:
    note = page.get_by_test_id("coach-note")
    expect(note).to_have_attribute("data-step", str(coach.at))
    expect(note).to_have_attribute("data-who", "learner")
    expect(note).to_have_text(_said(lang, *coach.note()))
    expect(page.get_by_test_id("status")).to_have_attribute("data-turn", "you")
    count = _said(lang, "learn.step", {"n": coach.at + 1, "total": len(coach.lesson.steps)})
    expect(page.get_by_test_id("learn-count")).to_have_text(count)


def _refused(page: Page, game: str, coach: lessons.Coach, lang: str, shot: str) -> None:
    """A legal move the lesson does not expect: explained by the rule, and nothing on the table changes."""
    expected = coach.step().action
    wrong = next(str(a) for a in coach.state.legal_actions() if str(a) != expected)
    verdict = lessons.Coach(coach.lesson, at=coach.at).try_move(wrong)
    assert not verdict.ok and verdict.rule, "the step's explanation names a rule"
    before = page.evaluate(TABLE_STATE)
    expect(page.locator("[data-hinted]")).to_have_count(0)  # the learner tries first
    page.screenshot(path=SCREENSHOTS / f"{shot}-mid.png")
    _act(page, game, wrong)
    refusal = page.get_by_test_id("coach-refusal")
    reason, expects = _said(lang, verdict.key, verdict.params), _said(lang, "learn.try", {"move": "@"}).split("@")[0]
    expect(refusal).to_have_text(re.compile(f"^{re.escape(reason)} {re.escape(expects)}"))
    expect(refusal.locator(".sr-only")).to_contain_text(expects)  # said, not shown: the ring shows it
    # the expected move is ringed on the table, as a hint's is, and nothing else
    ringed = page.evaluate(RINGED)
    assert ringed and all(name in expected.split() or name in expected for name in ringed), (ringed, expected)
    expect(refusal).to_have_attribute("data-rule", verdict.rule)
    expect(refusal).to_have_attribute("role", "alert")
    expect(page.get_by_test_id("coach-note")).to_have_attribute("data-step", str(coach.at))
    expect(page.get_by_test_id("status")).to_have_attribute("data-turn", "you")
    assert page.evaluate(TABLE_STATE) == before, "a refused move changes nothing"
    _fits(page)
    assert axe(page, f"{game} lesson, a move refused") == []
    page.screenshot(path=SCREENSHOTS / f"{shot}-refused.png")


def _follow(page: Page, game: str, lang: str, *, until: int | None = None, wrong_at: int | None = None,
            shot: str = "") -> lessons.Coach:
    """Make each of the learner's moves the coach asks for, on the table, while the computers play the script.

    CPython's coach is walked alongside, from the step on the page; stops at the learner's step ``until``.
    Every learner's step is measured as the table-fit suite measures a table.
    """
    lesson = lessons.get(game)
    coach = lessons.Coach(lesson, at=int(page.get_by_test_id("coach-note").get_attribute("data-step")))
    while not coach.finished():
        if not coach.learner_to_move():
            coach.play_computer()
            continue
        _wait_learner(page, coach, lang)
        if coach.at == until:
            return coach
        _fits(page)
        if coach.at == wrong_at:
            _refused(page, game, coach, lang, shot)
        _act(page, game, coach.step().action)
        assert coach.try_move(coach.step().action).ok
        expect(page.get_by_test_id("coach-refusal")).to_have_count(0)
    return coach


def _nothing_stored_but_the_step(page: Page, game: str) -> None:
    keys = page.evaluate("() => Object.keys(localStorage)")
    assert not [key for key in keys if key.startswith((PREFIX, OWNER_PREFIX)) or key in (CURRENT_KEY, STATS_KEY)]
    assert page.evaluate(HELD_LOCKS) == []  # no ownership lock either


CASES = [("en", game, size) for game in GAMES for size in SIZES] + [("ko", "triad", (360, 640))]


@pytest.mark.parametrize(("lang", "game", "size"), CASES, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_each_guided_game_is_played_on_the_real_table_by_following_the_coach(
    lesson_page: Page, lang: str, game: str, size: tuple[int, int]
) -> None:
    page = lesson_page
    page.evaluate("() => localStorage.clear()")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    _language(page, lang)
    shot = f"learn-{game}-{lang}-{size[0]}x{size[1]}"
    _open(page, game)
    expect(page.get_by_test_id("learn-resume")).to_have_count(0)  # a first visit has nothing to resume
    page.screenshot(path=SCREENSHOTS / f"{shot}-panel.png")
    page.get_by_test_id("learn-start").click()
    expect(page.get_by_test_id("rules-open")).to_be_visible()  # the rules stay one tap away
    expect(page.get_by_test_id("hint")).to_have_count(0)  # the coach says what to play, not the judge
    coach = _follow(page, game, lang, wrong_at=WRONG_AT[game], shot=shot)

    note = page.get_by_test_id("coach-note")
    expect(note).to_have_attribute("data-who", "done")
    expect(note).to_have_text(_said(lang, *coach.note()))
    expect(page.get_by_test_id("status")).to_have_attribute("data-turn", "over")
    expect(page.get_by_test_id("learn-easy")).to_have_attribute("href", f"#/{game}?level=easy")
    expect(page.get_by_test_id("learn-again")).to_be_visible()
    if game == "dyad":  # the round's summary stays on the table for the learner to read
        expect(page.get_by_test_id("round-end")).to_be_in_viewport()
    _fits(page)
    page.screenshot(path=SCREENSHOTS / f"{shot}-end.png")
    _nothing_stored_but_the_step(page, game)
    assert page.evaluate(f"() => localStorage.getItem('pyapp.lesson.{game}')") == str(len(coach.lesson.steps))
    _language(page, "en")


def test_the_rules_pause_the_lesson_and_a_language_switch_redraws_it_in_place(lesson_page: Page) -> None:
    page = lesson_page
    page.evaluate("() => localStorage.clear()")
    page.set_viewport_size({"width": 360, "height": 640})
    _open(page, "dyad")
    page.get_by_test_id("learn-start").click()
    coach = lessons.Coach(lessons.get("dyad"))
    _wait_learner(page, coach, "en")
    first, second = coach.step().action.split("+")
    for card in (first, second):
        page.locator(f'.dyad-hand [data-card="{card}"]').click()
    # the learner's move, then the Rules while the computers' first scripted move waits a pace of 3 s
    # (Python runs in a worker: at zero pace that move could come between the two taps)
    page.evaluate("() => { window.pyappTestPace = 3; }")
    page.get_by_test_id("submit-pair").click()
    page.get_by_test_id("rules-open").click()
    page.evaluate("() => { window.pyappTestPace = 0; }")
    assert coach.try_move(coach.step().action).ok
    expect(page.get_by_test_id("rules-sheet")).to_be_visible()
    expect(page.locator(".table-body[data-waiting=held]")).to_have_count(1)
    note = page.get_by_test_id("coach-note")
    expect(note).to_have_attribute("data-step", str(coach.at))
    expect(note).to_have_attribute("data-who", "computer")
    assert page.evaluate("() => localStorage.getItem('pyapp.lesson.dyad')") == "1"  # nothing played meanwhile
    page.get_by_test_id("rules-sheet-close").click()
    expect(page.get_by_test_id("rules-sheet")).to_be_hidden()
    while not coach.learner_to_move():
        coach.play_computer()
    _wait_learner(page, coach, "en")  # the script went on to the learner's next move
    _language(page, "ko")  # the coach switches language in place, at the same step
    _wait_learner(page, coach, "ko")
    expect(page.get_by_test_id("player-1")).to_contain_text(_said("ko", "setup.default_name", {"n": 2}))
    _language(page, "en")


def test_leaving_mid_lesson_offers_to_resume_there_and_a_finished_one_offers_it_again(lesson_page: Page) -> None:
    page = lesson_page
    game = "dieci"
    total = len(lessons.get(game).steps)
    page.evaluate("() => localStorage.clear()")
    page.set_viewport_size({"width": 360, "height": 640})
    _open(page, game)
    page.get_by_test_id("learn-start").click()
    coach = _follow(page, game, "en", until=4)
    assert page.evaluate(f"() => localStorage.getItem('pyapp.lesson.{game}')") == "4"

    page.get_by_test_id("home-link").click()
    expect(page.get_by_test_id("picker")).to_be_visible()
    expect(page.locator(".game-continue")).to_have_count(0)  # a lesson is never an unfinished game
    page.reload()
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_MS)
    _open(page, game)
    offer = page.get_by_test_id("learn-resume")
    expect(offer).to_have_text(_said("en", "learn.resume_text", {"n": coach.at + 1, "total": total}))
    expect(page.get_by_test_id("learn-again")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "learn-resume-360x640.png")
    page.get_by_test_id("learn-resume-button").click()
    _wait_learner(page, coach, "en")  # the same step, the same position
    _follow(page, game, "en")
    expect(page.get_by_test_id("status")).to_have_attribute("data-turn", "over")

    _open(page, game)  # finished: no "resume at 16 of 16", the lesson again or a real game
    expect(page.get_by_test_id("learn-resume")).to_have_count(0)
    expect(page.get_by_test_id("learn-done")).to_have_text(_said("en", "learn.finished", {}))
    expect(page.get_by_test_id("learn-easy")).to_have_attribute("href", f"#/{game}?level=easy")
    page.screenshot(path=SCREENSHOTS / "learn-finished-360x640.png")
    page.get_by_test_id("learn-easy").click()
    expect(page.get_by_test_id("setup-players")).to_be_visible()
    expect(page.get_by_test_id("seat-kind-0")).to_have_value("person")
    for seat in range(1, game_class(game).PLAYERS[0]):
        expect(page.get_by_test_id(f"seat-kind-{seat}")).to_have_value("easy")
    _nothing_stored_but_the_step(page, game)
    _open(page, game)
    page.get_by_test_id("learn-again").click()  # the lesson from its start: the computer leads, then your move
    again = lessons.Coach(lessons.get(game))
    while not again.learner_to_move():
        again.play_computer()
    _wait_learner(page, again, "en")
    assert page.evaluate(f"() => localStorage.getItem('pyapp.lesson.{game}')") == str(again.at)
