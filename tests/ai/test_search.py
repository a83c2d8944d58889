"""The computer players on toy games: best moves, determinization, budgets, determinism,
no mutation, and blindness to cards the acting seat cannot see."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.ai import LEVEL_NAMES, choose_action, policies_for, think
from pyapp.ai import mcts
from pyapp.ai.mcts import Search
from pyapp.ai.options import SearchOptions
from pyapp.engine import Chance, GameType, Information
from pyapp.engine.steps import finish
from pyapp.games.testing import random_position
from pyapp.games import new_game
from tests.ai.toys import QuickNim, TricksState, nim_with_heap, parse_card
from tests.toy_games import NimState, Take

NO_CHANCE = GameType(Information.PERFECT, Chance.DETERMINISTIC)


def _any_legal(world, rng):
    """A rollout policy: a uniformly random legal action."""
    legal = world.legal_actions()
    return legal[rng.randrange(len(legal))]


def _next_turn(world):
    """A horizon one move away: a rollout stops once the player to act changes."""
    start = world.current_player()
    return lambda later: later.current_player() != start


# -- perfect information ------------------------------------------------------------


@pytest.mark.parametrize("heap, best", [(5, 1), (6, 2), (7, 3), (9, 1), (11, 3)])
def test_hard_finds_the_winning_nim_move(heap, best):
    state = nim_with_heap(heap)
    action = choose_action(state, level="hard", seed=7, iterations=3000)
    assert action.count == best


def test_hard_takes_an_immediate_win_with_three_players():
    state = nim_with_heap(3, players=3)
    assert choose_action(state, level="hard", seed=2, iterations=500).count == 3


def test_same_seed_and_iteration_cap_give_the_same_search():
    state = nim_with_heap(17)
    runs = []
    for _ in range(2):
        search = Search(state, seed=5, budget_ms=None, iterations=400)
        for _ in search.run():
            pass
        runs.append((search.best_action(), search.stats()))
    assert runs[0] == runs[1]
    first = [choose_action(state, level="hard", seed=s, iterations=200) for s in range(5)]
    again = [choose_action(state, level="hard", seed=s, iterations=200) for s in range(5)]
    assert first == again


def test_a_game_without_chance_keeps_its_generator_and_searches_the_same(monkeypatch):
    state = nim_with_heap(17)

    def search_once() -> tuple:
        search = Search(state, seed=5, budget_ms=None, iterations=400)
        for _ in search.run():
            pass
        world = search.world()
        return search.best_action(), search.stats(), world.rng.getstate() == state.rng.getstate()

    with_chance = search_once()
    monkeypatch.setattr(type(state), "TYPE", NO_CHANCE)
    without = search_once()
    assert with_chance[:2] == without[:2]
    assert not with_chance[2] and without[2]


def test_kept_worlds_give_the_same_search_without_replaying_the_path(monkeypatch):
    monkeypatch.setattr(QuickNim, "TYPE", NO_CHANCE)
    state = nim_with_heap(17, players=3)
    before = (state.heap, state.history)
    steps = []
    step = QuickNim.step
    monkeypatch.setattr(QuickNim, "step", lambda self, action: steps.append(1) or step(self, action))

    def search_once(keep: int) -> tuple:
        steps.clear()
        search = Search(state, SearchOptions(keep_worlds=keep), seed=5, budget_ms=None, iterations=400)
        for _ in search.run():
            pass
        return search.best_action(), search.stats(), len(steps), search

    *replayed, replayed_steps, plain = search_once(0)
    *every, every_steps, search = search_once(1)
    *some, some_steps, sparse = search_once(20)
    assert every == replayed == some and every_steps < some_steps < replayed_steps
    assert plain.root.world is None and search.root.world.heap == 17 and (state.heap, state.history) == before
    def kept(root) -> int:
        return sum(child.world is not None for _, child in _tree_nodes(root))

    assert kept(search.root) > kept(sparse.root) > 1
    child = max(search.root.children.values(), key=lambda node: node.visits)
    assert child.world.heap == 17 - child.action.count
    monkeypatch.setattr(QuickNim, "TYPE", NimState.TYPE)  # chance: a kept world would freeze it
    assert not Search(state, SearchOptions(keep_worlds=1), seed=5, budget_ms=None, iterations=1).keep_worlds


def test_evaluate_seats_when_the_game_has_it_gives_the_same_search(monkeypatch):
    from pyapp.games.triad import policies as triad_policies

    state = new_game("triad", seed=2, players=4)
    for text in ("place 0,0", "place 7,7", "place 0,1", "place 7,6", "place 2,2"):
        state.apply_action(text)

    def one_by_one(world):
        return [triad_policies.evaluate(world, seat) for seat in range(world.players)]

    def search_once(together: bool) -> tuple:
        options = SearchOptions(rollout=triad_policies.rollout, rollout_limit=2, prune=8,
                                candidates=triad_policies.candidates,
                                evaluate=triad_policies.evaluate_seats if together else one_by_one)
        search = Search(state, options, seed=3, budget_ms=None, iterations=150)
        for _ in search.run():
            pass
        return search.best_action(), search.stats()

    calls = []
    seats = triad_policies.evaluate_seats
    monkeypatch.setattr(triad_policies, "evaluate_seats", lambda world: calls.append(1) or seats(world))
    together = search_once(True)
    assert len(calls) == 150
    assert search_once(False) == together
    assert len(calls) == 150 + 4 * 150


def test_every_level_returns_a_legal_action():
    for seed in range(4):
        for game, players in (("nim", 2), ("nim", 3), ("tricks", 2), ("tricks", 3)):
            state = new_game(game, seed=seed, players=players)
            rng = random.Random(seed)
            while not state.is_terminal():
                level = LEVEL_NAMES[rng.randrange(4)]
                action = choose_action(state, level=level, seed=seed, iterations=30)
                assert action in state.legal_actions()
                state.apply_action(action)


def test_unknown_level_and_finished_game_are_refused():
    state = nim_with_heap(4)
    with pytest.raises(ValueError, match="unknown level"):
        choose_action(state, level="master", seed=1)
    state.apply_action("take3")
    state.apply_action("take1")
    with pytest.raises(ValueError, match="game is over"):
        choose_action(state, level="hard", seed=1)


def test_policies_are_looked_up_and_games_without_them_fall_back_to_random():
    assert policies_for(new_game("nim", seed=1, players=2)) is None
    tricks = new_game("tricks", seed=3, players=2)
    assert policies_for(tricks) is TricksState.POLICIES
    # The toy's easy plays its lowest legal card, normal its highest.
    legal = tricks.legal_actions()
    def key(card):
        return card.rank, card.suit

    assert choose_action(tricks, level="easy", seed=1) == min(legal, key=key)
    assert choose_action(tricks, level="normal", seed=1) == max(legal, key=key)


# -- no mutation -------------------------------------------------------------------


@pytest.mark.parametrize("game, players", [("nim", 2), ("nim", 3), ("tricks", 2), ("tricks", 3)])
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_the_state_given_is_never_changed(game, players, level):
    state = new_game(game, seed=11, players=players)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    before = (state.to_save(), [state.observation(s) for s in range(players)], state.rng.getstate())
    hidden = repr(getattr(state, "hands", None)), repr(getattr(state, "stock", None))
    choose_action(state, level=level, seed=3, iterations=200)
    after = (state.to_save(), [state.observation(s) for s in range(players)], state.rng.getstate())
    assert after == before
    assert (repr(getattr(state, "hands", None)), repr(getattr(state, "stock", None))) == hidden


# -- hidden information --------------------------------------------------------------


def _random_position(seed: int, players: int, moves: int) -> TricksState:
    return random_position("tricks", seed=seed, players=players, moves=moves)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]), moves=st.integers(0, 11), viewer=st.integers(0, 2))
def test_a_sampled_world_never_contradicts_the_observation(seed, players, moves, viewer):
    state = _random_position(seed, players, moves)
    viewer %= players
    obs = state.observation(viewer)
    for k in range(5):
        world = state.sample_world(viewer, random.Random(k))
        # Everything the viewer knows is the same in the world...
        assert world.observation(viewer) == obs
        # ...every card is somewhere exactly once...
        cards = [c for h in world.hands for c in h] + list(world.stock) + [c for _, c in world.played]
        assert sorted(cards) == sorted(parse_card(f"{r}{s}") for s in "abc" for r in range(1, 6))
        # ...and nobody holds a card of a suit they have shown void in.
        for seat in range(players):
            assert not any(c.suit in world.voids[seat] for c in world.hands[seat])
        # The world plays on legally to the end.
        while not world.is_terminal():
            world.apply_action(world.legal_actions()[0])


def _swap_hidden_cards(state: TricksState, seat: int, rng: random.Random) -> TricksState:
    """The same position for ``seat`` with the other seats' hands and the stock reshuffled."""
    other = state.clone()
    for _ in range(100):
        pool = [c for s in range(state.players) if s != seat for c in other.hands[s]] + other.stock
        rng.shuffle(pool)
        ok = True
        for s in range(state.players):
            if s == seat:
                continue
            n = len(state.hands[s])
            take = [c for c in pool if c.suit not in state.voids[s]][:n]
            if len(take) < n:
                ok = False
                break
            other.hands[s] = sorted(take)
            for c in take:
                pool.remove(c)
        if ok:
            other.stock = pool
            return other
    raise AssertionError("could not reshuffle")


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_the_choice_does_not_change_when_only_hidden_cards_change(players, seed):
    state = _random_position(seed, players, seed % 4)
    seat = state.current_player()
    swapped = _swap_hidden_cards(state, seat, random.Random(seed))
    assert swapped.observation(seat) == state.observation(seat)
    hidden = [state.hands[s] for s in range(players) if s != seat], state.stock
    assert hidden != ([swapped.hands[s] for s in range(players) if s != seat], swapped.stock)
    for level in LEVEL_NAMES:
        a = choose_action(state, level=level, seed=seed, iterations=150)
        b = choose_action(swapped, level=level, seed=seed, iterations=150)
        assert a == b, level
    s1 = Search(state, seed=seed, budget_ms=None, iterations=150)
    s2 = Search(swapped, seed=seed, budget_ms=None, iterations=150)
    for _ in s1.run():
        pass
    for _ in s2.run():
        pass
    assert s1.stats() == s2.stats()


