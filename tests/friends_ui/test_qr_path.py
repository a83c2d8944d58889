"""The QR drawing: every dark module and nothing else is painted, inside a quiet zone."""

from __future__ import annotations

import random
import re

import pytest

from pyapp.drawing.qr import QUIET_ZONE, qr_path


def painted(path: str) -> set[tuple[int, int]]:
    """The (x, y) unit squares a path of ``M x y h n v1 h-n z`` runs covers."""
    cells = set()
    for x, y, run, back in re.findall(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z", path):
        assert run == back
        cells |= {(int(x) + i, int(y)) for i in range(int(run))}
    assert len(re.findall(r"M", path)) == len(re.findall(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z", path))
    return cells


@pytest.mark.parametrize("seed", range(20))
def test_every_dark_module_is_painted_once_shifted_by_the_quiet_zone(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice([21, 25, 41, 45])
    dark = [[rng.random() < 0.5 for _ in range(size)] for _ in range(size)]
    side, path = qr_path(dark)
    assert side == size + 2 * QUIET_ZONE
    want = {(x + QUIET_ZONE, y + QUIET_ZONE) for y in range(size) for x in range(size) if dark[y][x]}
    assert painted(path) == want
    assert all(QUIET_ZONE <= x < side - QUIET_ZONE and QUIET_ZONE <= y < side - QUIET_ZONE for x, y in want)


def test_a_row_of_dark_modules_is_one_run() -> None:
    side, path = qr_path([[True] * 21 for _ in range(21)], quiet=0)
    assert side == 21 and path.count("M") == 21


@pytest.mark.parametrize("dark", [[], [[True, False]], [[True], [True, False]]])
def test_a_matrix_that_is_not_square_is_refused(dark: list[list[bool]]) -> None:
    with pytest.raises(ValueError):
        qr_path(dark)
