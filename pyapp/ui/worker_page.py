"""Python in a worker drawing on its page: the mirror's ops out, the page's events in (issue 34).

A page that runs its Python in PyScript's worker (``<script type="py" worker>``)
starts it with ``start(entry)``.  The worker says hello; the page
(``web/worker_page.js``) answers with a snapshot of its document; the mirror
(:mod:`pyapp.ui.mirror`) adopts it and stands in for the browser: ``pyscript``'s
``document`` and ``window`` become the mirror's, so :mod:`pyapp.ui.dom`,
:mod:`pyapp.ui.page` and the screens run unchanged.  Then ``entry.main()`` runs.
Every change goes to the page in one message at the end of the task that made it
(a microtask); the page's events come back as messages and are dispatched
through the mirror.  No ``SharedArrayBuffer`` and no synchronous bridge: nothing
here waits for the page.

Messages are JSON texts.  To the page: ``{"k": "hello"}``, ``{"k": "ops", "ops": [...]}``,
``{"k": "error", "text"}``.  From the page: ``{"k": "start", "page": snapshot, "href"}``,
``{"k": "ev", "n", "id", "type", "path", "fields"}`` (an event at a listened element),
``{"k": "focus", "id"}`` and ``{"k": "value", "id", "value", "checked"}``.
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


class Location:
    """The page's address as the worker was told it (a worker's own ``location`` is its script's)."""

    def __init__(self, href: str) -> None:
        self.href = href
        parts = urlsplit(href)
        self.search = f"?{parts.query}" if parts.query else ""
        self.hash = f"#{parts.fragment}" if parts.fragment else ""


class Window:
    """``window`` for the screens in a worker: the mirror's document and builder, the page's address;
    anything else a worker has too (``Date``, ``URLSearchParams``, ``Promise``, ``console``…) is the worker's."""

    def __init__(self, document: Document, href: str) -> None:
        self.document = document
        self.pyappDom = Builder(document)
        self.location = Location(href)
        self.JSON = types.SimpleNamespace(parse=json.loads)  # dom.tree hands over JSON text

    def __getattr__(self, name: str) -> Any:
        return getattr(js, name)


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


class WorkerPage:
    """The worker's side of one page: its mirror, the ops to send, the events to dispatch."""

    def __init__(self, entry: str) -> None:
        from polyscript import xworker  # noqa: PLC0415  (only a worker's polyscript has it)

        self.xworker = xworker
        self.entry = entry
        self.ops = Ops()
        self.document = Document(self.ops)
        self.ops.wanted = self._schedule
        self._flush = create_proxy(self.flush)
        self._receive = create_proxy(self.receive)

    def say(self, message: dict[str, Any]) -> None:
        self.xworker.postMessage(json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    def _schedule(self) -> None:
        js.queueMicrotask(self._flush)

    def flush(self) -> None:
        ops = self.ops.take()
        if ops:
            self.xworker.postMessage('{"k":"ops","ops":' + ops_text(ops) + "}")

    def open(self) -> None:
        self.xworker.onmessage = self._receive
        self.say({"k": "hello"})

    def receive(self, event: Any) -> None:
        try:
            message = json.loads(str(event.data))
            kind = message["k"]
            if kind == "start":
                self._start(message)
            elif kind == "ev":
                self._event(message)
            elif kind == "focus":
                found = self.document.node(message["id"]) if message["id"] is not None else None
                self.document.focused = found if isinstance(found, Element) else None
            elif kind == "value":
                found = self.document.node(message["id"])
                if isinstance(found, Element):
                    found.reported(message.get("value"), message.get("checked"))
        except Exception:  # noqa: BLE001  (a screen's bug: say it, keep the page's other events coming)
            text = traceback.format_exc()
            js.console.error(text)
            self.say({"k": "error", "text": text})

    def _event(self, message: dict[str, Any]) -> None:
        fields = message.get("fields", {})
        target = self.document.node(message["path"][0]) if message["path"] else None
        if isinstance(target, Element) and ("value" in fields or "checked" in fields):
            target.reported(fields.get("value"), fields.get("checked"))
        self.document.dispatch(message["type"], message["n"], message["id"], message["path"], fields)

    def _start(self, message: dict[str, Any]) -> None:
        self.document.adopt(message["page"])
        browser = types.ModuleType("pyscript")
        browser.document = self.document
        browser.window = Window(self.document, str(message["href"]))
        ffi = types.ModuleType("pyscript.ffi")
        ffi.create_proxy = Proxy
        ffi.to_js = lambda value, **options: value
        browser.ffi = ffi
        sys.modules["pyscript"] = browser
        sys.modules["pyscript.ffi"] = ffi
        importlib.import_module(self.entry).main()


def start(entry: str) -> WorkerPage:
    """Run module ``entry``'s ``main()`` over the page's mirror, once the page has sent its snapshot."""
    page = WorkerPage(entry)
    page.open()
    return page


__all__ = ["start"]