def test_ismcts_keeps_availability_counts_for_moves_seen_only_in_some_worlds():
    state = _random_position(1, 2, 1)  # seat 1 must answer seat 0's lead
    if state.current_player() != 1:
        pytest.skip("position not as expected")
    search = Search(state, seed=1, budget_ms=None, iterations=400)
    for _ in search.run():
        pass
    # Seat 0's replies at depth 2 vary with the world: some are available less often
    # than their parent was visited.
    grandchildren = [g for child in search.root.children.values() for g in child.children.values()]
    assert grandchildren
    assert all(g.avail <= search.root.visits for g in grandchildren)
    parents = [child for child in search.root.children.values() if child.children]
    assert any(g.avail < p.visits for p in parents for g in p.children.values())


def test_hard_beats_random_at_tricks():
    wins = 0.0
    games = 16
    for g in range(games):
        state = new_game("tricks", seed=100 + g, players=2)
        hard = g % 2
        while not state.is_terminal():
            level = "hard" if state.current_player() == hard else "random"
            state.apply_action(choose_action(state, level=level, seed=g * 1000 + len(state.history), iterations=100))
        wins += state.returns()[hard]
    assert wins / games >= 0.6


# -- budgets and slices ------------------------------------------------------------------


class _Clock:
    """The search's clock for a test: it moves one millisecond each time it is read, so time is the test's,
    not the machine's (the wall-clock figures are bench/speed.py's)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


@pytest.mark.parametrize("game", ["tricks", "quicknim"])
def test_a_time_budget_ends_the_search_within_an_iteration_of_it(game, monkeypatch):
    state = new_game(game, seed=2, players=3)
    done = {}
    for budget_ms in (50.0, 200.0):
        monkeypatch.setattr(mcts, "perf_counter", _Clock())
        search = Search(state, seed=1, budget_ms=budget_ms, iterations=None)
        for _ in search.run():
            pass
        # never before the budget; past it by no more than one iteration's few clock readings
        assert budget_ms <= search.elapsed_ms < budget_ms + 10
        done[budget_ms] = search.done
    assert 0 < done[50.0] < done[200.0]


def test_think_yields_in_short_slices_and_returns_the_same_action_as_choose_action():
    state = nim_with_heap(40, max_take=5)
    thinking = think(state, level="hard", seed=4, iterations=800, slice_ms=5)
    slices = []
    # CPU time, so that a busy machine descheduling the test does not fail it
    # (the search ends its slices by the wall clock, which only makes them shorter).
    last = time.process_time()
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            action = done.value
            break
        now = time.process_time()
        slices.append(now - last)
        last = now
    assert len(slices) >= 2
    assert max(slices) < 0.05  # loose: precise figures are in bench/speed.py
    assert action == choose_action(state, level="hard", seed=4, iterations=800)


class _SteppedPolicies:
    """``normal`` takes one stone; ``normal_steps`` (which think must prefer) pauses thrice and takes two."""

    @staticmethod
    def normal(world, rng):
        return Take(1)

    @staticmethod
    def normal_steps(world, rng):
        for _ in range(3):
            yield
        return Take(2)


class SteppedNim(QuickNim):
    POLICIES = _SteppedPolicies


def test_a_policy_offered_in_steps_pauses_think_at_normal_and_for_hards_favoured_move():
    state = SteppedNim(seed=1, players=2, max_take=3)
    state.heap = 10
    for level, tuning in (("normal", {}), ("hard", {"normal_share": 100.0, "iterations": 50})):
        thinking = think(state, level=level, seed=3, **tuning)
        pauses = 0
        while True:
            try:
                next(thinking)
                pauses += 1
            except StopIteration as done:
                assert done.value == Take(2), level
                break
        assert pauses >= 3, level


def test_a_long_rollout_is_sliced_inside_the_iteration():
    state = nim_with_heap(3000, max_take=2)  # one rollout is ~2000 steps
    search = Search(state, seed=1, budget_ms=None, iterations=3, slice_ms=1)
    yields = sum(1 for _ in search.run())
    assert yields >= 3


@pytest.mark.parametrize(
    "tuning",
    [
        {"expand_policy": True},
        {"blend": 0.3},
        {"rollout_limit": 2},
        {"rollout": _any_legal},
        {"horizon": _next_turn},
        {"normal_share": 0.2, "root_samples": 4, "root_policy": _any_legal},
        {"paired": True},
        {"paired": True, "normal_margin": 0.05, "root_samples": 4, "root_policy": _any_legal},
    ],
)
@pytest.mark.parametrize("game", ["quicknim", "tricks"])
def test_search_options_keep_the_choice_legal_and_reproducible(game, tuning):
    state = new_game(game, seed=5, players=3)
    first = choose_action(state, level="hard", seed=9, iterations=120, **tuning)
    assert first in state.legal_actions()
    assert choose_action(state, level="hard", seed=9, iterations=120, **tuning) == first


def test_a_strongly_favoured_normal_move_is_kept_and_candidates_narrow_the_root():
    state = new_game("tricks", seed=8, players=3)
    normal = choose_action(state, level="normal", seed=2)
    assert choose_action(state, level="hard", seed=2, iterations=100, normal_share=100.0) == normal
    assert not list(think(state, level="hard", seed=2, iterations=100, plays_normal=True, slice_ms=0.0))  # no search
    search = Search(state, seed=1, budget_ms=None, iterations=60, candidates=state.legal_actions()[:2])
    for _ in search.run():
        pass
    assert set(search.root.children) <= set(state.legal_actions()[:2])


def test_a_horizon_stops_rollouts_when_it_is_reached():
    state = nim_with_heap(3000, max_take=2)
    steps = []

    def counted(world, rng):
        steps.append(world.current_player())
        return _any_legal(world, rng)

    search = Search(state, SearchOptions(horizon=_next_turn, rollout=counted), seed=1, budget_ms=None, iterations=20)
    for _ in search.run():
        pass
    assert search.done == 20 and 0 < len(steps) <= 20  # rollouts of one step at most, not ~2000


def _lowest(world, k, legal):
    """Candidates: the ``k`` lowest actions (by text)."""
    return sorted(legal, key=str)[:k]


LOWEST_TWO = SearchOptions(prune=2, candidates=_lowest)


def _tree_nodes(node):
    """(parent, child) for every node below ``node``."""
    for child in node.children.values():
        yield node, child
        yield from _tree_nodes(child)


def _tree_actions(node):
    for action, child in node.children.items():
        yield node, action
        yield from _tree_actions(child)


@pytest.mark.parametrize("game", ["quicknim", "tricks"])
def test_prune_narrows_every_node_to_the_games_candidates(game):
    state = new_game(game, seed=3, players=2)
    search = Search(state, LOWEST_TWO, seed=1, budget_ms=None, iterations=200)
    for _ in search.run():
        pass
    assert len(state.legal_actions()) > 2
    assert set(map(str, search.root.children)) == set(sorted(map(str, state.legal_actions()))[:2])
    if game == "quicknim":  # perfect information: every node has one world's legal actions
        seen = list(_tree_actions(search.root))
        assert len(seen) > 10
        assert all(len(node.children) <= 2 for node, _ in seen)


@pytest.mark.parametrize("game", ["quicknim", "tricks"])
def test_paired_tries_every_root_action_in_each_world(game):
    state = new_game(game, seed=4, players=3)
    legal = state.legal_actions()
    search = Search(state, SearchOptions(paired=True), seed=2, budget_ms=None, iterations=7 * len(legal))
    for _ in search.run():
        pass
    assert search.root_actions == legal
    assert [search.root.children[a].visits for a in legal] == [7] * len(legal)
    assert search.best_action() in legal


def test_paired_root_is_the_candidates_and_a_favoured_move_is_kept():
    state = new_game("tricks", seed=8, players=3)
    legal = state.legal_actions()
    search = Search(state, SearchOptions(paired=True, normal_margin=100.0), seed=1, budget_ms=None, iterations=40,
                    candidates=legal[1:3], favoured=legal[-1])
    for _ in search.run():
        pass
    assert search.root_actions == [legal[1], legal[2], legal[-1]]
    assert set(search.root.children) == set(search.root_actions)
    assert search.best_action() == legal[-1]


def test_paired_root_adds_the_games_candidates_in_the_first_world():
    state = new_game("quicknim", seed=3, players=2)
    search = Search(state, replace(LOWEST_TWO, paired=True), seed=1, budget_ms=None, iterations=30)
    for _ in search.run():
        pass
    assert list(map(str, search.root_actions)) == sorted(map(str, state.legal_actions()))[:2]


class _Counted:
    """A rollout policy and a world sampler that count their calls."""

    calls = {"quiet": 0, "draw": 0}

    @classmethod
    def quiet(cls, world, rng):
        cls.calls["quiet"] += 1
        legal = world.legal_actions()
        return legal[0]

    @classmethod
    def deals(cls, state, seat):
        def draw(rng):
            cls.calls["draw"] += 1
            return state.sample_world(seat, rng)
        return draw


def test_a_rollout_policy_and_world_sampler_are_used_when_given():
    state = new_game("tricks", seed=6, players=3)
    _Counted.calls.update(quiet=0, draw=0)
    finish(Search(state, seed=1, budget_ms=None, iterations=30).run())
    assert _Counted.calls == {"quiet": 0, "draw": 0}
    runs = []
    for _ in range(2):
        search = Search(state, SearchOptions(rollout=_Counted.quiet, sampler=_Counted.deals), seed=1,
                        budget_ms=None, iterations=30)
        finish(search.run())
        runs.append(search.stats())
    assert _Counted.calls["draw"] == 60 and _Counted.calls["quiet"] > 0
    assert runs[0] == runs[1]
