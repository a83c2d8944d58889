"""Every game's observation matches the type it declares in ``pyapp/games/<game>/view.py``, and its screen reads
only declared keys.

Random games of every configuration are played; at every position each seat's
observation is checked against the declared ``TypedDict`` (no undeclared key,
no required key missing, each value of its declared shape, nested types too).
The screens are then drawn on the fake DOM from observations that record every
key read (nested ones included), and each read is looked up in the declaration.
"""

from __future__ import annotations

import functools
import importlib
import random
import types
import typing
from typing import Any

import pytest

from pyapp.games.testing import configurations
from pyapp.games import NAMES, new_game
from tests import fake_dom

SEED = 1
DRAWN_EVERY = 4
"""The screens draw every fourth position and every first one of a phase (drawing is the test's cost)."""
LIST = "[]"
"""The step of a path into a list's items (``trick[].pair``)."""


def declared(game: str) -> type:
    return importlib.import_module(f"pyapp.games.{game}.view").Observation


@functools.cache
def keys_of(hint: type) -> dict[str, Any]:
    """A TypedDict's keys and their types (``NotRequired`` taken off)."""
    return typing.get_type_hints(hint)


def mismatches(value: Any, hint: Any, path: str = "") -> list[str]:
    """Where ``value`` differs from the type ``hint`` (a TypedDict, list, union, None or scalar), as paths."""
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__}, not a {hint.__name__}"]
        hints = keys_of(hint)
        found = [f"{path}.{key}: undeclared" for key in value if key not in hints]
        found += [f"{path}.{key}: missing" for key in hint.__required_keys__ if key not in value]
        for key, item in value.items():
            if key in hints:
                found += mismatches(item, hints[key], f"{path}.{key}")
        return found
    origin = typing.get_origin(hint)
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__}, not a list"]
        (item,) = typing.get_args(hint)
        return [problem for element in value for problem in mismatches(element, item, path + LIST)]
    if origin in (types.UnionType, typing.Union):
        options = [mismatches(value, option, path) for option in typing.get_args(hint)]
        return [] if any(not found for found in options) else min(options, key=len)
    if hint is type(None):
        return [] if value is None else [f"{path}: {value!r}, not None"]
    if type(value) is not hint:  # exact: a bool is not an int here
        return [f"{path}: {type(value).__name__}, not {hint.__name__}"]
    return []


def declared_at(hint: Any, path: str) -> bool:
    """Whether the read ``path`` (``.trick[].pair``) names a declared key of ``hint``."""
    for step in [s for s in path.replace(LIST, "." + LIST).split(".") if s]:
        while typing.get_origin(hint) in (types.UnionType, typing.Union):
            (hint,) = [option for option in typing.get_args(hint) if option is not type(None)][:1] or (None,)
        if step == LIST:
            if typing.get_origin(hint) is not list:
                return False
            (hint,) = typing.get_args(hint)
        elif typing.is_typeddict(hint):
            hints = keys_of(hint)
            if step not in hints:
                return False
            hint = hints[step]
        else:
            return False
    return True


class Recorded(dict):
    """A dict that adds the path of every key read (``[]``, ``get``, ``in``) to ``reads``; what it gives is recorded too."""

    def __init__(self, value: dict[str, Any], path: str, reads: set[str]) -> None:
        super().__init__(value)
        self.path, self.reads = path, reads

    def _read(self, key: str) -> str:
        self.reads.add(f"{self.path}.{key}")
        return f"{self.path}.{key}"

    def __getitem__(self, key: str) -> Any:
        return recorded(super().__getitem__(key), self._read(key), self.reads)

    def get(self, key: str, default: Any = None) -> Any:
        path = self._read(key)
        return recorded(super().__getitem__(key), path, self.reads) if key in self.keys() else default

    def __contains__(self, key: object) -> bool:
        self._read(str(key))
        return super().__contains__(key)

    def items(self) -> Any:
        return [(key, self[key]) for key in self.keys()]

    def values(self) -> Any:
        return [self[key] for key in self.keys()]


class RecordedList(list):
    """A list whose items are recorded as the path's ``[]`` step."""

    def __init__(self, value: list[Any], path: str, reads: set[str]) -> None:
        super().__init__(value)
        self.path, self.reads = path, reads

    def __getitem__(self, index: Any) -> Any:
        item = super().__getitem__(index)
        if isinstance(index, slice):
            return RecordedList(item, self.path, self.reads)
        return recorded(item, self.path + LIST, self.reads)

    def __iter__(self) -> Any:
        return (recorded(item, self.path + LIST, self.reads) for item in super().__iter__())


