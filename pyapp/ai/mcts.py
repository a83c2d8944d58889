"""Monte Carlo tree search over the state API, as a sliced (anytime) generator.

One iteration is: choose the world and root action (:class:`PairedRoot`, or a
fresh world for the whole tree), walk the tree by the **tree policy**, play a
**rollout**, and **back up** the leaf's per-seat values.  The two kinds of game
differ only in the tree policy:

* perfect information (Triad): UCT (:func:`uct_descend`).  Each iteration starts
  from a copy of the state, given a fresh random generator unless the game has no
  chance; a game without chance may let its well-visited nodes keep their
  positions (``keep_worlds``), so an iteration need not replay the path;
* hidden information (Dyad, Dieci): single-observer information-set MCTS
  (Cowling, Powley & Whitehouse 2012, :func:`ismcts_descend`).  Each iteration
  draws a determinization with ``state.sample_world(seat, rng)`` (or the game's
  ``sampler``), built from the acting seat's observation alone, and walks one
  tree whose nodes are action sequences; an action that exists only in some
  determinizations is judged by its *availability count* instead of the
  parent's visit count.

Rewards are per-seat vectors: a node keeps the total reward of the seat that
moved into it, so multi-player and team games need nothing special.  What the
game knows (rollout policy, evaluator, pruning, horizons...) comes in a
:class:`~pyapp.ai.options.SearchOptions`.

The search only calls ``current_player()``, ``legal_actions()`` and
``sample_world()`` on the real state (``clone()`` for perfect information) and
never changes it.
"""

from __future__ import annotations

import math
import random
from time import perf_counter
from typing import Any, Generator

from pyapp.ai.options import SearchOptions
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
        self.untried: dict[Any, None] | None = None  # UCT only
        self.world: State | None = None  # ``keep_worlds`` only: the position after the path


def perfect_information(state: State) -> bool:
    """Whether the game declares perfect information (the state is its only world)."""
    return state.TYPE.perfect_information


def has_chance(state: State) -> bool:
    """Whether the game declares chance: it may draw from ``state.rng`` as it goes on."""
    return state.TYPE.has_chance


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


# -- tree policies: selection and expansion of one iteration --------------------------------


def uct_descend(search: Search, world: State, node: Node, path: list[Node], rng: random.Random) -> State:
    """UCT (perfect information): select by UCB1 down to an untried action, expand it.

    A node's legal actions never change, so it keeps its untried ones.  Returns the
    leaf's world, which the rollout may change: a kept world is copied first.
    """
    expand_policy = search.expand_policy
    keep = search.keep_worlds
    c, log, sqrt = search.options.c, math.log, math.sqrt
    owned = not keep  # whether this iteration may change ``world`` (not a node's)
    while not world.is_terminal():
        untried = node.untried
        if untried is None:
            legal = search.legal_at(world, node)
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
            child = node.children[action] = Node(action, world.current_player())
            if not owned:
                world = world.clone()
            world.step(action)
            path.append(child)
            return world
        best, best_score = None, -math.inf
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
    return world  # finished: the rollout leaves it as it is


def ismcts_descend(search: Search, world: State, node: Node, path: list[Node], rng: random.Random) -> State:
    """Information-set MCTS: select among the actions legal in this world by UCB1 over
    availability counts, down to an action this world offers that the tree lacks; expand it."""
    expand_policy = search.expand_policy
    c, log, sqrt = search.options.c, math.log, math.sqrt
    while not world.is_terminal():
        legal = search.legal_at(world, node)
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
            child = Node(action, world.current_player())
            world.step(action)
            children[action] = child
            path.append(child)
            return world
        best, best_score = None, -math.inf
        for action in legal:
            child = children[action]
            score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = child, score
        world.step(best.action)
        node = best
        path.append(node)
    return world


# -- root strategies -------------------------------------------------------------------------


class PairedRoot:
    """Every root action is played out in each sampled world, with the same random numbers,
    so root actions are compared on the same deals; the best mean value wins (Normal's
    move, when favoured, counts ``normal_margin`` more)."""

    def __init__(self, search: Search) -> None:
        self.search = search
        self.rng = random.Random(0)
        self.rng_state: Any = None
        self.base: State | None = None
        self.queue: list[Any] = []
        self.actions: list[Any] | None = None

    def root_set(self, world: State) -> list[Any]:
        """The root actions compared (in legal order): the root candidates, the favoured
        action and the game's ``candidates`` in the first sampled world; all if none."""
        search = self.search
        keep = set(search.candidates or ())
        if search.favoured is not None:
            keep.add(search.favoured)
        narrow, k = search.options.candidates, search.options.prune
        if k and narrow is not None and len(search.legal) > k:
            keep.update(narrow(world, k, list(search.legal)))
        return [a for a in search.legal if a in keep] or list(search.legal)

    def start(self, path: list[Node]) -> tuple[State, random.Random, Node]:
        """The next iteration's world (after its root action), generator and node."""
        search = self.search
        if not self.queue:
            base = search.world()
            if self.actions is None:
                self.actions = self.root_set(base)
            here = set(base.legal_actions())
            self.queue = [a for a in reversed(self.actions) if a in here]
            self.base = base
            self.rng.seed(search.rng.getrandbits(64))
            self.rng_state = self.rng.getstate()
        action = self.queue.pop()
        world = self.base.clone() if self.queue else self.base
        self.rng.setstate(self.rng_state)
        child = search.root.children.get(action)
        if child is None:
            child = search.root.children[action] = Node(action, world.current_player())
        world.step(action)
        path.append(child)
        return world, self.rng, child

    def best_action(self) -> Any:
        """The root action of best mean value (Normal's move counts ``normal_margin`` more)."""
        search = self.search
        best, best_value = search.legal[0], -math.inf
        for action in search.legal:
            child = search.root.children.get(action)
            if child is None or not child.visits:
                continue
            value = child.total / child.visits
            if action == search.favoured:
                value += search.options.normal_margin
            if value > best_value:
                best, best_value = action, value
        return best


