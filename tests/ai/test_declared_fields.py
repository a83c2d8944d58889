"""Play leaves every state with exactly its declared FIELDS.

The conformance check (``pyapp.games.testing``) compares a state's attributes
with its ``FIELDS`` along random games; this test does it for what the computer
players do to their worlds: Easy's and Normal's policies, and every hook of
Hard's search (sampler, rollout, root policy, candidates, horizon, evaluator)
on worlds sampled along a game.  A cache a policy keeps on a world must be a
declared field, or clones and rebuilt worlds would silently miss it.
"""

from __future__ import annotations

import random

import pytest

from pyapp.ai import policies_for, search_options
from pyapp.engine.fields import mismatch
from pyapp.games import new_game

CASES = [("triad", 2, {}), ("dyad", 2, {}), ("dyad", 3, {}), ("dyad", 4, {}), ("dyad", 4, {"teams": True}),
         ("dieci", 2, {}), ("dieci", 3, {}), ("dieci", 5, {})]


def _exercise(world, options, policies, rng: random.Random) -> None:
    """Every function the levels call on a world, then a rollout to the end (or its horizon)."""
    legal = world.legal_actions()
    for policy in (policies.easy, policies.normal, options.rollout, options.root_policy):
        if policy is not None:
            policy(world, rng)
    if options.candidates is not None:
        options.candidates(world, 1, legal)
    reached = options.horizon(world) if options.horizon else (lambda later: False)
    while not world.is_terminal() and not reached(world):
        world.step(options.rollout(world, rng) if options.rollout else rng.choice(world.legal_actions()))
    if options.evaluate is not None:
        options.evaluate(world)


@pytest.mark.parametrize("game, players, opts", CASES, ids=[f"{g}-{n}p{'-teams' if o else ''}" for g, n, o in CASES])
def test_the_levels_leave_only_declared_fields(game, players, opts):
    state = new_game(game, seed=2, players=players, **opts)
    policies = policies_for(state)
    rng = random.Random(3)
    checked = 0
    while not state.is_terminal() and checked < 8:
        seat = state.current_player()
        options = search_options(state)
        world = options.sampler(state, seat)(rng) if options.sampler else state.sample_world(seat, rng)
        copy = world.clone()
        _exercise(world, options, policies, rng)
        _exercise(copy.clone(), options, policies, rng)
        for name, thing in (("the state", state), ("a world", world), ("a clone", copy)):
            wrong = mismatch(thing.FIELDS, vars(thing))
            assert not wrong, f"{game} {players}p, after {len(state.history)} actions, {name}: {wrong}"
        checked += 1
        for _ in range(3 * players):
            if not state.is_terminal():
                state.step(policies.normal(state.sample_world(state.current_player(), rng), rng))
