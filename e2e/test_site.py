"""The site in a real browser: boot, no outside request, routes, offline, errors, CSP, looks."""

from __future__ import annotations

import gzip
import io
import re
import shutil
import time
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import BOOT_TIMEOUT_MS, OURS, PLAIN, ROOT
from playwright.sync_api import Browser, Page, Route, Worker, expect
from test_fair_deal import current_record

import build
import serve
from pyapp import registry  # build puts the repository on the path

GAMES = ["Dyad", "Triad", "Dieci"]
SCREENSHOTS = ROOT / "e2e" / "screenshots"


def built_wheel(site_dir: Path) -> bytes:
    """The site's wheel, as served gzipped."""
    (wheel,) = site_dir.glob("app/*/*.whl.gz")
    return gzip.decompress(wheel.read_bytes())


def test_boot_makes_no_outside_request(page: Page, base_url: str, wait_ready) -> None:
    """Nothing leaves the site, and nothing the page asks for is missing (the build drops unused runtime files)."""
    outside: list[str] = []
    local: list[str] = []
    failed: list[str] = []
    page.on("response", lambda r: r.status < 400 or failed.append(f"{r.status} {r.url}"))

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).hostname in ("127.0.0.1", "localhost"):
            local.append(route.request.url)
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.context.route("**/*", guard)
    page.goto("/")
    wait_ready(page)
    for game in registry.GAMES:
        page.evaluate(f"location.hash = '#/{game}'")
        expect_screen(page)
    assert outside == []
    assert failed == []
    assert any(url.endswith("/pyodide.asm.wasm") for url in local), "the guard saw the runtime load"


@pytest.mark.parametrize("path", ["/", "/embed.html?game=triad&demo=stack-removal&lang=ko"])
def test_no_request_of_a_page_fails_not_even_its_icon(browser: Browser, site_dir: Path, path: str) -> None:
    """The browser's own icon request (unseen by the page's network events) reaches a real file."""
    server = serve.start(site_dir)  # our own server: its log holds only this page's requests
    context = browser.new_context(service_workers="block")  # every request reaches the server
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_port}{path}")
        icon = "/" + page.evaluate("document.querySelector('link[rel=icon]').getAttribute('href')")
        assert (site_dir / icon.lstrip("/")).is_file()
        deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
        while (200, icon) not in server.requested:  # the signal: the browser fetched the page's icon
            assert time.monotonic() < deadline, f"the browser never asked for {icon}: {server.requested}"
            page.wait_for_timeout(100)
        assert [r for r in server.requested if r[0] >= 400] == []
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_picker_lists_the_games_and_links_work(page: Page, wait_ready) -> None:
    page.goto("/")
    # the static shell shows the games before Python is ready
    expect(page.get_by_test_id("picker").locator(".game-name")).to_have_text(GAMES)
    wait_ready(page)
    expect(page.get_by_test_id("boot-status")).to_be_hidden()
    expect(page.get_by_test_id("picker").locator(".game-name")).to_have_text(GAMES)

    page.get_by_test_id("game-link-triad").click()
    expect(page).to_have_url(re.compile(r"#/triad$"))
    expect_screen(page)

    page.get_by_test_id("home-link").click()
    expect(page.get_by_test_id("picker")).to_be_visible()


def expect_screen(page: Page) -> None:
    """The route drew a screen of its own (a game, its placeholder, rules...), not the picker or an error."""
    view = page.get_by_test_id("view")
    expect(view.locator("*").first).to_be_visible()
    expect(page.get_by_test_id("picker")).to_have_count(0)
    expect(page.get_by_test_id("not-found")).to_have_count(0)
    expect(page.get_by_test_id("screen-error")).to_have_count(0)


def test_hash_routes_load_directly(page: Page, wait_ready) -> None:
    page.goto("/#/rules/dyad")
    wait_ready(page)
    expect_screen(page)
    for game in registry.GAMES:
        page.evaluate(f"location.hash = '#/{game}'")
        expect_screen(page)
    page.evaluate("location.hash = '#/chess'")
    expect(page.get_by_test_id("not-found")).to_contain_text("/chess")
    page.get_by_role("link", name="All games").click()
    expect(page.get_by_test_id("picker")).to_be_visible()


