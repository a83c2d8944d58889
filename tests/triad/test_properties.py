"""Property tests over random legal games."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.engine import IllegalMoveError
from pyapp.games import load, new_game
from pyapp.games.triad import LABELS, PASS, Board, Place, Remove, removal_points
from pyapp.games.triad.rules import CELL, LINES
from tests.triad.test_rules import brute_triads

games = st.tuples(
    st.integers(0, 10_000),
    st.sampled_from([2, 4]),
    st.booleans(),
    st.sampled_from([0, 1]),
)


def brute_legal(game):
    """Legal actions worked out from the board text alone."""
    if game.is_terminal():
        return set()
    rows = [line.split() for line in game.board.to_text().split("\n")]
    if game.moves < 60:
        return {Place(r, c) for (r, c) in LABELS if rows[r][c] == "." or len(rows[r][c]) < 3}
    side = "ab"[game.side_to_move()]
    mine = brute_triads(game.board.to_text(), side)
    if mine:
        return {Remove(t.cells, t.stack) for t in mine}
    theirs = brute_triads(game.board.to_text(), "ba"[game.side_to_move()])
    assert theirs, "a game with no triads on either side must be over"
    return {PASS}


def every_candidate():
    yield PASS
    for (r, c) in LABELS:
        yield Place(r, c)
        yield Remove(((r, c),), True)
    for line in LINES:
        yield Remove(tuple(CELL[i] for i in line), False)


@settings(max_examples=8, deadline=None)
@given(games)
def test_random_games_keep_every_invariant(params):
    seed, players, children, first = params
    game = new_game("triad", seed=seed, players=players, children=children, first=first)
    rng = random.Random(seed)
    removed = {"a": 0, "b": 0}
    checked_all = False
    while not game.is_terminal():
        legal = game.legal_actions()
        assert set(legal) == brute_legal(game)
        assert len(set(legal)) == len(legal)
        if not checked_all and game.moves >= 60:
            # every conceivable action outside the list is refused
            checked_all = True
            for action in every_candidate():
                if action not in legal:
                    probe = game.clone()
                    try:
                        probe.apply_action(action)
                    except IllegalMoveError:
                        pass
                    else:
                        raise AssertionError(f"{action} was accepted but not listed")
        action = rng.choice(legal)
        if type(action) is Remove:
            triad = action.triad
            expected = removal_points(game.board, triad)
            for r, c in action.cells:
                removed[game.board.stack(r, c)[-1]] += 1 if not action.stack else 3
            before = game.side_totals()[game.side_to_move()]
            mover = game.side_to_move()
            game.apply_action(action)
            assert game.side_totals()[mover] == before + expected
        else:
            game.apply_action(action)
        # conservation: 30 per side = pieces still to place + on the board + removed
        on_board = game.board.pieces()
        left = game.observation(0)["pieces_left"]
        for side in "ab":
            assert left[side] + on_board[side] + removed[side] == 30
        # scores are the sum of their events
        obs = game.observation(game.moves % players)
        for side in "ab":
            events = [e for e in obs["events"] if e["side"] == side]
            assert obs["scores"][side]["phase1"] == sum(e["points"] for e in events if e["phase"] == 1)
            assert obs["scores"][side]["phase2"] == sum(e["points"] for e in events if e["phase"] == 2)
            assert obs["scores"][side]["total"] == sum(e["points"] for e in events)
        assert game.board == Board.from_text(game.board.to_text())
        for side in "ab":
            assert game.board.triads(side) == brute_triads(game.board.to_text(), side)
    assert game.moves >= 60
    if children:
        assert game.moves == 60 and game.phase2 == [0, 0]
    # save -> load round trip
    again = load(json.loads(json.dumps(game.to_save())))
    assert again.observation(0) == game.observation(0)
    assert again.history == game.history
