"""Dieci strength and speed benchmark (standard library only; prints figures).

    python bench/dieci_strength.py [--players 3 5 8] [--games N] [--hard-games N]
                                   [--budget-ms MS] [--jobs J]

Seeded matches with the seats rotated: one seat of the stronger level against
the weaker level at every other seat (game g puts the strong seat at g mod n).
Prints the strong seat's win share (shared wins split) with a 95% confidence
interval, that share as a multiple of the fair share 1/n, mean points of the
strong seat and of the others, and the median / 95th percentile time per move
of each level.  Hard vs Normal runs when ``pyapp.ai`` is present.  Also
measures random and rollout-policy playouts per second.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from bench import common  # noqa: E402
from bench.common import wilson  # noqa: E402
from pyapp.games import new_game  # noqa: E402
from pyapp.games.dieci import policies  # noqa: E402


_random = common.random_policy


def choose(level, game, rng, seed, budget_ms):
    """One move of ``level`` for the current player, from a world sampled for it."""
    if level in ("random", "easy", "normal"):
        policy = {"random": _random, "easy": policies.easy, "normal": policies.normal}[level]
        world = game.sample_world(game.current_player(), rng)
        return policy(world, rng)
    from pyapp.ai import choose_action  # noqa: PLC0415

    return choose_action(game, level=level, seed=seed, budget_ms=budget_ms)


def play_one(args):
    """Play game ``g``: ``strong`` at seat g mod n, ``weak`` elsewhere."""
    strong, weak, players, g, budget_ms = args
    seat_strong = g % players
    game = new_game("dieci", seed=7000 + g, players=players)
    rng = random.Random(g)
    times = {"strong": [], "weak": []}
    moves = 0
    while not game.is_terminal():
        seat = game.current_player()
        who = "strong" if seat == seat_strong else "weak"
        t0 = time.perf_counter()
        action = choose(strong if who == "strong" else weak, game, rng, g * 10_000 + moves, budget_ms)
        times[who].append(time.perf_counter() - t0)
        game.apply_action(action)
        moves += 1
    won = game.winners()
    scores = game.scores()
    share = 1 / len(won) if seat_strong in won else 0.0
    others = statistics.mean(s for p, s in enumerate(scores) if p != seat_strong)
    return share, scores[seat_strong], others, times


def _ms(values, q):
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(q * (len(values) - 1)))] if values else float("nan")


def match(strong, weak, players, games, budget_ms, jobs):
    started = time.perf_counter()
    tasks = [(strong, weak, players, g, budget_ms) for g in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_one, tasks, chunksize=max(1, games // (4 * jobs))))
    else:
        results = [play_one(t) for t in tasks]
    elapsed = time.perf_counter() - started
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, games)
    fair = 1 / players
    rate = wins / games
    print(f"{players} players, {strong} (one seat) vs {weak}: {games} games, {elapsed:.1f}s")
    print(
        f"  {strong} win share {rate:.3f} (95% CI {low:.3f}-{high:.3f}); fair share {fair:.3f}; "
        f"x{rate / fair:.2f} (CI x{low / fair:.2f}-x{high / fair:.2f})"
    )
    print(f"  mean points {strong} {statistics.mean(r[1] for r in results):.1f}, "
          f"{weak} {statistics.mean(r[2] for r in results):.1f}")
    for who, name in (("strong", strong), ("weak", weak)):
        ts = [t for r in results for t in r[3][who]]
        print(f"  {name} time per move: median {_ms(ts, 0.5):.2f} ms, p95 {_ms(ts, 0.95):.2f} ms, max {_ms(ts, 1):.2f} ms")
    sys.stdout.flush()
    return rate / fair


def playouts_per_second(policy, players, seconds=2.0):
    return common.playouts_per_second(new_game("dieci", seed=1, players=players), policy, seconds)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 5, 8], help="player counts (default 3 5 8)")
    parser.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    parser.add_argument("--hard-games", type=int, default=0, help="games of Hard vs Normal (default 0: skipped)")
    parser.add_argument("--budget-ms", type=int, default=300, help="Hard's time budget per move (default 300)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--only", nargs="+", default=["easy-random", "normal-easy", "hard-normal"],
                        help="matches to run (easy-random normal-easy hard-normal)")
    args = parser.parse_args(argv)
    for n in args.players:
        print(f"{n} players: random playouts/s {playouts_per_second(_random, n):.0f}, "
              f"rollout-policy playouts/s {playouts_per_second(policies.rollout, n):.0f}")
    try:
        import pyapp.ai  # noqa: F401, PLC0415

        has_ai = True
    except ImportError:
        has_ai = False
    for n in args.players:
        if "easy-random" in args.only:
            match("easy", "random", n, args.games, args.budget_ms, args.jobs)
        if "normal-easy" in args.only:
            match("normal", "easy", n, args.games, args.budget_ms, args.jobs)
        if "hard-normal" in args.only and args.hard_games:
            if has_ai:
                match("hard", "normal", n, args.hard_games, args.budget_ms, args.jobs)
            else:
                print("hard vs normal: pyapp.ai is not available here (merge main once it lands)")


if __name__ == "__main__":
    main()
