"""The network of a friends' game as the host's and a guest's pages use it: ``web/friends/link.mjs``, opened.

The module is fetched only now (``page.import_module("p2p")``, never on a plain
visit, never precached).  Texts only cross the link; the protocol
(:mod:`pyapp.friends`) parses and bounds what arrives.  The callbacks are kept
as proxies for as long as the link is open, and released when it closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.ui.browser import page
from pyapp.ui.friends.link_options import link_options


class Link:
    """An open link: ``send(text, peer)`` (None: every peer), ``close()``; ``self_id`` is this page's peer id."""

    def __init__(self, link: Any, proxies: list[Any]) -> None:
        self._link, self._proxies = link, proxies
        self.self_id = str(link.selfId)
        self.closed = False

    def send(self, text: str, peer: str | None = None) -> None:
        """Send ``text``; a link that closed or refused it loses it (the protocol sends again)."""
        if self.closed:
            return
        try:
            self._link.send(text, peer)
        except Exception:  # noqa: BLE001  (closed underneath, or a peer that just left: the protocol retries)
            pass

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self._link.close()
        except Exception:  # noqa: BLE001  (already gone with its page)
            pass
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies.clear()


async def open_link(room: str, secret: str, *, message: Callable[[str, str], None],
                    peer: Callable[[str, bool], None], error: Callable[[str], None]) -> Link:
    """Join ``room`` with ``secret``; each callback is told what arrives (text and peer id, a peer coming or
    going, a failure).  Raises if the link's module cannot be fetched (offline) or refuses the options."""
    module = await page.import_module("p2p")
    link = await module.open(page.js_object({"room": room, "secret": secret, **link_options()}))
    proxies = [page.proxy(lambda text, sender: message(str(text), str(sender))),
               page.proxy(lambda sender, joined: peer(str(sender), bool(joined))),
               page.proxy(lambda text: error(str(text)))]
    opened = Link(link, proxies)
    link.onMessage(proxies[0])
    link.onPeer(proxies[1])
    link.onError(proxies[2])
    return opened


__all__ = ["Link", "open_link"]
