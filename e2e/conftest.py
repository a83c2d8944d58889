"""Shared fixtures: one build per session, served with netlify.toml's headers, Debian's Chromium.

Every context runs the computers at zero pace (``window.pyappTestPace = 0``)
unless made with ``browser.new_context(paced=True)``: tests do not wait for
the pauses a person sees.  A review judges each decision over 2 worlds
(``window.pyappTestReviewWorlds``; a test may unset it for the page's budget).

The pages' Python runs in a worker (issue 34): it hears of a tap after the tap, and the page
draws what it changed a message later.  So every action a test takes (a click, a key, a
fill…) returns only once the page says the worker has handled it and the page has drawn
the result (``pyappWorkerPage.settled()``, web/worker_page.js), as it would with Python on the
page's main thread: a test may read the page at once after an action, as a person looks.

Set ``E2E_DIST`` to reuse a folder already built by ``tools/build.py``;
otherwise the session builds into a temporary folder.  ``CHROMIUM_PATH``
points at another Chromium (default ``/usr/bin/chromium``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import functools

import pytest
from playwright._impl._errors import Error as PlaywrightError
from playwright._impl._sync_base import mapping
from playwright.sync_api import ElementHandle, Keyboard, Locator, Mouse, Page, Touchscreen

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402  (tools/ is put on the path just above)
import chromium  # noqa: E402
import serve  # noqa: E402

CHROMIUM_FLAGS = chromium.FLAGS
BOOT_TIMEOUT_MS = 120_000
"""A cold boot takes 5-10 s on an idle 2-core machine; a busy one has been seen taking 80 s."""


SETTLED = "() => globalThis.pyappWorkerPage?.settled()"
ACTIONS = {
    Locator: ("evaluate", "click", "dblclick", "tap", "fill", "clear", "press", "press_sequentially", "type", "check",
              "uncheck", "set_checked", "select_option", "set_input_files", "dispatch_event", "drag_to",
              "focus", "blur", "select_text"),
    ElementHandle: ("click", "dblclick", "tap", "fill", "press", "type", "check", "uncheck", "select_option",
                    "set_input_files", "dispatch_event", "focus"),
    Page: ("click", "dblclick", "tap", "fill", "press", "type", "check", "uncheck", "select_option",
           "set_input_files", "dispatch_event", "focus", "drag_and_drop", "go_back", "go_forward", "goto",
           "evaluate"),
    Keyboard: ("press", "type", "insert_text", "down", "up"),
    Mouse: ("click", "dblclick", "down", "up", "wheel"),
    Touchscreen: ("tap",),
}
"""The actions after which a test waits for the page's worker (module docstring).  A script a test runs
in the page counts: it may have tapped or changed the route (``location.hash = ...``)."""
_evaluate = Page.evaluate


def _page_of(api: object) -> Page:
    if isinstance(api, Page):
        return api
    if isinstance(api, (Locator, ElementHandle)):
        return api.page if isinstance(api, Locator) else api.owner_frame().page
    return mapping.from_impl(api._impl_obj._page)  # Keyboard, Mouse, Touchscreen


def settle(page: Page) -> None:
    """Wait until the page's worker has handled what the page told it and the page has drawn it."""
    try:
        _evaluate(page, SETTLED)
    except PlaywrightError as error:  # the action closed or reloaded the page: nothing to wait for there
        if not any(word in str(error) for word in ("closed", "destroyed", "navigat")):
            raise


def _settling(action):
    @functools.wraps(action)
    def act(self, *args, **kwargs):
        result = action(self, *args, **kwargs)
        settle(_page_of(self))
        return result

    return act


for _api, _names in ACTIONS.items():
    for _name in _names:
        setattr(_api, _name, _settling(getattr(_api, _name)))


def chromium_path() -> str:
    path = chromium.executable()
    if not Path(path).is_file():
        raise pytest.UsageError(f"Chromium not found at {path}; install it or set CHROMIUM_PATH")
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": CHROMIUM_FLAGS}


ZERO_PACE = "window.pyappTestPace = 0;"
SMALL_REVIEW = "window.pyappTestReviewWorlds = 2;"
"""A review judges each decision over 2 worlds (the page: up to 24), so a whole game's review takes moments."""


@pytest.fixture(scope="session")
def browser(browser):
    """The session's browser, whose contexts (pytest-playwright's ``context`` too) play at zero pace."""
    plain = browser.new_context

    def new_context(*args, paced: bool = False, **kwargs):
        context = plain(*args, **kwargs)
        if not paced:
            context.add_init_script(ZERO_PACE)
        context.add_init_script(SMALL_REVIEW)
        return context

    browser.new_context = new_context
    return browser


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: ``E2E_DIST`` if given, else a fresh build."""
    given = os.environ.get("E2E_DIST")
    if given:
        path = Path(given).resolve()
        if not (path / "index.html").is_file():
            raise pytest.UsageError(f"E2E_DIST={given} holds no built site")
        return path
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


OURS, PLAIN = "our-headers", "plain"
"""The two server modes: netlify.toml's headers, and none of them (``serve.start(plain=True)``), as a host without
our headers serves the site.  ``E2E_SERVER=plain`` makes the second every test's server."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "both_servers: run once per server mode, with our headers and plain "
                                       "(``base_url`` parametrised)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test marked ``both_servers`` runs against both servers (its ids say ``our-headers`` or ``plain``)."""
    if metafunc.definition.get_closest_marker("both_servers") and "base_url" in metafunc.fixturenames:
        metafunc.parametrize("base_url", [OURS, PLAIN], indirect=True, scope="session", ids=[OURS, PLAIN])


@pytest.fixture(scope="session")
def site_plain() -> bool:
    """Whether the session's own server sends none of our headers (``E2E_SERVER=plain``)."""
    return os.environ.get("E2E_SERVER", "") == PLAIN


@pytest.fixture(scope="session")
def site_server(site_dir: Path, site_plain: bool) -> Iterator[serve.Server]:
    server = serve.start(site_dir, plain=site_plain)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def plain_server(site_dir: Path) -> Iterator[serve.Server]:
    """The site with none of our headers, for the tests marked ``both_servers``."""
    server = serve.start(site_dir, plain=True)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(request: pytest.FixtureRequest, site_server: serve.Server) -> str:
    """pytest-playwright resolves ``page.goto("/")`` against this: the session's server, or the plain
    one for a test marked ``both_servers`` in that mode."""
    server = request.getfixturevalue("plain_server") if getattr(request, "param", None) == PLAIN \
        else site_server
    return f"http://127.0.0.1:{server.server_port}"


@pytest.fixture()
def wait_ready():
    """Wait for Python's ready signal, the one contract tests rely on."""

    def wait(page) -> None:
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_TIMEOUT_MS)

    return wait


@pytest.fixture()
def errors(page: Page) -> Iterator[list[str]]:
    """The page errors of the test's ``page`` (and of any tab a test adds to the list); none may occur."""
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    yield found
    assert not found, found


def booted_page(browser, base_url: str, **context_options) -> Iterator:
    """A page of a new context, booted; after the test its context closes and no page error may have occurred.

    For fixtures: ``yield from booted_page(browser, base_url, viewport=...)``.
    """
    context = browser.new_context(base_url=base_url, **context_options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_TIMEOUT_MS)
    yield page
    context.close()
    assert not errors, errors
