"""``pyapp.ui.browser.slices.run_sliced`` in CPython: it needs only asyncio."""

from __future__ import annotations

import asyncio
from collections.abc import Generator

from pyapp.ui.browser.slices import run_sliced


def _counting(closed: list[bool]) -> Generator[int, None, str]:
    try:
        for step in range(5):
            yield step
        return "done"
    finally:
        closed.append(True)


def test_the_work_runs_to_its_value_and_each_step_is_seen():
    closed: list[bool] = []
    seen: list[int] = []
    assert asyncio.run(run_sliced(_counting(closed), seen.append)) == "done"
    assert seen == [0, 1, 2, 3, 4] and closed == [True]


def test_stop_gives_the_work_up_between_slices_and_closes_it():
    closed: list[bool] = []
    seen: list[int] = []
    assert asyncio.run(run_sliced(_counting(closed), seen.append, stop=lambda: len(seen) >= 2)) is None
    assert seen == [0, 1] and closed == [True]
