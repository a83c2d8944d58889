"""The computer players return legal, sensible moves."""

import random

import pytest

from pyapp.games import new_game
from pyapp.games.triad import policies
from tests.triad.test_rules import board_with
from tests.triad.test_state import phase2, play


def rnd(world, rng):
    return rng.choice(world.legal_actions())


@pytest.mark.parametrize("name", ["easy", "normal", "rollout"])
def test_policies_play_whole_games_with_legal_moves(name):
    policy = getattr(policies, name)
    for seed, players in ((1, 2), (2, 4)):
        game = new_game("triad", seed=seed, players=players)
        rng = random.Random(seed)
        while not game.is_terminal():
            before = game.observation(0)
            action = policy(game.clone(), rng)
            assert action in game.legal_actions()
            assert game.observation(0) == before
            game.apply_action(action)
            value = policies.evaluate(game, 0)
            assert 0.0 <= value <= 1.0


def test_policies_do_not_change_the_world_they_are_given():
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 7,7", "place 0,1")
    text = game.board.to_text()
    policies.normal(game, random.Random(0))
    assert game.board.to_text() == text
    assert game.board.triads("a") == [] and game.board.made == []


def test_normal_makes_a_triad_when_it_can():
    game = play(new_game("triad", seed=1, players=2), "place 2,0", "place 7,7", "place 2,1", "place 7,0")
    assert str(policies.normal(game, random.Random(0))) == "place 2,2"


def test_normal_blocks_the_opponents_only_threat():
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 5,0", "place 7,7", "place 5,1")
    action = policies.normal(game, random.Random(0))
    assert str(action) in ("place 5,2", "place 5,0", "place 5,1")  # the open end, or covering


def test_normal_prefers_phase_two_labels_late_in_phase_one():
    game = new_game("triad", seed=1, players=2)
    # Late in Phase 1, A can make a triad ending on a 6 or on a 3.
    game.board = board_with(r0c1="a", r0c2="a", r7c1="a", r7c2="a", r5c5="b")
    game.moves = 58
    game.placed = [29, 29]
    action = policies.normal(game, random.Random(0))
    assert str(action) in ("place 0,0", "place 0,3", "place 7,0", "place 7,3")  # all are 6-cells
    assert policies.phase2_value(game.board, 0) == 0


def test_normal_phase_two_takes_the_bigger_removal_when_nothing_follows():
    # two overlapping triads: 0,0-0,2 scores 6+3+3; 0,1-0,3 scores 3+3 and uncovers a b
    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a", r0c3="ba", r7c7="b"))
    assert str(policies.normal(game, random.Random(0))) == "remove 0,0 0,1 0,2"


def test_making_cells_finds_line_ends_and_stacks():
    game = phase2(board_with(r0c0="a", r0c1="a", r2c2="aa", r1c5="bbb"))
    cells = set(policies.making_cells(game.board, 0))
    assert cells == {0 * 8 + 2, 1 * 8 + 1, 2 * 8 + 2}  # row end, diagonal middle, stack


def test_fast_placement_values_equal_the_full_evaluation():
    """Normal's incremental evaluation gives exactly what placing and scoring the whole board gives."""
    from pyapp.games.triad.rules import SIDES, SIZE

    for seed, players in ((0, 2), (1, 2), (2, 4), (3, 4)):
        game = new_game("triad", seed=seed, players=players)
        ones = policies.TEAM_ONES if players == 4 else 0.0
        rng = random.Random(seed)
        while game.moves < 60:
            if game.moves % 7 == 3:
                board = game.board
                s = game.side_to_move()
                progress = (game.moves + 1) / 60
                for value, action in policies.placement_values(game):
                    i = action.row * SIZE + action.col
                    probe = game.clone()
                    probe.apply_action(action)
                    made_now = probe.phase1[s] > game.phase1[s]
                    board.place(i, SIDES[s])
                    full = policies.placement_value(board, s, made_now, progress, ones)
                    board.pop(i)
                    assert value == pytest.approx(full), (game.moves, str(action))
                board.made.clear()
            game.apply_action(policies.rollout(game.clone(), rng))


