"""Triad's rules as pure data and functions: the board, its labels, triads, points.

The board is 8×8 with the four centre cells unplayable; every other cell has a
label, 3 or 6 (our standard layout, symmetric under every rotation and
reflection):

>>> LABELS[(0, 0)], LABELS[(0, 1)], LABELS[(2, 6)]
(6, 3, 6)
>>> (3, 3) in LABELS
False
>>> len(LABELS), sorted(LABELS.values()).count(6)
(60, 20)

A position is written as 8 lines of 8 space-separated tokens: ``#`` for a
centre cell, ``.`` for an empty cell, otherwise the stack from bottom to top
as letters ``a`` (side A) and ``b`` (side B):

>>> board = Board.from_text('''
... a a a . . . . .
... . . . . . . . .
... . . . . . . . .
... . . . # # . . .
... . . . # # . . .
... . . . . . . . .
... . . . . . . . bbb
... . . . . . ab ab ab''')
>>> [(t.cells, t.stack) for t in board.triads("a")]
[(((0, 0), (0, 1), (0, 2)), False)]
>>> for t in board.triads("b"):
...     print(t.cells, t.stack, removal_points(board, t))
((6, 7),) True 6
((7, 5), (7, 6), (7, 7)) False 0
>>> board.stack(7, 5)
'ab'

Removing a row triad takes the top piece of each of its three cells; every
cell left empty scores its label.  Removing a stack triad empties its cell and
scores the label doubled.  The text form round-trips exactly:

>>> Board.from_text(board.to_text()).to_text() == board.to_text()
True
>>> print(board.to_text().splitlines()[7])
. . . . . ab ab ab
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

SIZE = 8
MAX_HEIGHT = 3
PIECES = 30
"""Pieces per side (per team in the four-player game)."""
SIDES = ("a", "b")
CENTRE = frozenset({(3, 3), (3, 4), (4, 3), (4, 4)})

_LAYOUT = """
6 3 3 6 6 3 3 6
3 3 6 3 3 6 3 3
3 6 3 3 3 3 6 3
6 3 3 . . 3 3 6
6 3 3 . . 3 3 6
3 6 3 3 3 3 6 3
3 3 6 3 3 6 3 3
6 3 3 6 6 3 3 6
"""

LABELS: dict[tuple[int, int], int] = {
    (row, col): int(token)
    for row, line in enumerate(_LAYOUT.split("\n")[1:-1])
    for col, token in enumerate(line.split())
    if token != "."
}
"""The label (3 or 6) of every playable cell; centre cells are absent."""

PLAYABLE: tuple[int, ...] = tuple(r * SIZE + c for (r, c) in sorted(LABELS))
"""Indices ``row * 8 + col`` of the 60 playable cells, in reading order."""

PLAYABLE_SET = frozenset(PLAYABLE)
LABEL_AT: tuple[int, ...] = tuple(LABELS.get(divmod(i, SIZE), 0) for i in range(SIZE * SIZE))
CELL: tuple[tuple[int, int], ...] = tuple(divmod(i, SIZE) for i in range(SIZE * SIZE))

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def _lines() -> tuple[tuple[int, int, int], ...]:
    found = []
    for r in range(SIZE):
        for c in range(SIZE):
            for dr, dc in _DIRECTIONS:
                cells = [(r + k * dr, c + k * dc) for k in range(3)]
                if all(cell in LABELS for cell in cells):
                    found.append(tuple(rr * SIZE + cc for rr, cc in cells))
    return tuple(sorted(found))


LINES: tuple[tuple[int, int, int], ...] = _lines()
"""Every three-in-a-line of playable cells (as cell indices, in line order)."""

THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n, line in enumerate(LINES) if i in line) for i in range(SIZE * SIZE)
)
"""For each cell index, the numbers of the lines through it."""


@dataclass(frozen=True, slots=True)
class Triad:
    """A triad: three cells in a line (``stack`` False) or one cell of three pieces."""

    cells: tuple[tuple[int, int], ...]
    stack: bool


LINE_TRIADS: tuple[Triad, ...] = tuple(Triad(tuple(CELL[i] for i in line), False) for line in LINES)
STACK_TRIADS: tuple[Triad | None, ...] = tuple(
    Triad((CELL[i],), True) if i in PLAYABLE_SET else None for i in range(SIZE * SIZE)
)
LINE_NUMBER: dict[tuple[tuple[int, int], ...], int] = {t.cells: n for n, t in enumerate(LINE_TRIADS)}


@dataclass(frozen=True, slots=True)
class Place:
    """Phase 1: put a piece on ``(row, col)``.  Text ``place R,C``."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"place {self.row},{self.col}"


