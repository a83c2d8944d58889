"""Monte Carlo tree search over the state API, as a sliced (anytime) generator.

One search serves both kinds of game:

* perfect information (Triad): plain UCT; every iteration starts from a copy of
  the state (with a fresh random generator, so the search cannot foresee any
  future chance, unless the game's ``TYPE`` declares no chance; such a
  game may also let its nodes keep their worlds, ``keep_worlds``, so that
  selection walks the tree without replaying the path from the root);
* hidden information (Dyad, Dieci): single-observer information-set MCTS
  (Cowling, Powley & Whitehouse 2012).  Every iteration draws a determinization
  with ``state.sample_world(seat, rng)`` -- built by the game from the acting
  seat's observation alone -- and walks one shared tree whose nodes are action
  sequences.  An action that exists only in some determinizations is judged by
  its *availability count* (how often it could have been chosen) instead of the
  parent's visit count.

Rewards are per-seat vectors: a node keeps the total reward of the seat that
moved into it, so multi-player and team games need nothing special (teams come
from the game's own ``returns()``).  Terminal rewards may be blended with a
normalised score margin (``blend``) for a smoother signal.  Rollouts use the
game's ``policies.rollout`` if there is one, are capped at ``rollout_limit``
steps and are then scored by ``policies.evaluate(world, seat)`` (all seats in one
call by ``policies.evaluate_seats(world)`` if the game has it; by the current
scores when the game has no evaluator).  A rollout with a ``horizon``
first calls the world's ``stop_at(horizon)`` if it has one, so the game can skip
work past the horizon (Dyad then deals no next round).

The search only calls ``current_player()``, ``legal_actions()`` and
``sample_world()`` on the real state (``clone()`` for perfect information) and
never changes it.
"""

from __future__ import annotations

import math
import random
from time import perf_counter
from typing import Any, Callable, Generator

from pyapp.engine.state import State


class Node:
    """One action sequence from the root: statistics for the seat that moved into it."""

    __slots__ = ("action", "mover", "children", "visits", "avail", "total", "untried", "world")

    def __init__(self, action: Any, mover: int) -> None:
        self.action = action
        self.mover = mover
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.untried: dict[Any, None] | None = None  # perfect information only
        self.world: State | None = None  # ``keep_worlds`` only: the position after the path


def perfect_information(state: State) -> bool:
    """Whether the game declares perfect information (the state is its only world)."""
    return state.TYPE.perfect_information


def _margin_values(scores: list[float], scale: float) -> list[float]:
    """Per seat, ``0.5 + 0.5 * tanh((score - mean) / scale)``: a smooth score-margin signal.

    Relative to the mean of all seats, so partners in a team game (equal scores)
    get equal values.

    >>> [round(v, 3) for v in _margin_values([10, 0], 5)]
    [0.881, 0.119]
    """
    mean = sum(scores) / len(scores)
    return [0.5 + 0.5 * math.tanh((s - mean) / scale) for s in scores]


def _leader_values(scores: list[float]) -> list[float]:
    """Returns as if the game ended now: the current leaders share 1.

    >>> _leader_values([3, 5, 5])
    [0.0, 0.5, 0.5]
    """
    best = max(scores)
    leaders = sum(1 for s in scores if s == best)
    return [1.0 / leaders if s == best else 0.0 for s in scores]


