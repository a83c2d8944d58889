"""Cell names as players read them off the drawn board: files a–h left to right, ranks 1–8 bottom to top.

A display of the engine's ``(row, col)`` (row 0 at the top); actions and saves keep ``place 2,5``.

>>> cell_label((0, 0)), cell_label((7, 0)), cell_label((2, 5))
('a8', 'a1', 'f6')
"""

from __future__ import annotations

from collections.abc import Sequence

FILES = "abcdefgh"


def cell_label(cell: Sequence[int]) -> str:
    """``(row, col)`` → ``f6``."""
    row, col = cell
    return f"{FILES[col]}{8 - row}"


def file_label(col: int) -> str:
    return FILES[col]


def rank_label(row: int) -> str:
    return str(8 - row)
