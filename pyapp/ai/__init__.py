"""Computer players: ``choose_action`` and its sliced form ``think``.

Levels:

* ``"random"``: a uniformly random legal action;
* ``"easy"`` / ``"normal"``: the game's ``policies.easy`` / ``policies.normal``
  applied to a world sampled for the acting seat (random when the game has no
  policies module);
* ``"hard"``: Monte Carlo tree search (UCT for perfect information,
  information-set MCTS for hidden information) within a time budget and an
  iteration cap (see ``LEVELS`` and :mod:`pyapp.ai.mcts`).

The AI reads the real state only through ``current_player()``,
``legal_actions()`` and ``sample_world(seat, rng)`` (``clone()`` for perfect
information), which games build from ``observation(seat)`` alone; it never
changes the state it is given.

>>> import tests.toy_games
>>> from pyapp.games import new_game
>>> state = new_game("nim", seed=4, players=2)
>>> choose_action(state, level="hard", seed=1, iterations=300) in state.legal_actions()
True
>>> choose_action(state, level="expert", seed=1)
Traceback (most recent call last):
...
ValueError: unknown level 'expert' (known: random, easy, normal, hard)
"""

from __future__ import annotations

import importlib
import random
from time import perf_counter
from typing import Any, Generator

from pyapp.ai.mcts import Search, perfect_information
from pyapp.engine.state import State
from pyapp.engine.steps import finish
from pyapp.registry import LEVELS as LEVEL_NAMES

LEVELS: dict[str, dict[str, Any]] = {
    "hard": {"budget_ms": 1500, "iterations": 200_000},
}
"""Default search limits per level (``budget_ms`` on a desktop; pass a smaller
``budget_ms`` on slow devices).  Only ``hard`` searches."""

_DIECI_CLAIMS: dict[str, Any] = {"prune": 1, "paired": True, "root_candidates": 0, "favour_normal": 0.02,
                                  "rollout_limit": None, "blend": 0.5}

TUNING: dict[str, dict[str, Any]] = {
    # Search parameters per game, measured with bench/ladder.py (see docs/ai.md).
    # Triad: short policy rollouts cut off by policies.evaluate, expansion led by
    # the rollout policy, low exploration (evaluate's values are close together),
    # every node narrowed to the 8 placements policies.candidates ranks best.  In
    # teams a seat's rewards are halved (a win gives each partner 1/2), so c is too,
    # and Hard thinks 2 s instead of 1.5 s (``budget_ms``: 1.62x its fair share
    # against 1.48x, docs/triad-strength.md).
    "triad": {"c": 0.4, "rollout_limit": 2, "expand_policy": True, "favour_normal": 0.1, "prune": 8, "keep_worlds": 8,
              "players": {4: {"c": 0.2, "budget_ms": 2000}}},
    # Dyad: policy rollouts to the end of the round (``horizon``: a rollout stops
    # when this attribute of the world changes), then policies.evaluate; every node
    # narrowed to the 6 best pairs by policies.candidates (``prune``); the root's
    # candidates compared on the same sampled deals (``paired``), Normal's move kept
    # unless another's mean value is 0.01 higher.  With 3 players the search's deals
    # are weighted by the plays seen this round (``sampler``: policies.InformedDeals)
    # and its playouts' players judge the answers to come from their own hands only
    # (``rollout_policy``: policies.rollout_blind).  With 4 players the deals come from
    # policies.PassInformed: in Teams the partner's hidden cards fit the pass it made as
    # Normal passes (the rest of its hand below its two best, or above its two worst);
    # in a free-for-all the same worlds as ``sample_world`` (the observation read once).
    # In Teams (``options``) those deals are also weighted by the plays seen, and the
    # playouts judge from their own hands, as with 3 players (policies.InformedPass).
    "dyad": {"c": 0.7, "rollout_limit": 80, "horizon": "round_no", "expand_policy": True,
             "favour_normal": 0.01, "root_candidates": 12, "prune": 6, "paired": True,
             "players": {3: {"rollout_policy": "rollout_blind", "sampler": "InformedDeals"},
                         4: {"sampler": "PassInformed"}},
             "options": {"teams": {"sampler": "InformedPass", "rollout_policy": "rollout_blind"}}},
    # Dieci with 2 players: policy rollouts of a few tricks, then policies.evaluate;
    # Normal's move favoured, root narrowed to what the policies play.  With 3, 4, 5
    # and 8 players (_DIECI_CLAIMS, docs/dieci-strength.md) the tree branches only where
    # characters are claimed (``prune`` 1: policies.candidates keeps the rollout
    # policy's card at every play), the root's claims are compared on the same sampled
    # worlds (``paired``; at a play only Normal's card and the rollout policy's),
    # rollouts run to the end of the game and score half the result, half the margin
    # over the mean; Normal's move is kept unless another's mean value is 0.02 higher.
    # With 3 players Hard searches only at claims and offers (there its departures from
    # Normal were good on the real cards, at plays not): it keeps Normal's card at a play
    # (favour 1: no search) and leaves Normal's claim or pass if another is 0.005 better.
    # With 6 and 7 players that search did not beat Normal (0.90x, 1.00x), so there
    # Normal's move gets twice the root's visits and is always kept: Hard = Normal.
    "dieci": {"c": 0.7, "rollout_limit": 12, "favour_normal": 0.1, "root_candidates": 8,
              "players": {3: {**_DIECI_CLAIMS, "favour_normal": {"play": 1.0, "offer": 0.005, "*": 0.02}},
                          **{n: _DIECI_CLAIMS for n in (4, 5, 8)},
                          **{n: {"favour_normal": 2.0} for n in (6, 7)}}},
}

