"""A tiny element builder over the browser DOM.

Elements are made by ``web/dom.js``, one call per element: a call from Python
into JavaScript is what a redraw costs, so one per attribute and child was
too many.  Text always becomes text nodes, never markup, so no translated or
user string can inject HTML.  Event handlers are wrapped in proxies that Pyodide would
free after one call unless kept: :func:`on` keeps them until their element is
cleared away (:func:`clear`) or the view that made them is replaced
(:func:`begin_view`), so a long game redrawn after every move does not pile
them up.  A handler is unhooked from its element before its proxy is freed:
removing a focused element fires ``blur``/``focusout`` at it, and a freed
proxy called then is the page error "Object has already been destroyed".
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyscript import window
from pyscript.ffi import create_proxy

from pyapp.storage.times import shown_time

try:  # Pyodide turns a JavaScript null into this object, not into None
    from pyodide.ffi import jsnull as _jsnull
except ImportError:  # older Pyodide: null is None
    _jsnull = None

Child = Any  # a DOM node, a str, None (skipped) or a list/tuple of children

_js = window.pyappDom
"""``web/dom.js``'s functions (the page loads that script before Python starts)."""
_element = _js.element  # looked up once: every lookup is a call into JavaScript

Handler = tuple[Any, str, Any, bool]
"""(element, event, proxy, capture) of one listener added by :func:`on`."""

_page_handlers: list[Handler] = []
"""Listeners that live as long as the page (added before the first view)."""
_view_handlers: list[Handler] = []
"""Listeners of the view on screen, freed when the next view begins."""
_handlers = _page_handlers


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Child) -> Any:
    """Create ``<tag>`` with ``attrs`` and ``children``, in one call into JavaScript.

    Attribute values: ``True`` sets an empty attribute, ``False``/``None`` leave it
    out, anything else is set as text; ``style`` goes through the CSSOM (see
    ``web/dom.js``).  ``data_x``/``aria_x`` keys become ``data-x``/``aria-x``.
    """
    args: list[Any] = [tag, 0]
    for name, value in (attrs or {}).items():
        if value is not None and value is not False:
            args += (name.rstrip("_").replace("_", "-"), "" if value is True else str(value))
    args[1] = (len(args) - 2) // 2
    return _element(*args, *_flat(children))


SVG = "http://www.w3.org/2000/svg"


def svg(tag: str, attrs: dict[str, Any] | None = None, *children: Child) -> Any:
    """Create the SVG element ``<tag>`` with ``attrs`` (set as text, names as given) and ``children``."""
    node = window.document.createElementNS(SVG, tag)
    for name, value in (attrs or {}).items():
        node.setAttribute(name, str(value))
    node.append(*_flat(children))
    return node


def tree(node: Any) -> Any:
    """An element tree ``[tag, {name: value}, *children]`` as DOM nodes, in one call; a string stays text."""
    if isinstance(node, str):
        return node
    return _js.tree(window.JSON.parse(json.dumps(node)))


def append(parent: Any, *children: Child) -> None:
    """Append children: strings as text nodes, lists and tuples flattened, ``None`` skipped."""
    parent.append(*_flat(children))


def _flat(children: tuple[Child, ...] | list[Child]) -> list[Any]:
    """Children as a flat list of nodes and strings (lists and tuples opened, ``None`` dropped)."""
    flat: list[Any] = []
    for child in children:
        if isinstance(child, (list, tuple)):
            flat.extend(_flat(child))
        elif child is not None:
            flat.append(child)
    return flat


@dataclass(frozen=True)
class Prevent:
    """Which of a listener's events have their default action refused (a key's scrolling, a link's jump).

    Decided by the page's script at the event itself (``web/dom.js``'s ``prevent``), not by the
    handler: Python that runs in a worker gets the event after the browser has acted on it.
    ``keys``: only these keys (none: every event); ``within``: only when the target is inside that
    selector; ``unless``: not when it is inside that one.
    """

    keys: tuple[str, ...] = ()
    within: str = ""
    unless: str = ""

    def text(self) -> str:
        return json.dumps({"keys": list(self.keys), "within": self.within, "unless": self.unless})


def on(element: Any, event: str, handler: Callable[[Any], None], *, capture: bool = False,
       prevent: Prevent | None = None) -> Any:
    """Call ``handler(event)`` on ``event`` (in the capture phase if ``capture``), refusing the default
    action by ``prevent``; returns ``element``."""
    proxy = create_proxy(handler)
    _handlers.append((element, event, proxy, capture))
    element.addEventListener(event, proxy, capture)
    if prevent is not None:
        _js.prevent(element, event, prevent.text())
    return element


def button(text: str, testid: str, handler: Callable[[Any], None], *, primary: bool = False) -> Any:
    """A ``type="button"`` button that calls ``handler(event)`` when pressed."""
    return on(h("button", {"type": "button", "class": "primary" if primary else None, "data-testid": testid}, text),
              "click", handler)


def _free(listener: Handler) -> None:
    """Unhook a listener, then free its proxy: no event can reach it any more."""
    element, event, proxy, capture = listener
    element.removeEventListener(event, proxy, capture)
    proxy.destroy()


def live_handlers() -> int:
    """How many handlers are alive (page and view): bounded, however long a game runs."""
    return len(_page_handlers) + (len(_view_handlers) if _handlers is _view_handlers else 0)


def begin_view() -> None:
    """Free the previous view's handlers; handlers added from now on belong to the new view.

    So a view must only listen on its own elements, never on ``window`` or ``document``.
    """
    global _handlers
    for listener in _view_handlers:
        _free(listener)
    _view_handlers.clear()
    _handlers = _view_handlers


def found(node: Any) -> bool:
    """Whether a DOM lookup (``querySelector``, ``activeElement``, ``closest``…) found something.

    Pyodide gives JavaScript's ``null`` as ``jsnull``, which ``is None`` does not catch.
    """
    return node is not None and node is not _jsnull


def clear(element: Any, *children: Any) -> None:
    """Remove every child of ``element``, freeing the handlers of the removed elements; ``children`` take their place.

    A removed element must not be put back (build it anew): its handlers are gone.  Replacing in one call lets
    a worker's mirror draw only what changed (``pyapp.ui.worker.mirror.Document.place``).
    """
    kept = []
    for listener in _handlers:
        owner = listener[0]
        if element.contains(owner) and not element.isSameNode(owner):
            _free(listener)
        else:
            kept.append(listener)
    _handlers[:] = kept
    element.replaceChildren(*children)


def local_date(seconds: float) -> str:
    """A local date and time (``seconds`` since 1970) in the browser's own format; "" if it cannot show it.

    A time later than a few days from now (a hand-edited record) is as unknown as none (see ``shown_time``).
    """
    if not shown_time(seconds, time.time()):
        return ""
    try:
        return str(window.Date.new(seconds * 1000).toLocaleString())
    except Exception:  # a date the browser cannot show is not worth an error
        return ""
