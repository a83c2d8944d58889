"""What a Dyad move does, in facts the engine computes from what the mover sees."""

from __future__ import annotations

from typing import Any

from pyapp.games.dyad import rules
from pyapp.games.dyad.state import DyadState


def _points(card: int, twos: bool) -> int:
    """What ``card`` counts in hand at the round's end (a 2 counts -2 with the 2's variant)."""
    return -2 if twos and card < 4 else card // 4 + 2


def reasons(state: DyadState, action: Any) -> list[tuple[str, dict[str, Any]]]:
    """``(message key, params)`` facts about ``action``: the trick so far, the points in hand.

    Reads only the public trick and the mover's own hand."""
    seat = state.current_player()
    twos = state.options["twos"]
    if action.kind == "play":
        found: list[tuple[str, dict[str, Any]]] = []
        pair = rules.pair_text(action.cards)
        if state.trick:
            lead = state.trick[0][1]
            matched = rules.is_matched(*lead)
            best = max(rules.value_of(matched, *p) for _, p in state.trick)
            value = rules.value_of(matched, *action.cards)
            last = len(state.trick) == state.players - 1
            if value > best:
                found.append(("hint.dyad.wins_trick" if last else "hint.dyad.leads_trick", {"pair": pair}))
            else:
                found.append(("hint.dyad.gives_trick", {"pair": pair}))
        elif rules.is_matched(*action.cards):
            found.append(("hint.dyad.matched_lead", {"pair": pair, "suit": rules.SUITS[action.cards[0] % 4]}))
        else:
            found.append(("hint.dyad.open_lead", {"pair": pair}))
        found.append(("hint.dyad.spends", {"pair": pair, "points": sum(_points(c, twos) for c in action.cards)}))
        kept = [c for c in state.hands[seat] if c not in action.cards]
        if any(c < 4 for c in kept):
            found.append(("hint.dyad.keeps_two", {}))
        return found
    if action.kind == "take":
        card = action.cards[0]
        return [("hint.dyad.takes", {"card": rules.card_text(card), "points": _points(card, twos)})]
    if action.kind == "pass":
        return [("hint.dyad.passes", {"pair": rules.pair_text(action.cards)})]
    return [("hint.dyad.cipher" if action.kind == "cipher" else "hint.dyad.no_cipher", {})]
