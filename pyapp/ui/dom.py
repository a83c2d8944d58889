"""A tiny element builder over the browser DOM.

Text always becomes text nodes, never markup, so no translated or user string
can inject HTML.  Event handlers are wrapped in proxies that Pyodide would
free after one call unless kept: :func:`on` keeps them until their element is
cleared away (:func:`clear`) or the view that made them is replaced
(:func:`begin_view`), so a long game redrawn after every move does not pile
them up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document
from pyscript.ffi import create_proxy

try:  # Pyodide turns a JavaScript null into this object, not into None
    from pyodide.ffi import jsnull as _jsnull
except ImportError:  # older Pyodide: null is None
    _jsnull = None

Child = Any  # a DOM node, a str, None (skipped) or a list/tuple of children

_page_handlers: list[tuple[Any, Any]] = []
"""(element, proxy) pairs that live as long as the page (added before the first view)."""
_view_handlers: list[tuple[Any, Any]] = []
"""(element, proxy) pairs of the view on screen, freed when the next view begins."""
_handlers = _page_handlers


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Child) -> Any:
    """Create ``<tag>`` with ``attrs`` and ``children``.

    Attribute values: ``True`` sets an empty attribute, ``False``/``None`` leave it
    out, anything else is set as text.  ``data_x``/``aria_x`` keys become ``data-x``/``aria-x``.
    """
    element = document.createElement(tag)
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        if name == "style":
            set_style(element, str(value))
        else:
            element.setAttribute(name, "" if value is True else str(value))
    append(element, *children)
    return element


def set_style(element: Any, declarations: str) -> None:
    """Apply ``"prop: value; …"`` through the CSSOM.

    The Content-Security-Policy (``style-src 'self'``) blocks style attributes
    written as markup, but not properties set on ``element.style``.
    """
    for declaration in declarations.split(";"):
        prop, _, value = declaration.partition(":")
        if prop.strip():
            element.style.setProperty(prop.strip(), value.strip())


def append(parent: Any, *children: Child) -> None:
    """Append children: strings as text nodes, lists and tuples flattened, ``None`` skipped."""
    for child in children:
        if child is None:
            continue
        if isinstance(child, str):
            parent.appendChild(document.createTextNode(child))
        elif isinstance(child, (list, tuple)):
            append(parent, *child)
        else:
            parent.appendChild(child)


def on(element: Any, event: str, handler: Callable[[Any], None]) -> Any:
    """Call ``handler(event)`` on ``event``; returns ``element`` for chaining."""
    proxy = create_proxy(handler)
    _handlers.append((element, proxy))
    element.addEventListener(event, proxy)
    return element


def live_handlers() -> int:
    """How many handlers are alive (page and view): bounded, however long a game runs."""
    return len(_page_handlers) + (len(_view_handlers) if _handlers is _view_handlers else 0)


def begin_view() -> None:
    """Free the previous view's handlers; handlers added from now on belong to the new view.

    So a view must only listen on its own elements, never on ``window`` or ``document``.
    """
    global _handlers
    for _, proxy in _view_handlers:
        proxy.destroy()
    _view_handlers.clear()
    _handlers = _view_handlers


def found(node: Any) -> bool:
    """Whether a DOM lookup (``querySelector``, ``activeElement``, ``closest``…) found something.

    Pyodide gives JavaScript's ``null`` as ``jsnull``, which ``is None`` does not catch.
    """
    return node is not None and node is not _jsnull


def clear(element: Any) -> None:
    """Remove every child of ``element``, freeing the handlers of the removed elements.

    A removed element must not be put back (build it anew): its handlers are gone.
    """
    kept = []
    for owner, proxy in _handlers:
        if element.contains(owner) and not element.isSameNode(owner):
            proxy.destroy()
        else:
            kept.append((owner, proxy))
    _handlers[:] = kept
    element.replaceChildren()