PLACE_AT: tuple[Place | None, ...] = tuple(
    Place(*CELL[i]) if i in PLAYABLE_SET else None for i in range(SIZE * SIZE)
)
"""The placement action on each playable cell index (None on the centre)."""


class Board:
    """Stacks on the 8×8 board, with the triads of each side kept up to date.

    ``stacks[i]`` is the stack on cell ``i = row * 8 + col`` as a string of
    ``"a"``/``"b"`` letters, bottom to top.  Placing or popping a piece only
    re-examines the lines through that cell, so the triads stay current
    cheaply.
    """

    __slots__ = ("stacks", "_count", "_rows", "_twos", "_full", "made", "_open", "_places")

    def __init__(self) -> None:
        self.stacks: list[str] = [""] * (SIZE * SIZE)
        # Cells holding fewer than three pieces (ascending) and their placement actions.
        self._open: list[int] = list(PLAYABLE)
        self._places: list[Place] = [PLACE_AT[i] for i in PLAYABLE]  # type: ignore[misc]
        # _count[s][n]: how many cells of line n show side s on top.
        self._count: list[list[int]] = [[0] * len(LINES), [0] * len(LINES)]
        self._rows: list[set[int]] = [set(), set()]  # lines that are triads of side s
        self._twos: list[set[int]] = [set(), set()]  # lines where side s shows on exactly two cells
        self._full: list[set[int]] = [set(), set()]  # cells holding three pieces of side s
        self.made: list[tuple[int, Triad]] = []  # triads formed since last cleared: (side, triad)

    # -- text ------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str) -> Board:
        """The board written in ``text``; ``ValueError`` naming the line and token if wrong.

        >>> Board.from_text(". . .")
        Traceback (most recent call last):
        ...
        ValueError: a board is 8 lines, not 1
        >>> rows = ['. . . . . . . .'] * 8
        >>> rows[3] = rows[4] = '. . . # # . . .'
        >>> rows[0] = 'a aaab . . . . . .'
        >>> Board.from_text('\\n'.join(rows))
        Traceback (most recent call last):
        ...
        ValueError: line 1, token 2 'aaab': a stack holds at most 3 pieces
        >>> rows[0] = '. . . . . . . .'
        >>> rows[3] = '. . . a # . . .'
        >>> Board.from_text('\\n'.join(rows))
        Traceback (most recent call last):
        ...
        ValueError: line 4, token 4 'a': the centre cell (3, 3) must be written '#'
        """
        lines = [line for line in text.strip("\n").split("\n")]
        lines = [line for line in lines if line.strip()] if len(lines) != SIZE else lines
        if len(lines) != SIZE:
            raise ValueError(f"a board is {SIZE} lines, not {len(lines)}")
        board = cls()
        for r, line in enumerate(lines):
            tokens = line.split()
            if len(tokens) != SIZE:
                raise ValueError(f"line {r + 1}: expected {SIZE} tokens, found {len(tokens)}: {line.strip()!r}")
            for c, token in enumerate(tokens):
                where = f"line {r + 1}, token {c + 1} {token!r}"
                if (r, c) in CENTRE:
                    if token != "#":
                        raise ValueError(f"{where}: the centre cell {(r, c)} must be written '#'")
                    continue
                if token == "#":
                    raise ValueError(f"{where}: '#' marks only the four centre cells, and {(r, c)} is not one")
                if token == ".":
                    continue
                if set(token) - set(SIDES):
                    raise ValueError(f"{where}: a stack is written with the letters a and b only (or '.' when empty)")
                if len(token) > MAX_HEIGHT:
                    raise ValueError(f"{where}: a stack holds at most {MAX_HEIGHT} pieces")
                for letter in token:
                    board.place(r * SIZE + c, letter)
        board.made.clear()
        return board

    def to_text(self) -> str:
        """The board in the text format (8 lines, no trailing newline)."""
        rows = []
        for r in range(SIZE):
            tokens = []
            for c in range(SIZE):
                if (r, c) in CENTRE:
                    tokens.append("#")
                else:
                    tokens.append(self.stacks[r * SIZE + c] or ".")
            rows.append(" ".join(tokens))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"Board.from_text({self.to_text()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.stacks == other.stacks

    __hash__ = None  # type: ignore[assignment]

    # -- queries ---------------------------------------------------------------------

    def stack(self, row: int, col: int) -> str:
        """The stack on ``(row, col)``, bottom to top (``""`` when empty)."""
        return self.stacks[row * SIZE + col]

    def triads(self, side: str) -> list[Triad]:
        """The triads of ``side`` ("a" or "b"), in a stable order (by their cells).

        >>> board = Board()
        >>> for i in (0, 1, 2, 3):
        ...     board.place(i, "a")
        >>> [t.cells for t in board.triads("a")]
        [((0, 0), (0, 1), (0, 2)), ((0, 1), (0, 2), (0, 3))]
        >>> board.triads("b")
        []
        """
        return self.side_triads(_side_index(side))

    def side_triads(self, s: int) -> list[Triad]:
        """Like :meth:`triads` with the side as 0 (A) or 1 (B)."""
        found = [LINE_TRIADS[n] for n in self._rows[s]]
        found.extend(STACK_TRIADS[i] for i in self._full[s])  # type: ignore[misc]
        found.sort(key=_triad_key)
        return found

    def has_triad(self, s: int) -> bool:
        """Whether side ``s`` (0 or 1) has at least one triad."""
        return bool(self._rows[s] or self._full[s])

    def line_triads(self, s: int) -> set[int]:
        """Numbers of the lines that are triads of side ``s`` (live set: do not change)."""
        return self._rows[s]

    def stack_triads(self, s: int) -> set[int]:
        """Cells holding a stack triad of side ``s`` (live set: do not change)."""
        return self._full[s]

    def two_lines(self, s: int) -> set[int]:
        """Lines where side ``s`` shows on exactly two cells (live set: do not change)."""
        return self._twos[s]

    def count(self, s: int, line: int) -> int:
        """How many cells of ``line`` show side ``s`` on top."""
        return self._count[s][line]

    def placements(self) -> list[Place]:
        """The placement on every cell holding fewer than three pieces, in reading order (a new list)."""
        return self._places[:]

    def open_cells(self) -> list[int]:
        """Cells holding fewer than three pieces, ascending (live list: do not change)."""
        return self._open

    def pieces(self) -> dict[str, int]:
        """Pieces of each side on the board."""
        text = "".join(self.stacks)
        return {"a": text.count("a"), "b": text.count("b")}

    # -- changes ---------------------------------------------------------------------

    def copy(self) -> Board:
        """An independent copy."""
        new = Board.__new__(Board)
        new.stacks = self.stacks[:]
        new._count = [self._count[0][:], self._count[1][:]]
        new._rows = [set(self._rows[0]), set(self._rows[1])]
        new._twos = [set(self._twos[0]), set(self._twos[1])]
        new._full = [set(self._full[0]), set(self._full[1])]
        new._open = self._open[:]
        new._places = self._places[:]
        new.made = []
        return new

    def place(self, i: int, letter: str) -> None:
        """Put a piece of side ``letter`` on cell ``i`` (the caller checks the height)."""
        old = self.stacks[i]
        new = old + letter
        self.stacks[i] = new
        s = 0 if letter == "a" else 1
        if not old:
            self._retop(i, -1, s)
        else:
            self._retop(i, 0 if old[-1] == "a" else 1, s)
            if len(new) == 3:
                k = bisect_left(self._open, i)
                del self._open[k]
                del self._places[k]
                if new == "aaa" or new == "bbb":
                    self._full[s].add(i)
                    self.made.append((s, STACK_TRIADS[i]))  # type: ignore[arg-type]

    def pop(self, i: int) -> str:
        """Take the top piece off cell ``i`` and return its letter."""
        old = self.stacks[i]
        new = old[:-1]
        self.stacks[i] = new
        s = 0 if old[-1] == "a" else 1
        if len(old) == 3:
            self._full[0].discard(i)
            self._full[1].discard(i)
            k = bisect_left(self._open, i)
            self._open.insert(k, i)
            self._places.insert(k, PLACE_AT[i])  # type: ignore[arg-type]
        self._retop(i, s, (0 if new[-1] == "a" else 1) if new else -1)
        return old[-1]

    def _retop(self, i: int, old: int, new: int) -> None:
        """Cell ``i``'s top changed from side ``old`` to side ``new`` (-1: empty): recount its lines."""
        if old == new:
            return
        through = THROUGH[i]
        if old >= 0:
            counts, rows, twos = self._count[old], self._rows[old], self._twos[old]
            for n in through:
                k = counts[n]
                counts[n] = k - 1
                if k == 3:
                    rows.discard(n)
                    twos.add(n)
                elif k == 2:
                    twos.discard(n)
        if new >= 0:
            counts, rows, twos = self._count[new], self._rows[new], self._twos[new]
            made = self.made
            for n in through:
                k = counts[n] + 1
                counts[n] = k
                if k > 1:
                    if k == 2:
                        twos.add(n)
                    else:
                        twos.discard(n)
                        rows.add(n)
                        made.append((new, LINE_TRIADS[n]))


