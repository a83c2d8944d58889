"""Time a hint and a full review at the page's budgets, in CPython and in Pyodide under Node.js.

    python bench/judge.py [--hints 5] [--no-pyodide]

Per case a seeded game in which every seat plays Normal; a hint (``HINT_LIMITS``) is
timed at ``--hints`` of seat 0's positions spread over the game, and a review of seat
0's whole game (``REVIEW_LIMITS`` per decision) once.  Prints the median wall (and CPU) time of
a hint, the review's, its decisions, and the longest CPU time between two yields.
Pyodide runs through ``bench/speed_pyodide.mjs`` (this module's ``measure``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
from time import perf_counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from pyapp.ai import choose_action  # noqa: E402
from pyapp.ai.hint import HINT_LIMITS, hint  # noqa: E402
from pyapp.ai.review import REVIEW_LIMITS, decisions, review  # noqa: E402
from pyapp.games import load, new_game  # noqa: E402
from speed import CLOCK as _cpu  # noqa: E402  (CPU seconds, also in Pyodide)

CASES = [("triad", 2, {}), ("triad", 4, {}), ("dyad", 2, {}), ("dyad", 4, {"teams": True}), ("dieci", 3, {}),
         ("dieci", 6, {})]


def _timed(work) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, longest CPU seconds between two yields) of running a generator out.

    The slice is CPU time: on a loaded machine a descheduled process inflates wall-clock
    gaps that are no work of its own."""
    started = perf_counter()
    mark = begun = _cpu()
    longest = 0.0
    for _ in work:
        longest = max(longest, _cpu() - mark)
        mark = _cpu()
    longest = max(longest, _cpu() - mark)
    return perf_counter() - started, _cpu() - begun, longest



def _game(game: str, players: int, options: dict) -> dict:
    state = new_game(game, seed=1, players=players, **options)
    rng = random.Random(1)
    while not state.is_terminal():
        state.step(choose_action(state, level="normal", seed=rng.getrandbits(32)))
    return state.to_save()


def measure(hints: int = 5) -> dict:
    rows = []
    for game, players, options in CASES:
        save = _game(game, players, options)
        marks = decisions(load(save), 0)
        picks = [marks[i * len(marks) // hints] for i in range(hints)]
        walls, cpus, longest = [], [], 0.0
        for index in picks:
            state = load({**save, "actions": save["actions"][:index]})
            wall, cpu, slice_ = _timed(hint(state, seed=index, **HINT_LIMITS))
            walls.append(wall)
            cpus.append(cpu)
            longest = max(longest, slice_)
        wall, cpu, slice_ = _timed(review(load(save), seat=0, seed=1, **REVIEW_LIMITS))
        rows.append({"case": f"{game} {players}p" + "".join(f" {k}" for k in options),
                     "hint_median": statistics.median(walls), "hint_cpu": statistics.median(cpus),
                     "hint_max": max(walls), "review": wall, "review_cpu": cpu, "decisions": len(marks),
                     "longest_slice": max(longest, slice_)})
    return {"python": sys.version.split()[0], "rows": rows}


def _pyodide(hints: int) -> dict | None:
    script = os.path.join(ROOT, "bench", "speed_pyodide.mjs")
    done = subprocess.run(["node", script, json.dumps({"hints": hints}), "judge"], capture_output=True, text=True,
                          timeout=3600)
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=5)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    print(f"hint: {HINT_LIMITS}; review per decision: {REVIEW_LIMITS}")
    results = [("CPython", measure(args.hints))]
    if not args.no_pyodide:
        found = _pyodide(args.hints)
        if found is not None:
            results.append(("Pyodide", found))
    for name, result in results:
        print(f"{name} {result['python']}")
        print(f"{'case':16} {'hint median (CPU)':>18} {'hint max':>9} {'review (CPU)':>14} {'decisions':>9} "
              f"{'longest slice (CPU)':>20}")
        for row in result["rows"]:
            print(f"{row['case']:16} {row['hint_median'] * 1000:6.0f}ms ({row['hint_cpu'] * 1000:4.0f}ms) "
                  f"{row['hint_max'] * 1000:7.0f}ms {row['review']:5.1f}s ({row['review_cpu']:4.1f}s) "
                  f"{row['decisions']:9d} {row['longest_slice'] * 1000:18.0f}ms")


if __name__ == "__main__":
    main()
