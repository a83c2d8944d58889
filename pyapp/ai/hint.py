"""A hint: the judge's best move for the seat to act, with the engine's reasons in words.

The move compared is the one the person selected, or else Normal's move (drawn, like
Normal's own, from a world sampled from the seat's observation).  Reasons come from the
game's ``pyapp/games/<game>/hints.py`` ``reasons(state, action)`` as message keys and
params; a game without one gives none.

>>> import tests.toy_games
>>> from pyapp.games import new_game
>>> from pyapp.engine.steps import finish
>>> found = finish(hint(new_game("nim", seed=4, players=2), seed=1, worlds=16))
>>> found["version"], found["compared_with"]
(1, 'random')
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

from pyapp.ai import SLICE_MS, game_part, policy_steps, policies_for
from pyapp.ai.judge import Verdict, judge
from pyapp.engine.state import State

HINT_VERSION = 1

HINT_LIMITS = {"worlds": 64, "budget_ms": 1000.0}
"""The page's budget for a hint: at most 64 worlds or 1 s of work (docs/ai.md, "The judge")."""


def reasons(state: State, action: Any) -> list[list[Any]]:
    """``[key, params]`` pairs saying what ``action`` does (the game's ``hints.reasons``)."""
    module = game_part(state, "hints")
    if module is None:
        return []
    return [[key, params] for key, params in module.reasons(state, action)]


def hint(state: State, *, seed: Any, selected: Any = None, worlds: int = 48, budget_ms: float | None = None,
         slice_ms: float = SLICE_MS) -> Generator[None, None, dict[str, Any]]:
    """The best move for ``state.current_player()`` and how the compared move fares (sliced).

    Returns ``{"version", "best", "reasons", "compared", "compared_reasons", "compared_with", "points_loss",
    "points_se", "win_loss", "win_se", "about_equal", "worlds"}``; ``compared_with`` is
    ``"selected"``, ``"normal"`` or ``"random"`` (no Normal policy), ``compared`` that move; or
    ``"only"`` when the rules leave one legal move: it is named at once, with nothing judged
    (``worlds`` 0).
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return _found(state, legal[0], legal[0], "only", Verdict(str(legal[0]), 0.0, 0.0, None, None, 0, True), 0)
    rng = random.Random(seed)
    if selected is not None and selected in legal:
        compared, kind = selected, "selected"
    else:
        policies = policies_for(state)
        if getattr(policies, "normal", None) is not None:
            compared = yield from policy_steps(state, legal, policies, "normal", rng)
            kind = "normal"
        else:
            compared, kind = legal[rng.randrange(len(legal))], "random"
    judgment = yield from judge(state, seed=rng.getrandbits(64), include=(compared,), worlds=worlds,
                                budget_ms=budget_ms, slice_ms=slice_ms)
    best = next(a for a in legal if str(a) == judgment.best)
    return _found(state, best, compared, kind, judgment.verdict(compared), judgment.worlds)


def _found(state: State, best: Any, compared: Any, kind: str, verdict: Verdict, worlds: int) -> dict[str, Any]:
    """The hint's JSON-able result."""
    return {
        "version": HINT_VERSION,
        "best": str(best),
        "reasons": reasons(state, best),
        "compared": str(compared),
        "compared_reasons": reasons(state, compared),
        "compared_with": kind,
        "points_loss": verdict.points_loss,
        "points_se": verdict.points_se,
        "win_loss": verdict.win_loss,
        "win_se": verdict.win_se,
        "about_equal": verdict.about_equal,
        "worlds": worlds,
    }


__all__ = ["HINT_LIMITS", "HINT_VERSION", "hint", "reasons"]
