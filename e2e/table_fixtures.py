"""Saved games that open a game screen straight in a chosen phase (for the fit tests and screenshots).

A game is played in CPython with the page's own code (``Session`` on a memory
store) by seeded random moves until the person at seat 0 faces the phase asked
for; its stored items are then written to ``localStorage`` and the game's
screen resumes it.  Phases are named as a player would: ``turn`` (seat 0 to
play, a trick under way where the game has tricks), ``lead`` (Dyad, Dieci: seat
0 to lead a trick, every card of the hand open to it), ``cipher``, ``pass``
(Dyad Teams), ``mateleads`` (Dyad Teams: a later trick led by seat 0's
partner), ``take`` (retrieval), ``roundend`` (the first turn of a new Dyad
round), ``claim`` and ``offer`` (Dieci), ``phase2``, ``mustpass`` and ``stacks`` (Triad: Phase 1 with
stacks of two and three)
and ``over``; ``roundwait`` is Dyad's round just finished with a computer to lead next,
``dealend`` Dieci's deal just played out with a computer to lead the next one.
"""

from __future__ import annotations

import random
from typing import Any

from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.store import CURRENT_KEY, PREFIX


def _matches(state: Any, phase: str) -> bool:
    if phase == "over":
        return state.is_terminal()
    if phase == "roundwait":
        obs = state.observation(0)
        return (state.current_player() != 0 and obs["phase"] == "play" and not obs["trick"]
                and not obs["tricks"] and bool(obs["sheet"]))
    if phase == "dealend":
        obs = state.observation(0)
        return (state.current_player() != 0 and obs["phase"] == "play" and bool(obs["last_deal"])
                and not obs["played"])
    if state.current_player() != 0:
        return False
    obs = state.observation(0)
    game = state.GAME
    if phase == "lead":
        return obs["phase"] == "play" and not obs["trick"]
    if game == "triad":
        legal = state.legal_actions()
        only_pass = all(str(a) == "pass" for a in legal)
        heights = [cell["height"] for cell in obs["cells"]]
        return {"turn": obs["phase"] == 1, "phase2": obs["phase"] == 2 and not only_pass,
                "mustpass": obs["phase"] == 2 and only_pass,
                "stacks": obs["phase"] == 1 and heights.count(3) >= 2 and heights.count(2) >= 4}[phase]
    if game == "dyad":
        if phase == "turn":
            return obs["phase"] == "play" and bool(obs["trick"]) and obs["round"] > 1
        if phase == "mateleads":  # Teams: a trick after the round's first, led by the person's partner
            return (obs["phase"] == "play" and bool(obs["trick"]) and obs["trick_number"] > 1
                    and obs["trick"][0]["seat"] == obs.get("partner"))
        if phase == "roundend":
            sheet = obs["sheet"]
            return obs["phase"] == "play" and not obs["trick"] and not obs["tricks"] and bool(sheet)
        return obs["phase"] == phase
    if phase == "turn":
        return obs["phase"] == "play" and bool(obs["trick"]) and len(obs["played"]) > obs["players"]
    return obs["phase"] == phase


def make(game: str, players: int, phase: str, *, seed: int = 1, kind: str = "easy",
         names: list[str] | None = None, **options: Any) -> dict[str, str]:
    """``localStorage`` items (key → text) of a game of ``game`` in ``phase``, seat 0 a person.

    ``names``: the seats' names (default "Ada", "Bot 1", ...).

    Tries seeds from ``seed`` on; ``LookupError`` if none reaches the phase.
    """
    for attempt in range(seed, seed + 40):
        store = SaveStore(MemoryBackend(), clock=lambda: 1_764_500_000.0)
        seats = [Seat(names[n] if names else "Ada" if n == 0 else f"Bot {n}", "person" if n == 0 else kind)
                 for n in range(players)]
        session = Session.start(game, seats, seed=attempt, store=store, name=f"{game} {phase}", **options)
        rng = random.Random(attempt)
        state = session.state
        while not state.is_terminal() and not _matches(state, phase):
            session.apply(session.to_act(), rng.choice(state.legal_actions()))
        if _matches(state, phase):
            items = dict(store.backend.items)
            items[CURRENT_KEY] = session.record_id  # a finished game is opened like one in play
            assert PREFIX + session.record_id in items
            return items
    raise LookupError(f"no game of {game} with {players} players reaches {phase}")
