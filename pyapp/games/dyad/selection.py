"""Pure helpers for Dyad's table: the pair a person is selecting, and the follow rule in force.

They hold no DOM code so that they are tested in CPython; ``pyapp.ui.games.dyad``
draws with them.  Texts come back as message keys with parameters.

>>> obs = {"phase": "play", "trick": [{"seat": 0, "pair": ["6S", "4S"], "value": 10}],
...        "hand": ["7S", "5S", "2H", "3D"]}
>>> selection_status(obs, ["7S", "2H"])["problem"]
'dyad.follow.two'
>>> selection_status(obs, ["7S", "5S"])["value"]
12
>>> str(selected_move(obs, ["5S", "7S"], [parse_move("7S+5S")])), selected_move(obs, ["7S"], [])
('7S+5S', None)
"""

from __future__ import annotations

from typing import Any

from pyapp.games.dyad.rules import SUITS, follow_problem, pair_cards, parse_card, value_of
from pyapp.games.dyad.state import Move, parse_move
from pyapp.games.dyad.view import Observation


def lead_of(obs: Observation) -> tuple[int, int] | None:
    """The lead pair of the trick in play, or None before the lead."""
    trick = obs.get("trick") or []
    return pair_cards(trick[0]["pair"]) if trick else None


def selection_status(obs: Observation, selected: list[str]) -> dict[str, Any]:
    """Whether the selected cards may be submitted, what they would count and why not.

    Returns ``{"ready": bool, "value": int | None, "problem": key | None, "params": {...}}``.
    """
    phase = obs.get("phase")
    out: dict[str, Any] = {"ready": False, "value": None, "problem": None, "params": {}}
    if phase not in ("play", "pass"):
        return out
    if len(selected) != 2:
        out["problem"] = "dyad.pick_two"
        out["params"] = {"left": 2 - len(selected)}
        return out
    pair = pair_cards(selected)
    if phase == "pass":
        out["ready"] = True
        return out
    lead = lead_of(obs)
    hand = [parse_card(c) for c in obs.get("hand", [])]
    if lead is None:
        out["value"] = value_of(False, *pair)
    else:
        out["value"] = value_of(lead[0] % 4 == lead[1] % 4, *pair)
    problem = follow_problem(hand, lead, pair)
    if problem is not None:
        suit = SUITS[lead[0] % 4]
        out["problem"] = "dyad.follow.two" if problem == "two_of_suit" else "dyad.follow.one"
        only = [c for c in obs.get("hand", []) if c.endswith(suit)]
        out["params"] = {"suit": suit, "card": only[0] if only else ""}
        return out
    out["ready"] = True
    return out


def selected_move(obs: Observation, selected: list[str], legal: list[Move]) -> Move | None:
    """The move the selected cards make (a pair to play, or the two to pass), when it is one of ``legal``."""
    if not selection_status(obs, selected)["ready"]:
        return None
    move = parse_move(("pass " if obs["phase"] == "pass" else "") + "+".join(selected))
    return move if move in legal else None


def trick_leader_value(obs: Observation) -> tuple[int, int] | None:
    """(index, seat) of the play taking the current trick so far, or None."""
    trick = obs.get("trick") or []
    best, where = -1, None
    for index, play in enumerate(trick):
        if play["value"] > best:
            best, where = play["value"], (index, play["seat"])
    return where


def follow_hint(obs: Observation) -> tuple[str, dict[str, Any]] | None:
    """The follow rule in force for the viewer now, as (key, params), or None."""
    if obs.get("phase") != "play":
        return None
    lead = lead_of(obs)
    if lead is None:
        return ("dyad.hint.lead", {})
    if lead[0] % 4 != lead[1] % 4:
        return ("dyad.hint.unmatched", {})
    suit = SUITS[lead[0] % 4]
    held = [c for c in obs.get("hand", []) if c.endswith(suit)]
    if len(held) >= 2:
        return ("dyad.hint.two", {"suit": suit})
    if len(held) == 1:
        return ("dyad.hint.one", {"suit": suit, "card": held[0]})
    return ("dyad.hint.none", {"suit": suit})


__all__ = ["follow_hint", "lead_of", "selection_status", "trick_leader_value"]
