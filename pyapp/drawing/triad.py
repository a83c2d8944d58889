"""How Triad's pieces and cells are drawn: the table's board cells and side pieces, and the rules demos' small board.

>>> from pyapp.i18n import set_language
>>> set_language("en")
>>> side_piece("a")
['span', {'class': 'piece piece-a piece-small', 'aria-hidden': 'true'}, 'A']
"""

from __future__ import annotations

from typing import Any

from pyapp.drawing.tree import Node, node
from pyapp.games.triad import LABELS
from pyapp.games.triad.coords import cell_label, file_label, rank_label
from pyapp.i18n import t, tn


def side_piece(side: str) -> Node:
    """A side's piece beside its name (scores, the end's table)."""
    return node("span", {"class": f"piece piece-{side} piece-small", "aria-hidden": "true"}, t(f"triad.piece.{side}"))


def cell_description(cell: dict[str, Any], viewer_side: str) -> str:
    """A board cell in words: its name on the board's edges, its label and its stack, told from ``viewer_side``.

    >>> from pyapp.i18n import set_language
    >>> set_language("en")
    >>> cell_description({"row": 0, "col": 0, "label": 6, "stack": "baa", "top": "a", "height": 3}, "a")
    'a8, label 6, stack of 3: 2 yours, 1 theirs; bottom to top B A A, A (yours) showing'
    >>> cell_description({"row": 7, "col": 7, "label": 6, "stack": "b", "top": "b", "height": 1}, "a")
    'h1, label 6, one piece: B (theirs)'
    """
    name = cell_label((cell["row"], cell["col"]))
    if not cell["height"]:
        return t("triad.cell.empty", cell=name, label=cell["label"])
    top = t(f"triad.cell.top_{'yours' if cell['top'] == viewer_side else 'theirs'}", piece=t(f"triad.piece.{cell['top']}"))
    if cell["height"] == 1:
        return t("triad.cell.one", cell=name, label=cell["label"], top=top)
    yours = sum(1 for p in cell["stack"] if p == viewer_side)
    parts = [t(key, count=count) for key, count in (("triad.cell.yours", yours),
                                                    ("triad.cell.theirs", cell["height"] - yours)) if count]
    pieces = " ".join(t(f"triad.piece.{p}") for p in cell["stack"])
    return t("triad.cell.stack", cell=name, label=cell["label"], height=cell["height"],
             parts=t("triad.cell.parts", first=parts[0], second=parts[1]) if len(parts) == 2 else parts[0],
             pieces=pieces, top=top)


def board_cell(cell: dict[str, Any], marks: list[str], *, viewer_side: str, actionable: bool, focus: bool,
               autofocus: bool) -> Node:
    """A playable cell of the table's board as a button; ``marks`` are its state's classes (``legal``, ``last`` ...).

    Its grid position is a class (the page's CSP forbids inline styles); its top
    piece's letter is drawn by CSS (``data-glyph``), so the cell's spoken name
    holds all its visible text.  A stack of two or three also shows what it is
    made of: a column of its pieces' shapes, bottom to top, at the cell's right
    edge (its length is the height: the 3/6 label top left stays the only number)."""
    row, col = cell["row"], cell["col"]
    classes = ["cell", f"r{row}", f"c{col}", f"label-{cell['label']}", f"height-{cell['height']}"]
    if cell["top"]:
        classes.append(f"top-{cell['top']}")
    if cell["height"] > 1:
        classes.append("stacked")
    pips = [node("i", {"class": f"pip pip-{p}"}) for p in reversed(cell["stack"])]
    return node(
        "button",
        {"type": "button", "class": " ".join(classes + marks), "data-cell": f"{row},{col}",
         "data-label": str(cell["label"]), "data-height": str(cell["height"]), "data-top": cell["top"],
         "data-stack": cell["stack"], "aria-label": cell_description(cell, viewer_side),
         "aria-disabled": None if actionable else "true", "tabindex": "0" if focus else "-1",
         # the frame moves the focus here when the person's turn starts
         "data-autofocus": autofocus},
        node("span", {"class": "cell-label", "aria-hidden": "true"}, str(cell["label"])),
        # the board's edge labels, inside the edge cells so that every cell keeps 44 px
        node("span", {"class": "coord", "aria-hidden": "true",
                      "data-glyph": (file_label(col) if row == 7 else "") + (rank_label(row) if col == 0 else "")})
        if row == 7 or col == 0 else None,
        node("span", {"class": f"piece piece-{cell['top']}", "aria-hidden": "true",
                      "data-glyph": t(f"triad.piece.{cell['top']}")})
        if cell["top"] else None,
        node("span", {"class": "pips stack-column", "aria-hidden": "true", "data-testid": "stack-column"}, pips)
        if cell["height"] > 1 else None,
    )


