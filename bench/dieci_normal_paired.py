"""Dieci Normal vs Easy (or Normal), paired: Normal as it is and changed, on the same games.

    python bench/dieci_normal_paired.py --set LOOKAHEAD_FROM=99 [--players 7 8] [--games 1200] [--seed 41]
    python bench/dieci_normal_paired.py --weak normal --oracle [--set LOOKAHEAD_SAMPLES=32] --players 8

Plays the ladder's games (``bench/ladder.py dieci --pairs normal-easy``: the same deals,
seats and seeds) once with ``policies`` as they are and once with each ``--set NAME=VALUE``
applied to ``pyapp.games.dieci.policies`` for the stronger seat's moves, in this one process
(one core).  The weaker seats draw their random numbers from the move's seed, so both runs
see the same deals and the same rivals until the stronger seat's choices part them: the
per-game differences are much less noisy than two separate runs.  With ``--weak normal`` the
run as is (Normal at every seat of a duplicate deal) is exactly the fair share, so the paired
difference is the changed seat's gain over fair.  ``--oracle`` (bench only, a ceiling): the
changed seat's Normal samples no worlds, it sees every hand and goal card (``oracle_world``).
Prints, per player count, each run's win rate [95% CI], × fair share, margin and the stronger
seat's CPU time per move, then the paired difference with its 95% interval.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from bench.common import wilson  # noqa: E402
from bench.dieci_strength import oracle_world  # noqa: E402
from pyapp.ai import choose_action  # noqa: E402
from pyapp.engine.steps import finish  # noqa: E402
from pyapp.games import new_game  # noqa: E402
from pyapp.games.dieci import policies  # noqa: E402


def number(text: str) -> tuple[str, float]:
    """``NAME=VALUE`` as a name and a number (an int when it is one)."""
    name, _, value = text.partition("=")
    return name, int(value) if value.lstrip("-").isdigit() else float(value)


@contextlib.contextmanager
def constants(changes: dict[str, float]):
    """``policies`` with ``changes`` applied, restored afterwards."""
    original = {name: getattr(policies, name) for name in changes}
    for name, value in changes.items():
        setattr(policies, name, value)
    try:
        yield
    finally:
        for name, value in original.items():
            setattr(policies, name, value)


def strong_move(state, seed: int, changes: dict[str, float], oracle: bool):
    """The stronger seat's Normal move, with ``changes`` (and the true deal if ``oracle``)."""
    with constants(changes):
        if not oracle:
            return choose_action(state, level="normal", seed=seed)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(seed)
        return finish(policies.normal_steps(oracle_world(state, rng), rng))


def play(players: int, index: int, seed: int, cpu: list[float], weak: str,
         changes: dict[str, float], oracle: bool) -> tuple[float, float]:
    """The ladder's game ``index`` of ``--seed seed``: the stronger seat's return and score margin."""
    deal = seed * 100_003 + index // players
    strong = index % players
    state = new_game("dieci", seed=deal, players=players)
    moves = 0
    while not state.is_terminal():
        move_seed = deal * 7919 + moves
        if state.current_player() == strong:
            start = time.process_time()
            action = strong_move(state, move_seed, changes, oracle)
            cpu.append(time.process_time() - start)
        else:
            action = choose_action(state, level=weak, seed=move_seed)
        state.step(action)
        moves += 1
    scores = state.scores()
    others = [s for p, s in enumerate(scores) if p != strong]
    return state.returns()[strong], scores[strong] - statistics.fmean(others)


def run(players: int, games: int, seed: int, label: str, weak: str = "easy",
        changes: dict[str, float] | None = None, oracle: bool = False) -> list[tuple[float, float]]:
    """Play the games and print one line of figures."""
    cpu: list[float] = []
    results = [play(players, i, seed, cpu, weak, changes or {}, oracle) for i in range(games)]
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, games)
    cpu.sort()
    print(f"{players} players, {label}: {games} games, win {wins / games:.1%} [{low:.1%}, {high:.1%}] "
          f"x{players * wins / games:.2f}, margin {statistics.fmean(r[1] for r in results):+.2f}; "
          f"stronger seat CPU ms median {1000 * cpu[len(cpu) // 2]:.2f} p95 {1000 * cpu[int(0.95 * len(cpu))]:.2f} "
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
    parser.add_argument("--weak", choices=["easy", "normal"], default="easy", help="the other seats' level")
    parser.add_argument("--oracle", action="store_true", help="the changed seat sees the true deal (a ceiling)")
    parser.add_argument("--players", type=int, nargs="+", default=[7, 8])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args(argv)
    changes = dict(number(text) for text in args.set)
    for name in changes:
        if not hasattr(policies, name):
            parser.error(f"policies has no {name}")
    label = " ".join(args.set + (["oracle"] if args.oracle else []))
    for n in args.players:
        base = run(n, args.games, args.seed, "as is", args.weak)
        if label:
            paired(n, base, run(n, args.games, args.seed, label, args.weak, changes, args.oracle))


if __name__ == "__main__":
    main()
