"""Hash routes of the site, parsed without any browser import (so CPython tests it).

>>> parse("#/")
Route(view='picker', params={})
>>> parse("#/triad")
Route(view='triad', params={'game': 'triad'})
>>> parse("#/dyad?resume=18c2f-1")
Route(view='dyad', params={'game': 'dyad', 'resume': '18c2f-1'})
>>> parse("#/dieci?level=easy")
Route(view='dieci', params={'game': 'dieci', 'level': 'easy'})
>>> parse("#/dyad?resume=<b>")
Route(view='not-found', params={'path': '/dyad?resume=<b>'})
>>> parse("#/rules/dieci")
Route(view='rules', params={'game': 'dieci'})
>>> parse("#/learn/triad")
Route(view='learn', params={'game': 'triad'})
>>> parse("#/saves")
Route(view='saves', params={})
>>> parse("#/saves?review=18c2f-1")
Route(view='saves', params={'review': '18c2f-1'})
>>> parse("#/dieci?daily=2026-12-02")
Route(view='dieci', params={'game': 'dieci', 'daily': '2026-12-02'})
>>> parse("#/dyad?challenge=1.3.pnn.0-0-0.42")
Route(view='dyad', params={'game': 'dyad', 'challenge': '1.3.pnn.0-0-0.42'})
>>> parse("#/daily")
Route(view='daily', params={})
>>> parse("#/join/dyad/aaaqeayeaudaocaj/AAECAwQFBgcICQoLDA0ODw/O2onvM62pC1io6jQKm8Nc2UyFXcd4kOmOsBIoYtZ2ik")
Route(view='join', params={'token': 'dyad/aaaqeayeaudaocaj/AAECAwQFBgcICQoLDA0ODw/O2onvM62pC1io6jQKm8Nc2UyFXcd4kOmOsBIoYtZ2ik'})
>>> parse("#/chess")
Route(view='not-found', params={'path': '/chess'})
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pyapp.registry import GAMES, TABLE_LEVELS

SCREENS: dict[str, str] = {
    **{game: f"pyapp.ui.games.{game}" for game in GAMES},
    "rules": "pyapp.ui.shell.rules",
    "learn": "pyapp.ui.shell.learn",
    "saves": "pyapp.ui.saves.saves",
    "daily": "pyapp.ui.shell.daily",
    "join": "pyapp.ui.friends.friends_guest",
}
"""Route prefix → module that draws it, imported on the first visit (keeps boot fast).

The module exposes ``render(root, params)``, or a ``register()`` that calls
:func:`pyapp.ui.shell.router.register`.  Until the module exists, a game or rules
route shows a placeholder.
"""

RECORD_ID = re.compile(r"[0-9a-z-]{1,64}")

GAME_QUERY: dict[str, re.Pattern[str]] = {
    "resume": RECORD_ID,
    "level": re.compile("|".join(TABLE_LEVELS)),
    "daily": re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}"),
    "challenge": re.compile(r"[0-9A-Za-z._~%-]{0,300}"),
}
"""What a game route may ask after ``?``: which stored game to resume (the picker's
Continue), the computers' level the set-up starts with (a lesson's last step), the
deal of the day to start (its UTC date), or a challenge link's token (loosely matched
here so that a damaged one reaches the game's screen and is refused there in words,
by :func:`pyapp.deals.challenge.parse_challenge`)."""

SCREEN_QUERY: dict[str, dict[str, re.Pattern[str]]] = {"saves": {"review": RECORD_ID}}
"""What other screens may ask after ``?``: the saved game whose review to open (a game's end)."""

PER_GAME: tuple[str, ...] = ("rules", "learn")
"""Prefixes whose routes name a game: ``#/rules/<game>``, ``#/learn/<game>``."""


@dataclass(frozen=True)
class Route:
    """Which view to draw (``picker``, ``not-found`` or a :data:`SCREENS` prefix) and its parameters."""

    view: str
    params: dict[str, str] = field(default_factory=dict)


def parse(hash_: str) -> Route:
    """The route for a ``location.hash`` value such as ``#/rules/triad``."""
    path, _, query = (hash_.removeprefix("#") or "/").partition("?")
    parts = [part for part in path.split("/") if part]
    if not parts:
        return Route("picker")
    head, *rest = parts
    if head in GAMES and not rest:
        params = _game_query(query)
        if params is not None:
            return Route(head, {"game": head, **params})
        parts[-1] += "?" + query
    if head == "join" and len(rest) == 4 and not query:  # an invite: join.parse_join judges it, in words
        return Route(head, {"token": "/".join(rest)})
    if head in PER_GAME and len(rest) == 1 and rest[0] in GAMES:
        return Route(head, {"game": rest[0]})
    if head in SCREENS and head not in GAMES and head not in PER_GAME and not rest:
        params = _game_query(query, SCREEN_QUERY.get(head, {}))
        if params is not None:
            return Route(head, params)
        parts[-1] += "?" + query
    return Route("not-found", {"path": "/" + "/".join(parts)})


def _game_query(query: str, patterns: dict[str, re.Pattern[str]] = GAME_QUERY) -> dict[str, str] | None:
    """The parameters of a route's query (a game's by default), or None if any is unknown or malformed."""
    params = {}
    for pair in filter(None, query.split("&")):
        name, _, value = pair.partition("=")
        pattern = patterns.get(name)
        if pattern is None or not pattern.fullmatch(value):
            return None
        params[name] = value
    return params


def href(view: str, game: str | None = None, **query: str) -> str:
    """The link for a view, the inverse of :func:`parse`.

    >>> href("dyad"), href("rules", "triad"), href("learn", "dieci"), href("picker"), href("saves")
    ('#/dyad', '#/rules/triad', '#/learn/dieci', '#/', '#/saves')
    >>> href("triad", resume="18c2f-1"), href("saves", review="18c2f-1")
    ('#/triad?resume=18c2f-1', '#/saves?review=18c2f-1')
    """
    if query:
        text = "&".join(f"{name}={value}" for name, value in query.items())
        patterns = GAME_QUERY if view in GAMES else SCREEN_QUERY.get(view, {})
        if game is not None or not patterns or _game_query(text, patterns) is None:
            raise ValueError(f"no link for view {view!r} with {query!r}")
        return f"#/{view}?{text}"
    if view == "picker":
        return "#/"
    if view in PER_GAME and game in GAMES:
        return f"#/{view}/{game}"
    if view in SCREENS and view not in PER_GAME and game is None:
        return f"#/{view}"
    raise ValueError(f"no link for view {view!r} with game {game!r}")