WASM_DELIVERY = "performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm')).deliveryType"
"""Where the runtime came from: evaluated in the page's Python worker, which fetches it (issue 34)."""


def python_worker(page: Page) -> Worker:
    """The page's Python worker: PyScript's, a ``blob:`` script (the service worker is not the page's)."""
    workers = [worker for worker in page.workers if worker.url.startswith("blob:")]
    assert len(workers) == 1, [worker.url for worker in page.workers]
    return workers[0]


def play_a_triad_move(page: Page) -> None:
    """On Triad's set-up form: two people start, the first plays a legal cell, the board counts the move."""
    page.get_by_test_id("setup-players").select_option("2")
    for seat in (0, 1):
        page.get_by_test_id(f"seat-kind-{seat}").select_option("person")
    page.get_by_test_id("start").click()
    page.locator(".cell.legal").first.click()
    expect(page.get_by_test_id("triad-board")).to_have_attribute("data-moves", "1")


@pytest.mark.parametrize("plain", [False, True], ids=[OURS, PLAIN])
def test_offline_reload_boots_from_the_service_worker(browser: Browser, site_dir: Path, wait_ready,
                                                      plain: bool) -> None:
    server = serve.start(site_dir, plain=plain)  # our own server, so stopping it harms no other test
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_port}/")
        wait_ready(page)
        page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        expect(page.get_by_test_id("offline-status")).to_be_visible()
        page.reload()  # online: the worker lets the WebAssembly come through the network / HTTP cache
        wait_ready(page)
        assert python_worker(page).evaluate(WASM_DELIVERY) != "cache-storage"
        server.shutdown()
        server.server_close()

        page.reload()
        wait_ready(page)
        assert python_worker(page).evaluate(WASM_DELIVERY) == "cache-storage"  # offline: from the build's cache
        assert page.evaluate("crossOriginIsolated") is False  # never needed, online or from the build's cache
        page.get_by_test_id("game-link-dyad").click()
        expect(page).to_have_url(re.compile(r"#/dyad$"))
        expect_screen(page)
        page.evaluate("location.hash = '#/triad'")  # a game played offline is saved as online
        play_a_triad_move(page)
        saved = current_record(page)
        assert len(saved["game"]["actions"]) == 1, saved
    finally:
        context.close()
        server.server_close()


LOCAL_FILES = """() => performance.getEntriesByType("resource")
  .map((e) => new URL(e.name)).filter((u) => u.origin === location.origin).map((u) => u.pathname)"""