SLICE_MS = 15.0
"""Work between two yields of ``think`` (the page yields to the browser there)."""

_POLICIES: dict[type, Any] = {}


def policies_for(state: State) -> Any:
    """The game's policies: ``type(state).POLICIES`` if set, else ``pyapp.games.<GAME>.policies``.

    ``None`` when the game has neither.
    """
    cls = type(state)
    if cls not in _POLICIES:
        found = getattr(cls, "POLICIES", None)
        if found is None:
            name = f"pyapp.games.{cls.GAME}.policies"
            try:
                found = importlib.import_module(name)
            except ModuleNotFoundError as error:
                if error.name is None or not name.startswith(error.name):
                    raise
                found = None
        _POLICIES[cls] = found
    return _POLICIES[cls]


def tuning_for(state: State) -> dict[str, Any]:
    """The game's search settings (``TUNING``) for this state's player count.

    ``TUNING[game]["players"][n]``, when present, overrides the others for n-player games,
    and ``TUNING[game]["options"][name]`` overrides both in games played with that option on.
    """
    params = dict(TUNING.get(state.GAME, {}))
    params.update(params.pop("players", {}).get(state.players, {}))
    for name, settings in params.pop("options", {}).items():
        if state.options.get(name):
            params.update(settings)
    return params


def favour_for(favour: float | dict[str, float], state: State) -> float:
    """The ``favour_normal`` setting for this state: a number, or a number per ``state.phase``
    (``{phase: favour}``, ``"*"`` for the other phases), for games whose Normal is worth
    departing from at some kinds of decision only.

    >>> favour_for({"play": 2.0, "*": 0.01}, type("S", (), {"phase": "offer"})())
    0.01
    """
    if isinstance(favour, dict):
        return favour.get(getattr(state, "phase", None), favour.get("*", 0.0))
    return favour


def _pick(state: State, legal: list[Any], action: Any, rng: random.Random) -> Any:
    """``action`` as the real state's own legal value; random if a policy misbehaved."""
    for candidate in legal:
        if candidate == action:
            return candidate
    return legal[rng.randrange(len(legal))]


