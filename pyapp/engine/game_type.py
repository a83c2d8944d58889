"""What a game is, declared by the game itself (as OpenSpiel's ``GameType``).

Search, replay and the conformance tests read this declaration; nothing infers
"hidden information" or "chance" from which methods a state class overrides.

>>> TRIAD = GameType(information=Information.PERFECT, chance=Chance.DETERMINISTIC)
>>> TRIAD.perfect_information, TRIAD.has_chance
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Information(Enum):
    """Whether every seat sees the whole state."""

    PERFECT = "perfect"
    """Nothing is hidden: a state is its own only world."""
    IMPERFECT = "imperfect"
    """Some seats cannot see some of the state: ``sample_world`` draws what they cannot see."""


class Chance(Enum):
    """Whether the game draws random numbers once it is under way."""

    DETERMINISTIC = "deterministic"
    """No chance at all: the state's generator is never drawn from."""
    SAMPLED = "sampled"
    """Chance (deals, shuffles) drawn from the state's own ``rng`` as the game goes on."""


@dataclass(frozen=True)
class GameType:
    """A game's kind; each ``State`` subclass declares one as ``TYPE``."""

    information: Information
    chance: Chance

    @property
    def perfect_information(self) -> bool:
        return self.information is Information.PERFECT

    @property
    def has_chance(self) -> bool:
        return self.chance is Chance.SAMPLED


__all__ = ["Chance", "GameType", "Information"]
