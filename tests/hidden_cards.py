"""The hidden-card scan's words: every card (text and spoken label) that another seat's view holds and
the viewer's does not.  The browser suite scans the page's DOM for them (``e2e/test_a11y.py``), the
guest's table test the fake DOM (``tests/friends/test_guest_table.py``)."""

from __future__ import annotations

import json
import re

from pyapp import i18n
from pyapp.engine.state import State

CARD = re.compile(r"^[2-9TJQKA][SHDCRYGBP]$")


def hidden_texts(state: State, viewer: int) -> set[str]:
    """Every card (text and spoken label) in another seat's view that the viewer's own view does not show."""
    mine = json.dumps(state.observation(viewer))
    secret: set[str] = set()
    for seat in range(state.players):
        if seat == viewer:
            continue
        obs = state.observation(seat)
        for card in obs.get("hand", []):
            if card not in mine:
                secret.add(card)
        goal = obs.get("goal")
        if goal and goal["name"] not in mine:
            secret.add(goal["name"])
    labels = set()
    for code in i18n.LANGUAGES:
        catalog = i18n.catalog(code)
        for card in secret:
            if CARD.match(card) and state.GAME == "dyad":
                labels.add(catalog["dyad.card"].format(rank=card[0], suit=catalog[f"dyad.suit.{card[1]}"]))
            elif CARD.match(card) and state.GAME == "dieci":
                rank = "10" if card[0] == "T" else card[0]
                labels.add(catalog["dieci.card"].format(rank=rank, suit=catalog[f"dieci.suit.{card[1]}"]))
    return secret | labels
