"""Hard's search settings for Dyad (measured in docs/dyad-strength.md).

Policy rollouts to the end of the round, then ``policies.evaluate``; every node
narrowed to the 6 best pairs by ``policies.candidates``; the root narrowed to
Normal's move and what the rollout policy plays in 12 sampled deals, and those
candidates compared on the same sampled deals (a paired root), Normal's move kept
unless another's mean value is 0.01 higher.  With 3 players and in Teams the deals
are weighted by the plays seen and the playouts judge from their own hands only;
with 4 players the partner's hidden cards fit the pass it made.
"""

from __future__ import annotations

from dataclasses import replace

from pyapp.ai.options import SearchOptions, per_seat
from pyapp.games.dyad import policies, worlds
from pyapp.games.dyad.state import DyadState


def round_end(world: DyadState):
    """A rollout's horizon: the end of the round, where the totals are exact (no next deal)."""
    world.stop_at("round_no")
    start = world.round_no
    return lambda later: later.round_no != start


_BASE = SearchOptions(
    c=0.7,
    rollout=policies.rollout, rollout_limit=80,
    horizon=round_end,
    evaluate=per_seat(policies.evaluate),
    expand_policy=True,
    prune=6, candidates=policies.candidates,
    root_samples=12, root_policy=policies.rollout,
    paired=True, normal_margin=0.01,
)
_THREE = replace(_BASE, rollout=policies.rollout_blind, sampler=worlds.InformedDeals)
_FOUR = replace(_BASE, sampler=worlds.PassInformed)
_TEAMS = replace(_BASE, rollout=policies.rollout_blind, sampler=worlds.InformedPass)


def options(state: DyadState) -> SearchOptions:
    """The settings for ``state``'s player count and Teams option."""
    if state.players == 3:
        return _THREE
    if state.players == 4:
        return _TEAMS if state.options["teams"] else _FOUR
    return _BASE


judge_horizon = round_end
"""The judge plays each move out to the end of the round, like Hard's rollouts."""


def judge_opponents(world: DyadState, seat: int) -> list[int]:
    """The seats whose points count against ``seat``: in Teams the other team only."""
    return [s for s in range(world.players) if s != seat and s != world.partner(seat)]
