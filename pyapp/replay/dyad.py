"""Dyad steps in words, from the viewer's observations before and after.

Pairs, retrieved cards and Cipher declarations are public; the Teams pass is
seen only by the giver and the partner until the game is over.
"""

from __future__ import annotations

from typing import Any


def _pair(cards: list[str]) -> str:
    return "+".join(cards)


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
            out.append(("replay.dyad.pass_seen", {"name": name, "cards": words[1]}))
        else:
            out.append(("replay.dyad.pass_hidden", {"name": name}))
    elif words[0] == "take":
        last = after["last_trick"]
        source = last["from"]
        if source == step.actor:
            out.append(("replay.dyad.take_own", {"name": name, "card": last["retrieved"]}))
        else:
            out.append(("replay.dyad.take", {"name": name, "card": last["retrieved"], "owner": step.name_of(source)}))
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