def test_live_ones_are_lone_pieces_whose_lines_can_still_complete():
    board = board_with(r0c0="b")
    assert policies.live_ones(board, 1) == 3  # its row, column and diagonal
    assert policies.live_ones(board, 0) == 0
    board = board_with(r0c0="b", r0c2="aaa")
    assert policies.live_ones(board, 1) == 2  # the row is dead: (0,2) is a full stack of a
    board = board_with(r0c0="b", r0c1="b")
    assert policies.live_ones(board, 1) == 5  # not the row 0,0-0,2 (twice b); (0,0): 2 lines, (0,1): 3


def test_team_normal_picks_among_its_best_placements_and_is_deterministic():
    game = play(new_game("triad", seed=1, players=4), "place 0,0", "place 7,7", "place 0,1", "place 7,6",
                "place 5,0", "place 6,6", "place 5,1", "place 2,3")
    values = policies.placement_values(game)
    top = {str(a) for _, a in sorted(values, key=lambda va: -va[0])[: policies.TEAM_TOP]}
    picks = [str(policies.normal(game, random.Random(seed))) for seed in range(6)]
    assert set(picks) <= top
    assert picks == [str(policies.normal(game, random.Random(seed))) for seed in range(6)]


def test_team_normal_blocks_a_threat_it_cannot_outscore():
    # B threatens (7,5) and A has nothing: every placement but the block leaves B a triad
    game = play(new_game("triad", seed=1, players=4), "place 0,0", "place 7,7", "place 3,5", "place 7,6")
    assert str(policies.normal(game, random.Random(0))) in ("place 7,5", "place 7,6", "place 7,7")


def test_team_normal_counts_the_other_sides_live_ones():
    game = play(new_game("triad", seed=1, players=4), "place 0,0", "place 2,2")
    solo = play(new_game("triad", seed=1, players=2), "place 0,0", "place 2,2")
    team = dict((str(a), v) for v, a in policies.placement_values(game))
    two = dict((str(a), v) for v, a in policies.placement_values(solo))
    # covering B's piece on (2,2) kills its live ones: only in teams is that worth something
    ones = policies.live_ones(game.board, 1)
    assert team["place 2,2"] - two["place 2,2"] == pytest.approx(0.0)
    assert team["place 6,6"] - two["place 6,6"] == pytest.approx(-policies.TEAM_ONES * ones)


def test_side_chance_is_exact_when_the_game_is_over_and_sums_to_one():
    game = new_game("triad", seed=2, players=4)
    rng = random.Random(2)
    while not game.is_terminal():
        assert policies.side_chance(game, 0) + policies.side_chance(game, 1) == pytest.approx(1.0)
        game.apply_action(policies.rollout(game.clone(), rng))
    a, b = game.side_totals()
    assert policies.side_chance(game, 0) == (1.0 if a > b else 0.0 if a < b else 0.5)


# -- what the hard level's search uses ---------------------------------------------------


def test_scoring_cells_include_a_piece_on_its_own_triad():
    # A's row 0,0-0,2 can take more pieces (scores again) and 0,3 extends it; B's row end 7,2
    board = board_with(r0c0="a", r0c1="a", r0c2="aaa", r7c0="b", r7c1="b")
    assert policies.scoring_cells(board, 0) == {0, 1, 3}
    assert policies.scoring_cells(board, 1) == {7 * 8 + 2}


def test_candidates_are_legal_the_k_best_and_keep_the_scoring_move():
    game = play(new_game("triad", seed=1, players=2), "place 2,0", "place 7,7", "place 2,1", "place 7,0")
    legal = game.legal_actions()
    found = policies.candidates(game, 6, legal)
    assert len(found) == 6 and len(set(found)) == 6 and set(found) <= set(legal)
    assert "place 2,2" in [str(a) for a in found]  # completes the row
    assert policies.candidates(game, 80, legal) == legal
    end = phase2(board_with(r0c0="a", r0c1="a", r0c2="a", r7c7="bbb"))
    assert policies.candidates(end, 1, end.legal_actions()) == end.legal_actions()  # Phase 2: all


