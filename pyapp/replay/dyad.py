"""Dyad steps in words, from the viewer's observations before and after.

Pairs, retrieved cards and Cipher declarations are public; the Teams pass is
seen only by the giver and the partner until the game is over.
"""

from __future__ import annotations

from typing import Any

from pyapp.i18n.cards import dyad_card, dyad_pair_said, dyad_said
from pyapp.replay import Spoken


def _pair_shown(cards: list[str]) -> str:
    return " + ".join(dyad_card(c) for c in cards)


def _pair(cards: list[str]) -> Spoken:
    """``7H+2S`` shown ``7♥ + 2♠``, said "7 of hearts and 2 of spades"."""
    return Spoken(cards, _pair_shown, dyad_pair_said)


def _card(card: str) -> Spoken:
    return Spoken(card, dyad_card, dyad_said)


def describe(step: Any) -> list[tuple[str, dict[str, Any]]]:
    name, action, before, after = step.name, step.action, step.before, step.after
    words = action.split()
    out: list[tuple[str, dict[str, Any]]] = []
    if action == "cipher":
        out.append(("replay.dyad.cipher", {"name": name}))
    elif action == "no cipher":
        out.append(("replay.dyad.no_cipher", {"name": name}))
    elif words[0] == "pass":
        partner = (step.actor + 2) % 4
        if step.everything or step.seat in (step.actor, partner):
            out.append(("replay.dyad.pass_seen", {"name": name, "cards": _pair(words[1].split("+"))}))
        else:
            out.append(("replay.dyad.pass_hidden", {"name": name}))
    elif words[0] == "take":
        last = after["last_trick"]
        source = last["from"]
        if source == step.actor:
            out.append(("replay.dyad.take_own", {"name": name, "card": _card(last["retrieved"])}))
        else:
            out.append(("replay.dyad.take", {"name": name, "card": _card(last["retrieved"]), "owner": step.name_of(source)}))
        if len(after["sheet"]) > len(before["sheet"]):
            entry = after["sheet"][-1]
            scores = ", ".join(f"{step.name_of(s)} {p}" for s, p in enumerate(entry["scores"]))
            out.append(("replay.dyad.round_end", {"round": entry["round"], "scores": scores}))
    else:
        play = next((p for p in reversed(after["trick"]) if p["seat"] == step.actor), None)
        if play is None:
            return []
        lead = len(before["trick"]) == 0
        key = "replay.dyad.lead" if lead else "replay.dyad.follow"
        out.append((key, {"name": name, "pair": _pair(play["pair"]), "value": play["value"]}))
    return out
