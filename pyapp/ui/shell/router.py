"""Hash router: draws the view for ``location.hash`` into the app's root element.

Screens live in the modules named by :data:`pyapp.ui.browser.routes.SCREENS`, imported
on first visit; a module may also plug in early with :func:`register`.  Until a
game's or the rules' module exists, its route shows a translated placeholder,
so every link works from day one.  A screen that fails shows a readable error
in place of the view; the rest of the site keeps working.

A view may return a :class:`Screen`: the router tells it when it is left
(another route, back/forward, the page hidden), asks it to redraw in place
when the language changes, and passes it other tabs' storage changes.
"""

from __future__ import annotations

import importlib
import traceback
from collections.abc import Callable
from typing import Any, Protocol

from pyapp.i18n import t
from pyapp.ui.browser import dom, page, routes
from pyapp.ui.shell import views



class Screen(Protocol):
    """What a view may return to hear about its own life; each method is optional."""

    def leave(self) -> None:
        """The screen is gone (or the page hidden): stop all work, write nothing more."""

    def redraw(self) -> None:
        """Draw again in place, in the new language, keeping what is on screen."""

    def storage_changed(self, key: str | None, value: str | None) -> None:
        """Another tab set stored ``key`` to ``value`` (None: removed it; key None: cleared everything)."""


Render = Callable[[Any, dict[str, str]], "Screen | None"]
"""``render(root_element, params)``: draws a view into an empty root, may return its :class:`Screen`."""

_views: dict[str, Render] = {}
_absent: set[str] = set()
"""Prefixes whose module does not exist (yet): they keep their placeholder."""
_root: Any = None
_screen: Any = None
"""The :class:`Screen` on display, if its view returned one."""
_scroll: dict[str, float] = {}
"""How far each route was scrolled when the page left it: Back returns there, a new route starts at the top."""
_shown: str | None = None


def register(prefix: str, render: Render) -> None:
    """Draw ``render`` for routes under ``prefix`` (a key of :data:`~pyapp.ui.browser.routes.SCREENS`)."""
    if prefix not in routes.SCREENS:
        raise ValueError(f"no route prefix {prefix!r} (known: {', '.join(routes.SCREENS)})")
    _views[prefix] = render


def _load(prefix: str) -> None:
    """Import the module of ``prefix`` so that it registers its view."""
    name = routes.SCREENS[prefix]
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        _absent.add(prefix)
        return
    if prefix not in _views:
        if hasattr(module, "render"):
            register(prefix, module.render)
        elif hasattr(module, "register"):
            module.register()
        else:
            raise LookupError(f"{name} has neither render() nor register()")


def _view(route: routes.Route) -> Render:
    """The registered view, else the shell's built-in one."""
    if route.view in routes.SCREENS and route.view not in _views and route.view not in _absent:
        _load(route.view)
    if route.view in _views:
        return _views[route.view]
    if route.view == "picker":
        return views.picker
    if route.view in routes.GAMES:
        return views.game_placeholder
    if route.view == "rules":
        return views.rules_placeholder
    return views.not_found


def _call(name: str, *args: Any) -> None:
    """Call the screen's ``name`` method if it has one; a failing screen is reported, not fatal."""
    method = getattr(_screen, name, None)
    if method is None:
        return
    try:
        method(*args)
    except Exception:  # noqa: BLE001
        page.log_error(traceback.format_exc())


def leave() -> None:
    """Tell the screen on display that it is gone, so its work (a computer thinking) stops."""
    global _screen
    _call("leave")
    _screen = None


def describe(text: str) -> None:
    """Set the page's meta description for this route (search engines that run scripts read it).

    Link previews read only the static page, whose description is the site's.
    """
    meta = page.find('meta[name="description"]')
    if dom.found(meta) and meta.getAttribute("content") != text:
        meta.setAttribute("content", text)


def show() -> None:
    """Draw the view for the current hash (the screen before it is left first)."""
    global _shown, _screen
    leave()
    hash_ = page.route()
    if _shown is not None:
        _scroll[_shown] = page.scroll_y()
    route = routes.parse(hash_)
    dom.begin_view()
    page.set_title(t("app.title"))
    describe(t("shell.meta.description"))
    # the first view over index.html's picker keeps it: drawn again, it would repaint the largest text
    if not (_shown is None and route.view == "picker" and views.adopt_picker(_root)):
        dom.clear(_root)
        try:
            _screen = _view(route)(_root, dict(route.params))
        except Exception:  # noqa: BLE001  (any screen bug: show it, keep the site alive)
            details = traceback.format_exc()
            page.log_error(details)
            dom.clear(_root)
            views.screen_error(_root, {"details": details})
    _root.focus()
    page.scroll_to(_scroll.get(hash_, 0))
    _shown = hash_


def redraw() -> None:
    """Draw the current view again in the new language: in place if the screen can, else afresh."""
    if getattr(_screen, "redraw", None) is None:
        show()
        return
    page.set_title(t("app.title"))
    describe(t("shell.meta.description"))
    _call("redraw")


def _page_shown(event: Any) -> None:
    """A page restored from the back-forward cache left its screen when hidden: draw it afresh."""
    if event.persisted:
        show()


def _stored(event: Any) -> None:
    """Another tab changed ``localStorage``: tell the screen which key and its new value."""
    key, value = event.key, event.newValue
    _call("storage_changed", str(key) if dom.found(key) else None, str(value) if dom.found(value) else None)


def start(root: Any) -> None:
    """Draw the current route into ``root`` and follow hash changes, page hiding and storage from now on."""
    global _root
    _root = root
    page.listen("hashchange", lambda _event: show())
    page.listen("pagehide", lambda _event: leave())
    page.listen("pageshow", _page_shown)
    page.listen("storage", _stored)
    show()
