"""Hard's search settings for Triad (measured in docs/triad-strength.md).

Short policy rollouts cut off by ``policies.evaluate``, expansion led by the rollout
policy, low exploration (the evaluator's values lie close together), every node
narrowed to the 8 placements ``policies.candidates`` ranks best, Normal's move
favoured, and positions kept in well-visited nodes (no hidden cards, no chance).
"""

from __future__ import annotations

from dataclasses import replace

from pyapp.ai.options import SearchOptions
from pyapp.games.triad import policies
from pyapp.games.triad.state import TriadState

_TWO = SearchOptions(
    rollout=policies.rollout, rollout_limit=2,
    evaluate=policies.evaluate_seats,
    expand_policy=True,
    c=0.4,
    prune=8, candidates=policies.candidates,
    normal_share=0.1,
    keep_worlds=8,
)

# In teams a seat's rewards are halved (a win gives each partner 1/2), so c is too, and
# Hard thinks 2 s: Hard in teams is limited by its iterations per second.
_TEAMS = replace(_TWO, c=0.2, budget_ms=2000)


def options(state: TriadState) -> SearchOptions:
    """The settings for ``state``'s player count."""
    if state.players == 4:
        return _TEAMS
    return _TWO


def judge_opponents(world: TriadState, seat: int) -> list[int]:
    """The seats of the other side (both sides' points are shared by partners)."""
    return [s for s in range(world.players) if s % 2 != seat % 2]
