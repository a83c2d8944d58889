"""The shared state API, driven through the toy Nim game."""

import json
import random

import pytest

import pyapp

from pyapp.engine import IllegalMoveError
from pyapp.games import game_class, load, new_game


def test_new_game_validates_name_players_and_options():
    with pytest.raises(ValueError, match="unknown game"):
        new_game("nope", seed=1, players=2)
    with pytest.raises(ValueError, match="played by 2, 3 players"):
        new_game("nim", seed=1, players=4)
    with pytest.raises(ValueError, match="unknown option"):
        new_game("nim", seed=1, players=2, colour="red")
    with pytest.raises(ValueError, match="must be int"):
        new_game("nim", seed=1, players=2, max_take="3")
    with pytest.raises(ValueError, match="seed must be an integer"):
        new_game("nim", seed="1", players=2)


def test_play_to_the_end_and_report_winner():
    state = new_game("nim", seed=3, players=2, max_take=2)
    assert state.current_player() == 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert state.current_player() == -1
    assert state.legal_actions() == []
    assert len(state.winners()) == 1
    assert sum(state.returns()) == pytest.approx(1.0)


def test_illegal_move_raises_and_changes_nothing():
    state = new_game("nim", seed=3, players=2, max_take=2)
    before = state.to_save(), state.observation(0)
    with pytest.raises(IllegalMoveError, match="take3 is not a legal move"):
        state.apply_action("take3")
    assert (state.to_save(), state.observation(0)) == before
    assert issubclass(IllegalMoveError, ValueError)
    assert pyapp.IllegalMoveError is IllegalMoveError


def test_parse_action_round_trips_text():
    state = new_game("nim", seed=1, players=2)
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action
    with pytest.raises(ValueError):
        state.parse_action("grab all")


def test_undo_restores_the_exact_previous_state():
    state = new_game("nim", seed=9, players=3)
    snapshots = []
    while not state.is_terminal():
        snapshots.append((state.to_save(), state.observation(0), state.current_player()))
        state.apply_action(state.legal_actions()[0])
    while snapshots:
        state.undo()
        assert (state.to_save(), state.observation(0), state.current_player()) == snapshots.pop()
    with pytest.raises(IndexError):
        state.undo()


def test_clone_is_independent():
    state = new_game("nim", seed=5, players=2)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state.history == ()
    assert len(copy.history) == 1


def test_seed_decides_the_setup_and_is_the_only_randomness():
    random.seed(0)
    first = new_game("nim", seed=42, players=2)
    random.seed(1)
    again = new_game("nim", seed=42, players=2)
    assert first.heap == again.heap
    heaps = {new_game("nim", seed=s, players=2).heap for s in range(40)}
    assert len(heaps) > 3


def test_observation_is_json_and_per_seat():
    state = new_game("nim", seed=2, players=2)
    obs = [state.observation(seat) for seat in range(2)]
    assert json.loads(json.dumps(obs)) == obs
    assert obs[0]["mood"] == state.moods[0] and obs[1]["mood"] == state.moods[1]


def test_game_class_lookup():
    assert game_class("nim").GAME == "nim"


def test_save_round_trip_mid_game():
    state = new_game("nim", seed=11, players=3, max_take=4)
    for _ in range(3):
        state.apply_action(state.legal_actions()[1])
    save = json.loads(json.dumps(state.to_save()))
    assert save["format"] == 1 and save["game"] == "nim" and save["seed"] == 11
    assert save["options"] == {"max_take": 4} and save["players"] == 3
    again = load(save)
    assert again.to_save() == state.to_save()
    assert again.observation(1) == state.observation(1)


def test_every_game_declares_its_type():
    from pyapp.engine import Chance, Information

    kinds = {name: game_class(name).TYPE for name in ("triad", "dyad", "dieci")}
    assert kinds["triad"].information is Information.PERFECT and kinds["triad"].chance is Chance.DETERMINISTIC
    for name in ("dyad", "dieci"):
        assert kinds[name].information is Information.IMPERFECT and kinds[name].chance is Chance.SAMPLED


def test_a_game_must_declare_its_type_and_hidden_information_needs_worlds():
    from pyapp.engine import Chance, GameType, Information, State

    with pytest.raises(TypeError, match="must declare TYPE"):
        type("Untyped", (State,), {"GAME": "untyped"})
    with pytest.raises(TypeError, match="must rebuild worlds"):
        type("Blind", (State,), {"GAME": "blind", "TYPE": GameType(Information.IMPERFECT, Chance.SAMPLED)})


def test_a_clone_copies_its_declared_fields():
    from tests.toy_games import NimState

    state = new_game("nim", seed=1, players=2)
    copy = state.clone()
    copy.step(copy.legal_actions()[0])
    assert copy.taken != state.taken and state.history == () and type(copy) is NimState
