"""Rules pages and their demos in English and Korean, the language switch, and the embed.

Every demo is stepped through to its end and back on its rules page in both
languages, each caption compared with the one CPython computes by replaying
the same demo through the engine.  The embed is shown inside an ``<iframe>``
of a page on another origin (a second local server, another port), before and after
Python starts; at 320 and 800 px wide every step of every demo fits the
height the embed code asks for; its Python runs in a worker, not on the page's thread.
"""

from __future__ import annotations

import http.server
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp import demos, i18n  # noqa: E402
from pyapp.demos.embed import embed_path  # noqa: E402

SCREENSHOTS = ROOT / "e2e" / "screenshots"
BOOT_MS = 120_000
LOCALES = {"en": "en-US", "ko": "ko-KR"}


def captions(demo: demos.Demo, lang: str) -> list[str]:
    """Every step's caption as CPython draws it."""
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        return [i18n.t(frame.caption, **frame.params) for frame in demos.replay(demo)]
    finally:
        i18n.set_language(previous)


def t(lang: str, key: str, **params: object) -> str:
    text = i18n.catalog(lang)[key]
    return text.format_map(params) if params else text


@contextmanager
def booted(browser: Browser, base_url: str, route: str, **context_options: Any) -> Iterator[Page]:
    """A page of a new context (``context_options``: locale, viewport) at ``route``, Python ready; closed after."""
    context = browser.new_context(base_url=base_url, **context_options)
    try:
        page = context.new_page()
        page.goto(route)
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_MS)
        yield page
    finally:
        context.close()


@pytest.fixture(scope="module", params=["en", "ko"])
def localized(request, browser: Browser, base_url: str) -> Iterator[tuple[str, Page]]:
    """A page whose browser prefers ``lang``: the site must follow it."""
    lang = request.param
    with booted(browser, base_url, "/", locale=LOCALES[lang], viewport={"width": 390, "height": 844}) as page:
        yield lang, page


def open_rules(page: Page, game: str) -> None:
    page.evaluate("location.hash = '#/'")
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate(f"location.hash = '#/rules/{game}'")
    expect(page.locator(f"article.rules[data-game={game}]")).to_be_visible()


@pytest.mark.parametrize("game", demos.GAMES)
def test_every_demo_steps_through_in_both_languages(localized: tuple[str, Page], game: str) -> None:
    lang, page = localized
    assert page.evaluate("document.documentElement.lang") == lang
    open_rules(page, game)
    expect(page.locator("h1")).to_have_text(t(lang, "rules.page_title", game=t(lang, f"game.{game}")))
    expect(page.get_by_test_id("decision").first).to_have_text(t(lang, "rules.decision"))
    figures = page.locator("figure.demo")
    expect(figures).to_have_count(len(demos.demos(game)))
    for index, demo in enumerate(demos.demos(game)):
        figure = figures.nth(index)
        expect(figure).to_have_attribute("data-demo", demo.key)
        figure.scroll_into_view_if_needed()
        expected = captions(demo, lang)
        caption = figure.get_by_test_id("demo-caption")
        back, forward = figure.locator("[data-action=back]"), figure.locator("[data-action=next]")
        expect(back).to_be_disabled()
        for step, text in enumerate(expected):
            expect(figure).to_have_attribute("data-step", str(step))
            expect(caption).to_have_text(text)
            expect(figure.get_by_test_id("demo-count")).to_have_text(
                t(lang, "demo.count", n=step + 1, total=len(expected))
            )
            if step < len(expected) - 1:
                forward.click()
        expect(forward).to_be_disabled()
        for step in range(len(expected) - 1, 0, -1):
            back.click()
        expect(caption).to_have_text(expected[0])
        # the keyboard steps too
        forward.focus()
        page.keyboard.press("ArrowRight")
        expect(caption).to_have_text(expected[1])
        page.keyboard.press("ArrowLeft")
        expect(caption).to_have_text(expected[0])


def test_copy_embed_code_gives_the_iframe_snippet(localized: tuple[str, Page], base_url: str) -> None:
    lang, page = localized
    open_rules(page, "triad")
    demo = demos.get("triad", "stack-removal")
    figure = page.locator(f"figure.demo[data-demo='{demo.key}']")
    figure.locator("[data-action=copy]").click()
    host = page.locator(f"[data-demo-host='{demo.key}']")
    code = host.get_by_test_id("embed-code")
    expect(code).to_be_visible()
    value = code.input_value()
    src = f"{base_url}/{embed_path(demo, lang)}".replace("&", "&amp;")
    assert value.startswith(f'<iframe src="{src}"'), value
    assert f'height="{demo.height}"' in value
    expect(host.get_by_test_id("embed-status")).to_have_text(
        re.compile("|".join(re.escape(t(lang, k)) for k in ("demo.copied", "demo.copy_failed")))
    )