def test_placement_scores_rank_breaking_a_threat_above_a_quiet_move():
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 5,0", "place 7,7", "place 5,1")
    legal = game.legal_actions()
    scores = dict(zip(map(str, legal), policies.placement_scores(game, legal)))
    assert scores["place 5,0"] > scores["place 2,5"] and scores["place 5,1"] > scores["place 2,5"]


def test_evaluate_is_on_the_scale_of_returns_and_consistent_between_sides():
    for players in (2, 4):
        game = new_game("triad", seed=3, players=players)
        rng = random.Random(3)
        while not game.is_terminal():
            values = [policies.evaluate(game, seat) for seat in range(players)]
            assert all(0.0 <= v <= 2 / players for v in values)
            assert values[0] + values[1] == pytest.approx(2 / players)  # the two sides' chances add up
            if players == 4:
                assert values[0] == values[2] and values[1] == values[3]
            game.apply_action(policies.rollout(game.clone(), rng))
        assert [policies.evaluate(game, seat) for seat in range(players)] == pytest.approx(game.returns())


def _rollout_positions(seed: int, players: int):
    """Every position of a game played by the rollout policy, the finished one included."""
    game = new_game("triad", seed=seed, players=players)
    rng = random.Random(seed)
    found = [game.clone()]
    while not game.is_terminal():
        game.step(policies.rollout(game, rng))
        found.append(game.clone())
    return found


def test_evaluate_seats_is_every_seats_side_chance_on_the_returns_scale():
    for players in (2, 4):
        for game in _rollout_positions(4, players):
            share = 2 / players
            assert policies.evaluate_seats(game) == [share * policies.side_chance(game, seat % 2) for seat in range(players)]


def test_side_summary_is_the_scoring_cells_their_room_and_the_phase2_value():
    for game in _rollout_positions(5, 4)[:61]:
        board = game.board
        for s in (0, 1):
            triad_cells = {i for n in board.line_triads(s) for i in policies.LINES[n] if len(board.stacks[i]) < 3}
            cells, room, points = policies.side_summary(board, s)
            assert cells == set(policies.making_cells(board, s)) | triad_cells == policies.scoring_cells(board, s)
            assert room == sum(3 - len(board.stacks[i]) for i in cells)
            assert points == policies.phase2_value(board, s)


def _placement_score_by_cell(world, i: int) -> float:
    """``placement_scores`` for one cell, looking at the lines through it (the definition)."""
    board = world.board
    s = world.side_to_move()
    me, them = policies.SIDES[s], policies.SIDES[1 - s]
    stacks = board.stacks
    top = stacks[i][-1:]
    through = policies.THROUGH[i]
    score = 0.1 * policies.LABEL_AT[i]
    if top == me:
        if stacks[i] == me * 2 or any(board.count(s, n) == 3 for n in through):
            score += 10
        if len(stacks[i]) == 2:
            score += 2.5 * sum(board.count(1 - s, n) == 2 for n in through)
        return score
    if any(board.count(s, n) == 2 for n in through):
        score += 10
    for n in through:
        if board.count(s, n) == 1:
            third = next(j for j in policies.LINES[n] if j != i and stacks[j][-1:] != me)
            score += len(stacks[third]) < 3
        if top == them:
            score += {3: 3.0, 2: 2.5}.get(board.count(1 - s, n), 0.0)
    return score


def test_placement_scores_follow_the_lines_through_each_cell():
    for seed, players in ((7, 2), (8, 4)):
        for game in _rollout_positions(seed, players)[:60]:
            legal = game.legal_actions()
            expected = [_placement_score_by_cell(game, a.row * 8 + a.col) for a in legal]
            assert policies.placement_scores(game, legal) == pytest.approx(expected)
