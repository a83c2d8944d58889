"""The page around the views: every browser service the UI asks for, besides building elements.

Why one module: Python runs in a worker (issue 34, :mod:`pyapp.ui.worker.worker_page`),
which has no ``document``, no ``localStorage``, no ``navigator.share``.  Each
function here is one thing the page does for the UI (a title, a route, a
download, a copy, a stored preference…): the worker's ``window`` answers it from
the mirror, from the worker's own browser objects, or from what the page sent or
answered (:mod:`pyapp.ui.worker.page_services`), and the views that call it need not know which.
So no other module under ``pyapp/ui`` but ``dom`` (the element builder) and
``local_storage`` (the save store's backend) imports ``pyscript`` or ``js``
(``tests/test_code_shape.py``).  The list of what the UI needs from the browser
is this module's list of functions.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyodide.ffi import create_proxy, to_js

from pyapp.ui.browser.dom import found, h, on


def js_object(data: Any) -> Any:
    """``data`` (dicts, lists, text, numbers) as JavaScript objects and arrays, for a browser API's options."""
    return to_js(data, dict_converter=window.Object.fromEntries)


def proxy(function: Callable[..., Any]) -> Any:
    """``function`` as a JavaScript function that lives until its ``destroy()`` (a callback a browser API keeps)."""
    return create_proxy(function)


def promise(executor: Callable[[Any, Any], None]) -> Any:
    """A JavaScript ``Promise`` whose ``executor(resolve, reject)`` runs at once."""
    return window.Promise.new(executor)


# -- the document -----------------------------------------------------------------------------


def by_id(element_id: str) -> Any:
    """The page's element with ``id``, or JavaScript's null (test with ``dom.found``)."""
    return document.getElementById(element_id)


def find(selector: str) -> Any:
    """The page's first element matching ``selector``, or JavaScript's null."""
    return document.querySelector(selector)


def find_all(selector: str) -> list[Any]:
    """The page's elements matching ``selector``, in document order."""
    return list(document.querySelectorAll(selector))


def body() -> Any:
    return document.body


def local_storage() -> Any:
    """The page's ``localStorage`` (in the worker, :class:`pyapp.ui.browser.page_storage.PageStorage`); None if it has none."""
    try:
        return window.localStorage
    except Exception:  # noqa: BLE001  (a browser that forbids storage raises a SecurityError here)
        return None


def focused() -> Any:
    """The focused element, JavaScript's null, or ``body`` when nothing is focused."""
    return document.activeElement


def hidden() -> bool:
    """Whether the tab is in the background (its work may wait)."""
    return bool(document.hidden)


def set_title(text: str) -> None:
    """Set the page's title, unless it says ``text`` already (a write replaces the title's text node)."""
    if document.title != text:
        document.title = text


def root_attribute(name: str) -> str | None:
    """``<html>``'s attribute ``name`` (``lang``, ``data-theme``…), None when it has none."""
    value = document.documentElement.getAttribute(name)
    return str(value) if found(value) else None


def set_root_attribute(name: str, value: str) -> None:
    """Set ``<html>``'s attribute ``name`` (the CSS reads the settings there)."""
    document.documentElement.setAttribute(name, value)


# -- the address --------------------------------------------------------------------------------


def address() -> str:
    """The page's whole URL."""
    return str(window.location.href)


def site_address() -> str:
    """The page's URL without its route (``#…``): what a link to this site starts with."""
    return address().split("#", 1)[0]


def route() -> str:
    """The URL's ``#…`` part (the route), "" on the site's front page."""
    return str(window.location.hash)


def go(route_hash: str, *, replace: bool = False) -> None:
    """Open the route ``#…`` (the router draws it on the ``hashchange``); ``replace``: in the history's place
    of the route shown (Back does not return to a route that only sends the page on)."""
    if replace:
        window.location.replace(route_hash)
    else:
        window.location.hash = route_hash


def query(name: str) -> str:
    """The URL's ``?name=`` value, "" when it has none."""
    value = window.URLSearchParams.new(window.location.search).get(name)
    return str(value) if found(value) else ""


