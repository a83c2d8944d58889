"""The judge: how much worse each candidate move is than the best, and how sure that is.

Hard's search answers "which move", leaning toward Normal's on purpose; a hint or a
review needs "how much does this move cost, give or take".  The judge compares the
candidates on the same worlds, each drawn from the acting seat's observation only
(``state.sample_world``), with the same random numbers for every candidate (paired),
plays each out with one fixed playout policy to the game's horizon (Dyad: the end of
the round; Dieci: the end of the deal; Triad: the end of the game) and reports per
candidate the mean paired difference to the best, in points (the seat's score minus
the mean of its opponents') and in win chance where the game's end was reached, with
its standard error.  A difference below ``2 × SE`` is "about equal", never a mistake.

What a game supplies, all optional, in ``pyapp/games/<game>/search.py``:
``judge_horizon(world)`` (like ``SearchOptions.horizon``; absent: the end of the game)
and ``judge_opponents(world, seat)`` (the seats whose points count against ``seat``;
absent: every other seat) and ``judge_playout`` (absent: the game's Hard ``rollout``).
The judge never reads Hard's shortcuts (``plays_normal``, ``normal_margin``...).

>>> import tests.toy_games
>>> from pyapp.games import new_game
>>> from pyapp.engine.steps import finish
>>> state = new_game("nim", seed=4, players=2)
>>> judgment = finish(judge(state, seed=1, worlds=20))
>>> judgment.verdicts[0].points_loss
0.0
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator
from dataclasses import asdict, dataclass, field
from time import perf_counter
from typing import Any

from pyapp.ai import SLICE_MS, game_part, policy_steps, policies_for, search_options
from pyapp.ai.mcts import perfect_information
from pyapp.engine.state import State

MAX_CANDIDATES = 10
"""More legal moves than this (a Dyad lead offers up to 66 pairs) are narrowed to the
moves in question, Normal's, and the game's best-ranked ones."""

ABOUT_EQUAL = 2.0
"""A loss smaller than this many standard errors is "about equal"."""

CHECK_STEPS = 8
"""Playout steps between two looks at the clock."""


@dataclass(frozen=True)
class Verdict:
    """One candidate's judged loss against the best candidate (0 for the best)."""

    action: str
    points_loss: float
    points_se: float
    win_loss: float | None
    win_se: float | None
    worlds: int
    about_equal: bool


@dataclass(frozen=True)
class Judgment:
    """The verdicts, best first; ``reached_end`` says whether win chances were measured."""

    seat: int
    worlds: int
    reached_end: bool
    verdicts: list[Verdict] = field(default_factory=list)

    @property
    def best(self) -> str:
        return self.verdicts[0].action

    def verdict(self, action: Any) -> Verdict:
        """The verdict on ``action`` (or its text form); ``KeyError`` if it was not a candidate."""
        for verdict in self.verdicts:
            if verdict.action == str(action):
                return verdict
        raise KeyError(str(action))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def about_equal(loss: float, se: float) -> bool:
    """Whether a loss is within noise (``ABOUT_EQUAL`` standard errors) or none at all."""
    return loss <= 1e-9 or loss < ABOUT_EQUAL * se


def _points(world: State, seat: int, opponents: Callable[[State, int], list[int]] | None) -> float:
    scores = world.scores()
    others = opponents(world, seat) if opponents is not None else [s for s in range(world.players) if s != seat]
    return scores[seat] - sum(scores[s] for s in others) / len(others)


def _candidates(state: State, seat: int, legal: list[Any], include: list[Any], rng: random.Random
                ) -> Generator[None, None, list[Any]]:
    """All legal moves, or when there are too many: ``include``, Normal's and the game's best-ranked."""
    if len(legal) <= MAX_CANDIDATES:
        return list(legal)
    chosen = [a for a in legal if a in include]
    policies = policies_for(state)
    if getattr(policies, "normal", None) is not None:
        normal = yield from policy_steps(state, legal, policies, "normal", rng)
        if normal not in chosen:
            chosen.append(normal)
    ranking = search_options(state).candidates
    if ranking is not None:
        world = state.sample_world(seat, rng)
        for action in ranking(world, MAX_CANDIDATES, world.legal_actions()):
            if len(chosen) >= MAX_CANDIDATES:
                break
            if action in legal and action not in chosen:
                chosen.append(action)
    for action in legal:
        if len(chosen) >= MAX_CANDIDATES:
            break
        if action not in chosen:
            chosen.append(action)
    return chosen


