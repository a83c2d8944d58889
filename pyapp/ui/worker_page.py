"""Python in a worker drawing on its page: the mirror's ops out, the page's events in (issue 34).

A page that runs its Python in PyScript's worker (``<script type="py" worker>``,
``web/worker.py``) starts it with ``start()``.  The worker says hello; the page
(``web/worker_page.js``) answers with a snapshot of its document and the module to
run (one of :data:`ENTRIES`); the mirror (:mod:`pyapp.ui.mirror`) adopts it and
stands in for the browser: ``pyscript``'s ``document`` and ``window`` become the
mirror's, so :mod:`pyapp.ui.dom`, :mod:`pyapp.ui.page` and the screens run
unchanged.  Then the entry's ``main()`` runs.  Every change goes to the page in one
message at the end of the task that made it (a microtask); the page's events come
back as messages and are dispatched through the mirror, so drawing never waits
for the page.  What only the page has (its clock, a download's object URL, the
share sheet: :data:`PAGE_NAMES`) the app page reads through PyScript's synchronous
bridge, which cross-origin isolation allows; the embed, framed by any site and so not
isolated, needs none of it.  ``localStorage`` is a copy (:class:`PageStorage`) that
the page writes on the worker's request, by message, isolated or not.

Messages are JSON texts.  To the page: ``{"k": "hello"}``, ``{"k": "ops", "q", "ops": [...]}``
(``q``: the page's messages handled so far), ``{"k": "error", "text"}``,
``{"k": "put", "n", "items", "if", "lock"}`` (a write, answered) and ``{"k": "store", "key", "value"}``
(the reading mark, unanswered: :class:`PageStorage`).  From the page:
``{"k": "start", "entry", "page": snapshot, "href", "storage"}`` (``storage``: a copy of ``localStorage``,
None when the page has none), ``{"k": "ev", "n", "id", "type", "path",
"fields", "active", "capture"?}`` (an event at a listened element, the window being :data:`WINDOW_ID`, and the
focused element as it found it), ``{"k": "focus",
"id"}``, ``{"k": "value", "id", "value", "checked"}``, ``{"k": "open", "id", "open"}`` (a dialog the browser
closed, a ``<details>`` toggled), ``{"k": "hidden", "hidden"}`` and ``{"k": "storage", "key", "value"}`` or ``{"k": "storage", "all"}``
(a change to ``localStorage`` this worker did not make, with the value stored now), ``{"k": "stored", "n",
"why"?, "items"?}`` (write ``n`` done, or refused and why); and,
not as text, ``{k: "files", n, files}``: the files of event ``n``, just before it.
"""

from __future__ import annotations

import importlib
import json
import sys
import traceback
import types
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import js
from pyodide.ffi import create_proxy

from pyapp.ui.mirror import Builder, Document, Element, Ops, ops_text
from pyapp.ui.page_storage import PageStorage


ENTRIES = ("pyapp.ui.app", "pyapp.ui.embed")
"""The modules a page may ask its worker to run (its script's ``data-entry``)."""

PAGE_NAMES = frozenset({"scrollY", "pyappImport", "Blob", "URL", "Date", "location"})
"""What the screens read from the page's own ``window`` through PyScript's synchronous bridge.

A download's object URL and an import are the page's; the date is the page's clock (a test
may set it); the rest a worker has of its own.  A worker has no ``localStorage``: the page's
is :class:`PageStorage`."""

WINDOW_ID = -1
"""The id both sides give the page's ``window``: its events (``hashchange``, ``storage``…) are forwarded
like an element's."""


class Location:
    """The page's address as the worker was told it (a worker's own ``location`` is its script's)."""

    def __init__(self, href: str) -> None:
        self.href = href
        parts = urlsplit(href)
        self.search = f"?{parts.query}" if parts.query else ""
        self.hash = f"#{parts.fragment}" if parts.fragment else ""


class Motion:
    """``web/motion.js``'s two calls as ops: the page measures before the redraw's ops and moves after them.

    ``before`` returns a number the page keeps what it measured under; ``after`` hands it back."""

    def __init__(self, ops: Ops) -> None:
        self.ops = ops
        self.count = 0

    def before(self, root: Element, keys: str, motions: str) -> int:
        self.count += 1
        self.ops.add(["mb", root.id_, keys, motions, self.count])
        return self.count

    def after(self, root: Element, keys: str, seen: int) -> None:
        self.ops.add(["ma", root.id_, keys, seen])


