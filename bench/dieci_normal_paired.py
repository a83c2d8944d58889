"""Dieci Normal vs Easy, paired: Normal as it is and with changed constants, on the same games.

    python bench/dieci_normal_paired.py --set LOOKAHEAD_FROM=99 [--players 7 8] [--games 1200] [--seed 41]

Plays the ladder's games (``bench/ladder.py dieci --pairs normal-easy``: the same deals,
seats and seeds) once with ``policies`` as they are and once with each ``--set NAME=VALUE``
applied to ``pyapp.games.dieci.policies``, in this one process (one core).  Easy draws its
random numbers from the move's seed, so both runs see the same deals and the same Easy
until Normal's choices part them: the per-game differences are much less noisy than two
separate runs.  Prints, per player count, each run's win rate [95% CI], × fair share,
margin and Normal's CPU time per move, then the paired difference with its 95% interval.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from bench.common import wilson  # noqa: E402
from pyapp.ai import choose_action  # noqa: E402
from pyapp.games import new_game  # noqa: E402
from pyapp.games.dieci import policies  # noqa: E402


def number(text: str) -> tuple[str, float]:
    """``NAME=VALUE`` as a name and a number (an int when it is one)."""
    name, _, value = text.partition("=")
    return name, int(value) if value.lstrip("-").isdigit() else float(value)


def play(players: int, index: int, seed: int, cpu: list[float]) -> tuple[float, float]:
    """The ladder's game ``index`` of ``--seed seed``: Normal's return and score margin."""
    deal = seed * 100_003 + index // players
    strong = index % players
    state = new_game("dieci", seed=deal, players=players)
    moves = 0
    while not state.is_terminal():
        level = "normal" if state.current_player() == strong else "easy"
        start = time.process_time()
        action = choose_action(state, level=level, seed=deal * 7919 + moves)
        if level == "normal":
            cpu.append(time.process_time() - start)
        state.step(action)
        moves += 1
    scores = state.scores()
    others = [s for p, s in enumerate(scores) if p != strong]
    return state.returns()[strong], scores[strong] - statistics.fmean(others)


def run(players: int, games: int, seed: int, label: str) -> list[tuple[float, float]]:
    """Play the games and print one line of figures."""
    cpu: list[float] = []
    results = [play(players, i, seed, cpu) for i in range(games)]
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, games)
    cpu.sort()
    print(f"{players} players, {label}: {games} games, win {wins / games:.1%} [{low:.1%}, {high:.1%}] "
          f"x{players * wins / games:.2f}, margin {statistics.fmean(r[1] for r in results):+.2f}; "
          f"Normal CPU ms median {1000 * cpu[len(cpu) // 2]:.2f} p95 {1000 * cpu[int(0.95 * len(cpu))]:.2f} "
          f"max {1000 * cpu[-1]:.1f}", flush=True)
    return results


def paired(players: int, base: list[tuple[float, float]], other: list[tuple[float, float]]) -> None:
    """Print the mean per-game difference (other minus base) in × fair and margin, ±1.96 SE."""
    def line(values: list[float]) -> str:
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        return f"{statistics.fmean(values):+.3f} ± {half:.3f}"
    share = [players * (b[0] - a[0]) for a, b in zip(base, other)]
    margin = [b[1] - a[1] for a, b in zip(base, other)]
    print(f"{players} players, changed minus as is: x fair {line(share)}, margin {line(margin)}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE of a policies constant")
    parser.add_argument("--players", type=int, nargs="+", default=[7, 8])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args(argv)
    changes = dict(number(text) for text in args.set)
    for name in changes:
        if not hasattr(policies, name):
            parser.error(f"policies has no {name}")
    original = {name: getattr(policies, name) for name in changes}
    for n in args.players:
        for name, value in original.items():
            setattr(policies, name, value)
        base = run(n, args.games, args.seed, "as is")
        if not changes:
            continue
        for name, value in changes.items():
            setattr(policies, name, value)
        other = run(n, args.games, args.seed, " ".join(args.set))
        paired(n, base, other)


if __name__ == "__main__":
    main()