def recorded(value: Any, path: str, reads: set[str]) -> Any:
    if isinstance(value, dict):
        return Recorded(value, path, reads)
    if isinstance(value, list):
        return RecordedList(value, path, reads)
    return value


# -- what observation() produces --------------------------------------------------------


def positions(game: str, players: int, options: dict[str, Any], seed: int):
    """Every position of a random game, start and end included."""
    state = new_game(game, seed=seed, players=players, **options)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.step(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game", NAMES)
def test_every_observation_of_random_games_is_of_its_declared_type(game):
    hint = declared(game)
    public = getattr(importlib.import_module(f"pyapp.games.{game}.view"), "PublicView", None)
    problems: set[str] = set()
    count = 0
    for players, options in configurations(game):
        for index, state in enumerate(positions(game, players, options, SEED)):
            for seat in {max(state.current_player(), 0), index % players}:  # the seat to act and one other
                problems.update(mismatches(state.observation(seat), hint))
                if public is not None:  # what a world is rebuilt from
                    problems.update("public" + p for p in mismatches(state.public_view(seat), public))
                count += 1
    assert count > 200
    assert sorted(problems) == []


def test_the_check_catches_an_undeclared_key_a_missing_one_and_a_wrong_type():
    from pyapp.games.triad.view import SideScore

    assert mismatches({"phase1": 1, "phase2": 2, "total": 3}, SideScore) == []
    assert mismatches({"phase1": 1, "phase2": 2, "total": 3, "bonus": 0}, SideScore) == [".bonus: undeclared"]
    assert mismatches({"phase1": 1, "total": 3}, SideScore) == [".phase2: missing"]
    assert mismatches({"phase1": True, "phase2": 2, "total": 3}, SideScore) == [".phase1: bool, not int"]
    assert mismatches([1, None, "x"], list[int | None]) == ["[]: str, not int"]


# -- what the screens read --------------------------------------------------------------


def screen_reads(game: str, module: Any) -> set[str]:
    """Every key the screen reads while drawing random games of every configuration, positions as their
    acting seat sees them (seat 0 at the end), with the motions and words from the position before."""
    from pyapp.play import Seat

    reads: set[str] = set()
    screen = module.UI
    summary_key = getattr(screen, "summary_key", lambda obs: None)  # only the card games wait for summaries
    for players, options in configurations(game):
        before = None
        for index, state in enumerate(positions(game, players, options, SEED)):
            viewer = max(state.current_player(), 0)
            obs = recorded(state.observation(viewer), "", reads)
            seats = [Seat(f"P{i}", "person" if i == viewer else "normal") for i in range(players)]
            legal = state.legal_actions() if state.current_player() == viewer else []
            waiting = summary_key(obs) is not None
            if index % DRAWN_EVERY == 0 or before is None or before["phase"] != obs["phase"] or waiting:
                ctx = module.TableContext(observation=obs, viewer=viewer, legal=legal, seats=seats,
                                          act=lambda action: None, dismiss=(lambda: None) if waiting else None)
                screen.render(ctx)
                screen.selected_action(legal)
            screen.motions(before, obs)
            screen.announcements(before, obs)
            before = obs
    return reads


@pytest.mark.parametrize("game", NAMES)
def test_each_screen_reads_only_declared_keys(game):
    with fake_dom.ui_loaded(f"pyapp.ui.games.{game}") as module:
        reads = screen_reads(game, module)
    hint = declared(game)
    assert len(reads) > 30
    assert sorted(path for path in reads if not declared_at(hint, path)) == []


def test_the_recording_sees_nested_reads_and_the_lookup_refuses_undeclared_ones():
    from pyapp.games.dyad.view import Observation

    reads: set[str] = set()
    obs = recorded({"trick": [{"seat": 0, "pair": ["7S", "5S"], "value": 12}], "sheet": []}, "", reads)
    for play in obs["trick"]:
        play["pair"]
    obs.get("last_trick")
    "partner" in obs
    assert reads == {".trick", ".trick[].pair", ".last_trick", ".partner"}
    assert declared_at(Observation, ".trick[].pair") and declared_at(Observation, ".last_trick.plays[].value")
    assert declared_at(Observation, ".partner")
    assert not declared_at(Observation, ".trick[].cards") and not declared_at(Observation, ".nonesuch")
