"""Triad's guided game: the last four placements of each side, then all of Phase 2.

You are side A.  The start is :data:`BOARD`, laid by :data:`PREFIX`: 52 ordinary
placements, A and B in turn, in an order where nobody ever scored (found by
``tools/lesson_order.py``; the tests check both facts), so the lesson starts at
0–0 with four pieces a side to place.  The game then teaches a row triad,
covering, a stack triad, a diagonal made together with a row (scoring once),
a stack's doubled label, the labels, Phase 2's forced removal, and passing.
"""

from __future__ import annotations

from typing import Any

from pyapp.games.triad import LABELS
from pyapp.games.triad.coords import cell_label
from pyapp.games.triad.rules import CENTRE, MAX_HEIGHT, SIDES
from pyapp.games.triad.state import PASS, PLACEMENTS, Place, Remove
from pyapp.lessons import COMPUTER, LEARNER, Lesson, Step, numbered

BOARD = """
a bba . . . . . aa
. b b . . . . .
. b . b . bba aab aab
. . . # # aab bba bba
a . . # # bba aab ab
. a . . . ab aba aba
a a . . . . . .
. b b . . b b .
"""
"""The position after :data:`PREFIX` (stacks bottom to top)."""

PREFIX: tuple[str, ...] = tuple(
    f"place {cell}"
    for cell in (
        "2,7 3,6 2,7 3,7 3,5 4,5 5,7 2,5 2,6 0,1 3,5 7,2 5,5 3,6 4,7 0,1 2,6 3,7 0,7 2,5 0,0 2,3 5,1 5,7 5,6 5,6 "
        "3,6 7,5 6,1 4,5 6,0 1,1 5,7 4,7 0,7 7,6 4,0 7,1 0,1 2,6 2,5 3,5 3,7 2,7 4,5 5,5 4,6 2,1 4,6 4,6 5,6 1,2"
    ).split()
)


LESSON = Lesson(
    game="triad",
    players=2,
    seed=0,
    prefix=PREFIX,
    intro="lesson.triad.intro",
    outro="lesson.triad.outro",
    steps=numbered(
        "triad",
        (LEARNER, "place 0,2", "triad.row"),
        (COMPUTER, "place 7,7", "triad.row"),
        (LEARNER, "place 7,6", "triad.cover"),
        (COMPUTER, "place 7,3"),
        (LEARNER, "place 0,7", "triad.stack"),
        (COMPUTER, "place 0,4"),
        (LEARNER, "place 6,2", "triad.diagonal", "triad.once"),
        (COMPUTER, "place 6,2", "triad.cover"),
        (LEARNER, "remove stack 0,7", "triad.stack_label"),
        (COMPUTER, "remove 7,1 7,2 7,3", "triad.labels"),
        (LEARNER, "remove 0,0 0,1 0,2", "triad.forced", "triad.labels"),
        (COMPUTER, "remove 0,1 1,1 2,1"),
        (LEARNER, "pass", "triad.pass"),
        (COMPUTER, "remove 0,1 1,2 2,3"),
    ),
)


def _cells(cells) -> str:
    return f"{cell_label(cells[0])}–{cell_label(cells[-1])}" if len(cells) > 1 else cell_label(cells[0])


def _side(state) -> int:
    return state.side_to_move()


def _after(state, action):
    after = state.clone()
    after.step(action)
    return after


def _gain(state, action) -> int:
    s = _side(state)
    return _after(state, action).side_totals()[s] - state.side_totals()[s]


def note_params(state, action: str | None) -> dict[str, Any]:
    """The numbers a note may quote: the move's cell(s) and label, what it scores, the totals."""
    a, b = state.side_totals()
    params: dict[str, Any] = {"score_a": a, "score_b": b}
    if action is None:
        return params
    move = state.parse_action(action)
    params["points"] = _gain(state, move)
    if type(move) is Place:
        params.update(cell=cell_label((move.row, move.col)), label=LABELS[(move.row, move.col)])
    elif type(move) is Remove:
        params.update(cells=_cells(move.cells), label=LABELS[move.cells[0]])
    return params


