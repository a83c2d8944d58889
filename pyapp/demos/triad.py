"""Triad demos, played on the real ``State`` of ``pyapp.games.triad``.

Setup: ``board``, a position in the game's text format (side A moves first;
A has as many pieces on the board as B, or one more).  The replay starts a
real two-player game and lays those pieces with ordinary placements (side A
and side B in turn, every stack bottom to top), so the position is reached
through the engine; with 30 pieces a side down, Phase 2 has begun.  The steps
are then played with ``apply_action``:

- an action text (``"place 0,2"``, ``"remove stack 0,3"``, ``"pass"``): must be
  legal; the points are what the engine's score moved by, and for a removal
  ``removal_points`` must agree beforehand;
- ``("try", text)``: an action the rules forbid now (the step fails if the
  engine accepts it); nothing changes;
- ``("show", side)``: points at the triads of ``"a"`` or ``"b"``;
- ``None``: just explains the position.
"""

from __future__ import annotations

from typing import Any

from pyapp.demos import Demo, DemoError, Frame, Shown, Step, refuses, run_steps
from pyapp.games.triad import LABELS

LABEL_GRID: tuple[tuple[int | None, ...], ...] = tuple(tuple(LABELS.get((r, c)) for c in range(8)) for r in range(8))
"""The standard labels by row and column (``None`` for the centre), as the drawings need them."""


def _stacks(text: str) -> dict[tuple[int, int], str]:
    stacks = {}
    for r, line in enumerate(text.strip("\n").splitlines()):
        for c, token in enumerate(line.split()):
            if token not in (".", "#"):
                stacks[(r, c)] = token
    return stacks


def placements(text: str) -> list[str]:
    """Placement actions that build position ``text`` from an empty board, A and B in turn.

    >>> placements('''
    ... ab a . . . . . .
    ... . . . . . . . .
    ... . . . . . . . .
    ... . . . # # . . .
    ... . . . # # . . .
    ... . . . . . . . .
    ... . . . . . . . .
    ... . . . . . . . .''')
    ['place 0,0', 'place 0,0', 'place 0,1']
    """
    target = _stacks(text)
    count = {s: sum(stack.count(s) for stack in target.values()) for s in "ab"}
    if count["a"] - count["b"] not in (0, 1):
        raise DemoError(f"side A starts, so A has as many pieces as B or one more (A {count['a']}, B {count['b']})")
    total = count["a"] + count["b"]
    built = {cell: 0 for cell in target}
    order: list[tuple[int, int]] = []

    def search(side: str) -> bool:
        if len(order) == total:
            return True
        # deeper stacks first: pieces that others wait on go down early
        ready = [cell for cell, n in built.items() if n < len(target[cell]) and target[cell][n] == side]
        ready.sort(key=lambda cell: (-(len(target[cell]) - built[cell]), cell))
        other = "b" if side == "a" else "a"
        for cell in ready:
            built[cell] += 1
            order.append(cell)
            if search(other):
                return True
            order.pop()
            built[cell] -= 1
        return False

    if not search("a"):
        raise DemoError("this position cannot be reached with A and B placing in turn")
    return [f"place {r},{c}" for r, c in order]


def _triad_cells(triads: list[Any]) -> list[list[int]]:
    return [list(cell) for t in triads for cell in t.cells]