def _policy_steps(state: State, legal: list[Any], policies: Any, level: str, rng: random.Random) -> Generator[None, None, Any]:
    """The policy ``level``'s action in a world sampled for the acting seat.

    A game may offer ``<level>_steps``, the same policy as a generator that
    pauses where a page may draw (``pyapp.engine.steps``); it is used when present.
    """
    world = state.sample_world(state.current_player(), rng)
    if perfect_information(state):
        world.rng = random.Random(rng.getrandbits(64))
    steps = getattr(policies, f"{level}_steps", None)
    action = (yield from steps(world, rng)) if steps is not None else getattr(policies, level)(world, rng)
    return _pick(state, legal, action, rng)


def think(
    state: State,
    *,
    level: str,
    seed: Any,
    budget_ms: float | None = None,
    iterations: int | None = None,
    slice_ms: float = SLICE_MS,
    **tuning: Any,
) -> Generator[None, None, Any]:
    """Choose an action for ``state.current_player()`` in slices.

    A generator that yields ``None`` between slices of at most about
    ``slice_ms`` of work and returns the action (``StopIteration.value``).
    ``budget_ms`` and ``iterations`` override the level's defaults; giving only
    ``iterations`` removes the time limit, which makes the choice depend only on
    ``seed`` (for tests and reproducible matches).  Extra keyword arguments
    override the game's search tuning (``c``, ``rollout_limit``, ``horizon``, ``blend``, ``expand_policy``, ``favour_normal``...).
    """
    started = perf_counter()
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVEL_NAMES)})")
    if state.is_terminal():
        raise ValueError("the game is over: there is no action to choose")
    legal = state.legal_actions()
    rng = random.Random(seed)
    if len(legal) == 1:
        return legal[0]
    if level == "random":
        return legal[rng.randrange(len(legal))]
    policies = policies_for(state)
    if level in ("easy", "normal"):
        if getattr(policies, level, None) is None:
            return legal[rng.randrange(len(legal))]
        return (yield from _policy_steps(state, legal, policies, level, rng))
    params = tuning_for(state)
    params.update(tuning)
    limits = dict(LEVELS[level])
    # A game may think longer than the level's default where that is what strength needs.
    limits["budget_ms"] = params.pop("budget_ms", limits["budget_ms"])
    if iterations is not None:
        limits["iterations"] = iterations
        if budget_ms is None:
            limits["budget_ms"] = None
    if budget_ms is not None:
        limits["budget_ms"] = budget_ms
    favour = favour_for(params.pop("favour_normal", 0.0), state)
    samples = params.pop("root_candidates", 0)
    seat = state.current_player()
    if favour and policies is not None and getattr(policies, "normal", None) is not None:
        params["favoured"] = yield from _policy_steps(state, legal, policies, "normal", rng)
        if favour >= 1.0:  # values lie in [0, 1] (visits in the root's): no search could overturn it
            return params["favoured"]
        params["favour"] = favour
        yield
    if samples and policies is not None and getattr(policies, "rollout", None) is not None:
        # Narrow the root to what the game's policies would play in sampled worlds.
        found = [params["favoured"]] if "favoured" in params else []
        mark = perf_counter()
        for _ in range(samples):
            world = state.sample_world(seat, rng)
            action = _pick(state, legal, policies.rollout(world, rng), rng)
            if action not in found:
                found.append(action)
            if perf_counter() - mark > slice_ms / 1000.0:
                yield
                mark = perf_counter()
        params["candidates"] = found
    search = Search(
        state,
        seed=rng.getrandbits(64),
        budget_ms=limits["budget_ms"],
        iterations=limits["iterations"],
        policies=policies,
        slice_ms=slice_ms,
        started=started,
        **params,
    )
    yield from search.run()
    return search.best_action()


def choose_action(
    state: State,
    *,
    level: str,
    seed: Any,
    budget_ms: float | None = None,
    iterations: int | None = None,
    **tuning: Any,
) -> Any:
    """An action from ``state.legal_actions()`` for ``state.current_player()`` (see ``think``)."""
    return finish(think(state, level=level, seed=seed, budget_ms=budget_ms, iterations=iterations, **tuning))


__all__ = ["LEVELS", "LEVEL_NAMES", "SLICE_MS", "TUNING", "choose_action", "favour_for", "policies_for", "think",
           "tuning_for"]