class Navigator:
    """``navigator``: the share sheet and the clipboard are the page's (through the bridge), the rest the worker's."""

    def __init__(self, page: Any) -> None:
        self._page = page

    def __getattr__(self, name: str) -> Any:
        if name in ("share", "clipboard") and self._page is not None:
            return getattr(self._page.navigator, name)
        return getattr(js.navigator, name)


class Window:
    """``window`` for the screens in a worker: the mirror's document and builder, the page's address and
    events; with the synchronous bridge (``page``, the page's own ``window``), :data:`PAGE_NAMES` and the
    e2e suite's ``pyappTest*`` hooks are the page's; anything else a worker has too (``Promise``,
    ``console``…) is the worker's."""

    def __init__(self, document: Document, href: str, page: Any, storage: PageStorage | None = None,
                 show_now: Callable[[], None] | None = None) -> None:
        self.document = document
        self.pyappShowNow = show_now
        self.pyappDom = Builder(document)
        self.pyappMotion = Motion(document.ops)
        self.navigator = Navigator(page)
        self.JSON = types.SimpleNamespace(parse=json.loads)  # dom.tree hands over JSON text
        self._page = page
        self._events = Element(document, WINDOW_ID, "#window")
        self._events.born = True  # the page's own
        document.nodes[WINDOW_ID] = self._events
        if page is None:
            self.location = Location(href)
        if storage is not None:
            self.localStorage = storage

    def __getattr__(self, name: str) -> Any:
        if self._page is not None and (name in PAGE_NAMES or name.startswith("pyappTest")):
            return getattr(self._page, name)
        return getattr(js, name)

    def addEventListener(self, kind: str, handler: Callable[[Any], None], capture: bool = False) -> None:  # noqa: N802
        self._events.addEventListener(kind, handler, capture)

    def removeEventListener(self, kind: str, handler: Callable[[Any], None], capture: bool = False) -> None:  # noqa: N802
        self._events.removeEventListener(kind, handler, capture)

    def scrollTo(self, x: float, y: float) -> None:  # noqa: N802
        self.document.ops.add(["sc", x, y])


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
            self.xworker.postMessage(f'{{"k":"ops","q":{self.handled},"ops":' + ops_text(ops) + "}")

    def open(self) -> None:
        self.xworker.onmessage = self._receive
        self.say({"k": "hello"})

    def receive(self, event: Any) -> None:
        data = event.data
        if not isinstance(data, str):  # files, sent just before the event that has them
            self.files[int(data.n)] = FileList(data.files)
            return
        try:
            message = json.loads(data)
            kind = message["k"]
            if kind == "start":
                self._start(message)
            elif kind == "ev":
                self._event(message)
            elif kind == "focus":
                self._focus(message["id"])
            elif kind == "value":
                found = self.document.node(message["id"])
                if isinstance(found, Element):
                    found.reported(message.get("value"), message.get("checked"))
            elif kind == "open":
                found = self.document.node(message["id"])
                if isinstance(found, Element):
                    found.reported_open(bool(message["open"]))
            elif kind == "hidden":
                self.document.hidden = bool(message["hidden"])
            elif kind == "storage" and self.storage is not None:
                self.storage.changed(message)
            elif kind == "stored" and self.storage is not None:
                self.storage.answer(message)
        except Exception:  # noqa: BLE001  (a screen's bug: say it, keep the page's other events coming)
            text = traceback.format_exc()
            js.console.error(text)
            self.say({"k": "error", "text": text})
        finally:
            # counted once done: a batch sent while it is handled (page.show_now, before a save) is not its end
            self.handled += 1
            self._schedule()

    def _focus(self, node_id: int | None) -> None:
        found = self.document.node(node_id) if node_id is not None else None
        self.document.focused = found if isinstance(found, Element) else None

    def _event(self, message: dict[str, Any]) -> None:
        if "active" in message:
            self._focus(message["active"])
        fields = message.get("fields", {})
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
        bridge = getattr(self.xworker, "window", None) if js.crossOriginIsolated else None
        self.storage = PageStorage(message.get("storage"), self.say)  # written by message: no bridge needed
        browser = types.ModuleType("pyscript")
        browser.document = self.document
        browser.window = Window(self.document, str(message["href"]), bridge, self.storage, self.flush)
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