def centre_cell(row: int, col: int) -> Node:
    """A centre cell of the table's board: (3, 3) carries the centre's mark, the other three are hidden."""
    if (row, col) == (3, 3):
        return node("div", {"class": "cell centre", "data-cell": "3,3", "data-centre": "",
                            "aria-label": t("triad.cell.centre"), "role": "img"},
                    node("span", {"class": "centre-mark", "aria-hidden": "true"}, "▲●"))
    return node("div", {"class": "cell centre-hidden", "data-cell": f"{row},{col}", "data-centre": "",
                        "aria-hidden": "true"})


def _mini_cell(row: int, col: int, token: str, marks: list[str]) -> Node:
    """A cell of the small board: its label, its top piece and its height (``token``: the stack, ``.`` when empty)."""
    if token == "#":
        return node("span", {"class": "cell centre", "aria-hidden": "true"})
    label = LABELS[(row, col)]
    stack = "" if token == "." else token
    if stack:
        aria = tn("demo.triad.cell", len(stack), row=row, col=col, label=label, height=len(stack),
                  top=t(f"demo.triad.side.{stack[-1]}"))
    else:
        aria = t("demo.triad.cell_empty", row=row, col=col, label=label)
    return node(
        "span",
        {"class": " ".join(["cell", f"label-{label}", *marks]), "data-cell": f"{row},{col}", "data-stack": stack,
         "role": "img", "aria-label": aria},
        node("span", {"class": "label", "aria-hidden": "true"}, str(label)),
        node("span", {"class": f"piece piece-{stack[-1]}", "aria-hidden": "true"}, stack[-1].upper()) if stack else None,
        node("span", {"class": "height", "aria-hidden": "true"}, str(len(stack))) if len(stack) > 1 else None,
    )


def mini_board(view: dict[str, Any]) -> Node:
    """A small Triad board (rules demos and pages): each cell's label, stack height and top piece.

    ``view``: ``board`` (rows of tokens), and optionally ``highlight`` and ``last`` (cells),
    ``scores`` (``a``, ``b``) and ``phase``."""
    highlight = {tuple(c) for c in view.get("highlight", [])}
    last = {tuple(c) for c in view.get("last", [])}
    cells = []
    for r, line in enumerate(view["board"].split("\n")):
        for c, token in enumerate(line.split()):
            marks = (["hl"] if (r, c) in highlight else []) + (["last"] if (r, c) in last else [])
            cells.append(_mini_cell(r, c, token, marks))
    scores = view.get("scores")
    info = None
    if scores is not None:
        info = node(
            "div",
            {"class": "triad-info"},
            node("span", {"class": "side side-a"}, t("demo.triad.score_a", points=scores.get("a", 0))),
            node("span", {"class": "side side-b"}, t("demo.triad.score_b", points=scores.get("b", 0))),
            node("span", {"class": "phase"}, t(f"demo.triad.phase{view.get('phase', 1)}")),
        )
    return node(
        "div",
        {"class": "triad-demo"},
        info,
        node("div", {"class": "mini-board", "role": "group", "aria-label": t("demo.triad.board")}, cells),
    )


__all__ = ["board_cell", "cell_description", "centre_cell", "mini_board", "side_piece"]