def test_an_update_waits_for_the_player_and_reloads_every_tab_whole(
    browser: Browser, site_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wait_ready
) -> None:
    """Deploy build B under two open tabs of build A: A keeps being served whole and says that
    a new version is ready; Update in one tab lets B take over, and both tabs reload into B whole,
    the game in progress in the other tab kept."""
    served = tmp_path / "served"
    shutil.copytree(site_dir, served)
    server = serve.start(served)
    url = f"http://127.0.0.1:{server.server_port}/"
    icon = "document.querySelector('link[rel=icon]').getAttribute('href')"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        icon_a = page.evaluate(icon)
        cache_a = page.evaluate("caches.keys()")
        other = context.new_page()  # the second tab has a game in progress
        other.goto(url + "#/triad")
        wait_ready(other)
        play_a_triad_move(other)

        monkeypatch.setattr(build.icons, "BACKGROUND", (0x30, 0x5E, 0x63))  # any change makes a new build
        build.build(tmp_path / "next")
        shutil.rmtree(served)
        shutil.copytree(tmp_path / "next", served)  # build A's hashed files are gone from the server

        page.reload()  # still build A, whole, from its cache, while build B installs beside it
        wait_ready(page)
        assert page.evaluate(icon) == icon_a
        for tab in (page, other):  # every tab of build A says so, and nothing reloads unasked
            expect(tab.get_by_test_id("update-bar")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
            expect(tab.get_by_test_id("update-now")).to_have_text("Update")
        assert other.evaluate(icon) == icon_a
        expect(other.get_by_test_id("triad-board")).to_have_attribute("data-moves", "1")
        SCREENSHOTS.mkdir(exist_ok=True)
        page.set_viewport_size({"width": 360, "height": 640})
        page.screenshot(path=SCREENSHOTS / "update-ready-360x640.png")

        with other.expect_navigation(timeout=BOOT_TIMEOUT_MS), page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
            page.get_by_test_id("update-now").click()
        for tab in (page, other):
            wait_ready(tab)
            assert tab.evaluate(icon) != icon_a and (served / tab.evaluate(icon)).is_file()
            fetched = tab.evaluate(LOCAL_FILES) + python_worker(tab).evaluate(LOCAL_FILES)
            missing = [path for path in fetched if not (served / path.lstrip("/")).is_file()]
            assert missing == [], "every file of the reloaded tab is build B's"
            expect(tab.get_by_test_id("update-bar")).to_be_hidden()
        assert page.evaluate("caches.keys()") != cache_a and len(page.evaluate("caches.keys()")) == 1
        assert other.evaluate("location.hash") == "#/triad"
        other.get_by_test_id("resume").click()  # the game in progress was saved before the reload
        expect(other.get_by_test_id("triad-board")).to_have_attribute("data-moves", "1")
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def _boot_error(browser: Browser, base_url: str, pattern: str, respond) -> Page:
    """Boot with ``pattern`` answered by ``respond`` (no service worker) and wait for the error panel."""
    context = browser.new_context(base_url=base_url, service_workers="block")
    page = context.new_page()
    page.route(pattern, respond)
    page.goto("/")
    expect(page.get_by_test_id("boot-error")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_test_id("boot-error")).to_contain_text("The games could not start")
    expect(page.get_by_test_id("boot-status")).to_be_hidden()
    assert page.evaluate("document.body.dataset.ready") is None
    return page


def test_missing_runtime_file_shows_a_readable_error(browser: Browser, base_url: str) -> None:
    page = _boot_error(browser, base_url, "**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.get_by_text("Technical details").click()
    expect(page.get_by_test_id("boot-error-details")).not_to_be_empty()
    page.context.close()


def test_a_host_that_unpacks_the_gzip_files_itself_still_boots(browser: Browser, base_url: str) -> None:
    """Served with ``Content-Encoding: gzip``, the browser hands the loader the zip and wheel already unpacked."""
    context = browser.new_context(base_url=base_url, service_workers="block")
    unpacked: list[str] = []

    def as_the_browser_decoded_it(route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=gzip.decompress(response.body()), content_type="application/zip")
        unpacked.append(route.request.url)

    try:
        page = context.new_page()
        page.route("**/*.gz", as_the_browser_decoded_it)
        page.goto("/#/dyad")
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_TIMEOUT_MS)
        expect_screen(page)
        names = sorted(url.rsplit("/", 1)[1] for url in unpacked)
        assert len(names) == 2 and names[0].endswith(".whl.gz") and names[1] == "python_stdlib.zip.gz", names
    finally:
        context.close()


def test_damaged_standard_library_shows_a_readable_error(browser: Browser, base_url: str) -> None:
    page = _boot_error(browser, base_url, "**/python_stdlib.zip.gz",
                       lambda route: route.fulfill(body=b"\x1f\x8b not gzip", content_type="application/gzip"))
    page.get_by_text("Technical details").click()
    expect(page.get_by_test_id("boot-error-details")).to_contain_text("Failed to unpack")
    expect(page.get_by_test_id("boot-error-details")).to_contain_text("python_stdlib.zip.gz")
    page.context.close()


def test_python_exception_during_start_shows_a_readable_error(browser: Browser, base_url: str, site_dir: Path) -> None:
    broken = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(built_wheel(site_dir))) as good, zipfile.ZipFile(broken, "w") as bad:
        for item in good.infolist():  # the wheel holds bytecode only: put a failing source in its place
            if item.filename == "pyapp/ui/shell/app.pyc":
                bad.writestr("pyapp/ui/shell/app.py", "raise RuntimeError('forced failure for the e2e test')\n")
            else:
                bad.writestr(item, good.read(item))
    page = _boot_error(
        browser, base_url, "**/*.whl.gz",
        lambda route: route.fulfill(body=gzip.compress(broken.getvalue()), content_type="application/gzip"),
    )
    page.get_by_text("Technical details").click()
    expect(page.get_by_test_id("boot-error-details")).to_contain_text("forced failure for the e2e test")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "boot-error.png")
    page.context.close()


