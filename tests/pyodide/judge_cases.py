"""Reviews and hints of the recorded blunder games, and damaged saves refused, as JSON.

Standard library and ``pyapp`` only: the same function runs in CPython and in Pyodide
under Node (``bench/speed_pyodide.mjs``), and the two results must be identical.
"""

from __future__ import annotations

from typing import Any

from pyapp.ai.hint import hint
from pyapp.ai.review import review
from pyapp.engine.steps import finish
from pyapp.games import load


def measure(cases: list[dict[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {"reviews": [], "hints": [], "refused": []}
    for case in cases:
        save = case["save"]
        found["reviews"].append(finish(review(load(save), seat=case["seat"], seed=1, worlds=3)))
        state = load({**save, "actions": save["actions"][:case["index"]]})
        found["hints"].append(finish(hint(state, seed=1, worlds=4)))
        for damaged in ({**save, "actions": save["actions"] + ["nonsense"]}, {**save, "seed": "1"}, [save]):
            try:
                finish(review(load(damaged), seat=0, seed=1, worlds=2))
            except ValueError as error:
                found["refused"].append(str(error))
    return found
