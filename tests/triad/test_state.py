"""Turns, phases, scoring, options, actions and observations (state.py)."""

import json
import random

import pytest

from pyapp.engine import IllegalMoveError
from pyapp.games import load, new_game
from pyapp.games.triad import PASS, Board, Place, Remove, parse
from tests.triad.test_rules import board_with


def play(game, *texts):
    for text in texts:
        game.apply_action(text)
    return game


def phase2(board, to_move="a", players=2, first=0):
    """A game in Phase 2 at ``board`` with side ``to_move`` to act."""
    game = new_game("triad", seed=0, players=players, first=first)
    game.board = board
    game.placed = [30, 30]
    game.moves = 60 + ((first + (0 if to_move == "a" else 1)) % 2)
    game.over = not (board.has_triad(0) or board.has_triad(1))
    return game


def random_game(seed, players=2, **options):
    game = new_game("triad", seed=seed, players=players, **options)
    rng = random.Random(seed)
    while not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
    return game


# -- set-up and options ----------------------------------------------------------------


def test_options_and_players_are_validated():
    with pytest.raises(ValueError, match="played by 2, 4 players"):
        new_game("triad", seed=1, players=3)
    with pytest.raises(ValueError, match="'first' is the starting side"):
        new_game("triad", seed=1, players=2, first=2)
    with pytest.raises(ValueError, match="must be int"):
        new_game("triad", seed=1, players=2, first="1")
    with pytest.raises(ValueError, match="must be bool"):
        new_game("triad", seed=1, players=2, children=1)


def test_start_empty_board_sixty_placements_open():
    game = new_game("triad", seed=1, players=2)
    assert game.current_player() == 0
    assert len(game.legal_actions()) == 60
    assert all(type(a) is Place for a in game.legal_actions())
    obs = game.observation(0)
    assert obs["phase"] == 1 and obs["pieces_left"] == {"a": 30, "b": 30}
    assert obs["side_to_move"] == "a"


def test_first_option_picks_the_starting_side():
    game = new_game("triad", seed=1, players=2, first=1)
    assert game.current_player() == 1
    play(game, "place 0,0")
    assert game.board.stack(0, 0) == "b"
    assert game.current_player() == 0


def test_teams_take_turns_a1_b1_a2_b2_and_share_pieces_and_score():
    game = new_game("triad", seed=1, players=4)
    seats = []
    for text in ["place 0,0", "place 7,7", "place 0,1", "place 7,6", "place 0,2"]:
        seats.append(game.current_player())
        game.apply_action(text)
    assert seats == [0, 1, 2, 3, 0]
    assert game.board.to_text().split("\n")[0] == "a a a . . . . ."
    assert game.scores() == [3, 0, 3, 0]
    assert game.observation(2)["pieces_left"] == {"a": 27, "b": 28}
    assert game.observation(0)["seat_sides"] == ["a", "b", "a", "b"]


def test_teams_with_side_b_first_start_at_b1():
    game = new_game("triad", seed=1, players=4, first=1)
    seats = []
    for text in ["place 0,0", "place 7,7", "place 0,1", "place 7,6"]:
        seats.append(game.current_player())
        game.apply_action(text)
    assert seats == [1, 2, 3, 0]


# -- Phase 1 ---------------------------------------------------------------------------


def test_place_on_any_cell_below_three_pieces_either_colour():
    game = play(new_game("triad", seed=1, players=2), "place 2,2", "place 2,2", "place 2,2")
    assert game.board.stack(2, 2) == "aba"
    assert Place(2, 2) not in game.legal_actions()
    assert len(game.legal_actions()) == 59
    with pytest.raises(IllegalMoveError):
        game.apply_action("place 2,2")


def test_making_a_triad_scores_three():
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 7,7", "place 1,1", "place 7,6")
    assert game.scores() == [0, 0]
    play(game, "place 2,2")
    assert game.scores() == [3, 0]
    assert game.observation(1)["last"]["points"] == 3


def test_several_triads_in_one_placement_still_score_three():
    game = play(
        new_game("triad", seed=1, players=2),
        "place 0,0", "place 7,7", "place 0,1", "place 7,6", "place 0,3", "place 6,7", "place 0,4", "place 6,6",
    )
    play(game, "place 0,2")  # makes 0,0-0,2, 0,1-0,3 and 0,2-0,4
    assert len(game.board.triads("a")) == 3
    assert game.scores() == [3, 0]
    assert len(game.observation(0)["last"]["triads"]) == 3


def test_placing_on_your_own_triad_scores_again():
    # the piece just placed is part of a triad of its side, even one that was already there
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 7,7", "place 0,1", "place 7,6", "place 0,2")
    assert game.scores() == [3, 0]
    play(game, "place 6,6", "place 0,1")
    assert game.board.stack(0, 1) == "aa"
    assert game.scores() == [6, 0]
    assert game.observation(0)["last"]["triads"] == [[[0, 0], [0, 1], [0, 2]]]
    play(game, "place 2,5", "place 5,0")  # a piece on its own, away from the triad: nothing
    assert game.scores() == [6, 0]


