"""The statistics on the saved-games screen: games played, won and best result, by game and level."""

from __future__ import annotations

from typing import Any

from pyapp.i18n import t
from pyapp.storage.backends import Backend
from pyapp.storage.stats import load_stats
from pyapp.ui.browser.dom import h


def _row(game: str, level: str, hinted: bool, line: dict[str, Any]) -> Any:
    level_text = t("saves.stats_people") if level == "person" else t(f"level.{level}")
    if hinted:  # games in which hints were used: a line apart
        level_text = t("saves.stats_hinted", level=level_text)
    best = t("saves.stats_none") if line["best"] is None else str(line["best"])
    return h("tr", {"data-testid": "stats-row", "data-game": game, "data-level": level,
                    "data-hints": "true" if hinted else "false"},
             h("th", {"scope": "row"}, t(f"game.{game}")), h("td", {}, level_text),
             h("td", {}, str(line["played"])), h("td", {}, str(line["won"])), h("td", {}, best))


def stats_section(backend: Backend | None) -> Any:
    """The section: the table, or why there is none (nothing played, storage unusable, statistics reset)."""
    stats, problem = load_stats(backend)
    section = h("section", {"class": "stats", "data-testid": "stats"}, h("h2", {}, t("saves.stats")),
                h("p", {"class": "stats-intro"}, t("saves.stats_intro")))
    if problem:
        section.append(h("p", {"class": "warning", "role": "status", "data-testid": "stats-problem"}, t(problem)))
    rows = stats.rows()
    if not rows:
        section.append(h("p", {"data-testid": "stats-empty"}, t("saves.stats_empty")))
        return section
    head = h("tr", {}, *[h("th", {"scope": "col"}, t(f"saves.stats_{k}"))
                        for k in ("game", "level", "played", "won", "best")])
    # focusable and named: a keyboard user can scroll a table wider than the phone
    section.append(h("div", {"class": "table-scroll", "tabindex": "0", "role": "region", "aria-label": t("saves.stats")},
                     h("table", {"class": "stats-table"}, h("thead", {}, head),
                       h("tbody", {}, *[_row(*row) for row in rows]))))
    return section


__all__ = ["stats_section"]
