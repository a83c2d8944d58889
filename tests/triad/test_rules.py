"""The board, labels, text format, triads and removal points (rules.py)."""

import pytest

from pyapp.games import triad
from pyapp.games.triad.rules import LINES, Board, Triad, removal_points

EMPTY = "\n".join(
    " ".join("#" if (r, c) in triad.CENTRE else "." for c in range(8)) for r in range(8)
)


def board_with(**cells):
    """A board from {"r3c4": "ab", ...}."""
    rows = [row.split() for row in EMPTY.split("\n")]
    for key, stack in cells.items():
        r, c = int(key[1]), int(key[3])
        rows[r][c] = stack
    return Board.from_text("\n".join(" ".join(row) for row in rows))


def test_sixty_playable_cells_twenty_sixes_forty_threes():
    assert len(triad.LABELS) == 60
    values = list(triad.LABELS.values())
    assert values.count(6) == 20 and values.count(3) == 40
    assert set(values) == {3, 6}
    for cell in triad.CENTRE:
        assert cell not in triad.LABELS
    assert triad.CENTRE == {(3, 3), (3, 4), (4, 3), (4, 4)}


def test_layout_is_symmetric_under_rotations_and_reflections():
    labels = triad.LABELS
    transforms = [
        lambda r, c: (c, 7 - r),
        lambda r, c: (7 - r, 7 - c),
        lambda r, c: (7 - c, r),
        lambda r, c: (r, 7 - c),
        lambda r, c: (7 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (7 - c, 7 - r),
    ]
    for f in transforms:
        assert {f(r, c): v for (r, c), v in labels.items()} == labels


def test_layout_matches_the_rules_page_picture():
    picture = [
        "6 3 3 6 6 3 3 6",
        "3 3 6 3 3 6 3 3",
        "3 6 3 3 3 3 6 3",
        "6 3 3 . . 3 3 6",
        "6 3 3 . . 3 3 6",
        "3 6 3 3 3 3 6 3",
        "3 3 6 3 3 6 3 3",
        "6 3 3 6 6 3 3 6",
    ]
    for r, line in enumerate(picture):
        for c, token in enumerate(line.split()):
            assert triad.LABELS.get((r, c)) == (None if token == "." else int(token))


def test_lines_never_pass_through_the_centre():
    for line in LINES:
        for i in line:
            assert divmod(i, 8) not in triad.CENTRE
    # a line that would cross the centre is not a line
    assert (2 * 8 + 3, 3 * 8 + 3, 4 * 8 + 3) not in LINES


def test_text_round_trips_exactly():
    text = board_with(r0c0="a", r0c1="ab", r7c7="bbb", r5c2="aba").to_text()
    assert Board.from_text(text).to_text() == text
    assert Board().to_text() == EMPTY
    assert len(text.split("\n")) == 8


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda rows: rows[:7], "a board is 8 lines, not 7"),
        (lambda rows: rows[:2] + [rows[2] + " ."] + rows[3:], r"line 3: expected 8 tokens, found 9"),
        (lambda rows: [rows[0].replace(".", "ac", 1)] + rows[1:], r"line 1, token 1 'ac': .*letters a and b"),
        (lambda rows: rows[:6] + [rows[6].replace(".", "abab", 1)] + rows[7:], r"line 7, token 1 'abab': a stack holds at most 3"),
        (lambda rows: rows[:4] + [rows[4].replace("#", "b", 1)] + rows[5:], r"line 5, token 4 'b': the centre cell \(4, 3\)"),
        (lambda rows: [rows[0].replace(".", "#", 1)] + rows[1:], r"line 1, token 1 '#': '#' marks only the four centre cells"),
    ],
)
def test_malformed_text_names_line_and_token(change, message):
    rows = EMPTY.split("\n")
    with pytest.raises(ValueError, match=message):
        Board.from_text("\n".join(change(rows)))


