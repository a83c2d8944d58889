"""Dieci steps in words, from the viewer's observations before and after.

Played cards, claimed characters and the trump card are public; a character
taken from the top of the deck is public once claimed (it is in ``claimed``).
A finished game's replay also shows what was dealt at the start and stayed
secret (:func:`revealed`): the character deck in order and every goal card.
"""

from __future__ import annotations

from typing import Any

from pyapp.i18n.cards import dieci_card, dieci_char, dieci_said
from pyapp.replay import Spoken


def _card(card: str) -> Spoken:
    return Spoken(card, dieci_card, dieci_said)


def _char(char: str) -> Spoken:
    """A character by its name, suit and value, in the language of the moment."""
    return Spoken(char, dieci_char, dieci_char)


def describe(step: Any) -> list[tuple[str, dict[str, Any]]]:
    name, action, before, after = step.name, step.action, step.before, step.after
    words = action.split()
    out: list[tuple[str, dict[str, Any]]] = []
    if words[0] == "play":
        out.append(("replay.dieci.play", {"name": name, "card": _card(words[1])}))
        winner = after.get("trick_winner")
        if winner is not None and before.get("trick_winner") is None:  # the trick's last card
            out.append(("replay.dieci.trick", {"name": step.name_of(winner)}))
    elif words[0] == "claim":
        out.append(("replay.dieci.claim", {"name": name, "char": _char(words[1])}))
    elif words[0] == "top":
        claimed = after["claimed"][step.actor]
        if len(claimed) > len(before["claimed"][step.actor]):
            out.append(("replay.dieci.top", {"name": name, "char": _char(claimed[-1])}))
        else:
            out.append(("replay.dieci.top_hidden", {"name": name}))
    elif words[0] == "pass":
        out.append(("replay.dieci.pass", {"name": name}))
    else:
        return []
    if after.get("deal", 0) > before.get("deal", 0):
        out.append(("replay.dieci.deal", {"card": _card(after["trump_card"])}))
    if after.get("phase") == "over" and before.get("phase") != "over":
        out.append(("replay.dieci.over", {}))
    return out


def revealed(start: Any) -> dict[str, Any]:
    """What only a finished game's replay shows, from ``start`` (the game before its first action).

    ``face_up``: the three characters on offer at the start; ``deck``: the
    character deck from its top down (the order the rest came up in); ``goals``:
    each seat's secret goal card (its index in ``GOALS``).
    """
    return {"face_up": list(start.face_up), "deck": list(reversed(start.char_deck)), "goals": list(start.goals)}