class Search:
    """A UCT / SO-ISMCTS search from ``state`` for the seat to act.

    ``run()`` is a generator: it yields ``None`` whenever a slice of about
    ``slice_ms`` of work is over, and finishes once ``iterations`` iterations
    are done or ``budget_ms`` has passed since it started (whichever comes
    first; ``None`` means no limit of that kind).  ``best_action()`` then gives
    the most visited legal action.  With ``budget_ms=None`` and an iteration cap
    the result depends only on the seed (and the seat's information).
    """

    def __init__(
        self,
        state: State,
        *,
        seed: Any,
        budget_ms: float | None,
        iterations: int | None,
        policies: Any = None,
        c: float = 0.7,
        rollout_limit: int | None = None,
        blend: float = 0.0,
        margin_scale: float = 10.0,
        use_rollout_policy: bool = True,
        expand_policy: bool = False,
        favoured: Any = None,
        favour: float = 0.0,
        slice_ms: float = 15.0,
        started: float | None = None,
        horizon: str | None = None,
        candidates: list[Any] | None = None,
        prune: int | None = None,
        paired: bool = False,
        rollout_policy: str = "rollout",
        sampler: str | None = None,
        keep_worlds: int = 0,
    ) -> None:
        if budget_ms is None and iterations is None:
            raise ValueError("a search needs a time budget or an iteration cap")
        self.state = state
        self.seat = state.current_player()
        self.legal = state.legal_actions()
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.c = c
        self.rollout_limit = rollout_limit
        self.blend = blend
        self.margin_scale = margin_scale
        self.slice = slice_ms / 1000.0
        self.expand_policy = expand_policy
        self.favoured = favoured
        self.favour = favour
        self.started = started
        self.horizon = horizon
        # Root actions the search may consider (None: all legal ones).
        self.candidates = set(candidates) if candidates and len(candidates) > 1 else None
        self.perfect = perfect_information(state)
        # A game declaring no chance (``TYPE.chance``) never draws from ``world.rng``.
        self.chance = state.TYPE.has_chance
        # Opt-in for perfect information without chance: a node keeps its position once the
        # search passes through it with at least ``keep_worlds`` visits, so selection replays
        # the path only from the deepest node that keeps one (fewer kept worlds: less memory
        # and garbage collection).
        usable = self.perfect and not self.chance and not paired and horizon is None
        self.keep_worlds = keep_worlds if usable else 0
        self.rollout: Callable[[State, random.Random], Any] | None = None
        self.evaluate: Callable[[State, int], float] | None = None
        self.evaluate_seats: Callable[[State], list[float]] | None = None
        # At every node, consider only the game's ``policies.candidates(world, prune, legal)``.
        self.narrow: Callable[[State, int, list[Any]], list[Any]] | None = None
        self.prune = prune
        # Opt-in: worlds drawn by ``draw(rng)``, ``draw = policies.<sampler>(state, seat)``, instead
        # of ``state.sample_world`` (a game may weigh its deals by the plays seen).
        self.draw: Callable[[random.Random], State] | None = None
        if policies is not None:
            if prune:
                self.narrow = getattr(policies, "candidates", None)
            if use_rollout_policy:
                self.rollout = getattr(policies, rollout_policy, None)
            self.evaluate = getattr(policies, "evaluate", None)
            # Opt-in: ``policies.evaluate_seats(world)``, every seat's ``evaluate`` in one call.
            self.evaluate_seats = getattr(policies, "evaluate_seats", None)
            if sampler is not None:
                self.draw = getattr(policies, sampler)(state, self.seat)
        # Paired root (opt-in): every root action is tried in each sampled world, with the
        # same random numbers, so root actions are compared on the same deals.
        self.paired = paired
        self._pair_rng = random.Random(0)
        self._pair_state: Any = None
        self._base: State | None = None
        self._queue: list[Any] = []
        self.root_actions: list[Any] | None = None
        self.root = Node(None, -1)
        self.done = 0
        self.elapsed_ms = 0.0
        self._slice_end = 0.0
        self._deadline = math.inf

    # -- the loop -------------------------------------------------------------------

    def run(self) -> Generator[None, None, None]:
        """Search until the cap or the budget; yield between slices."""
        start = perf_counter() if self.started is None else self.started
        deadline = math.inf if self.budget_ms is None else start + self.budget_ms / 1000.0
        cap = math.inf if self.iterations is None else self.iterations
        self._slice_end = perf_counter() + self.slice
        self._deadline = deadline
        while self.done < cap:
            finished = yield from self._iterate()
            if not finished:  # abandoned mid-rollout at the deadline
                break
            self.done += 1
            now = perf_counter()
            if now >= deadline:
                break
            if now >= self._slice_end:
                yield
                self._slice_end = perf_counter() + self.slice
        self.elapsed_ms = (perf_counter() - start) * 1000.0

    def _world(self) -> State:
        if self.keep_worlds:  # the root's own kept world: the iteration must not change it
            self.rng.getrandbits(64)  # drawn all the same: the same seed, the same search
            if self.root.world is None:
                self.root.world = self.state.clone()
            return self.root.world
        if self.perfect:
            world = self.state.clone()
            bits = self.rng.getrandbits(64)  # drawn either way: the same seed, the same search
            if self.chance:
                world.rng = random.Random(bits)
            return world
        if self.draw is not None:
            return self.draw(self.rng)
        return self.state.sample_world(self.seat, self.rng)

    def _root_set(self, world: State) -> list[Any]:
        """Paired mode: the root actions compared (in legal order).

        The root candidates (and the favoured action) if given, plus the game's
        ``candidates(world, prune, legal)`` in the first sampled world when
        ``prune`` is set; every legal action otherwise.
        """
        legal = self.legal
        keep = set(self.candidates or ())
        if self.favoured is not None:
            keep.add(self.favoured)
        if self.narrow is not None and len(legal) > self.prune:
            keep.update(self.narrow(world, self.prune, list(legal)))
        chosen = [a for a in legal if a in keep]
        return chosen or list(legal)

    def _paired_start(self) -> tuple[State, random.Random, Any]:
        """Paired mode: the world, random generator and root action of the next iteration."""
        if not self._queue:
            base = self._world()
            if self.root_actions is None:
                self.root_actions = self._root_set(base)
            here = set(base.legal_actions())
            self._queue = [a for a in reversed(self.root_actions) if a in here]
            self._base = base
            self._pair_rng.seed(self.rng.getrandbits(64))
            self._pair_state = self._pair_rng.getstate()
        action = self._queue.pop()
        world = self._base.clone() if self._queue else self._base
        rng = self._pair_rng
        rng.setstate(self._pair_state)
        return world, rng, action

    def _iterate(self) -> Generator[None, None, bool]:
        """One iteration; returns False if abandoned (unscored) because time ran out."""
        node = self.root
        path = [node]
        if self.paired:
            world, rng, first = self._paired_start()
            child = node.children.get(first)
            if child is None:
                child = node.children[first] = Node(first, world.current_player())
            world.step(first)
            node = child
            path.append(child)
        else:
            rng = self.rng
            world = self._world()
        c = self.c
        log = math.log
        sqrt = math.sqrt
        # Selection and expansion.
        expand_policy = self.rollout if self.expand_policy else None
        if self.perfect:
            keep = self.keep_worlds
            owned = not keep  # whether this iteration may change ``world`` (not a node's)
            # The legal actions at a node never change: keep its untried ones.
            while not world.is_terminal():
                untried = node.untried
                if untried is None:
                    legal = self._legal(world)
                    if node is self.root and self.candidates is not None:
                        legal = [a for a in legal if a in self.candidates]
                    rng.shuffle(legal)
                    untried = node.untried = dict.fromkeys(legal)
                if untried:
                    action = None
                    if expand_policy is not None:
                        action = expand_policy(world, rng)
                        if action not in untried:
                            action = None
                    if action is None:
                        action = next(iter(untried))
                    del untried[action]
                    child = Node(action, world.current_player())
                    if not owned:  # the rollout changes the world: not a kept one
                        world = world.clone()
                    world.step(action)
                    node.children[action] = child
                    path.append(child)
                    break
                best = None
                best_score = -math.inf
                log_n = log(node.visits)
                for child in node.children.values():
                    score = child.total / child.visits + c * sqrt(log_n / child.visits)
                    if score > best_score:
                        best, best_score = child, score
                if best.world is not None:
                    world, owned = best.world, False
                else:
                    if not owned:
                        world, owned = world.clone(), True
                    world.step(best.action)
                    if keep and best.visits >= keep:
                        best.world, owned = world, False
                node = best
                path.append(node)
        else:
            while not world.is_terminal():
                legal = self._legal(world)
                if node is self.root and self.candidates is not None:
                    legal = [a for a in legal if a in self.candidates]
                mover = world.current_player()
                children = node.children
                untried = []
                for action in legal:
                    child = children.get(action)
                    if child is None:
                        untried.append(action)
                    else:
                        child.avail += 1
                if untried:
                    action = None
                    if expand_policy is not None:
                        action = expand_policy(world, rng)
                        if action in children:
                            action = None
                    if action is None:
                        action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    world.step(action)
                    child = Node(action, mover)
                    children[action] = child
                    path.append(child)
                    break
                best = None
                best_score = -math.inf
                for action in legal:
                    child = children[action]
                    score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best, best_score = child, score
                world.step(best.action)
                node = best
                path.append(node)
        # Rollout.
        steps = 0
        limit = self.rollout_limit
        policy = self.rollout
        horizon = self.horizon
        segment = None
        if horizon is not None:
            segment = getattr(world, horizon)
            stop_at = getattr(world, "stop_at", None)
            if stop_at is not None:  # the world may skip work past the horizon
                stop_at(horizon)
        while not world.is_terminal():
            if limit is not None and steps >= limit:
                break
            if horizon is not None and getattr(world, horizon) != segment:
                break
            if policy is not None:
                action = policy(world, rng)
            else:
                legal = world.legal_actions()
                action = legal[rng.randrange(len(legal))]
            world.step(action)
            steps += 1
            if not steps & 7:
                now = perf_counter()
                if now >= self._slice_end:
                    if now >= self._deadline and self.done:
                        return False
                    yield
                    self._slice_end = perf_counter() + self.slice
        values = self._values(world)
        # Backpropagation.
        for node in path:
            node.visits += 1
            if node.mover >= 0:
                node.total += values[node.mover]
        return True

    def _legal(self, world: State) -> list[Any]:
        legal = world.legal_actions()
        if self.narrow is not None and len(legal) > self.prune:
            return self.narrow(world, self.prune, legal)
        return legal

    def _values(self, world: State) -> list[float]:
        players = world.players
        if world.is_terminal():
            values = list(world.returns())
            if self.blend:
                margin = _margin_values(list(world.scores()), self.margin_scale)
                b = self.blend
                values = [(1 - b) * v + b * m for v, m in zip(values, margin)]
            return values
        if self.evaluate_seats is not None:
            return self.evaluate_seats(world)
        if self.evaluate is not None:
            return [self.evaluate(world, seat) for seat in range(players)]
        scores = list(world.scores())
        lead = _leader_values(scores)
        margin = _margin_values(scores, self.margin_scale)
        return [0.5 * v + 0.5 * m for v, m in zip(lead, margin)]

    # -- the answer -----------------------------------------------------------------

    def best_action(self) -> Any:
        """The most visited of the real state's legal actions (ties: higher mean value).

        The ``favoured`` action (the game's normal policy's choice, when the
        level asks for it) counts ``favour`` x the root's visits more, so the
        search departs from it only when it clearly prefers another action.
        """
        if self.paired:
            # Every root action saw the same deals: the best mean value wins; the
            # favoured action's mean counts ``favour`` more.
            best, best_value = self.legal[0], -math.inf
            for action in self.legal:
                child = self.root.children.get(action)
                if child is None or not child.visits:
                    continue
                value = child.total / child.visits + (self.favour if action == self.favoured else 0.0)
                if value > best_value:
                    best, best_value = action, value
            return best
        best = self.legal[0]
        key = (-math.inf, -math.inf)
        bonus = self.favour * self.root.visits
        for action in self.legal:
            child = self.root.children.get(action)
            if child is None:
                continue
            visits = child.visits + (bonus if action == self.favoured else 0.0)
            k = (visits, child.total / child.visits if child.visits else 0.0)
            if k > key:
                best, key = action, k
        return best

    def stats(self) -> list[tuple[str, int, float]]:
        """(action text, visits, mean value) for the root's legal actions, most visited first."""
        rows = []
        for action in self.legal:
            child = self.root.children.get(action)
            if child is not None and child.visits:
                rows.append((str(action), child.visits, child.total / child.visits))
        rows.sort(key=lambda row: -row[1])
        return rows