class _Replay:
    """A demo's ``TriadState``, reached from an empty board by ordinary placements."""

    def __init__(self, demo: Demo) -> None:
        from pyapp.games import triad

        self.triad = triad
        self.state = triad.STATE(seed=0, players=2)
        for text in placements(demo.setup["board"]):
            self.state.apply_action(text)

    def handlers(self) -> dict[str, Any]:
        return {"act": self.act, "try": self.try_action, "show": self.show}

    def board(self) -> Any:
        return self.triad.Board.from_text(self.state.observation(0)["board"])

    def side(self) -> str | None:
        return None if self.state.is_terminal() else "ab"[self.state.current_player()]

    def try_action(self, where: str, text: str) -> Shown:
        if not refuses(self.state, text):
            raise DemoError(f"{where}: the engine accepted {text!r}, which the demo says is illegal")
        parsed = self.state.parse_action(text)
        cells = [[r, c] for r, c in getattr(parsed, "cells", ())] or (
            [[parsed.row, parsed.col]] if hasattr(parsed, "row") else []
        )
        return Shown({"legal": False, "side": self.side()}, moved=cells)

    def show(self, where: str, side: str) -> Shown:
        before = self.board()
        shown = before.triads(side)
        facts: dict[str, Any] = {"count": len(shown), "shown": side}
        for t in shown:
            facts.setdefault("stack_points" if t.stack else "row_points", self.triad.removal_points(before, t))
        return Shown(facts, _triad_cells(shown))

    def act(self, where: str, text: str) -> Shown:
        """Apply ``text``; the points are what the engine's score moved by."""
        state, before, side = self.state, self.board(), self.side()
        parsed = state.parse_action(text)
        mover, scores_before = state.current_player(), state.scores()
        kind = text.split()[0]
        expected = None
        if kind == "remove":
            cells = tuple(tuple(c) for c in parsed.cells)
            match = [t for t in before.triads(side) if t.cells == cells and t.stack == parsed.stack]
            expected = self.triad.removal_points(before, match[0]) if match else None
        try:
            state.apply_action(text)
        except ValueError as error:
            raise DemoError(f"{where}: {error}") from None
        facts = {"side": side, "points": state.scores()[mover] - scores_before[mover]}
        if kind == "place":
            return self.placed(before, side, (parsed.row, parsed.col), facts)
        if kind == "remove":
            if expected != facts["points"]:
                raise DemoError(f"{where}: removal_points said {expected}, the score moved by {facts['points']}")
            return self.removed(before, parsed.cells, facts)
        return Shown({**facts, "passed": True})

    def placed(self, before: Any, side: str, cell: tuple[int, int], facts: dict[str, Any]) -> Shown:
        after = self.board()
        made = [t for t in after.triads(side) if cell in t.cells and t not in before.triads(side)]
        facts.update(made=len(made), height=len(after.stack(*cell)))
        return Shown(facts, _triad_cells(made), moved=[list(cell)])

    def removed(self, before: Any, cells: Any, facts: dict[str, Any]) -> Shown:
        after = self.board()
        facts["emptied"] = sum(1 for c in cells if before.stack(*c) and not after.stack(*c))
        revealed = {s: [t for t in after.triads(s) if t not in before.triads(s)] for s in "ab"}
        facts.update(revealed_a=len(revealed["a"]), revealed_b=len(revealed["b"]))
        return Shown(facts, _triad_cells(revealed["a"] + revealed["b"]), moved=[list(c) for c in cells])

    def view(self, shown: Shown) -> dict[str, Any]:
        """The board after the step; its scores, triads and phase join the step's facts."""
        state, now = self.state, self.board()
        scores = state.scores()
        shown.facts.update(
            score_a=scores[0],
            score_b=scores[1],
            phase=state.observation(0).get("phase"),
            over=state.is_terminal(),
            a_triads=len(now.triads("a")),
            b_triads=len(now.triads("b")),
            to_move=self.side(),
        )
        return {
            "kind": "board",
            "game": "triad",
            "board": now.to_text(),
            "highlight": shown.marked,
            "last": shown.moved,
            "scores": {"a": scores[0], "b": scores[1]},
            "phase": shown.facts["phase"] or 1,
        }


def replay(demo: Demo) -> list[Frame]:
    """Step the demo's ``TriadState``: one frame per step (``DemoError`` for a step the engine refuses)."""
    table = _Replay(demo)
    return run_steps(demo, table.handlers(), table.view)


# -- the demos ------------------------------------------------------------------------

ROW_AND_STACK = """\
a a . . . . . .
. . . . . . . .
. a a . . . . .
. . . # # . . .
. . . # # . . .
. . . . . . . b
. . . . . . bb .
b . . . . . . ."""

COVERING = """\
. . . . . . . .
. . . a a a . .
. . . . . . . .
. . . # # . . .
. . . # # . . .
. . . . . . . b
b b . . . . . .
. . . . . . . a"""