def test_stack_of_three_of_your_side_scores_three():
    game = play(new_game("triad", seed=1, players=2), "place 5,5", "place 0,0", "place 5,5", "place 0,7")
    assert game.scores() == [0, 0]
    play(game, "place 5,5")
    assert game.board.stack(5, 5) == "aaa"
    assert game.phase1 == [3, 0]
    assert game.observation(0)["last"]["triads"] == [[[5, 5]]]


def test_stack_of_mixed_pieces_is_no_triad():
    game = play(new_game("triad", seed=1, players=2), "place 5,5", "place 5,5", "place 5,5")
    assert game.board.stack(5, 5) == "aba"
    assert game.scores() == [0, 0]


def test_placement_that_completes_only_opponents_line_scores_nothing():
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 7,7", "place 0,1", "place 7,6")
    play(game, "place 6,6")  # A places elsewhere
    play(game, "place 0,2")  # B blocks at the end of A's two
    assert game.scores() == [0, 0]
    assert game.board.triads("a") == []


def test_covering_breaks_a_triad_without_losing_points():
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 7,7", "place 0,1", "place 7,6", "place 0,2")
    assert game.scores() == [3, 0]
    play(game, "place 0,1")  # B covers the middle
    assert game.board.triads("a") == []
    assert game.scores() == [3, 0]


def test_phase_one_lasts_sixty_turns_thirty_pieces_each():
    game = new_game("triad", seed=3, players=2)
    rng = random.Random(3)
    for n in range(60):
        assert game.phase == 1
        game.apply_action(rng.choice(game.legal_actions()))
    assert game.board.pieces() == {"a": 30, "b": 30}
    assert game.observation(0)["pieces_left"] == {"a": 0, "b": 0}
    assert game.is_terminal() or game.phase == 2


def test_childrens_game_ends_after_phase_one():
    for seed in range(5):
        game = new_game("triad", seed=seed, players=2, children=True)
        rng = random.Random(seed)
        while not game.is_terminal():
            assert game.phase == 1
            game.apply_action(rng.choice(game.legal_actions()))
        assert game.moves == 60
        assert game.phase2 == [0, 0]


# -- Phase 2 ---------------------------------------------------------------------------


def test_phase_two_starts_with_the_side_that_did_not_place_last():
    for first in (0, 1):
        game = new_game("triad", seed=2, players=2, first=first)
        rng = random.Random(2)
        last_placer = None
        while game.phase == 1:
            last_placer = game.side_to_move()
            game.apply_action(rng.choice(game.legal_actions()))
        if not game.is_terminal():
            assert game.side_to_move() == 1 - last_placer
            assert game.side_to_move() == first


def test_must_remove_when_a_triad_is_removable():
    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a", r7c7="bbb"))
    assert game.legal_actions() == [Remove(((0, 0), (0, 1), (0, 2)), False)]
    with pytest.raises(IllegalMoveError):
        game.apply_action("pass")


def test_removal_scores_emptied_labels_and_reveals_pieces():
    game = phase2(board_with(r0c0="a", r0c1="ba", r0c2="a", r1c1="b", r2c1="b"))
    play(game, "remove 0,0 0,1 0,2")
    assert game.phase2 == [9, 0]  # (0,0)=6 and (0,2)=3 emptied; (0,1) shows its b again
    assert game.board.stack(0, 1) == "b"
    assert len(game.board.triads("b")) == 1  # the revealed b makes a column
    last = game.observation(0)["last"]
    assert last["emptied"] == [[0, 0], [0, 2]]
    assert last["other_triads"] == [[[0, 1], [1, 1], [2, 1]]]


def test_stack_removal_empties_the_cell_and_doubles_its_label():
    game = phase2(board_with(r0c0="aaa", r7c7="b", r7c6="b", r7c5="b"))
    play(game, "remove stack 0,0")
    assert game.board.stack(0, 0) == ""
    assert game.phase2 == [12, 0]


def test_choice_among_several_triads_any_order():
    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a", r0c3="a", r5c5="aaa"))
    assert [str(a) for a in game.legal_actions()] == [
        "remove 0,0 0,1 0,2",
        "remove 0,1 0,2 0,3",
        "remove stack 5,5",
    ]


def test_pass_when_no_removable_triad_and_the_other_side_keeps_moving():
    board = board_with(r0c0="a", r0c1="a", r0c2="a", r7c5="a", r7c6="a", r7c7="a", r4c0="b")
    game = phase2(board, to_move="b")
    assert game.legal_actions() == [PASS]
    play(game, "pass")
    last = game.observation(0)["last"]
    assert last["kind"] == "pass" and last["reason"] == "no_removable_triad" and last["side"] == "b"
    play(game, "remove 0,0 0,1 0,2")
    assert game.legal_actions() == [PASS]
    play(game, "pass", "remove 7,5 7,6 7,7")
    assert game.is_terminal()
    assert game.phase2 == [6 + 3 + 3 + 3 + 3 + 6, 0]