def candidates(state) -> list[str]:
    """Moves a learner might try now, legal or not: every cell, every triad of either side, pass."""
    cells = [f"place {r},{c}" for r in range(8) for c in range(8) if (r, c) not in CENTRE]
    removals = [str(m) for s in (0, 1) for m in state.removals(s)]
    return cells + removals + [str(PASS)]


def _made(before, action) -> list:
    """The triads of the mover that ``action`` makes (a placement)."""
    after = _after(before, action)
    return [t for s, t in after.last[3] if s == _side(before)]


def explain(state, action, expected, step: Step) -> tuple[str, dict[str, Any], str | None]:
    """Why ``action`` is not this step's move: a message key, its parameters and the rule it names."""
    s = _side(state)
    own = state.removals(s)
    legal = action in state.legal_actions()
    params: dict[str, Any] = {"expected": _describe(expected), "yours": _describe(action)}
    if not legal:
        if state.moves < PLACEMENTS:
            if type(action) is not Place:
                return "lesson.triad.why.phase1", params, None
            if len(state.board.stack(action.row, action.col)) >= MAX_HEIGHT:
                return "lesson.triad.why.full", params, None
            return "lesson.triad.why.centre", params, None
        if not own:
            return "lesson.triad.why.must_pass", params, "triad.pass"
        if action == PASS:
            return "lesson.triad.why.forced", {**params, "count": len(own)}, "triad.forced"
        if type(action) is Place:
            return "lesson.triad.why.phase2", params, "triad.forced"
        return "lesson.triad.why.not_yours", params, "triad.forced"
    if type(action) is Remove:
        rule = "triad.stack_label" if expected.stack else "triad.labels"
        values = {"value": _gain(state, action), "expected_value": _gain(state, expected)}
        return f"lesson.triad.other.{rule.split('.')[1]}", {**params, **values}, rule
    if "triad.cover" in step.rules:
        return "lesson.triad.other.cover", params, "triad.cover"
    if "triad.stack" in step.rules:
        return "lesson.triad.other.stack", params, "triad.stack"
    made = len(_made(state, action))
    for rule in ("triad.once", "triad.row", "triad.diagonal"):
        if rule in step.rules:
            return "lesson.triad.other.make", {**params, "count": made, "expected_count": len(_made(state, expected))}, rule
    return "lesson.other", params, None


def _describe(action) -> str:
    if type(action) is Place:
        return cell_label((action.row, action.col))
    if type(action) is Remove:
        return _cells(action.cells)
    return str(action)


def _diagonal(triad) -> bool:
    (r0, c0), (r1, c1) = triad.cells[0], triad.cells[1]
    return r0 != r1 and c0 != c1


def teaches(before, action: str, after) -> set[str]:
    """The rules this move shows, judged from the positions before and after it."""
    move = before.parse_action(action)
    s = _side(before)
    other = 1 - s
    gained = after.side_totals()[s] - before.side_totals()[s]
    shown: set[str] = set()
    if type(move) is Place:
        made = [t for side, t in after.last[3] if side == s]
        if made and gained == 3:
            if any(not t.stack and not _diagonal(t) for t in made):
                shown.add("triad.row")
            if any(not t.stack and _diagonal(t) for t in made):
                shown.add("triad.diagonal")
            if any(t.stack for t in made):
                shown.add("triad.stack")
            if len(made) >= 2:
                shown.add("triad.once")
        cell = (move.row, move.col)
        broken = [t for t in before.board.side_triads(other) if cell in t.cells and t not in after.board.side_triads(other)]
        if before.board.stack(*cell)[-1:] == SIDES[other] and broken and after.side_totals()[other] == before.side_totals()[other]:
            shown.add("triad.cover")
    elif type(move) is Remove:
        board = before.board
        emptied = [cell for cell in move.cells if len(board.stack(*cell)) == (MAX_HEIGHT if move.stack else 1)]
        if move.stack and gained == 2 * LABELS[move.cells[0]]:
            shown.add("triad.stack_label")
        if not move.stack and gained == sum(LABELS[cell] for cell in emptied) and gained:
            shown.add("triad.labels")
        if PASS not in before.legal_actions() and len(after.removals(other)) > len(before.removals(other)):
            shown.add("triad.forced")
    elif move == PASS and not before.removals(s) and before.removals(other) and after.current_player() != before.current_player():
        shown.add("triad.pass")
    return shown