def test_row_triads_in_every_direction_and_in_line_order():
    for cells in [
        ((0, 0), (0, 1), (0, 2)),
        ((0, 0), (1, 0), (2, 0)),
        ((0, 0), (1, 1), (2, 2)),
        ((0, 7), (1, 6), (2, 5)),
    ]:
        board = board_with(**{f"r{r}c{c}": "b" for r, c in cells})
        assert board.triads("b") == [Triad(cells, False)]
        assert board.triads("a") == []


def test_row_triad_uses_top_pieces_and_heights_may_differ():
    board = board_with(r1c0="a", r1c1="bba", r1c2="ba")
    assert [t.cells for t in board.triads("a")] == [((1, 0), (1, 1), (1, 2))]
    covered = board_with(r1c0="a", r1c1="ab", r1c2="a")
    assert covered.triads("a") == [] and covered.triads("b") == []


def test_stack_triad_is_three_of_one_side():
    assert board_with(r2c2="aaa").triads("a") == [Triad(((2, 2),), True)]
    assert board_with(r2c2="aab").triads("a") == []
    assert board_with(r2c2="aab").triads("b") == []
    assert board_with(r2c2="bbb").triads("b") == [Triad(((2, 2),), True)]


def test_four_in_a_row_holds_two_triads_and_five_three():
    four = board_with(r0c0="a", r0c1="a", r0c2="a", r0c3="a")
    assert len(four.triads("a")) == 2
    five = board_with(r0c0="a", r0c1="a", r0c2="a", r0c3="a", r0c4="a")
    assert len(five.triads("a")) == 3


def test_triads_side_is_checked():
    with pytest.raises(ValueError, match="side is 'a' or 'b'"):
        Board().triads("c")


def test_removal_points_count_emptied_cells_only():
    board = board_with(r0c0="a", r0c1="ba", r0c2="a")
    (row,) = board.triads("a")
    assert removal_points(board, row) == 6 + 3  # (0,1) keeps its b
    board = board_with(r0c3="b", r0c4="b", r0c5="b")
    assert removal_points(board, board.triads("b")[0]) == 6 + 6 + 3


def test_removal_points_of_a_stack_are_its_label_doubled():
    assert removal_points(board_with(r0c0="aaa"), Triad(((0, 0),), True)) == 12
    assert removal_points(board_with(r0c1="bbb"), Triad(((0, 1),), True)) == 6


def test_removal_points_refuse_a_non_triad():
    with pytest.raises(ValueError, match="not a triad"):
        removal_points(Board(), Triad(((0, 0), (0, 1), (0, 2)), False))


def test_incremental_triads_match_a_fresh_count():
    board = Board()
    import random

    rng = random.Random(5)
    cells = [i for i in range(64) if divmod(i, 8) in triad.LABELS]
    for _ in range(120):
        i = rng.choice(cells)
        if board.stacks[i] and (len(board.stacks[i]) == 3 or rng.random() < 0.3):
            board.pop(i)
        else:
            board.place(i, rng.choice("ab"))
        fresh = Board.from_text(board.to_text())
        for side in "ab":
            assert board.triads(side) == fresh.triads(side) == brute_triads(board.to_text(), side)


def brute_triads(text, side):
    rows = [line.split() for line in text.split("\n")]
    found = []
    for r in range(8):
        for c in range(8):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(3)]
                if all(0 <= rr < 8 and 0 <= cc < 8 for rr, cc in cells):
                    tops = [rows[rr][cc][-1] for rr, cc in cells]
                    if all(t == side for t in tops):
                        found.append(Triad(tuple(cells), False))
            if rows[r][c] == side * 3:
                found.append(Triad(((r, c),), True))
    return sorted(found, key=lambda t: (t.cells, t.stack))


def test_open_cells_are_the_cells_below_three_pieces_in_order():
    board = board_with(r0c0="aab", r0c1="ab", r7c7="bbb")
    board.pop(7 * 8 + 7)
    expected = [i for i in range(64) if (i // 8, i % 8) in triad.LABELS and len(board.stacks[i]) < 3]
    assert board.open_cells() == expected and 0 not in expected and 63 in expected