def scroll_y() -> float:
    return float(window.scrollY)


def scroll_to(y: float) -> None:
    window.scrollTo(0, y)


def bring_into_view(element: Any) -> None:
    """Scroll as little as shows ``element`` whole."""
    element.scrollIntoView(js_object({"block": "nearest"}))


# -- what the page knows ------------------------------------------------------------------------


def online() -> bool:
    """Whether the browser says it is online (a guess: a page may be online with no way to its peers)."""
    return bool(getattr(window.navigator, "onLine", True))


def today_iso() -> str:
    """Today's date in UTC, ``YYYY-MM-DD``, by the browser's clock."""
    return str(window.Date.new().toISOString())[:10]


def test_hook(name: str) -> Any:
    """What an e2e init script set as ``window.<name>`` (a pace, a budget…), None when nothing.

    Each caller checks the value strictly: a page anybody opens may have anything there.
    """
    value = getattr(window, name, None)
    return value if found(value) else None


def log_error(text: str) -> None:
    """Write ``text`` to the browser's console as an error (the page shows its own words)."""
    window.console.error(text)


def listen(event: str, handler: Callable[[Any], None]) -> None:
    """Call ``handler(event)`` on every ``event`` of the window (``hashchange``, ``storage``…), as long as the page."""
    on(window, event, handler)


# -- what the page does for the person ----------------------------------------------------------


def remember(key: str, value: str) -> None:
    """Store a preference (a language, a setting); with no room or no storage it lasts for this visit."""
    try:
        window.localStorage.setItem(key, value)
    except Exception:  # noqa: BLE001  (storage full or disabled: a preference is not worth an error)
        pass


def can_share() -> bool:
    """Whether the browser has a share sheet (``navigator.share``)."""
    return found(getattr(window.navigator, "share", None))


async def share(data: dict[str, str]) -> None:
    """Open the share sheet with ``data`` (title, text, url); raises if the person cancels or it fails."""
    await _settled(window.navigator.share(js_object(data)))


async def copy_text(text: str) -> None:
    """Put ``text`` on the clipboard; raises without permission."""
    await _settled(window.navigator.clipboard.writeText(text))


async def share_or_copy(data: dict[str, str], text: str) -> bool:
    """Share ``data`` where the browser can, else copy ``text``: True if shared, False if copied; raises if neither."""
    if can_share():
        await share(data)
        return True
    await copy_text(text)
    return False


async def _settled(result: Any) -> Any:
    """A page call's result: awaited when it is a promise (PyScript's bridge to the page of a worker
    waits for the page's promises itself and hands back what they resolved to)."""
    return await result if inspect.isawaitable(result) else result


def download(text: str, filename: str) -> None:
    """Hand ``text`` to the browser as a JSON file download: the page makes the Blob, its object URL and
    the link to it (a worker's own object URL would die with the worker)."""
    window.pyappDownload(text, filename, "application/json")


async def import_module(name: str) -> Any:
    """A JavaScript module the build ships beside the page (``p2p``), fetched on first use."""
    return await _settled(window.pyappImport(name))


async def qr_modules(text: str, level: str) -> list[list[bool]]:
    """``text``'s QR code at error correction ``level``, row by row (True: a dark module), from the
    encoder the page fetches only now (its lazy module ``qr``)."""
    rows = await _settled(window.pyappAsk("qr", {"text": text, "level": level}))
    return [[bool(dark) for dark in row] for row in rows]


def web_locks() -> Any:
    """The browser's ``navigator.locks``, or None (an old browser)."""
    locks = getattr(window.navigator, "locks", None)
    return locks if found(locks) else None


def show_now() -> None:
    """Let the page show what was drawn so far, before slower work (a save waits for the page in a worker).

    Python in a worker sends its changes now rather than at the end of the task; on the page's
    main thread nothing is drawn before the task ends anyway.
    """
    send = getattr(window, "pyappShowNow", None)
    if send is not None:
        send()


def motion() -> Any:
    """``web/motion.js``'s functions (``before``/``after`` a redraw)."""
    return window.pyappMotion
