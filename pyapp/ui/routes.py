"""Hash routes of the site, parsed without any browser import (so CPython tests it).

>>> parse("#/")
Route(view='picker', params={})
>>> parse("#/triad")
Route(view='game', params={'game': 'triad'})
>>> parse("#/rules/dieci")
Route(view='rules', params={'game': 'dieci'})
>>> parse("#/chess")
Route(view='not-found', params={'path': '/chess'})
"""

from __future__ import annotations

from dataclasses import dataclass, field

GAMES: tuple[str, ...] = ("dyad", "triad", "dieci")
"""The games the picker offers, in display order."""


@dataclass(frozen=True)
class Route:
    """Which view to draw (``picker``, ``game``, ``rules`` or ``not-found``) and its parameters."""

    view: str
    params: dict[str, str] = field(default_factory=dict)

    @property
    def prefix(self) -> str:
        """The registry key a view registers under: the game name, ``rules`` or the view name."""
        return self.params["game"] if self.view == "game" else self.view


def parse(hash_: str) -> Route:
    """The route for a ``location.hash`` value such as ``#/rules/triad``."""
    path = hash_.removeprefix("#") or "/"
    parts = [part for part in path.split("/") if part]
    if not parts:
        return Route("picker")
    if len(parts) == 1 and parts[0] in GAMES:
        return Route("game", {"game": parts[0]})
    if len(parts) == 2 and parts[0] == "rules" and parts[1] in GAMES:
        return Route("rules", {"game": parts[1]})
    return Route("not-found", {"path": "/" + "/".join(parts)})


def href(view: str, game: str | None = None) -> str:
    """The link for a view, the inverse of :func:`parse`.

    >>> href("game", "dyad"), href("rules", "triad"), href("picker")
    ('#/dyad', '#/rules/triad', '#/')
    """
    if view == "game" and game in GAMES:
        return f"#/{game}"
    if view == "rules" and game in GAMES:
        return f"#/rules/{game}"
    if view == "picker":
        return "#/"
    raise ValueError(f"no link for view {view!r} with game {game!r}")