FORCED = """\
baa aba . bab bba . . .
bab . . baa . . . bab
aba . . . . . bba aba
aba . . # # aba . bab
. . . # # . . .
. . . . . . baa abb
. . . . . abb bab baa
ba ba ba . . . . ."""

STACK = """\
. . . aaa . . aba bba
abb . . . . . bab abb
aab . . . . . aba baa
. . . # # . . aab
. . . # # . bba aab
a ba a . . . . bba
. . . . . bba bab bab
. . . . . aba bba bb"""

PASSING = """\
aab . bab . aab . . b
baa bab . baa baa . . b
. aab . baa . . . b
abb bba aab # # . . .
aab bba aab # # . . .
. . . . . . . .
bba . . . . . . .
bab . . ab ab ab . ."""

DEMOS: tuple[Demo, ...] = (
    Demo(
        game="triad",
        id="row-and-stack",
        height=590,
        title="demo.triad.rows.title",
        setup={"board": ROW_AND_STACK},
        steps=(
            Step(None, "demo.triad.rows.s0"),
            Step("place 0,2", "demo.triad.rows.s1", {"points": 3, "made": 1}),
            Step("place 6,6", "demo.triad.rows.s2", {"points": 3, "made": 1, "height": 3}),
            Step("place 1,1", "demo.triad.rows.s3", {"points": 3, "made": 2}),
            Step(("try", "place 6,6"), "demo.triad.rows.s4", {"legal": False}),
        ),
    ),
    Demo(
        game="triad",
        id="covering",
        height=590,
        title="demo.triad.covering.title",
        setup={"board": COVERING},
        steps=(
            Step(("show", "a"), "demo.triad.covering.s0", {"count": 1, "score_a": 3}),
            Step("place 1,4", "demo.triad.covering.s1", {"points": 0, "a_triads": 0, "score_a": 3}),
            Step("place 1,4", "demo.triad.covering.s2", {"points": 3, "made": 1, "score_a": 6}),
            Step(("try", "place 1,4"), "demo.triad.covering.s3", {"legal": False}),
        ),
    ),
    Demo(
        game="triad",
        id="forced-removal",
        height=590,
        title="demo.triad.forced.title",
        setup={"board": FORCED},
        steps=(
            Step(("show", "a"), "demo.triad.forced.s0", {"count": 1, "b_triads": 0, "phase": 2}),
            Step(("try", "pass"), "demo.triad.forced.s1", {"legal": False}),
            Step("remove 7,0 7,1 7,2", "demo.triad.forced.s2", {"points": 0, "emptied": 0, "revealed_b": 1}),
            Step("remove 7,0 7,1 7,2", "demo.triad.forced.s3", {"points": 12, "emptied": 3}),
        ),
    ),
    Demo(
        game="triad",
        id="stack-removal",
        height=590,
        title="demo.triad.stack.title",
        setup={"board": STACK},
        steps=(
            Step(("show", "a"), "demo.triad.stack.s0", {"count": 2, "stack_points": 12, "row_points": 6}),
            Step("remove stack 0,3", "demo.triad.stack.s1", {"points": 12}),
            Step("pass", "demo.triad.stack.s2", {"passed": True, "b_triads": 0}),
            Step("remove 5,0 5,1 5,2", "demo.triad.stack.s3", {"points": 6, "emptied": 2}),
        ),
    ),
    Demo(
        game="triad",
        id="phase-two-pass",
        height=590,
        title="demo.triad.pass.title",
        setup={"board": PASSING},
        steps=(
            Step(("show", "b"), "demo.triad.pass.s0", {"count": 2, "a_triads": 0}),
            Step("pass", "demo.triad.pass.s1", {"passed": True}),
            Step("remove 0,7 1,7 2,7", "demo.triad.pass.s2", {"points": 12}),
            Step("pass", "demo.triad.pass.s3", {"passed": True}),
            Step("remove 7,3 7,4 7,5", "demo.triad.pass.s4", {"points": 0, "revealed_a": 1}),
            Step("remove 7,3 7,4 7,5", "demo.triad.pass.s5", {"points": 15, "over": True}),
        ),
    ),
)
