"""A game built at a given position (``State.at_position``): refused when inconsistent, played on to its end."""

from __future__ import annotations

import importlib

import pytest

from pyapp import demos
from pyapp.games.testing import position_sim_test
from pyapp.games import dieci, dyad, triad
from tests.toy_games import NimState

DYAD = {"hands": [["6S", "4S", "7D"], ["5S", "2S", "7H", "3H"], ["3S", "7C", "6H"]]}
DIECI = {
    "hands": [["QR", "9G"], ["9R", "TB"], ["8B", "AG"]], "trump_card": "JB",
    "face_up": ["R4", "G8", "Y3"], "char_deck": ["P6", "B2"], "claimed": [["R2"], [], []], "taken": [3, 0, 0],
}

POSITIONS = [
    pytest.param(dyad.STATE, DYAD, {}, id="dyad-3"),
    pytest.param(dyad.STATE, {"hands": [["7D", "6D", "4C", "2C"], ["5D", "2H"], ["7C", "3S", "5S", "6S"]],
                              "leader": 1, "trick": ["5H+4H"], "tricks_left": 2, "ciphers": [False, True, False],
                              "totals": [12, 30, 0]}, {"cipher": True}, id="dyad-3-cipher-trick"),
    pytest.param(dyad.STATE, {"hands": [["9S", "8S"], ["7S", "3D"], ["9H", "2C"], ["4H", "5H"]]},
                 {"teams": True}, id="dyad-4-teams"),
    pytest.param(dieci.STATE, DIECI, {}, id="dieci-3"),
    pytest.param(dieci.STATE, {**DIECI, "hands": [["QR"], ["9R", "TB"], ["8B", "AG"]], "trick": ["9G"], "leader": 0},
                 {}, id="dieci-3-trick"),
]


@pytest.mark.parametrize("cls, position, options", POSITIONS)
def test_a_state_at_a_position_plays_on_to_the_end(cls, position, options):
    start = cls.at_position(position, players=len(position["hands"]), seed=5, **options)
    assert start.start == position and start.history == ()
    report = position_sim_test(start, sims=4, seed=3)
    assert report.games == 4 and report.actions > 4 * len(position["hands"])


def test_the_position_is_where_the_game_starts():
    state = dyad.STATE.at_position({**DYAD, "leader": 2, "totals": [5, 0, 7]}, players=3)
    obs = state.observation(2)
    assert obs["hand"] == ["3S", "6H", "7C"] and obs["hand_counts"] == [3, 4, 3]
    assert (state.current_player(), obs["totals"]) == (2, [5, 0, 7])
    assert len(obs["set_aside"]) == 24 - 10 and "7S" in obs["set_aside"] and "7D" not in obs["set_aside"]
    state.apply_action("7C+6H")
    assert state.undo() and state.observation(2) == obs
    game = dieci.STATE.at_position(DIECI, players=3, seed=1)
    view = game.observation(0)
    assert view["face_up"] == ["R4", "G8", "Y3"] and view["char_deck"] == 2 and view["claimed"][0] == ["R2"]
    assert game.score_parts(0)["cards"] == 3 and game.current_player() == 0


def test_a_scoring_position_is_over():
    state = dieci.STATE.at_position({"hands": [[], []], "trump_card": "AR", "claimed": [["R2", "R8"], []],
                                     "taken": [12, 0], "goals": [4, None]}, players=2)
    assert state.is_terminal() and state.current_player() == -1 and state.goals[0] == 4
    assert state.score_parts(0) == {"cards": 12, "goal": 1, "characters": -6, "matches": 1, "total": 7}


def test_a_game_at_a_position_has_no_save():
    with pytest.raises(ValueError, match="no save"):
        dyad.STATE.at_position(DYAD, players=3).to_save()


DYAD_REFUSED = [
    ({"hands": DYAD["hands"][:2]}, {}, "one entry per seat"),
    ({"hands": [["6S", "4S"], ["6S", "2S"], ["5S", "3S"]]}, {}, "6S is in the position twice"),
    ({"hands": [["6S", "4S"], ["5S", "2S"], ["8S", "3S"]]}, {}, "not a Dyad card|not in the deck"),
    ({"hands": [["6S", "4S"], ["5S", "2S"], ["3S"]]}, {}, "seat 2 holds 1 cards, too few for 1 more pairs"),
    ({**DYAD, "tricks_left": 2}, {}, "seat 0 holds 3 cards, too few for 2"),
    ({**DYAD, "tricks_left": 5}, {}, "1 to 4 tricks left"),
    ({"hands": [["7D"], ["5S", "2S"], ["3S", "7C", "6H"]], "trick": ["6S+4S", "7H+3H"]}, {},
     "seat 1 could not play 7H\\+3H after 6S\\+4S"),
    ({"hands": [["7D"], ["5S", "2S"], ["7C"]], "trick": ["6S+4S", "7H+3H", "3S+6H"]}, {}, "fewer pairs than players"),
    ({"hands": [["7D", "6S"], ["5S", "2S", "7H", "3H"], ["3S", "7C", "6H"]], "trick": ["6S+4S"]}, {},
     "6S is in the position twice"),
    ({**DYAD, "leader": 3}, {}, "the leader is a seat"),
    ({**DYAD, "ciphers": [True, False, False]}, {}, "Cipher option is off"),
    ({**DYAD, "totals": [50, 0, 0]}, {}, "already ended the game"),
    ({**DYAD, "hand": []}, {}, "unknown: hand"),
]


