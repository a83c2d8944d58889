"""Hash router: draws the view for ``location.hash`` into the app's root element.

Screens live in the modules named by :data:`pyapp.ui.routes.SCREENS`, imported
on first visit; a module may also plug in early with :func:`register`.  Until a
game's or the rules' module exists, its route shows a translated placeholder,
so every link works from day one.  A screen that fails shows a readable error
in place of the view; the rest of the site keeps working.
"""

from __future__ import annotations

import importlib
import traceback
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from pyapp.i18n import t
from pyapp.ui import dom, routes, views

Render = Callable[[Any, dict[str, str]], None]
"""``render(root_element, params)``: draws a view into an empty root."""

_views: dict[str, Render] = {}
_absent: set[str] = set()
"""Prefixes whose module does not exist (yet): they keep their placeholder."""
_root: Any = None
_scroll: dict[str, float] = {}
"""How far each route was scrolled when the page left it: Back returns there, a new route starts at the top."""
_shown: str | None = None


def register(prefix: str, render: Render) -> None:
    """Draw ``render`` for routes under ``prefix`` (a key of :data:`~pyapp.ui.routes.SCREENS`)."""
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


def describe(text: str) -> None:
    """Set the page's meta description for this route (search engines that run scripts read it).

    Link previews read only the static page, whose description is the site's.
    """
    meta = document.querySelector('meta[name="description"]')
    if dom.found(meta):
        meta.setAttribute("content", text)


def show() -> None:
    """Draw the view for the current hash."""
    global _shown
    hash_ = str(window.location.hash)
    if _shown is not None:
        _scroll[_shown] = float(window.scrollY)
    route = routes.parse(hash_)
    dom.begin_view()
    dom.clear(_root)
    document.title = t("app.title")
    describe(t("shell.meta.description"))
    try:
        _view(route)(_root, dict(route.params))
    except Exception:  # noqa: BLE001  (any screen bug: show it, keep the site alive)
        details = traceback.format_exc()
        window.console.error(details)
        dom.clear(_root)
        views.screen_error(_root, {"details": details})
    _root.focus()
    window.scrollTo(0, _scroll.get(hash_, 0))
    _shown = hash_


def start(root: Any) -> None:
    """Draw the current route into ``root`` and follow hash changes from now on."""
    global _root
    _root = root
    dom.on(window, "hashchange", lambda _event: show())
    show()
