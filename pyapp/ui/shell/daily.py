"""The deal of the day's screen (``#/daily``): which deal, the fixed table, no undo and no hints, the streak.

Everything here is public before the game: the game, the day's number, the
table.  The seed is not shown (the game's route carries only the date); the
deal itself is dealt from it on the table.
"""

from __future__ import annotations

from typing import Any

from pyapp.deals.daily import DailyDeal, deal_of
from pyapp.i18n import t
from pyapp.play.daily import load_log
from pyapp.storage.daily import DailyLog
from pyapp.ui.browser import page, routes
from pyapp.ui.browser.dom import h, on
from pyapp.ui.table.known_deal import arm, today
from pyapp.ui.browser.local_storage import shared_store

CHART_DAYS = 14


def _chart(log: DailyLog, day: Any) -> Any:
    """The last days as bars: taller for a better place, none for a day not played; each bar's words for screen readers."""
    bars = []
    for shown, result in log.history(day, CHART_DAYS):
        date = shown.isoformat()
        if result is None:
            words, share = t("daily.history_none", date=date), 0
        else:
            words = t("daily.history_day", date=date, place=t(f"daily.place.{result['rank']}"), players=result["players"])
            share = round(100 * (result["players"] - result["rank"] + 1) / result["players"])
        bars.append(h("li", {"class": "daily-bar", "data-played": "true" if result else "false"},
                      h("span", {"class": "daily-bar-fill", "aria-hidden": "true", "style": f"height: {max(share, 4)}%"}),
                      h("span", {"class": "sr-only"}, words)))
    return h("section", {"class": "daily-history", "aria-labelledby": "daily-history-title"},
             h("h2", {"id": "daily-history-title"}, t("daily.history")),
             h("ol", {"class": "daily-chart", "data-testid": "daily-chart"}, bars))


def _state_line(log: DailyLog, deal: DailyDeal, stored: bool) -> Any:
    """Whether the next game is the counted try or practice (and today's result, once there is one)."""
    result = log.result(deal.key)
    if not stored:
        key, words = "daily.unavailable", {}
    elif result is not None:
        key, words = "daily.today_result", {"place": t(f"daily.place.{result['rank']}"), "players": result["players"],
                                            "points": result["points"]}
    else:
        key, words = ("daily.practice" if deal.key in log.days else "daily.counted"), {}
    counted = stored and deal.key not in log.days
    return h("p", {"class": "daily-state", "data-testid": "daily-state", "data-counted": "true" if counted else "false"},
             t(key, **words), " " + t("daily.practice") if result is not None else None)


def _start(deal: DailyDeal) -> None:
    """Start: the game's route opens the deal (the route alone, from a link or a reload, shows this screen)."""
    arm(deal)
    page.go(routes.href(deal.game, daily=deal.day.isoformat()))


def render(root: Any, params: dict[str, str]) -> None:
    """Today's deal: what it is, how it is played, Start, the streak and the last two weeks."""
    day = today()
    deal = deal_of(day)
    store = shared_store()
    log = load_log(store)
    game = t(f"game.{deal.game}")
    start = h("button", {"type": "button", "class": "button primary", "data-testid": "daily-start"}, t("daily.start"))
    on(start, "click", lambda event: _start(deal))
    root.append(h(
        "section", {"class": "panel daily", "data-testid": "daily", "data-game": deal.game, "data-number": deal.number},
        h("h1", {}, t("daily.title")),
        h("p", {"class": "daily-which", "data-testid": "daily-which"}, t("daily.which", game=game, number=deal.number,
                                                                         date=day.isoformat())),
        h("p", {}, t("daily.about")),
        h("ul", {"class": "daily-terms"}, h("li", {}, t("daily.table", n=deal.players - 1)),
          h("li", {"data-testid": "daily-rules"}, t("daily.rules"))),
        _state_line(log, deal, store is not None),
        h("p", {"class": "daily-actions"}, start),
        h("p", {"class": "daily-streak", "data-testid": "daily-streak", "data-streak": log.streak(day)},
          t("daily.streak", n=log.streak(day))),
        _chart(log, day)))


__all__ = ["render"]
