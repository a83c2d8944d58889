"""Hash routes of the site, parsed without any browser import (so CPython tests it).

>>> parse("#/")
Route(view='picker', params={})
>>> parse("#/triad")
Route(view='triad', params={'game': 'triad'})
>>> parse("#/rules/dieci")
Route(view='rules', params={'game': 'dieci'})
>>> parse("#/learn/triad")
Route(view='learn', params={'game': 'triad'})
>>> parse("#/saves")
Route(view='saves', params={})
>>> parse("#/chess")
Route(view='not-found', params={'path': '/chess'})
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyapp.registry import GAMES

SCREENS: dict[str, str] = {
    **{game: f"pyapp.ui.{game}" for game in GAMES},
    "rules": "pyapp.ui.rules",
    "learn": "pyapp.ui.learn",
    "saves": "pyapp.ui.saves",
}
"""Route prefix → module that draws it, imported on the first visit (keeps boot fast).

The module exposes ``render(root, params)``, or a ``register()`` that calls
:func:`pyapp.ui.router.register`.  Until the module exists, a game or rules
route shows a placeholder.
"""

PER_GAME: tuple[str, ...] = ("rules", "learn")
"""Prefixes whose routes name a game: ``#/rules/<game>``, ``#/learn/<game>``."""


@dataclass(frozen=True)
class Route:
    """Which view to draw (``picker``, ``not-found`` or a :data:`SCREENS` prefix) and its parameters."""

    view: str
    params: dict[str, str] = field(default_factory=dict)


def parse(hash_: str) -> Route:
    """The route for a ``location.hash`` value such as ``#/rules/triad``."""
    path = hash_.removeprefix("#") or "/"
    parts = [part for part in path.split("/") if part]
    if not parts:
        return Route("picker")
    head, *rest = parts
    if head in GAMES and not rest:
        return Route(head, {"game": head})
    if head in PER_GAME and len(rest) == 1 and rest[0] in GAMES:
        return Route(head, {"game": rest[0]})
    if head in SCREENS and head not in GAMES and head not in PER_GAME and not rest:
        return Route(head)
    return Route("not-found", {"path": "/" + "/".join(parts)})


def href(view: str, game: str | None = None) -> str:
    """The link for a view, the inverse of :func:`parse`.

    >>> href("dyad"), href("rules", "triad"), href("learn", "dieci"), href("picker"), href("saves")
    ('#/dyad', '#/rules/triad', '#/learn/dieci', '#/', '#/saves')
    """
    if view == "picker":
        return "#/"
    if view in PER_GAME and game in GAMES:
        return f"#/{view}/{game}"
    if view in SCREENS and view not in PER_GAME and game is None:
        return f"#/{view}"
    raise ValueError(f"no link for view {view!r} with game {game!r}")