def test_csp_and_cache_headers_are_served_and_boot_works(page: Page, wait_ready, site_dir: Path) -> None:
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)

    response = page.goto("/")
    assert response is not None
    assert "content-security-policy" not in response.headers  # the page's one policy is its meta tag (issue 47)
    assert response.headers["x-frame-options"] == "DENY" and response.headers["cache-control"] == "no-cache"
    wait_ready(page)
    assert violations == []
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert policy.startswith("default-src 'none'") and "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy
    assert page.evaluate("document.querySelectorAll('meta[http-equiv=\"Content-Security-Policy\"]').length") == 1

    (wasm,) = site_dir.glob("runtime/pyodide-*/pyodide.asm.wasm")
    wasm_response = page.request.get("/" + wasm.relative_to(site_dir).as_posix())
    assert wasm_response.headers["content-type"] == "application/wasm"
    assert "immutable" in wasm_response.headers["cache-control"]
    assert page.request.get("/sw.js").headers["cache-control"] == "no-cache"


def test_screenshots(browser: Browser, base_url: str, wait_ready) -> None:
    """Pictures for people to look at, plus a check that nothing overflows sideways."""
    SCREENSHOTS.mkdir(exist_ok=True)
    context = browser.new_context(base_url=base_url, viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.goto("/")
    page.screenshot(path=SCREENSHOTS / "loading-360x640.png")
    wait_ready(page)
    for width, height in [(360, 640), (390, 844), (1280, 800)]:
        page.set_viewport_size({"width": width, "height": height})
        for name, hash_ in [("picker", "#/"), ("game", "#/triad"), ("not-found", "#/nowhere")]:
            page.evaluate(f"location.hash = {hash_!r}")
            expect(page.get_by_test_id("view").locator("section")).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), f"{name} overflows at {width}px"
            page.screenshot(path=SCREENSHOTS / f"{name}-{width}x{height}.png")
    context.close()


def test_a_long_unknown_route_is_shown_shortened_with_the_way_home_in_view(page: Page, wait_ready) -> None:
    """Issue 47: a 200,000-character route is quoted in at most 80 characters; All games stays on the first screen."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("/")
    wait_ready(page)
    page.evaluate("location.hash = '#/' + 'x'.repeat(200000)")
    body = page.get_by_test_id("not-found").locator("p")
    expect(body).to_contain_text("…")
    assert len(body.inner_text()) < 120
    expect(page.get_by_role("link", name="All games")).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone


def test_resuming_a_game_that_is_not_here_says_so_above_the_set_up(page: Page, wait_ready) -> None:
    """Issue 47: ``#/dyad?resume=<unknown id>`` says the game is not here to continue, then offers a new one."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("/")
    wait_ready(page)
    page.evaluate("location.hash = '#/dyad?resume=nothere-1'")
    notice = page.get_by_test_id("resume-missing")
    expect(notice).to_contain_text("is not here to continue")
    expect(notice).to_be_in_viewport()
    expect(page.get_by_test_id("start")).to_be_visible()
    page.get_by_test_id("language").select_option("ko")
    expect(notice).to_contain_text("이어서 할 수 없습니다")  # redrawn in the new language
    page.get_by_test_id("language").select_option("en")
