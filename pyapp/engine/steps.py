"""Work done in steps: a generator that yields where a page may draw and returns its result.

The computer players run this way in the browser (``pyapp.ai.think``); tests,
benchmarks and the search's own policies call the same code straight through.

>>> def count(n):
...     for _ in range(n):
...         yield
...     return n
>>> finish(count(3))
3
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")


def finish(steps: Generator[None, None, T]) -> T:
    """Run ``steps`` to the end without pausing and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
