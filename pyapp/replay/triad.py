"""Triad steps in words, from the observations before and after (perfect information).

>>> after = {"last": {"kind": "remove", "stack": True, "cells": [[2, 5]], "points": 12},
...          "phase": 2, "over": False}
>>> step = type("S", (), {"name": "B", "before": {"phase": 2}, "after": after})
>>> describe(step)
[('replay.triad.remove_stack', {'name': 'B', 'cell': 'f6', 'points': 12})]
"""

from __future__ import annotations

from typing import Any

from pyapp.games.triad.coords import cell_label


def _cells(cells: list[list[int]]) -> str:
    """A row triad by its end cells as drawn on the board (``a8–c8``)."""
    return f"{cell_label(cells[0])}–{cell_label(cells[-1])}"


def describe(step: Any) -> list[tuple[str, dict[str, Any]]]:
    last = step.after["last"]
    name = step.name
    kind = last["kind"]
    points = last["points"]
    out: list[tuple[str, dict[str, Any]]] = []
    if kind == "place":
        key = "replay.triad.place_triad" if points else "replay.triad.place"
        out.append((key, {"name": name, "cell": cell_label(last["cell"]), **({"points": points} if points else {})}))
    elif kind == "remove":
        if last["stack"]:
            out.append(("replay.triad.remove_stack", {"name": name, "cell": cell_label(last["cells"][0]),
                                                       "points": points}))
        else:
            out.append(("replay.triad.remove_row", {"name": name, "cells": _cells(last["cells"]), "points": points}))
    elif kind == "pass":
        out.append(("replay.triad.pass", {"name": name}))
    else:
        return []
    if step.before.get("phase") == 1 and step.after.get("phase") == 2 and not step.after.get("over"):
        out.append(("replay.triad.phase2", {}))
    if step.after.get("over"):
        scores = step.after.get("scores", {})
        out.append(("replay.triad.over", {"a": scores["a"]["total"], "b": scores["b"]["total"]}))
    return out
