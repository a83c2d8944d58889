"""Computer players: ``choose_action`` and its sliced form ``think``.

Levels:

* ``"random"``: a uniformly random legal action;
* ``"easy"`` / ``"normal"``: the game's ``policies.easy`` / ``policies.normal``
  applied to a world sampled for the acting seat (random when the game has no
  policies module);
* ``"hard"``: Monte Carlo tree search (UCT for perfect information,
  information-set MCTS for hidden information) within a time budget and an
  iteration cap (see ``LEVELS`` and :mod:`pyapp.ai.mcts`), with the settings
  the game's ``search.options(state)`` gives (:class:`~pyapp.ai.options.SearchOptions`).

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

import dataclasses
import importlib
import random
from time import perf_counter
from typing import Any, Generator

from pyapp.ai.mcts import Search, perfect_information
from pyapp.ai.options import SearchOptions
from pyapp.engine.state import State
from pyapp.engine.steps import finish
from pyapp.registry import LEVELS as LEVEL_NAMES

LEVELS: dict[str, dict[str, Any]] = {
    "hard": {"budget_ms": 1500, "iterations": 200_000},
}
"""Default search limits per level (``budget_ms`` on a desktop; pass a smaller
``budget_ms`` on slow devices).  Only ``hard`` searches."""

SLICE_MS = 15.0
"""Work between two yields of ``think`` (the page yields to the browser there)."""

_PARTS: dict[tuple[type, str], Any] = {}


def game_part(state: State, part: str) -> Any:
    """``type(state).<PART>`` if the class sets it (toy games), else the module
    ``pyapp.games.<GAME>.<part>``; ``None`` when there is neither."""
    cls = type(state)
    if (cls, part) not in _PARTS:
        found = getattr(cls, part.upper(), None)
        if found is None:
            name = f"pyapp.games.{cls.GAME}.{part}"
            try:
                found = importlib.import_module(name)
            except ModuleNotFoundError as error:
                if error.name is None or not name.startswith(error.name):
                    raise
        _PARTS[cls, part] = found
    return _PARTS[cls, part]


def policies_for(state: State) -> Any:
    """The game's policies (``easy``, ``normal``...): ``pyapp.games.<GAME>.policies``, or the
    class's ``POLICIES``; ``None`` when the game has neither."""
    return game_part(state, "policies")


def search_options(state: State, **overrides: Any) -> SearchOptions:
    """Hard's settings for this position: the game's ``search.options(state)`` (plain UCT or
    ISMCTS with random rollouts for a game without one), with ``overrides`` replaced.

    >>> import tests.toy_games
    >>> from pyapp.games import new_game
    >>> search_options(new_game("nim", seed=1, players=2), c=0.3).c
    0.3
    >>> search_options(new_game("nim", seed=1, players=2), favour=1)
    Traceback (most recent call last):
    ...
    ValueError: unknown search setting 'favour'
    """
    module = game_part(state, "search")
    options = module.options(state) if module is not None else SearchOptions()
    known = {field.name for field in dataclasses.fields(SearchOptions)}
    for name in overrides:
        if name not in known:
            raise ValueError(f"unknown search setting {name!r}")
    return dataclasses.replace(options, **overrides) if overrides else options


def _pick(state: State, legal: list[Any], action: Any, rng: random.Random) -> Any:
    """``action`` as the real state's own legal value; random if a policy misbehaved."""
    for candidate in legal:
        if candidate == action:
            return candidate
    return legal[rng.randrange(len(legal))]


def policy_steps(state: State, legal: list[Any], policies: Any, level: str, rng: random.Random) -> Generator[None, None, Any]:
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


def _root_candidates(state: State, legal: list[Any], options: SearchOptions, normal: Any, rng: random.Random,
                     slice_ms: float) -> Generator[None, None, list[Any] | None]:
    """Normal's move and what ``options.root_policy`` plays in ``options.root_samples`` sampled
    worlds: the root actions a search with a small budget and a huge choice considers."""
    if not options.root_samples or options.root_policy is None:
        return None
    found = [normal] if normal is not None else []
    seat = state.current_player()
    mark = perf_counter()
    for _ in range(options.root_samples):
        world = state.sample_world(seat, rng)
        action = _pick(state, legal, options.root_policy(world, rng), rng)
        if action not in found:
            found.append(action)
        if perf_counter() - mark > slice_ms / 1000.0:
            yield
            mark = perf_counter()
    return found


def _limits(options: SearchOptions, budget_ms: float | None, iterations: int | None) -> tuple[float | None, int]:
    """Hard's (budget, cap): the level's or the game's, the caller's if given; a cap alone
    means no time limit."""
    budget = LEVELS["hard"]["budget_ms"] if options.budget_ms is None else options.budget_ms
    cap = LEVELS["hard"]["iterations"]
    if iterations is not None:
        cap = iterations
        if budget_ms is None:
            budget = None
    if budget_ms is not None:
        budget = budget_ms
    return budget, cap


def budget_seconds(state: State, level: str, budget_ms: float | None = None) -> float:
    """How long ``level`` may think in ``state`` by the clock (``budget_ms``: the caller's, as :func:`think` takes it).

    Only Hard searches against the clock; the other levels play a policy at once (0).  The table's
    watchdog (``pyapp/ui/table/watchdog.py``) counts a stalled computer from this.

    >>> from pyapp.games import new_game
    >>> state = new_game("triad", seed=1, players=2)
    >>> budget_seconds(state, "normal"), budget_seconds(state, "hard", 800)
    (0.0, 0.8)
    """
    if level != "hard":
        return 0.0
    budget, _ = _limits(search_options(state), budget_ms, None)
    return (budget or 0.0) / 1000


def _hard_steps(state: State, legal: list[Any], rng: random.Random, budget_ms: float | None,
                iterations: int | None, slice_ms: float, started: float,
                overrides: dict[str, Any]) -> Generator[None, None, Any]:
    """The Hard level: Normal's move where the game says so, else a search."""
    options = search_options(state, **overrides)
    policies = policies_for(state)
    normal = None
    if options.keeps_normal and getattr(policies, "normal", None) is not None:
        normal = yield from policy_steps(state, legal, policies, "normal", rng)
        if options.plays_normal:
            return normal
        yield
    candidates = yield from _root_candidates(state, legal, options, normal, rng, slice_ms)
    budget, cap = _limits(options, budget_ms, iterations)
    search = Search(state, options, seed=rng.getrandbits(64), budget_ms=budget, iterations=cap, favoured=normal,
                    candidates=candidates, slice_ms=slice_ms, started=started)
    yield from search.run()
    return search.best_action()


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
    replace fields of the game's :class:`~pyapp.ai.options.SearchOptions` (``c``,
    ``rollout_limit``, ``blend``, ``normal_share``...; ``ValueError`` for an unknown name).
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
    if level == "hard":
        return (yield from _hard_steps(state, legal, rng, budget_ms, iterations, slice_ms, started, tuning))
    policies = policies_for(state)
    if getattr(policies, level, None) is None:
        return legal[rng.randrange(len(legal))]
    return (yield from policy_steps(state, legal, policies, level, rng))


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


__all__ = ["LEVELS", "LEVEL_NAMES", "SLICE_MS", "SearchOptions", "budget_seconds", "choose_action", "policies_for",
           "search_options", "think"]