def judge(state: State, *, seed: Any, candidates: list[Any] | None = None, include: tuple[Any, ...] = (),
          worlds: int = 64, budget_ms: float | None = None, slice_ms: float = SLICE_MS
          ) -> Generator[None, None, Judgment]:
    """Judge the moves of ``state.current_player()`` in slices (a generator; closing it stops it).

    ``candidates`` (default: every legal move, narrowed past ``MAX_CANDIDATES`` keeping
    ``include``), ``worlds`` sampled worlds at most and ``budget_ms`` of work at most (at least
    two worlds are always played, so that a standard error exists; ``worlds`` must be 2 or more).  Yields ``None`` about every
    ``slice_ms``; returns a :class:`Judgment`.
    """
    if state.is_terminal():
        raise ValueError("the game is over: there is no move to judge")
    if worlds < 2:
        raise ValueError(f"the judge needs at least 2 worlds for a standard error, not {worlds}")
    started = perf_counter()
    seat = state.current_player()
    legal = state.legal_actions()
    rng = random.Random(seed)
    if candidates is None:
        candidates = yield from _candidates(state, seat, legal, [a for a in legal if a in include], rng)
    else:
        candidates = [a for a in legal if a in candidates]
    if not candidates:
        raise ValueError("none of the candidates is a legal move")
    search = game_part(state, "search")
    horizon = getattr(search, "judge_horizon", None)
    opponents = getattr(search, "judge_opponents", None)
    playout = getattr(search, "judge_playout", None) or search_options(state).rollout
    hidden = not perfect_information(state)
    points: list[list[float]] = [[] for _ in candidates]
    wins: list[list[float]] = [[] for _ in candidates]
    reached_end = True
    mark = perf_counter()
    played = 0
    while played < worlds:
        if played >= 2 and budget_ms is not None and (perf_counter() - started) * 1000 > budget_ms:
            break
        world = state.sample_world(seat, rng) if hidden else state.clone()
        chance, moves = rng.getrandbits(64), rng.getrandbits(64)
        for index, action in enumerate(candidates):
            line = world.clone()
            line.rng = random.Random(chance)
            stop = horizon(line) if horizon is not None else None
            line.step(action)
            mark = yield from _play_out(line, stop, playout, random.Random(moves), mark, slice_ms)
            points[index].append(_points(line, seat, opponents))
            if line.is_terminal():
                wins[index].append(line.returns()[seat])
            else:
                reached_end = False
        played += 1
        if perf_counter() - mark > slice_ms / 1000:
            yield
            mark = perf_counter()
    return _verdicts(seat, candidates, points, wins if reached_end else None, played)


def _play_out(line: State, stop: Callable[[State], bool] | None, playout: Any, rng: random.Random,
              mark: float, slice_ms: float) -> Generator[None, None, float]:
    """Play ``line`` on to its end or ``stop`` with ``playout`` (random moves if ``None``), yielding
    when a slice is used up since ``mark``; returns the start of the slice in progress."""
    steps = 0
    while not line.is_terminal() and not (stop is not None and stop(line)):
        options = line.legal_actions()
        line.step(playout(line, rng) if playout is not None else options[rng.randrange(len(options))])
        steps += 1
        if steps % CHECK_STEPS == 0 and perf_counter() - mark > slice_ms / 1000:
            yield
            mark = perf_counter()
    return mark


def _verdicts(seat: int, candidates: list[Any], points: list[list[float]], wins: list[list[float]] | None,
              played: int) -> Judgment:
    """Rank by win chance where measured, then by points; each loss paired against the best."""
    def key(index: int) -> tuple[float, float]:
        mean_points = sum(points[index]) / played
        return (sum(wins[index]) / played if wins is not None else 0.0), mean_points

    order = sorted(range(len(candidates)), key=key, reverse=True)
    best = order[0]
    verdicts = []
    for index in order:
        points_loss, points_se = _mean_se([b - v for b, v in zip(points[best], points[index])])
        win_loss = win_se = None
        equal = about_equal(points_loss, points_se)
        if wins is not None:
            win_loss, win_se = _mean_se([b - v for b, v in zip(wins[best], wins[index])])
            equal = equal and about_equal(win_loss, win_se)
        verdicts.append(Verdict(str(candidates[index]), round(points_loss, 4), round(points_se, 4),
                                None if win_loss is None else round(win_loss, 4),
                                None if win_se is None else round(win_se, 4), played, equal))
    return Judgment(seat, played, wins is not None, verdicts)


__all__ = ["ABOUT_EQUAL", "Judgment", "MAX_CANDIDATES", "Verdict", "about_equal", "judge"]
