"""A tiny game that exercises the state API before (and besides) the real games."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyapp.engine import Chance, GameType, Information, State
from pyapp.engine.fields import SHARED
from pyapp.games import register


@dataclass(frozen=True)
class Take:
    """Take ``count`` stones from the heap; text form ``take2``."""

    count: int

    def __str__(self) -> str:
        return f"take{self.count}"


class NimState(State):
    """Nim with a seeded heap: take 1 to ``max_take`` stones; who takes the last wins.

    The heap size comes from the state's own random generator, so the seed matters
    and replaying a save must reproduce it.  A secret "mood" per seat stands in for
    hidden information: only its owner sees it.
    """

    GAME = "nim"
    PLAYERS = (2, 3)
    OPTIONS = {"max_take": 3}
    TYPE = GameType(Information.PERFECT, Chance.SAMPLED)  # the moods are never played on
    FIELDS = State.FIELDS | {"heap": SHARED, "moods": SHARED, "turn": SHARED, "taken": list.copy, "last_taker": SHARED}

    def setup(self) -> None:
        self.heap = self.rng.randint(10, 20)
        self.moods = [self.rng.choice(["calm", "bold"]) for _ in range(self.players)]
        self.turn = 0
        self.taken = [0] * self.players
        self.last_taker = -1

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Take]:
        if self.is_terminal():
            return []
        return [Take(n) for n in range(1, min(self.options["max_take"], self.heap) + 1)]

    def parse_action(self, text: str) -> Take:
        if not text.startswith("take") or not text[4:].isdigit():
            raise ValueError(f"not a Nim move: {text!r}")
        return Take(int(text[4:]))

    def _apply(self, action: Take) -> None:
        self.heap -= action.count
        self.taken[self.turn] += action.count
        self.last_taker = self.turn
        self.turn = (self.turn + 1) % self.players

    def is_terminal(self) -> bool:
        return self.heap == 0

    def scores(self) -> list[int]:
        return list(self.taken)

    def winners(self) -> list[int]:
        return [self.last_taker] if self.is_terminal() else []

    def observation(self, seat: int) -> dict[str, Any]:
        return {"heap": self.heap, "turn": self.turn, "taken": list(self.taken), "mood": self.moods[seat]}


register(NimState)