@pytest.mark.parametrize("position, options, message", DYAD_REFUSED)
def test_dyad_refuses_an_inconsistent_position(position, options, message):
    with pytest.raises(ValueError, match=message):
        dyad.STATE.at_position(position, players=3, **options)


DIECI_REFUSED = [
    ({**DIECI, "hands": [["QR", "9G"], ["QR", "TB"], ["8B", "AG"]]}, "QR is in the position twice"),
    ({**DIECI, "trump_card": "QR"}, "QR is in the position twice"),
    ({**DIECI, "hands": [["QR", "9G"], ["9R"], ["8B", "AG"]]}, "seat 1 holds 1 cards, not 2"),
    ({**DIECI, "hands": [["QR"], ["9R", "TB"], ["8B", "AG"]], "trick": ["9G"], "leader": 1}, "seat 0 holds 1 cards"),
    ({**DIECI, "hands": [["QR"], ["AG"], ["8B", "9R"]], "trick": ["9G", "TB"]}, "could not play TB after 9G"),
    ({**DIECI, "face_up": ["R4", "G8", "Y3", "B4"]}, "up to three face-up"),
    ({**DIECI, "char_deck": ["R4"]}, "every character at most once"),
    ({**DIECI, "goals": [1, 1, None]}, "goal cards are different"),
    ({**DIECI, "hands": [[], [], []]}, "a new deal is due"),
    ({**DIECI, "taken": [-1, 0, 0]}, "cards taken are whole numbers"),
    ({**DIECI, "trick": ["AR", "KR", "TR"]}, "fewer cards than players"),
    ({"hands": DIECI["hands"]}, "needs trump_card"),
]


@pytest.mark.parametrize("position, message", DIECI_REFUSED)
def test_dieci_refuses_an_inconsistent_position(position, message):
    with pytest.raises(ValueError, match=message):
        dieci.STATE.at_position(position, players=3)


def test_a_game_without_positions_refuses_one():
    with pytest.raises(ValueError, match="cannot start at a given position"):
        NimState.at_position({}, players=2)


def _board(*rows: str) -> str:
    lines = [". . . . . . . ."] * 8
    lines[3] = lines[4] = ". . . # # . . ."
    for number, row in enumerate(rows):
        lines[number] = row
    return "\n".join(lines)


TRIAD = _board("a a b . . . . .", "b ab . . . . . .")


@pytest.mark.parametrize("players, options", [(2, {}), (4, {"first": 1}), (2, {"children": True})])
def test_a_triad_position_plays_on_to_the_end(players, options):
    board = TRIAD if not options.get("first") else _board("a a b . . . . .", "b ab b . . . . .")
    start = triad.STATE.at_position({"board": board, "scores": [3, 0]}, players=players, **options)
    assert start.placed == ([3, 4] if options.get("first") else [3, 3])
    assert start.scores()[0] == 3
    position_sim_test(start, sims=2, seed=2, deep=0.05)


@pytest.mark.parametrize("position, message", [
    ({"board": _board("a b b . . . . .")}, "side A starts"),
    ({"board": _board("a a a . . . . .", "aaa aaa aaa aaa aaa aaa aaa aaa", "aaa aaa aaa aaa aaa aaa aaa aaa")},
     "30 pieces, not 51"),
    ({"board": TRIAD, "scores": [4, 0]}, "three points per triad"),
    ({"board": TRIAD, "scores": [3, 0, 0]}, "three points per triad"),
    ({"board": "a b"}, "a board is 8 lines"),
    ({"board": TRIAD, "turn": 1}, "unknown: turn"),
])
def test_triad_refuses_an_inconsistent_position(position, message):
    with pytest.raises(ValueError, match=message):
        triad.STATE.at_position(position, players=2)


@pytest.mark.parametrize("demo", [d for game in ("dyad", "dieci") for d in demos.demos(game)], ids=lambda d: d.key)
def test_every_rules_demo_starts_at_a_position_that_plays_on(demo):
    start = importlib.import_module(f"pyapp.demos.{demo.game}").start(demo.setup)
    assert start.start is not None
    position_sim_test(start, sims=2, seed=11, deep=0.1)
