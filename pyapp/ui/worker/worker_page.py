"""Python in a worker drawing on its page: the mirror's ops out, the page's events in (issue 34).

A page that runs its Python in PyScript's worker (``<script type="py" worker>``,
``web/worker.py``) starts it with ``start()``.  The worker says hello; the page
(``web/worker_page.js``) answers with a snapshot of its document and the module to
run (one of :data:`ENTRIES`); the mirror (:mod:`pyapp.ui.worker.mirror`) adopts it and
stands in for the browser: ``pyscript``'s ``document`` and ``window`` become the
mirror's, so :mod:`pyapp.ui.browser.dom`, :mod:`pyapp.ui.browser.page` and the screens run
unchanged.  Then the entry's ``main()`` runs.  Every change goes to the page in one
message at the end of the task that made it (a microtask); the page's events come
back as messages and are dispatched through the mirror, so drawing never waits
for the page.  What only the page has (its address, clock and scroll, downloads, the share
sheet and clipboard, the friends' link) goes by message too (:mod:`pyapp.ui.worker.page_services`),
and ``localStorage`` is a copy (:class:`PageStorage`) that the page writes on the worker's
request, by message: the page needs no cross-origin isolation for any of it.

The messages (``MSG``) and ops (``OP``), their codes, fields and meanings, are declared in
:mod:`pyapp.ui.browser.protocol`, which ``web/worker_page.js`` reads too (the build writes it in).  To the page go
the hello, each batch of ops, Python's errors and the writes to ``localStorage`` (:class:`PageStorage`);
from the page come the start (its snapshot, entry, address and a copy of ``localStorage``), the events
of listened elements (the window's being :data:`WINDOW_ID`), with the focus and the last batch applied
before each, the focus, typed values, toggled dialogs, the tab's visibility, other writers' changes to
``localStorage``, the answers to writes and, not as text, a drop's or a chooser's files.  Every text
message of the page carries its clock ``t`` (``Date.now()``) and scroll ``y``, and ``share`` (whether it
has a share sheet) and ``hooks`` (the ``pyappTest*`` values) in the start and whenever one of them
changed.  The requests, answers and the link's messages are :mod:`pyapp.ui.worker.page_services`'.
"""

from __future__ import annotations

import importlib
import json
import sys
import traceback
import types
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy

from pyapp.ui.worker.mirror import Builder, Document, Element, Ops, ops_text
from pyapp.ui.worker.page_services import Asks, Location, PageClock, PageDate, PageLinks
from pyapp.ui.browser.page_storage import PageStorage
from pyapp.ui.browser.protocol import MSG, OP


ENTRIES = ("pyapp.ui.shell.app", "pyapp.ui.shell.embed")
"""The modules a page may ask its worker to run (its script's ``data-entry``)."""

WINDOW_ID = -1
"""The id both sides give the page's ``window``: its events (``hashchange``, ``storage``…) are forwarded
like an element's."""


class Motion:
    """``web/motion.js``'s two calls as ops: the page measures before the redraw's ops and moves after them.

    ``before`` returns a number the page keeps what it measured under; ``after`` hands it back."""

    def __init__(self, ops: Ops) -> None:
        self.ops = ops
        self.count = 0

    def before(self, root: Element, keys: str, motions: str) -> int:
        self.count += 1
        self.ops.add([OP.MEASURE, root.id_, keys, motions, self.count])
        return self.count

    def after(self, root: Element, keys: str, seen: int) -> None:
        self.ops.add([OP.MOVE, root.id_, keys, seen])


class Navigator:
    """``navigator``: the share sheet and the clipboard are the page's (asked by message), the rest the worker's.

    ``share`` is there only while the page has one (``page.can_share`` looks): its messages say so."""

    def __init__(self, asks: Asks) -> None:
        self._asks = asks
        self.clipboard = types.SimpleNamespace(writeText=lambda text: asks.ask("copy", str(text))[1])

    def can_share(self, shares: bool) -> None:
        if shares:
            self.share = self._share
        else:
            self.__dict__.pop("share", None)

    def _share(self, data: Any) -> Any:
        return self._asks.ask("share", data)[1]

    def __getattr__(self, name: str) -> Any:
        return getattr(js.navigator, name)


