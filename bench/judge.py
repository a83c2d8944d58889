"""Time a hint and a full review at the page's budgets, in CPython and in Pyodide under Node.js.

    python bench/judge.py [--hints 5] [--no-pyodide]

Per case a seeded game in which every seat plays Normal; a hint (``HINT_LIMITS``) is
timed at ``--hints`` of seat 0's positions spread over the game, and a review of seat
0's whole game (``REVIEW_LIMITS`` per decision) once.  Prints the median wall time of a
hint, the review's wall time and decisions, and the longest run between two yields.
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

CASES = [("triad", 2, {}), ("triad", 4, {}), ("dyad", 2, {}), ("dyad", 4, {"teams": True}), ("dieci", 3, {}),
         ("dieci", 6, {})]


def _timed(work) -> tuple[float, float]:
    """(wall seconds, longest seconds between two yields) of running a generator out."""
    started = mark = perf_counter()
    longest = 0.0
    for _ in work:
        longest = max(longest, perf_counter() - mark)
        mark = perf_counter()
    longest = max(longest, perf_counter() - mark)
    return perf_counter() - started, longest


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
        marks = decisions(save, 0)
        picks = [marks[i * len(marks) // hints] for i in range(hints)]
        hint_times, longest = [], 0.0
        for index in picks:
            state = load({**save, "actions": save["actions"][:index]})
            wall, slice_ = _timed(hint(state, seed=index, **HINT_LIMITS))
            hint_times.append(wall)
            longest = max(longest, slice_)
        wall, slice_ = _timed(review(save, seat=0, seed=1, **REVIEW_LIMITS))
        rows.append({"case": f"{game} {players}p" + "".join(f" {k}" for k in options), "hint_median": statistics.median(hint_times),
                     "hint_max": max(hint_times), "review": wall, "decisions": len(marks),
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
        print(f"{'case':16} {'hint median':>12} {'hint max':>9} {'review':>8} {'decisions':>9} {'longest slice':>14}")
        for row in result["rows"]:
            print(f"{row['case']:16} {row['hint_median'] * 1000:10.0f}ms {row['hint_max'] * 1000:7.0f}ms "
                  f"{row['review']:7.1f}s {row['decisions']:9d} {row['longest_slice'] * 1000:12.0f}ms")


if __name__ == "__main__":
    main()
