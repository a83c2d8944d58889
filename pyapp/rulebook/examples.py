"""Live examples on the rules pages, computed by the rules engines when drawn.

Each example is a function returning an element tree (see
:mod:`pyapp.drawing.tree`) with its numbers taken from the game's public
rules API, so the page can never show a value the engine disagrees with.

>>> sorted(EXAMPLES)
['dieci-goal-points', 'dieci-suits', 'dieci-tricks', 'dyad-values', 'triad-labels', 'triad-notation']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.drawing import dieci as dieci_drawing, dyad as dyad_drawing
from pyapp.drawing.tree import Node, node
from pyapp.drawing.triad import mini_board
from pyapp.i18n import t

EMPTY_BOARD = "\n".join(
    " ".join("#" if (r in (3, 4) and c in (3, 4)) else "." for c in range(8)) for r in range(8)
)

NOTATION_EXAMPLE = """\
a a a . . . . .
. ba . . . . . .
. . . . . . . .
. . . # # . . .
. . . # # . . .
. . . . . . . .
. . . . . . . bbb
. . . . . ab ab ab"""


def between(nodes: list[Node], separator: str = " ") -> list[Any]:
    """Nodes with ``separator`` between each (a space, so copied text reads ``6♠ 4♠``)."""
    out: list[Any] = []
    for n in nodes:
        if out:
            out.append(separator)
        out.append(n)
    return out


def _table(head: tuple[str, ...], rows: list[tuple[Any, ...]], cls: str) -> Node:
    return node(
        "table",
        {"class": f"example-table {cls}"},
        node("thead", None, node("tr", None, [node("th", {"scope": "col"}, h) for h in head])),
        node("tbody", None, [node("tr", None, [node("td", None, cell) for cell in row]) for row in rows]),
    )


def triad_labels() -> Node:
    """The empty board with its labels; checked against ``triad.LABELS``."""
    from pyapp.demos.triad import LABEL_GRID
    from pyapp.games import triad

    board = triad.Board.from_text(EMPTY_BOARD)
    for (r, c), label in triad.LABELS.items():
        if LABEL_GRID[r][c] != label:
            raise ValueError(f"the drawn label of {(r, c)} is not the engine's {label}")
    return node("div", {"class": "example triad-example"}, mini_board({"board": board.to_text()}))


def triad_notation() -> Node:
    """A position in the text format, drawn, with the triads the engine finds in it."""
    from pyapp.games import triad

    board = triad.Board.from_text(NOTATION_EXAMPLE)
    found = {side: board.triads(side) for side in "ab"}
    lines = []
    for side in "ab":
        for tr in found[side]:
            cells = " ".join(f"{r},{c}" for r, c in tr.cells)
            key = "rules.example.stack_triad" if tr.stack else "rules.example.row_triad"
            lines.append(
                node(
                    "li",
                    None,
                    t(key, side=t(f"demo.triad.side.{side}"), cells=cells, points=triad.removal_points(board, tr)),
                )
            )
    highlight = [list(cell) for side in "ab" for tr in found[side] for cell in tr.cells]
    return node(
        "div",
        {"class": "example triad-example notation"},
        node("pre", {"class": "position-text", "translate": "no"}, board.to_text()),
        mini_board({"board": board.to_text(), "highlight": highlight}),
        node("ul", {"class": "example-notes"}, lines),
    )


DYAD_VALUES = (
    ("6S+4S", "6S+4S"),
    ("6S+4S", "5H+4H"),
    ("6S+4S", "7H+3D"),
    ("6S+4S", "7H+2D"),
    ("6S+4S", "2C+2H"),
    ("5H+3D", "7C+6S"),
    ("5H+3D", "7C+2S"),
)


def _pair(pair: str) -> Node:
    return node("span", {"class": "pair"}, between([dyad_drawing.inline(c) for c in pair.split("+")]))


def dyad_values() -> Node:
    """Pairs after a lead and the value ``dyad.pair_value`` gives them."""
    from pyapp.games import dyad

    rows = []
    for lead, pair in DYAD_VALUES:
        value = dyad.pair_value(lead, pair)
        rows.append((_pair(lead), t("rules.example.lead_itself") if lead == pair else _pair(pair), str(value)))
    head = (t("rules.example.lead"), t("rules.example.pair"), t("rules.example.value"))
    return node("div", {"class": "example"}, _table(head, rows, "dyad-values"))


DIECI_TRICKS = (
    (("9G", "KR", "3B"), "B"),
    (("9G", "KR", "JG"), "Y"),
    (("QG", "QR", "TY"), "P"),
)


def dieci_tricks() -> Node:
    """Tricks in play order and the winner ``dieci.trick_winner`` names."""
    from pyapp.games import dieci

    rows = []
    for cards, trump in DIECI_TRICKS:
        winner = dieci.trick_winner(list(cards), trump)
        played = node(
            "span",
            {"class": "cards"},
            between([dieci_drawing.inline(c, extra="marked" if i == winner else "") for i, c in enumerate(cards)]),
        )
        rows.append((played, t(f"demo.suit.dieci.{trump}"), dieci_drawing.inline(cards[winner])))
    head = (t("rules.example.played"), t("rules.example.trump"), t("rules.example.winner"))
    return node("div", {"class": "example"}, _table(head, rows, "dieci-tricks"))


def dieci_goal_points() -> Node:
    """``dieci.GOAL_POINTS`` as a table."""
    from pyapp.games import dieci

    rows = [(str(n), str(points)) for n, points in enumerate(dieci.GOAL_POINTS)]
    head = (t("rules.example.goal_count"), t("rules.example.points"))
    return node("div", {"class": "example"}, _table(head, rows, "dieci-goal"))


DIECI_SUITS = (
    ("R10",),
    ("G2", "G6", "G10"),
    ("B3", "B8"),
    ("Y4", "P6"),
)


def dieci_suits() -> Node:
    """Character collections and their suit points from ``dieci.character_points``."""
    from pyapp.games import dieci

    rows = []
    for chars in DIECI_SUITS:
        by_suit: dict[str, list[int]] = {}
        for c in chars:
            by_suit.setdefault(c[0], []).append(int(c[1:]))
        rows.append((node("span", {"class": "taken"}, between([dieci_drawing.inline_character(c) for c in chars])), str(dieci.character_points(by_suit))))
    head = (t("rules.example.characters"), t("rules.example.points"))
    return node("div", {"class": "example"}, _table(head, rows, "dieci-suits"))


EXAMPLES: dict[str, Callable[[], Node]] = {
    "triad-labels": triad_labels,
    "triad-notation": triad_notation,
    "dyad-values": dyad_values,
    "dieci-tricks": dieci_tricks,
    "dieci-goal-points": dieci_goal_points,
    "dieci-suits": dieci_suits,
}


def example_tree(name: str) -> Node:
    """The example ``name`` drawn now (``KeyError`` if unknown)."""
    return EXAMPLES[name]()
