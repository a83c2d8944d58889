"""Long work in the page, a slice at a time: the browser gets a turn after every slice.

The search, the judge and a review are generators that yield every few
milliseconds (``pyapp.ai.SLICE_MS``).  :func:`run_sliced` runs one inside an
asyncio task and awaits ``asyncio.sleep(0)`` after each yield, so each slice is
a task of its own and the page never freezes; cancelling the task stops the
work at the pause between two slices and closes the generator.  A ``stop``
predicate gives the work up between slices without cancelling the task (the
Hint gives up on a hidden page; the computers and a review go on, as the
browser lets them).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Generator
from typing import Any, TypeVar

Step = TypeVar("Step")
Result = TypeVar("Result")


async def run_sliced(work: Generator[Step, None, Result],
                     each: Callable[[Step], Awaitable[Any] | None] | None = None, *,
                     stop: Callable[[], bool] | None = None) -> Result | None:
    """Run ``work`` to its end and return its value; after each yield ``each(step)`` (awaited if it returns an awaitable).

    ``stop()`` is asked before each slice: when it is true the work is closed unfinished and None returned."""
    try:
        while True:
            if stop is not None and stop():
                return None
            try:
                step = next(work)
            except StopIteration as done:
                return done.value
            waiting = each(step) if each is not None else None
            if waiting is not None:
                await waiting
            await asyncio.sleep(0)
    finally:
        work.close()


__all__ = ["run_sliced"]
