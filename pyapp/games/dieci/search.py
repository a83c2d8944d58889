"""Hard's search settings for Dieci (measured in docs/dieci-strength.md).

With 2 players: policy rollouts of a few tricks, then ``policies.evaluate``; the
root narrowed to Normal's move and what the rollout policy plays in 8 sampled
worlds; Normal's move favoured.  With 3 to 8 players, the claims search: the tree
branches only where characters are claimed (``candidates`` keeps the rollout
policy's card at every play), the root's choices are compared on the same sampled
worlds, rollouts run to the end of the game and score half the result and half the
margin, and Normal's move is kept unless another's mean value is 0.02 higher.
With 3 players Hard keeps Normal's card at plays and is keener to leave Normal's
offer; with 6 and 7 players the search did not beat Normal, so Hard plays Normal.
"""

from __future__ import annotations

from dataclasses import replace

from pyapp.ai.options import SearchOptions, per_seat
from pyapp.games.dieci import policies
from pyapp.games.dieci.state import DieciState


_TWO = SearchOptions(
    c=0.7,
    rollout=policies.rollout, rollout_limit=12,
    evaluate=per_seat(policies.evaluate),
    root_samples=8, root_policy=policies.rollout,
    normal_share=0.1,
)
_CLAIMS = SearchOptions(
    c=0.7,
    rollout=policies.rollout,
    evaluate=per_seat(policies.evaluate),
    blend=0.5,
    prune=1, candidates=policies.candidates,
    paired=True, normal_margin=0.02,
)
_NORMAL = SearchOptions(plays_normal=True)


def options(state: DieciState) -> SearchOptions:
    """The settings for ``state``'s player count (and, with 3 players, its phase)."""
    if state.players == 2:
        return _TWO
    if state.players in (6, 7):
        return _NORMAL
    if state.players == 3:
        if state.phase == "play":
            return _NORMAL
        if state.phase == "offer":
            return replace(_CLAIMS, normal_margin=0.005)
    return _CLAIMS


def judge_horizon(world: DieciState):
    """The judge plays each move out to the end of the deal (or of the game, if that comes first)."""
    start = world.deal_no
    return lambda later: later.deal_no != start


judge_playout = policies.rollout
"""The judge's playout policy at every phase and player count (Hard's varies: none where it plays Normal)."""
