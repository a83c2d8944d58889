"""How Hard searches: one frozen dataclass of settings, each game supplying its own.

A game's ``pyapp/games/<game>/search.py`` defines ``options(state) -> SearchOptions``
for the position Hard is asked about (player counts, game options and phases are
plain ``if``s there), so the search in this package knows no game.  The settings
hold the game's functions themselves, not their names: a misspelt one is an
``AttributeError`` when the game's module loads, not a silent fallback.

>>> SearchOptions(c=0.5).c
0.5
>>> SearchOptions(normal_margin=0.1)
Traceback (most recent call last):
...
ValueError: normal_margin is a paired root's (normal_share is the most-visited answer's)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyapp.engine.state import State

Policy = Callable[[State, random.Random], Any]
"""A playout policy: ``policy(world, rng)`` returns one of ``world.legal_actions()``."""

Evaluator = Callable[[State], list[float]]
"""Every seat's value, on the scale of ``returns()``, of a position a rollout stopped at."""

Candidates = Callable[[State, int, list[Any]], list[Any]]
"""``candidates(world, k, legal)``: the ``k`` most promising of ``legal`` (all when ``len(legal) <= k``)."""

Horizon = Callable[[State], Callable[[State], bool]]
"""Called on a rollout's first world; returns the test of when that rollout has reached its
horizon (Dyad: the end of the round).  It may tell the world to skip work past it."""

Sampler = Callable[[State, int], Callable[[random.Random], State]]
"""``sampler(state, seat)`` returns ``draw(rng)``: the search's worlds for ``seat`` (in place of
``state.sample_world(seat, rng)``; each must still fit the seat's observation)."""


def per_seat(evaluate: Callable[[State, int], float]) -> Evaluator:
    """An ``Evaluator`` from ``evaluate(world, seat)``, asked once per seat."""

    def every_seat(world: State) -> list[float]:
        return [evaluate(world, seat) for seat in range(world.players)]

    return every_seat


@dataclass(frozen=True)
class SearchOptions:
    """The settings of one Hard search; the defaults are plain UCT / ISMCTS with random rollouts."""

    c: float = 0.7
    """UCB1's exploration constant."""
    rollout: Policy | None = None
    """The playout policy (``None``: uniformly random legal actions)."""
    rollout_limit: int | None = None
    """Steps after which a rollout stops and ``evaluate`` scores it (``None``: play to the end)."""
    horizon: Horizon | None = None
    """Where a rollout stops before its ``rollout_limit`` (then ``evaluate`` scores it)."""
    evaluate: Evaluator | None = None
    """Scores a rollout that stopped early (``None``: the current leaders share 1, blended with margins)."""
    blend: float = 0.0
    """Weight of the score margin against ``returns()`` at a finished game."""
    margin_scale: float = 10.0
    """The score difference that makes a margin value of about 0.88 (``tanh`` scale)."""
    expand_policy: bool = False
    """Expand first the untried action ``rollout`` would play."""
    prune: int = 0
    """At every node consider only ``candidates(world, prune, legal)`` (0: every legal action)."""
    candidates: Candidates | None = None
    """The game's ranking of actions used by ``prune``."""
    root_samples: int = 0
    """Narrow the root to Normal's move and what ``root_policy`` plays in that many sampled worlds."""
    root_policy: Policy | None = None
    """The policy those root samples ask (often the game's plain rollout policy)."""
    paired: bool = False
    """Paired root: every root candidate is played out in each sampled world with the same random
    numbers, and the best mean value wins (moves compared on the same deals)."""
    sampler: Sampler | None = None
    """Draws the search's worlds (``None``: ``state.sample_world``)."""
    keep_worlds: int = 0
    """Perfect information without chance only: a node visited that often keeps its position."""
    plays_normal: bool = False
    """Hard plays Normal's move here, without a search (where the search measured no better)."""
    normal_margin: float = 0.0
    """Paired root: keep Normal's move unless another's mean value is this much higher."""
    normal_share: float = 0.0
    """Most-visited answer: Normal's move counts this share of the root's visits extra."""
    budget_ms: float | None = None
    """This game's own Hard budget where strength needs a longer think (``None``: the level's)."""

    def __post_init__(self) -> None:
        if self.normal_margin and not self.paired:
            raise ValueError("normal_margin is a paired root's (normal_share is the most-visited answer's)")
        if self.normal_share and self.paired:
            raise ValueError("normal_share is the most-visited answer's (normal_margin is a paired root's)")

    @property
    def keeps_normal(self) -> bool:
        """Whether the search starts from Normal's move (and needs it computed)."""
        return self.plays_normal or bool(self.normal_margin or self.normal_share)


__all__ = ["Candidates", "Evaluator", "Horizon", "Policy", "Sampler", "SearchOptions", "per_seat"]
