"""Games whose deal is known before they start: the deal of the day, a friend's challenge link.

A game route with ``?daily=<UTC date>`` starts that day's deal when the
deal-of-the-day screen's Start opened it (:mod:`pyapp.ui.shell.daily`, which says
before Start that there is no undo and no hint, and whether the try counts:
:func:`arm`); opened any other way (a link, a reload) it shows that screen
instead, so no counted try starts unannounced.  One with ``?challenge=<token>``
fills in the set-up form with the link's seats, options and deal number, and
says what it is.  A link that cannot be used is refused in words above an empty
set-up form (another day's deal; today's, on the other game's route; a damaged
challenge), and nothing is stored.

:func:`start_known` is the one call that starts a game from a deal known in
advance (the set-up's typed deal number starts the challenge's game).
"""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any

from pyapp.deals.challenge import ChallengeError, parse_challenge
from pyapp.deals.daily import DailyDeal, deal_of, parse_day
from pyapp.i18n import t
from pyapp.play import Seat, Session
from pyapp.play.daily import DailySession, count_try
from pyapp.ui.browser import page, routes
from pyapp.ui.browser.dom import h
from pyapp.ui.table.game_ui import Setup
from pyapp.ui.table.table_host import TableHost


_armed: set[str] = set()
"""The deals (:attr:`DailyDeal.key`) whose Start the deal-of-the-day screen pressed, until their route opens."""


def arm(deal: DailyDeal) -> None:
    """The deal-of-the-day screen's Start: the route it opens next starts ``deal``."""
    _armed.add(deal.key)


def today() -> date:
    """Today's UTC date as the browser's clock tells it."""
    return parse_day(page.today_iso())


def start_known(table: TableHost, seats: list[Seat], seed: int, options: dict[str, Any], *,
                cls: type[Session] = Session) -> Session:
    """Start ``table``'s game from a deal known in advance: no hints, named as the game's default."""
    game = table.ui.game
    return cls.start(game, seats, seed=seed, store=table.store, name=t("table.default_title", game=t(f"game.{game}")),
                     named=False, allow_hints=False, known_deal=True, **options)


def start_daily(table: TableHost, deal: DailyDeal) -> None:
    """Start ``deal`` on ``table``: the day's first start is the counted try (marked in the log and in its record),
    any later one practice."""
    seats = [Seat(t("setup.default_name", n=n + 1), kind) for n, kind in enumerate(deal.kinds)]
    session = start_known(table, seats, deal.seed, deal.options, cls=DailySession)
    assert isinstance(session, DailySession)
    session.deal = deal
    if table.store is not None and session.store is not None:
        count_try(table.store, session, deal)
    table.begin(session)


def _refuse(table: Any, key: str, *, day: str | None = None, game: str | None = None) -> None:
    """Say why a link cannot be used, above the set-up form (in the language of each redraw); nothing is stored.

    ``day``: a deal-of-the-day link for another date, or ``game``: today's deal is of that other game;
    both offer today's deal.
    """
    def notice() -> Any:
        text = t(key, date=day) if day is not None else t(key, game=t(f"game.{game}")) if game else t(key)
        link = h("a", {"class": "button secondary", "href": routes.href("daily")}, t("daily.see_today")) \
            if day or game else None
        return h("div", {"class": "known-notice", "role": "alert", "data-testid": "known-refused"}, h("p", {}, text), link)

    table.form.notice = notice
    table.show_setup(None)


def open_known(table: Any, params: dict[str, str]) -> Any:
    """Open ``table`` for the route's ``daily`` or ``challenge`` parameter; returns the table (the router's screen)."""
    asyncio.ensure_future(table.pacing.load_computer_players())
    game = table.ui.game
    if "daily" in params:
        try:
            deal = deal_of(parse_day(params["daily"]))
        except ValueError:
            deal = None
        if deal is None or deal.day != today():
            _refuse(table, "daily.old", day=params["daily"])
        elif deal.game != game:
            _refuse(table, "daily.other_game", game=deal.game)
        elif deal.key in _armed:
            _armed.discard(deal.key)
            start_daily(table, deal)
        else:
            page.go(routes.href("daily"), replace=True)  # its screen says how the try is played before it starts
        return table
    try:
        challenge = parse_challenge(game, params.get("challenge", ""))
    except ChallengeError as error:
        _refuse(table, error.key)
        return table
    table.form.notice = lambda: h("p", {"class": "known-notice", "role": "status", "data-testid": "challenge-notice"},
                                  t("challenge.opened"))
    table.show_setup(Setup(challenge.players, tuple(("", kind) for kind in challenge.kinds), challenge.options,
                           seed=str(challenge.seed)))
    return table


__all__ = ["open_known", "start_daily", "start_known", "today"]
