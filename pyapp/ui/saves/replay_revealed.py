"""What a finished game's replay adds below its boards: what was dealt at the start and stayed secret.

For Dieci (:func:`pyapp.replay.dieci.revealed`): the characters face up at the
start, the character deck from its top down, and every seat's secret goal
card.  :meth:`pyapp.replay.Replay.revealed` gives nothing for an unfinished
game, so none of it reaches the page before the end.
"""

from __future__ import annotations

from typing import Any

from pyapp.i18n import t
from pyapp.i18n.cards import dieci_char
from pyapp.replay import Replay
from pyapp.ui.browser.dom import h


def revealed_section(replay: Replay) -> Any:
    """The section, or None when the game is unfinished or has nothing more to show."""
    shown = replay.revealed()
    if not shown or replay.game != "dieci":
        return None

    def chars(testid: str, key: str, items: list[str]) -> list[Any]:
        return [h("h3", {}, t(key)),
                h("ol", {"class": "revealed-chars", "data-testid": testid},
                  *[h("li", {"data-char": char}, dieci_char(char)) for char in items])]

    goals = [h("li", {"data-seat": str(seat), "data-goal": str(goal)},
               t("replay.revealed_goal", name=replay.names[seat] if seat < len(replay.names) else str(seat + 1),
                 goal=t(f"dieci.goal.name.{goal}")))
             for seat, goal in enumerate(shown["goals"])]
    return h("section", {"class": "replay-revealed", "data-testid": "replay-revealed"},
             h("h2", {}, t("replay.revealed_title")),
             *chars("revealed-face-up", "replay.revealed_face_up", shown["face_up"]),
             *chars("revealed-deck", "replay.revealed_deck", shown["deck"]),
             h("h3", {}, t("replay.revealed_goals")), h("ul", {"data-testid": "revealed-goals"}, *goals))


__all__ = ["revealed_section"]
