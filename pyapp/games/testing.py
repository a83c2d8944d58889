"""One conformance check for every game: random play through the public API (our ``random_sim_test``).

:func:`random_sim_test` plays random games of a game, in every player count
and option combination it accepts, and checks at every position what any
game must keep true: declared fields, legal actions that are distinct and
parse back from their text, observations that are JSON, copies that are equal
and independent, sampled worlds that agree with what the acting seat knows,
saves that replay to the same game, undo that restores, and an end.  A new
game gets it for free; the tests and ``bench/soak.py`` run it.

>>> report = random_sim_test("triad", sims=2, seed=1, values={"first": (0, 1)})
>>> report.games, report.actions >= 120
(2, True)
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pyapp.engine import fields
from pyapp.engine.state import State
from pyapp.games import MAX_ACTIONS, game_class, load, new_game


class ConformanceError(AssertionError):
    """A game broke an invariant; the message says which game, seed and action."""


@dataclass
class SimReport:
    """What :func:`random_sim_test` played: games, actions and positions checked deeply."""

    games: int = 0
    actions: int = 0
    deep: int = 0


def configurations(game: str, values: Mapping[str, Iterable[Any]] | None = None) -> list[tuple[int, dict[str, Any]]]:
    """Every (player count, options) the game accepts.

    A bool option takes both values; another option the ``values`` given for
    it, else just its default.  Combinations ``check_options`` refuses are left out.
    """
    cls = game_class(game)
    names = sorted(cls.OPTIONS)
    extra = values or {}

    def choices(name: str) -> tuple[Any, ...]:
        default = cls.OPTIONS[name]
        return (False, True) if isinstance(default, bool) else tuple(extra.get(name, (default,)))

    found = []
    for players in cls.PLAYERS:
        for combination in itertools.product(*(choices(name) for name in names)):
            options = dict(zip(names, combination))
            try:
                cls.check_options(players, options)
            except ValueError:
                continue
            found.append((players, options))
    return found


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def _record(state: State) -> Any:
    """What replays ``state``: its save, or for a game started at a position, that position and the actions."""
    if state.start is None:
        return state.to_save()
    return state.start, state.seed, state.options, [str(action) for action in state.history]


def assert_same(a: State, b: State) -> None:
    """Two states a player could not tell apart: save, turn, legal actions, scores, every observation."""
    _check(_record(a) == _record(b), "saves differ")
    _check(a.current_player() == b.current_player(), "turn differs")
    _check([str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()], "legal actions differ")
    _check(a.scores() == b.scores() and a.winners() == b.winners(), "scores differ")
    for seat in range(a.players):
        _check(a.observation(seat) == b.observation(seat), f"observation of seat {seat} differs")


def check_position(state: State) -> None:
    """The cheap invariants, for every position."""
    wrong = fields.mismatch(state.FIELDS, vars(state))
    _check(not wrong, f"the state's attributes do not match its FIELDS: {wrong}")
    legal = state.legal_actions()
    seat = state.current_player()
    if state.is_terminal():
        _check(legal == [] and seat == -1, "a finished game still has a player to act or legal actions")
    else:
        _check(0 <= seat < state.players and bool(legal), "a game in play has no seat to act or no legal action")
    _check(len(set(legal)) == len(legal), "legal actions repeat")
    for action in legal:
        _check(state.parse_action(str(action)) == action, f"{action} does not parse back from its text")
    for viewer in range(state.players):
        json.dumps(state.observation(viewer))
        _check(0 <= state.undo_floor(viewer) <= len(state.history), "undo_floor is outside the history")


def random_position(game: str, *, seed: int, players: int, moves: int, **options: Any) -> State:
    """A seeded game after ``moves`` uniformly random actions (fewer if it ends first).

    >>> random_position("triad", seed=1, players=2, moves=3).moves
    3
    """
    state = new_game(game, seed=seed, players=players, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.step(legal[rng.randrange(len(legal))])
    return state


def _play_out(state: State, rng: random.Random) -> None:
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.step(legal[rng.randrange(len(legal))])
    raise ConformanceError(f"the game does not end within {MAX_ACTIONS} actions")


def check_deeply(state: State, rng: random.Random) -> None:
    """The costly invariants: copies, worlds, save and load, undo."""
    before = _record(state), [state.observation(seat) for seat in range(state.players)]
    twin = state.clone()
    assert_same(twin, state)
    _play_out(twin, random.Random(rng.random()))
    _check((_record(state), [state.observation(seat) for seat in range(state.players)]) == before,
           "playing on a clone changed the original")
    if state.start is None:
        assert_same(load(json.loads(json.dumps(state.to_save()))), state)
    else:
        assert_same(state.replay(list(state.history)), state)
    if state.is_terminal():
        return
    seat = state.current_player()
    world = state.sample_world(seat, random.Random(rng.random()))
    _check(not fields.mismatch(world.FIELDS, vars(world)), "a sampled world does not match FIELDS")
    _check(world.current_player() == seat and world.legal_actions() == state.legal_actions(),
           "a sampled world disagrees with what the acting seat knows (turn or legal actions)")
    if state.TYPE.perfect_information:
        assert_same(world, state)
    _play_out(world, random.Random(rng.random()))
    action = rng.choice(state.legal_actions())
    held = before[1]
    kept = copy.deepcopy(held)
    state.apply_action(action)
    _check(held == kept, "an observation changed after it was returned: it shares the game's own data")
    _check(state.undo() == action, "undo did not return the last action")
    _check((_record(state), [state.observation(s) for s in range(state.players)]) == before,
           "undo did not restore the position")


def check_end(state: State) -> None:
    """A finished game has winners, a score per seat and returns that share one point."""
    _check(bool(state.winners()) and len(state.scores()) == state.players, "a finished game has no winner")
    _check(abs(sum(state.returns()) - 1.0) < 1e-9, "the winners' returns do not add up to 1")


def play_one(game: str, players: int, options: dict[str, Any], seed: int, deep: float, report: SimReport) -> None:
    """One random game, checked at every position (deeply at a ``deep`` share of them)."""
    rng = random.Random(seed)
    state = new_game(game, seed=rng.randrange(2**53), players=players, **options)
    play_checked(state, rng, deep, report)


def play_checked(state: State, rng: random.Random, deep: float, report: SimReport) -> None:
    """Play ``state`` on to its end with random actions from ``rng``, checked at every position."""
    check_deeply(state, rng)
    report.deep += 1
    while not state.is_terminal():
        _check(len(state.history) < MAX_ACTIONS, f"the game does not end within {MAX_ACTIONS} actions")
        check_position(state)
        if rng.random() < deep:
            check_deeply(state, rng)
            report.deep += 1
        state.apply_action(rng.choice(state.legal_actions()))
        report.actions += 1
    check_position(state)
    check_deeply(state, rng)
    check_end(state)
    report.deep += 1
    report.games += 1


def random_sim_test(game: str, *, sims: int, seed: int = 0, deep: float = 0.05,
                    values: Mapping[str, Iterable[Any]] | None = None) -> SimReport:
    """Play ``sims`` random games of ``game``, cycling over its :func:`configurations`.

    Raises :class:`ConformanceError` (naming the game, configuration and seed)
    at the first broken invariant; returns what was played.
    """
    configs = configurations(game, values)
    report = SimReport()
    for number in range(sims):
        players, options = configs[number % len(configs)]
        game_seed = seed * 1_000_003 + number
        try:
            play_one(game, players, options, game_seed, deep, report)
        except ConformanceError as error:
            raise ConformanceError(f"{game} players={players} options={options} seed={game_seed}: {error}") from error
    return report


def position_sim_test(start: State, *, sims: int, seed: int = 0, deep: float = 0.2) -> SimReport:
    """Play ``sims`` random games on from ``start`` (a game built with ``State.at_position``).

    The same checks as :func:`random_sim_test`, replaying from the position where
    that one loads a save; ``ConformanceError`` names the game number.
    """
    report = SimReport()
    for number in range(sims):
        try:
            play_checked(start.clone(), random.Random(seed * 1_000_003 + number), deep, report)
        except ConformanceError as error:
            raise ConformanceError(f"{start.GAME} from {start.start} game {number}: {error}") from error
    return report


__all__ = ["ConformanceError", "SimReport", "assert_same", "check_deeply", "check_end", "check_position",
           "configurations", "play_one", "random_position", "random_sim_test"]