def test_phase_two_ends_when_neither_side_has_a_triad():
    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a", r2c2="b"))
    play(game, "remove 0,0 0,1 0,2")
    assert game.is_terminal()
    assert game.current_player() == -1 and game.legal_actions() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.apply_action("pass")


def test_game_ends_at_once_if_phase_two_has_no_triad():
    from pyapp.games.triad import LABELS

    # Pairs of columns alternate along rows and colours alternate down columns:
    # no three in a line of one colour anywhere, 30 cells of each.
    colour = {(r, c): "ab"[(r + c // 2) % 2] for (r, c) in LABELS}
    order_a = sorted(cell for cell, s in colour.items() if s == "a")
    order_b = sorted(cell for cell, s in colour.items() if s == "b")
    assert len(order_a) == len(order_b) == 30
    game = new_game("triad", seed=0, players=2)
    for a, b in zip(order_a, order_b):
        play(game, f"place {a[0]},{a[1]}", f"place {b[0]},{b[1]}")
    assert game.board.triads("a") == game.board.triads("b") == []
    assert game.is_terminal() and game.moves == 60 and game.scores() == [0, 0]
    assert game.result() == "draw"


# -- end and results -------------------------------------------------------------------


def test_higher_total_wins_and_equal_totals_draw():
    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a"))
    game.phase1 = [0, 15]
    play(game, "remove 0,0 0,1 0,2")  # A scores 12
    assert game.is_terminal() and game.scores() == [12, 15]
    assert game.winners() == [1] and game.result() == "b"
    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a"))
    game.phase1 = [3, 15]
    play(game, "remove 0,0 0,1 0,2")
    assert game.scores() == [15, 15] and game.result() == "draw"
    assert game.winners() == [0, 1] and game.returns() == [0.5, 0.5]


def test_team_winners_are_both_seats_of_the_side():
    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a"), players=4)
    play(game, "remove 0,0 0,1 0,2")
    assert game.winners() == [0, 2]
    assert game.scores() == [12, 0, 12, 0]


def test_end_breakdown_in_observation():
    game = random_game(11)
    obs = game.observation(1)
    for side in "ab":
        part = obs["scores"][side]
        assert part["total"] == part["phase1"] + part["phase2"]
    assert obs["over"] and obs["result"] in ("a", "b", "draw") and obs["turn"] == -1


# -- actions ---------------------------------------------------------------------------


def test_action_texts_round_trip():
    game = random_game(4)
    replay = new_game("triad", seed=4, players=2)
    for action in game.history:
        assert parse(str(action)) == action
        assert replay.parse_action(str(action)) == action
        replay.apply_action(str(action))


@pytest.mark.parametrize(
    "text",
    ["", "place", "place 3,3", "place 8,0", "place a,b", "remove 0,0", "remove 0,0 0,1 0,3", "remove stack 3,4", "jump"],
)
def test_malformed_actions_raise_value_error(text):
    with pytest.raises(ValueError):
        parse(text)


def test_observation_is_json_and_complete():
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 1,1")
    obs = json.loads(json.dumps(game.observation(0)))
    assert obs["board"] == game.board.to_text()
    assert len(obs["cells"]) == 60
    cell = next(c for c in obs["cells"] if (c["row"], c["col"]) == (1, 1))
    assert cell == {"row": 1, "col": 1, "label": 3, "stack": "b", "top": "b", "height": 1}
    assert obs["last"]["kind"] == "place" and obs["last"]["cell"] == [1, 1] and obs["last"]["seat"] == 1
    assert obs["turn"] == 0 and obs["phase"] == 1


def test_undo_floor_is_zero_and_sample_world_is_a_copy():
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 1,1")
    assert game.undo_floor(0) == game.undo_floor(1) == 0
    world = game.sample_world(1, random.Random(1))
    assert world.observation(1) == game.observation(1)
    world.apply_action("place 2,2")
    assert game.moves == 2


def test_save_load_and_undo():
    game = random_game(8)
    again = load(json.loads(json.dumps(game.to_save())))
    assert again.observation(0) == game.observation(0)
    before = game.history[:-1]
    game.undo()
    assert game.history == before


def test_removals_are_listed_by_cells_stacks_first():
    from pyapp.games.triad import policies
    from pyapp.games.triad.state import REMOVALS

    assert list(REMOVALS) == sorted(REMOVALS, key=lambda a: (a.cells, a.stack))
    game = new_game("triad", seed=6, players=2)
    rng = random.Random(6)
    seen = 0
    while not game.is_terminal():
        for s in (0, 1):
            found = game.removals(s)
            assert found == sorted(found, key=lambda a: (a.cells, a.stack))
            assert {(a.cells, a.stack) for a in found} == {(t.cells, t.stack) for t in game.board.side_triads(s)}
            seen += len(found)
        game.step(policies.rollout(game, rng))
    assert seen