# -- the search -------------------------------------------------------------------------------


class Search:
    """A UCT / SO-ISMCTS search from ``state`` for the seat to act.

    ``run()`` is a generator: it yields ``None`` whenever a slice of about
    ``slice_ms`` of work is over, and finishes once ``iterations`` iterations
    are done or ``budget_ms`` has passed since ``started`` (default: since it
    started; ``None`` means no limit of that kind).  ``best_action()`` then gives
    the answer.  With ``budget_ms=None`` and an iteration cap the result depends
    only on the seed (and the seat's information).  ``favoured`` is Normal's move
    when the options favour it; ``candidates``, when given, are the only root
    actions considered.
    """

    def __init__(self, state: State, options: SearchOptions = SearchOptions(), *, seed: Any,
                 budget_ms: float | None, iterations: int | None, favoured: Any = None,
                 candidates: list[Any] | None = None, slice_ms: float = 15.0, started: float | None = None) -> None:
        if budget_ms is None and iterations is None:
            raise ValueError("a search needs a time budget or an iteration cap")
        self.state = state
        self.options = options
        self.seat = state.current_player()
        self.legal = state.legal_actions()
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.slice = slice_ms / 1000.0
        self.started = started
        self.favoured = favoured
        self.candidates = set(candidates) if candidates and len(candidates) > 1 else None
        self.perfect = perfect_information(state)
        self.chance = has_chance(state)
        usable = self.perfect and not self.chance and not options.paired and options.horizon is None
        self.keep_worlds = options.keep_worlds if usable else 0
        self.expand_policy = options.rollout if options.expand_policy else None
        self.draw = options.sampler(state, self.seat) if options.sampler is not None else None
        self.descend = uct_descend if self.perfect else ismcts_descend
        self.paired = PairedRoot(self) if options.paired else None
        self.root = Node(None, -1)
        self.done = 0
        self.elapsed_ms = 0.0
        self._slice_end = 0.0
        self._deadline = math.inf

    @property
    def root_actions(self) -> list[Any] | None:
        """Paired root: the root actions compared (``None`` before the first iteration)."""
        return self.paired.actions if self.paired is not None else None

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

    def _iterate(self) -> Generator[None, None, bool]:
        """One iteration: root strategy, tree policy, rollout (checking the slice every 8 steps),
        backpropagation.  Returns False if abandoned (unscored) because time ran out."""
        path = [self.root]
        if self.paired is not None:
            world, rng, node = self.paired.start(path)
        else:
            world, rng, node = self.world(), self.rng, self.root
        world = self.descend(self, world, node, path, rng)
        options = self.options
        steps, limit, policy = 0, options.rollout_limit, options.rollout
        reached = options.horizon(world) if options.horizon is not None else None
        while not world.is_terminal():
            if limit is not None and steps >= limit:
                break
            if reached is not None and reached(world):
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
        for node in path:
            node.visits += 1
            if node.mover >= 0:
                node.total += values[node.mover]
        return True

    def world(self) -> State:
        """A world to start an iteration from: the state itself, or one the seat may face."""
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

    def legal_at(self, world: State, node: Node) -> list[Any]:
        """The actions the tree considers at ``node`` in ``world`` (pruned, root candidates only)."""
        legal = world.legal_actions()
        k = self.options.prune
        if k and self.options.candidates is not None and len(legal) > k:
            legal = self.options.candidates(world, k, legal)
        if node is self.root and self.candidates is not None:
            legal = [a for a in legal if a in self.candidates]
        return legal

    def _values(self, world: State) -> list[float]:
        """Every seat's value of a rollout's last world."""
        options = self.options
        if world.is_terminal():
            values = list(world.returns())
            if options.blend:
                margin = _margin_values(list(world.scores()), options.margin_scale)
                b = options.blend
                values = [(1 - b) * v + b * m for v, m in zip(values, margin)]
            return values
        if options.evaluate is not None:
            return options.evaluate(world)
        scores = list(world.scores())
        lead = _leader_values(scores)
        margin = _margin_values(scores, options.margin_scale)
        return [0.5 * v + 0.5 * m for v, m in zip(lead, margin)]

    # -- the answer -----------------------------------------------------------------

    def best_action(self) -> Any:
        """The paired root's best, else the most visited of the real state's legal actions
        (ties: higher mean value), Normal's move counting ``normal_share`` x the root's
        visits more, so the search leaves it only when it clearly prefers another."""
        if self.paired is not None:
            return self.paired.best_action()
        best = self.legal[0]
        key = (-math.inf, -math.inf)
        bonus = self.options.normal_share * self.root.visits
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
