"""What a Triad move does, in facts the engine computes (for a hint's sentence)."""

from __future__ import annotations

from typing import Any

from pyapp.games.triad.rules import Place
from pyapp.games.triad.state import TriadState


def _gain(state: TriadState, action: Any) -> tuple[int, TriadState]:
    """Points the mover's side makes with ``action``, and the position after it."""
    side = state.current_player() % 2
    after = state.clone()
    after.step(action)
    return after.side_totals()[side] - state.side_totals()[side], after


def reasons(state: TriadState, action: Any) -> list[tuple[str, dict[str, Any]]]:
    """``(message key, params)`` facts about ``action`` in ``state`` (perfect information)."""
    found: list[tuple[str, dict[str, Any]]] = []
    points, after = _gain(state, action)
    if type(action) is Place:
        found.append(("hint.triad.makes" if points else "hint.triad.place", {"points": points}))
    elif points:
        found.append(("hint.triad.removes", {"points": points}))
    if not after.is_terminal():
        replies = [_gain(after, reply)[0] for reply in after.legal_actions()]
        threat = max(replies, default=0)
        found.append(("hint.triad.allows", {"points": threat}) if threat else ("hint.triad.safe", {}))
    return found