def test_language_switch_is_remembered_and_reaches_the_static_shell(browser: Browser, base_url: str) -> None:
    with booted(browser, base_url, "/#/rules/dyad", locale="en-US", viewport={"width": 390, "height": 844}) as page:
        expect(page.locator("h1")).to_have_text("Rules of Dyad")
        page.get_by_test_id("language").select_option("ko")
        expect(page.locator("h1")).to_have_text(t("ko", "rules.page_title", game=t("ko", "game.dyad")))
        expect(page.get_by_test_id("home-link")).to_have_text(t("ko", "app.title"))
        assert page.evaluate("document.documentElement.lang") == "ko"
        expect(page.locator("figure.demo").first.get_by_test_id("demo-caption")).to_have_text(
            captions(demos.demos("dyad")[0], "ko")[0]
        )
        page.reload()
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_MS)
        expect(page.locator("h1")).to_have_text(t("ko", "rules.page_title", game=t("ko", "game.dyad")))
        expect(page.get_by_test_id("language")).to_have_value("ko")
        # before Python: the static shell of the next visit is Korean too
        static = page.context.new_page()
        static.route(re.compile(r".*/web/start\.[0-9a-f]+\.js$"), lambda route: route.abort())
        static.goto("/")
        expect(static.locator(".tagline")).to_have_text(t("ko", "shell.tagline"))
        assert static.evaluate("document.documentElement.lang") == "ko"
        static.close()
        page.get_by_test_id("language").select_option("en")
        expect(page.locator("h1")).to_have_text("Rules of Dyad")


# -- the embed --------------------------------------------------------------------------------


def blog_page(src: str, width: int, height: int) -> str:
    return (
        "<!doctype html><html><head><title>A blog post</title></head><body style='margin:0;font-family:serif'>"
        "<p>Here is how removing a stack works:</p>"
        f"<iframe id='demo' src='{src}' width='{width}' height='{height}' style='border:1px solid #999'></iframe>"
        "</body></html>"
    )


class _BlogHandler(http.server.BaseHTTPRequestHandler):
    """Serves one blog page (set in ``body``) at every path, with no headers of ours."""

    body = b""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture()
