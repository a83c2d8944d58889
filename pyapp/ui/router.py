"""Hash router: draws the view for ``location.hash`` into the app's root element.

Game and rules screens plug in with :func:`register`; until one does, its
route shows a translated placeholder, so every link works from day one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

from pyapp.i18n import t
from pyapp.ui import dom, routes, views

Render = Callable[[Any, dict[str, str]], None]
"""``render(root_element, params)``: draws a view into an empty root."""

_views: dict[str, Render] = {}
_root: Any = None


def register(prefix: str, render: Render) -> None:
    """Draw ``render`` for routes under ``prefix``: a game name (``"triad"``) or ``"rules"``."""
    if prefix not in (*routes.GAMES, "rules"):
        raise ValueError(f"no route prefix {prefix!r} (known: {', '.join((*routes.GAMES, 'rules'))})")
    _views[prefix] = render
    if _root is not None:
        show()


def _default(route: routes.Route) -> Render:
    """The built-in view for routes no module has registered."""
    if route.view == "picker":
        return views.picker
    if route.view == "game":
        return views.game_placeholder
    if route.view == "rules":
        return views.rules_placeholder
    return views.not_found


def show() -> None:
    """Draw the view for the current hash."""
    route = routes.parse(str(window.location.hash))
    render = _views.get(route.prefix) or _default(route)
    dom.begin_view()
    dom.clear(_root)
    document.title = t("app.title")
    render(_root, dict(route.params))
    _root.focus()


def start(root: Any) -> None:
    """Draw the current route into ``root`` and follow hash changes from now on."""
    global _root
    _root = root
    dom.on(window, "hashchange", lambda _event: show())
    show()