class Window:
    """``window`` for the screens in a worker: the mirror's document and builder; what only the page has
    (its address, clock, scroll, the e2e suite's ``pyappTest*`` hooks, downloads, the share sheet, the
    lazy modules) as the page's messages told it or as ops and requests to the page
    (:mod:`pyapp.ui.worker.page_services`); anything else a worker has too (``Promise``, ``console``…) is the
    worker's."""

    def __init__(self, document: Document, start: dict[str, Any], storage: PageStorage | None = None,
                 show_now: Callable[[], None] | None = None) -> None:
        self.document = document
        self.pyappShowNow = show_now
        self.pyappDom = Builder(document)
        self.pyappMotion = Motion(document.ops)
        self.asks = Asks(document.ops)
        self.links = PageLinks(self.asks)
        self.navigator = Navigator(self.asks)
        self.JSON = types.SimpleNamespace(parse=json.loads)  # dom.tree hands over JSON text
        self.location = Location(str(start["href"]), lambda route, replace: document.ops.add([OP.ROUTE, route, replace]))
        self.clock = PageClock(js.Date.now)
        self.Date = PageDate(js.Date, self.clock)
        self.scrollY = 0.0  # noqa: N815  (the browser's name)
        self.hooks: dict[str, Any] = {}
        self.heard(start)
        self._events = Element(document, WINDOW_ID, "#window")
        self._events.born = True  # the page's own
        document.nodes[WINDOW_ID] = self._events
        if storage is not None:
            self.localStorage = storage

    def heard(self, message: dict[str, Any]) -> None:
        """What each message of the page says besides its kind: the page's clock and scroll, and whether it
        has a share sheet and its hooks when that changed (every hook, each time: one a test deleted is gone)."""
        self.clock.heard(message.get("t"))
        if isinstance(message.get("y"), (int, float)):
            self.scrollY = float(message["y"])
        if isinstance(message.get("hooks"), dict):
            self.hooks = message["hooks"]
        if "share" in message:
            self.navigator.can_share(bool(message["share"]))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("pyappTest"):
            if name in self.hooks:
                return self.hooks[name]
            raise AttributeError(name)
        return getattr(js, name)

    def addEventListener(self, kind: str, handler: Callable[[Any], None], capture: bool = False) -> None:  # noqa: N802
        self._events.addEventListener(kind, handler, capture)

    def removeEventListener(self, kind: str, handler: Callable[[Any], None], capture: bool = False) -> None:  # noqa: N802
        self._events.removeEventListener(kind, handler, capture)

    def scrollTo(self, x: float, y: float) -> None:  # noqa: N802
        self.scrollY = float(y)
        self.document.ops.add([OP.SCROLL, x, y])

    def pyappAsk(self, what: str, data: Any) -> Any:  # noqa: N802
        """A request the page answers (``qr``: a code's modules); the page's own ``window`` has none."""
        return self.asks.ask(what, data)[1]

    def pyappDownload(self, text: str, filename: str, kind: str) -> None:  # noqa: N802
        """The page makes the Blob and its object URL, clicks a link to it and frees it."""
        self.document.ops.add([OP.DOWNLOAD, text, filename, kind])

    async def pyappImport(self, name: str) -> Any:  # noqa: N802
        """The lazy ``p2p`` module: its links live on the page (a worker has no ``RTCPeerConnection``)."""
        if name != "p2p":
            raise ValueError(f"pyappImport: no lazy module {name} for a worker")
        return self.links


