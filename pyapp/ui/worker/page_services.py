"""What only the page has, for Python in a worker, by message (issue 47): no synchronous bridge.

PyScript's synchronous bridge (``xworker.window``) needs ``SharedArrayBuffer``, so a cross-origin
isolated page, which most static hosts cannot serve.  So the page tells the worker what it knows
with its messages (``web/worker_page.js``'s ``say``: its clock ``t``, its scroll ``y``, the e2e
suite's ``pyappTest*`` hooks when they change, the address at a ``hashchange``), and the worker
asks for what the page does as ops (a download, a new route) or as requests the page answers
(the share sheet, the clipboard, a QR code's modules, the friends' link, whose WebRTC a worker
lacks).  Nothing here imports the browser: :mod:`pyapp.ui.worker.worker_page` builds these with the
worker's own ``Date`` and the mirror's :class:`~pyapp.ui.worker.mirror.Ops`.

Ops: ``ROUTE``, ``DOWNLOAD``, ``ASK`` (``what``: ``share``, ``copy``, ``qr``, ``link``) and, for an
open link, ``LINK_SEND`` and ``LINK_CLOSE``; messages: ``ANSWER``, a link's ``LINK_MESSAGE``, ``LINK_PEER``
and ``LINK_ERROR``, and ``ADDRESS`` (their codes and fields: :mod:`pyapp.ui.browser.protocol`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from pyapp.ui.worker.mirror import Ops
from pyapp.ui.browser.protocol import MSG, OP


def plain(value: Any) -> Any:
    """``value`` as JSON data: a JavaScript object (``page.js_object``'s) converted, anything else as it is."""
    return value.to_py() if hasattr(value, "to_py") else value


class PageClock:
    """The page's ``Date.now()`` in the worker: the last one the page sent, moved on by the worker's own clock.

    Why: a test sets the page's clock (Playwright's), which a worker does not share; the deal of
    the day and a save's time must be the page's date."""

    def __init__(self, own: Callable[[], float]) -> None:
        self._own = own
        self._offset = 0.0

    def heard(self, page_ms: Any) -> None:
        if isinstance(page_ms, (int, float)) and not isinstance(page_ms, bool):
            self._offset = float(page_ms) - self._own()

    def now(self) -> float:
        return self._own() + self._offset


class PageDate:
    """``window.Date`` for the screens: ``new()`` and ``now()`` on the page's clock, ``new(ms)`` as JavaScript's."""

    def __init__(self, date: Any, clock: PageClock) -> None:
        self._date = date
        self._clock = clock

    def new(self, *args: Any) -> Any:
        return self._date.new(*(args or (self._clock.now(),)))

    def now(self) -> float:
        return self._clock.now()


class Location:
    """The page's address as the worker was told it (a worker's own ``location`` is its script's).

    Setting ``hash`` tells the page (``go(hash, False)``), and :meth:`replace` too (``go(hash, True)``: in the
    history's place of the route shown), whose ``hashchange`` then reaches the router as ever."""

    def __init__(self, href: str, go: Callable[[str, bool], None]) -> None:
        self.href = href
        self._go = go

    @property
    def search(self) -> str:
        query = urlsplit(self.href).query
        return f"?{query}" if query else ""

    @property
    def hash(self) -> str:
        fragment = urlsplit(self.href).fragment
        return f"#{fragment}" if fragment else ""

    @hash.setter
    def hash(self, value: str) -> None:
        self._move(value, False)

    def replace(self, route: str) -> None:
        """``location.replace`` of a route (``#…``): the only addresses the screens replace."""
        self._move(route, True)

    def _move(self, value: str, replace: bool) -> None:
        value = value if value.startswith("#") else f"#{value}"
        self.href = self.href.split("#", 1)[0] + value
        self._go(value, replace)


class Asks:
    """Requests the page answers: each an op ``[OP.ASK, n, what, data]`` and a future its answer settles."""

    def __init__(self, ops: Ops) -> None:
        self.ops = ops
        self.count = 0
        self.waiting: dict[int, asyncio.Future[Any]] = {}

    def ask(self, what: str, data: Any) -> tuple[int, asyncio.Future[Any]]:
        self.count += 1
        future: asyncio.Future[Any] = asyncio.get_event_loop().create_future()
        self.waiting[self.count] = future
        self.ops.add([OP.ASK, self.count, what, plain(data)])
        return self.count, future

    def answered(self, message: dict[str, Any]) -> None:
        future = self.waiting.pop(int(message["n"]), None)
        if future is None or future.done():
            return
        if "error" in message:
            future.set_exception(RuntimeError(str(message["error"])))
        else:
            future.set_result(message.get("value"))


class Slot:
    """A callback that keeps what arrives before it is set (a link's peer must never be missed)."""

    def __init__(self) -> None:
        self.handler: Callable[..., Any] | None = None
        self.pending: list[tuple[Any, ...]] = []

    def set(self, handler: Callable[..., Any]) -> None:
        self.handler = handler
        for args in self.pending:
            handler(*args)
        self.pending.clear()

    def call(self, *args: Any) -> None:
        if self.handler is None:
            self.pending.append(args)
        else:
            self.handler(*args)


class PageLink:
    """An open link of ``web/friends/link.mjs`` on the page, as its module's ``open`` returns it."""

    def __init__(self, number: int, ops: Ops) -> None:
        self.number = number
        self.ops = ops
        self.selfId = ""  # noqa: N815  (link.mjs's name)
        self.closed = False
        self.message, self.peer, self.error = Slot(), Slot(), Slot()

    def send(self, text: str, peer: str | None = None) -> None:
        if self.closed:
            raise RuntimeError("link: closed")
        self.ops.add([OP.LINK_SEND, self.number, text, peer])

    def onMessage(self, handler: Callable[[str, str], None]) -> None:  # noqa: N802
        self.message.set(handler)

    def onPeer(self, handler: Callable[[str, bool], None]) -> None:  # noqa: N802
        self.peer.set(handler)

    def onError(self, handler: Callable[[str], None]) -> None:  # noqa: N802
        self.error.set(handler)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.ops.add([OP.LINK_CLOSE, self.number])


class PageLinks:
    """The lazy ``p2p`` module for the worker: ``open`` asks the page, which holds the WebRTC connections."""

    def __init__(self, asks: Asks) -> None:
        self.asks = asks
        self.links: dict[int, PageLink] = {}

    async def open(self, options: Any) -> PageLink:
        number, answer = self.asks.ask("link", options)
        link = self.links[number] = PageLink(number, self.asks.ops)  # what arrives before the answer waits here
        try:
            link.selfId = str(await answer)
        except Exception:
            del self.links[number]
            raise
        return link

    def heard(self, message: dict[str, Any]) -> None:
        """A link's message, peer or error; a closed link's are dropped."""
        link = self.links.get(int(message["n"]))
        if link is None or link.closed:
            return
        kind = message["k"]
        if kind == MSG.LINK_MESSAGE:
            link.message.call(str(message["text"]), str(message["peer"]))
        elif kind == MSG.LINK_PEER:
            link.peer.call(str(message["peer"]), bool(message["joined"]))
        else:
            link.error.call(str(message["text"]))


__all__ = ["Asks", "Location", "PageClock", "PageDate", "PageLink", "PageLinks", "Slot", "plain"]
