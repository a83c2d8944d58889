"""What a Dieci move does, in facts the engine computes from what the mover sees."""

from __future__ import annotations

from typing import Any

from pyapp.games.dieci.policies import claim_delta
from pyapp.games.dieci.rules import GOALS, beats
from pyapp.games.dieci.state import Claim, DieciState, Play


def reasons(state: DieciState, action: Any) -> list[tuple[str, dict[str, Any]]]:
    """``(message key, params)`` facts about ``action``: the trick, the mover's goal card, the points.

    Reads only the public trick and trump, the mover's own claims and goal card."""
    seat = state.current_player()
    if type(action) is Play:
        trick = state.trick
        best = trick[0] if trick else None
        for card in trick[1:]:
            if beats(card, best, state.trump):
                best = card
        ahead = best is None or beats(action.card, best, state.trump)
        last = len(trick) == state.players - 1
        if ahead:
            return [("hint.dieci.wins_trick" if last else "hint.dieci.leads_trick", {"card": action.card})]
        return [("hint.dieci.gives_trick", {"card": action.card})]
    if type(action) is Claim:
        found: list[tuple[str, dict[str, Any]]] = []
        if action.char in GOALS[state.goals[seat]][1]:
            found.append(("hint.dieci.on_goal", {"char": action.char}))
        found.append(("hint.dieci.claim_points",
                      {"char": action.char, "points": claim_delta(state.claimed[seat], state.goals[seat], action.char)}))
        return found
    if str(action) == "pass":
        return [("hint.dieci.pass", {})]
    return [("hint.dieci.top", {})]
