"""A newcomer on the picker: what each game is, How to play and back, and the guided game's walk-through.

At 360×640 and 1280×800: the static shell already explains each game before
Python starts, the Python picker shows the same texts, nothing scrolls
sideways, How to play opens the rules and Back returns to the picker.  The
``#/learn/<game>`` screen shows every coach note CPython's ``Coach`` gives, in
order, driven by the keyboard (every game in English, one in Korean).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp import i18n, lessons  # noqa: E402

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


def _notes(game: str, lang: str) -> list[str]:
    """Every note of the guided game as CPython's Coach says it, the closing one last."""
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        coach = lessons.Coach(lessons.get(game))
        notes = []
        while True:
            notes.append(i18n.t(*coach.note()[:1], **coach.note()[1]))
            if coach.finished():
                return notes
            if coach.learner_to_move():
                assert coach.try_move(coach.step().action).ok
            else:
                coach.play_computer()
    finally:
        i18n.set_language(previous)


@pytest.mark.parametrize(("lang", "games"), [("en", GAMES), ("ko", ("triad",))])
def test_learn_by_playing_walks_each_guided_game_with_the_keyboard(
    browser: Browser, base_url: str, lang: str, games: tuple[str, ...]
) -> None:
    context = browser.new_context(base_url=base_url, locale=LOCALES[lang], viewport={"width": 360, "height": 640})
    try:
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_MS)
        for game in games:
            page.get_by_test_id("home-link").click()
            page.get_by_test_id(f"learn-link-{game}").click()
            expect(page).to_have_url(re.compile(rf"#/learn/{game}$"))
            screen = page.get_by_test_id("learn")
            expect(screen).to_have_attribute("data-game", game)
            note = page.get_by_test_id("coach-note")
            notes = _notes(game, lang)
            page.screenshot(path=SCREENSHOTS / f"learn-{game}-{lang}-360-start.png", full_page=True)
            screen.locator("[data-action=next]").focus()
            for number, text in enumerate(notes):
                expect(note).to_have_text(text)
                count = t(lang, "learn.step", n=min(number + 1, len(notes) - 1), total=len(notes) - 1)
                expect(page.get_by_test_id("learn-count")).to_contain_text(count)
                if number < len(notes) - 1:
                    page.keyboard.press("Enter")  # the focus stays on Next until the end
            expect(screen.locator("[data-action=next]")).to_be_disabled()
            _no_sideways_scroll(page)
            page.screenshot(path=SCREENSHOTS / f"learn-{game}-{lang}-360-end.png", full_page=True)
            page.set_viewport_size({"width": 1280, "height": 800})
            _no_sideways_scroll(page)
            page.screenshot(path=SCREENSHOTS / f"learn-{game}-{lang}-1280-end.png")
            page.set_viewport_size({"width": 360, "height": 640})
    finally:
        context.close()
