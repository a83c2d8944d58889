"""Friends' browser tests: real signalling on loopback only, inside a network namespace.

``scripts/test.sh`` runs this folder as
``PYAPP_FRIENDS_E2E=1 unshare -n sh -c 'ip link set lo up && pytest e2e/friends'``, so no packet
can use an address other than 127.0.0.1; anywhere else these tests are skipped (the plain
``pytest e2e`` run), and with the variable set outside a namespace they fail.
The session starts a WebTorrent tracker (``e2e/signal/tracker.mjs``), serves the site with that
tracker added to ``connect-src`` (``tools/serve.py``'s test-only ``connect``), and launches
Chromium with ``--allow-loopback-in-peer-connection``; each context gets camera and microphone
permission, without which Chromium hides host candidates behind mDNS names and finds no route
(``docs/friends.md``).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

import serve  # e2e/conftest.py puts tools/ on the path

BOOT_TIMEOUT_MS = 120_000
"""As e2e/conftest.py's: a busy 2-core machine has been seen booting in 80 s."""

HERE = Path(__file__).resolve().parent
SIGNAL = HERE.parent / "signal"
ENABLED = os.environ.get("PYAPP_FRIENDS_E2E") == "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if ENABLED:
        return
    skip = pytest.mark.skip(reason="friends' tests run inside `unshare -n` only: scripts/test.sh (PYAPP_FRIENDS_E2E=1)")
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def loopback_only() -> None:
    """Fail unless this process sees the loopback interface and nothing else."""
    names = [name for _, name in socket.if_nameindex()]
    if names != ["lo"]:
        pytest.fail(f"friends' tests need a network namespace with only loopback, not {names}: "
                    "run them through scripts/test.sh (unshare -n)")


@pytest.fixture(scope="session")
def tracker(loopback_only: None) -> Iterator[str]:
    """A real WebTorrent tracker on 127.0.0.1: its ``ws://`` address."""
    if not (SIGNAL / "node_modules/bittorrent-tracker").is_dir():
        raise pytest.UsageError("e2e/signal has no node_modules: run `npm ci --ignore-scripts` there (scripts/test.sh does)")
    process = subprocess.Popen(["node", str(SIGNAL / "tracker.mjs")], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline().split()  # "tracker listening <port>", or nothing if it died
    if line[:2] != ["tracker", "listening"]:
        process.kill()
        raise RuntimeError(f"the test tracker did not start: {line}")
    yield f"ws://127.0.0.1:{line[2]}"
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def site_server(site_dir: Path, tracker: str, site_plain: bool) -> Iterator[serve.Server]:
    """The site, its policy letting pages reach the test tracker (with none of our headers if ``E2E_SERVER=plain``)."""
    server = serve.start(site_dir, connect=(tracker,), plain=site_plain)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "args": [*browser_type_launch_args["args"], "--allow-loopback-in-peer-connection"]}


@pytest.fixture()
def new_peer_page(browser, base_url: str, tracker: str) -> Iterator:
    """Open a page of its own context (camera and microphone granted, the test tracker as the link's relay),
    booted as a page is when Python opens a link; every context closes after the test, and no page error
    may occur."""
    contexts = []
    errors: list[str] = []

    def open_page():
        context = browser.new_context(base_url=base_url)
        context.add_init_script(f"window.pyappTestRelays = {json.dumps([tracker])};")
        context.grant_permissions(["camera", "microphone"], origin=base_url)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("/")
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_TIMEOUT_MS)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, errors