def _side_index(side: str) -> int:
    if side not in SIDES:
        raise ValueError(f"a side is 'a' or 'b', not {side!r}")
    return SIDES.index(side)


def _triad_key(triad: Triad) -> tuple:
    return (triad.cells, triad.stack)


def is_triad(board: Board, triad: Triad) -> bool:
    """Whether ``triad`` is a triad of either side on ``board`` now."""
    if triad.stack:
        if len(triad.cells) != 1:
            return False
        r, c = triad.cells[0]
        return board.stack(r, c) in ("aaa", "bbb") if (r, c) in LABELS else False
    n = LINE_NUMBER.get(tuple(triad.cells))
    return n is not None and (n in board.line_triads(0) or n in board.line_triads(1))


def removal_points(board: Board, triad: Triad) -> int:
    """Points that removing ``triad`` scores now (``ValueError`` if it is not a triad).

    A row triad scores the label of each of its cells that becomes empty; a
    stack triad scores its cell's label doubled.

    >>> board = Board.from_text('''
    ... a ba a . . . . .
    ... . . . . . . . .
    ... . . . . . . . .
    ... . . . # # . . .
    ... . . . # # . . .
    ... . . . . . . . .
    ... . . . . . . . .
    ... . . . . . . . bbb''')
    >>> row, = board.triads("a")
    >>> removal_points(board, row)   # (0,0) is a 6, (0,1) keeps a b, (0,2) is a 3
    9
    >>> stack, = board.triads("b")
    >>> removal_points(board, stack)  # (7,7) is a 6, doubled
    12
    """
    if not is_triad(board, triad):
        raise ValueError(f"{triad} is not a triad on this board")
    return points_of(board, triad)


def points_of(board: Board, triad: Triad) -> int:
    """:func:`removal_points` without the check (for code that knows it is a triad; a
    removal action, with the same ``cells`` and ``stack``, will do)."""
    if triad.stack:
        r, c = triad.cells[0]
        return 2 * LABEL_AT[r * SIZE + c]
    stacks = board.stacks
    points = 0
    for r, c in triad.cells:
        i = r * SIZE + c
        if len(stacks[i]) == 1:
            points += LABEL_AT[i]
    return points


def remove(board: Board, triad: Triad) -> int:
    """Remove ``triad`` from ``board`` (known to be a triad; a removal action will do) and return its points."""
    points = points_of(board, triad)
    if triad.stack:
        r, c = triad.cells[0]
        i = r * SIZE + c
        for _ in range(MAX_HEIGHT):
            board.pop(i)
    else:
        for r, c in triad.cells:
            board.pop(r * SIZE + c)
    return points


__all__ = [
    "Board",
    "CENTRE",
    "LABELS",
    "LINES",
    "MAX_HEIGHT",
    "PIECES",
    "SIDES",
    "Triad",
    "is_triad",
    "removal_points",
]