class Proxy:
    """``create_proxy`` for handlers the mirror calls: Python to Python, nothing to convert or free."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function

    def __call__(self, *args: Any) -> Any:
        return self.function(*args)

    def destroy(self) -> None:
        self.function = _gone


def _gone(*args: Any) -> None:
    """A freed handler: an event still on its way to it is dropped."""


class FileList:
    """The files of a drop or a file chooser, as the page sent them (``File`` objects cross to a worker)."""

    def __init__(self, files: Any) -> None:
        self.files = list(files)
        self.length = len(self.files)

    def item(self, index: int) -> Any:
        return self.files[index] if 0 <= index < self.length else None


class WorkerPage:
    """The worker's side of one page: its mirror, the ops to send, the events to dispatch."""

    def __init__(self) -> None:
        from polyscript import xworker  # noqa: PLC0415  (only a worker's polyscript has it)

        self.xworker = xworker
        self.ops = Ops()
        self.document = Document(self.ops)
        self.ops.wanted = self._schedule
        self.handled = 0
        """The page's text messages handled so far: each batch says it, so the page knows when it is drawn."""
        self.said = 0
        self.files: dict[int, FileList] = {}
        """Files the page sent with an event (its number), until the event comes."""
        self.storage: PageStorage | None = None
        self.window: Window | None = None
        self._scheduled = False
        self._flush = create_proxy(self.flush)
        self._receive = create_proxy(self.receive)

    def say(self, message: dict[str, Any]) -> None:
        self.xworker.postMessage(json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    def _schedule(self) -> None:
        if not self._scheduled:
            self._scheduled = True
            js.queueMicrotask(self._flush)

    def flush(self) -> None:
        self._scheduled = False
        ops = self.ops.take()
        if ops or self.said != self.handled:
            self.said = self.handled
            self.ops.batch += 1
            batch = self.ops.batch
            ask = ',"w":true' if self.document.asks(batch) else ""
            self.xworker.postMessage(f'{{"k":"{MSG.OPS}","q":{self.handled},"b":{batch}{ask},"ops":' + ops_text(ops) + "}")

    def open(self) -> None:
        self.xworker.onmessage = self._receive
        self.say({"k": MSG.HELLO})

    def receive(self, event: Any) -> None:
        data = event.data
        if not isinstance(data, str):  # files, sent just before the event that has them
            self.files[int(data.n)] = FileList(data.files)
            return
        message = json.loads(data)
        if message["k"] == MSG.PAINTED:  # not one of the messages the page counts (settled())
            self.document.painted(int(message["b"]), float(message["t"]))
            return
        try:
            kind = message["k"]
            if self.window is not None:
                self.window.heard(message)
            if kind == MSG.START:
                self._start(message)
            elif kind == MSG.EVENT:
                self._event(message)
            elif kind == MSG.FOCUS:
                self._focus(message["id"])
            elif kind == MSG.VALUE:
                found = self.document.node(message["id"])
                if isinstance(found, Element):
                    found.reported(message.get("value"), message.get("checked"))
            elif kind == MSG.OPEN:
                found = self.document.node(message["id"])
                if isinstance(found, Element):
                    found.reported_open(bool(message["open"]))
            elif kind == MSG.HIDDEN:
                self.document.hidden = bool(message["hidden"])
            elif kind == MSG.STORAGE and self.storage is not None:
                self.storage.changed(message)
            elif kind == MSG.ANSWER:
                self.window.asks.answered(message)
            elif kind in (MSG.LINK_MESSAGE, MSG.LINK_PEER, MSG.LINK_ERROR):
                self.window.links.heard(message)
            elif kind == MSG.ADDRESS:
                self.window.location.href = str(message["href"])
            elif kind == MSG.STORED and self.storage is not None:
                self.storage.answer(message)
        except Exception:  # noqa: BLE001  (a screen's bug: say it, keep the page's other events coming)
            text = traceback.format_exc()
            js.console.error(text)
            self.say({"k": MSG.ERROR, "text": text})
        finally:
            # counted once done: a batch sent while it is handled (page.show_now, before a save) is not its end
            self.handled += 1
            self._schedule()

    def _focus(self, node_id: int | None) -> None:
        found = self.document.node(node_id) if node_id is not None else None
        self.document.focused = found if isinstance(found, Element) else None

    def _event(self, message: dict[str, Any]) -> None:
        drawing = int(message.get("b", 0))
        self.document.seen(drawing)
        if "active" in message:
            self._focus(message["active"])
        fields = {**message.get("fields", {}), "drawing": drawing}
        target = self.document.node(message["path"][0]) if message["path"] else None
        if isinstance(target, Element) and ("value" in fields or "checked" in fields):
            target.reported(fields.get("value"), fields.get("checked"))
        files = self.files.pop(message["n"], None)
        self.document.dispatch(message["type"], message["n"], message["id"], message["path"], fields, files,
                               bool(message.get("capture")))

    def _start(self, message: dict[str, Any]) -> None:
        entry = str(message["entry"])
        if entry not in ENTRIES:
            raise ValueError(f"the page asked for {entry!r}, which is no page's Python")
        self.document.adopt(message["page"])
        self.storage = PageStorage(message.get("storage"), self.say)  # written by message: no bridge needed
        browser = types.ModuleType("pyscript")
        browser.document = self.document
        self.window = Window(self.document, message, self.storage, self.flush)
        browser.window = self.window
        ffi = types.ModuleType("pyscript.ffi")
        ffi.create_proxy = Proxy
        ffi.to_js = lambda value, **options: value
        browser.ffi = ffi
        sys.modules["pyscript"] = browser
        sys.modules["pyscript.ffi"] = ffi
        importlib.import_module(entry).main()


def start() -> WorkerPage:
    """Run the page's entry module's ``main()`` over the page's mirror, once the page has sent its snapshot."""
    page = WorkerPage()
    page.open()
    return page


__all__ = ["ENTRIES", "start"]
