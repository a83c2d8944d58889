"""What the host's and the guest's pages pass to ``web/friends/link.mjs``'s ``open``, read in one place.

Why one function: both sides must reach the same trackers with the same ICE servers, and the
e2e suite must be able to point both at its own tracker on 127.0.0.1 without the site shipping
a way for anything else to choose the relays.  The hook is ``window.pyappTestRelays``, an array
of ``ws://`` URLs an e2e init script sets (like ``window.pyappTestPace``); anything else there is
ignored, and the page's Content-Security-Policy still decides what it may reach.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit


from pyapp.friends import relays
from pyapp.storage.turn import read_turn
from pyapp.ui.browser import page
from pyapp.ui.browser.local_storage import shared_store

TEST_RELAYS = "pyappTestRelays"
MAX_TEST_RELAYS = 4
MAX_RELAY_CHARS = 200


def _test_relay(url: Any) -> bool:
    """A plain ``ws://host[:port][/path]`` URL: no spaces, credentials, query or fragment."""
    if not (isinstance(url, str) and 0 < len(url) <= MAX_RELAY_CHARS and url.isascii() and url.isprintable()
            and " " not in url):
        return False
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (raises on a port out of range)
    except ValueError:
        return False
    return parts.scheme == "ws" and bool(parts.hostname) and "@" not in parts.netloc and not (
        parts.query or parts.fragment or url.endswith(("?", "#")))


def hook_relays(value: Any) -> tuple[str, ...] | None:
    """The relays the e2e hook names, when it is a list (a JS array) of 1 to 4 test relay URLs, else None."""
    if hasattr(value, "to_py"):  # a JsProxy: only an array becomes a list
        value = value.to_py()
    if not (isinstance(value, list) and 0 < len(value) <= MAX_TEST_RELAYS and all(map(_test_relay, value))):
        return None
    return tuple(value)


def link_options() -> dict[str, list[Any]]:
    """``{"relays": [...], "iceServers": [...]}`` for ``open``: the pinned trackers (or the e2e hook's) and
    the STUN servers, then the TURN server entered in Settings, if one is stored."""
    store = shared_store()
    chosen = hook_relays(page.test_hook(TEST_RELAYS)) or relays.RELAYS
    return {"relays": list(chosen), "iceServers": relays.ice_servers(read_turn(store.backend if store else None))}