def blog_server() -> Iterator[http.server.ThreadingHTTPServer]:
    """A second local web server: the blogger's site, on its own origin."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _BlogHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def test_embed_in_an_iframe_on_another_origin_boots_and_steps(browser: Browser, base_url: str, blog_server) -> None:
    demo = demos.get("triad", "stack-removal")
    expected = captions(demo, "ko")
    blog = f"http://127.0.0.1:{blog_server.server_port}/2026/11/how-triad-scores.html"  # another port: another origin
    src = f"{base_url}/{embed_path(demo, 'ko')}"
    _BlogHandler.body = blog_page(src, 320, demo.height).encode()
    context = browser.new_context(viewport={"width": 900, "height": 900}, locale="en-US")
    try:
        page = context.new_page()
        page.goto(blog)
        frame = page.frame_locator("#demo")
        figure = frame.locator("figure.demo")
        # the static first frame, drawn before Python is ready
        expect(figure).to_have_attribute("data-step", "0")
        expect(frame.get_by_test_id("demo-caption")).to_have_text(expected[0])
        embed = page.frame(url=re.compile(r"embed\.html"))
        assert embed is not None and embed.evaluate("document.documentElement.lang") == "ko"
        assert embed.evaluate("location.origin") != page.evaluate("location.origin")
        embed.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_MS)
        for step in range(1, len(expected)):
            frame.locator("[data-action=next]").click()
            expect(frame.get_by_test_id("demo-caption")).to_have_text(expected[step])
            expect(figure).to_have_attribute("data-step", str(step))
            sizes = embed.evaluate(
                "() => { const e = document.scrollingElement; return [e.scrollWidth, e.clientWidth, e.scrollHeight, e.clientHeight]; }"
            )
            assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], f"scrollbars at step {step}: {sizes}"
        frame.locator("[data-action=back]").click()
        expect(frame.get_by_test_id("demo-caption")).to_have_text(expected[-2])
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#demo").screenshot(path=SCREENSHOTS / "embed-triad-stack-removal-ko-320.png")
    finally:
        context.close()


KEYS = 'addEventListener("keydown", (event) => { window.__prevented = [event.key, event.defaultPrevented]; });'
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip.gz", "loader.")
"""What starts Python: on the page's own resource timeline only if Python starts on the page's thread."""


def test_the_embed_s_python_runs_in_a_worker_and_its_keys_still_stop_scrolling(browser: Browser, base_url: str) -> None:
    """Issue 34: the embed's Python starts in PyScript's worker, so the page itself never fetches the
    runtime (a worker's fetches are on the worker's timeline; ``bench/embed.py`` measures what that
    leaves on the main thread); the page still refuses the arrows' default action at the event, while
    another key keeps its own."""
    demo = demos.get("dyad", "double")
    context = browser.new_context(base_url=base_url, viewport={"width": 320, "height": demo.height})
    context.add_init_script(KEYS)
    try:
        page = context.new_page()
        page.goto(f"/{embed_path(demo, 'en')}")
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_MS)
        fetched = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
        assert any(name.endswith(".py") for name in fetched), "the page hands the worker its script"
        assert [name for name in fetched if any(part in name.rsplit("/", 1)[-1] for part in RUNTIME)] == []
        figure = page.locator("figure.demo")
        page.locator("[data-action=next]").focus()
        page.keyboard.press("ArrowRight")
        expect(figure).to_have_attribute("data-step", "1")
        assert page.evaluate("window.__prevented") == ["ArrowRight", True]
        page.keyboard.press("ArrowLeft")
        expect(figure).to_have_attribute("data-step", "0")
        page.keyboard.press("x")
        assert page.evaluate("window.__prevented") == ["x", False]
        expect(figure).to_have_attribute("data-step", "0")
    finally:
        context.close()


@pytest.fixture(scope="module")
def static_embed(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    """A context where Python never starts: only the embed's static frames."""
    context = browser.new_context(base_url=base_url)
    context.route(re.compile(r".*/web/start\.[0-9a-f]+\.js$"), lambda route: route.abort())
    yield context
    context.close()


@pytest.mark.parametrize("width", [320, 800])
def test_every_embed_fits_its_stated_height_before_python(static_embed: BrowserContext, width: int) -> None:
    page = static_embed.new_page()
    page.set_viewport_size({"width": width, "height": 1400})
    problems = []
    try:
        for demo in demos.all_demos():
            for lang in ("en", "ko"):
                expected = captions(demo, lang)
                page.goto(f"/{embed_path(demo, lang)}")
                caption = page.get_by_test_id("demo-caption")
                for step, text in enumerate(expected):
                    expect(caption).to_have_text(text)
                    bottom = page.evaluate("Math.ceil(document.getElementById('embed').getBoundingClientRect().bottom)")
                    wide = page.evaluate("document.scrollingElement.scrollWidth")
                    if bottom > demo.height or wide > width:
                        problems.append(f"{demo.key} {lang} step {step} at {width}: {wide}x{bottom} > {width}x{demo.height}")
                    if step < len(expected) - 1:
                        page.locator("[data-action=next]").click()
        if width == 320:
            page.set_viewport_size({"width": 320, "height": demos.get("dyad", "double").height})
            page.goto(f"/{embed_path(demos.get('dyad', 'double'), 'en')}")
            page.locator("[data-action=next]").click()
            page.locator("[data-action=next]").click()
            expect(page.get_by_test_id("demo-caption")).to_have_text(captions(demos.get("dyad", "double"), "en")[2])
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOTS / "embed-dyad-double-en-320.png")
    finally:
        page.close()
    assert not problems, "\n".join(problems)


def test_embed_of_an_unknown_demo_says_so(static_embed: BrowserContext) -> None:
    page = static_embed.new_page()
    page.goto("/embed.html?game=triad&demo=nope&lang=ko")
    expect(page.get_by_test_id("embed")).to_have_text(t("ko", "demo.not_found"))
    page.close()


def test_rules_page_demo_screenshot_at_320(browser: Browser, base_url: str) -> None:
    with booted(browser, base_url, "/#/rules/dieci", locale="ko-KR", viewport={"width": 320, "height": 700}) as page:
        figure = page.locator("figure.demo[data-demo='dieci/round-of-offers']")
        figure.scroll_into_view_if_needed()
        for _ in range(6):
            figure.locator("[data-action=next]").click()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 320
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        figure.screenshot(path=SCREENSHOTS / "rules-dieci-offers-ko-320.png")
