"""The difficulty ladder: seeded matches between computer levels, in CPython.

    python bench/ladder.py GAME [--players N] [--games N] [--budget-ms B]
                                [--iterations N] [--pairs hard-normal,normal-easy,easy-random]
                                [--option name=value ...] [--workers 2]

For each pair (stronger-weaker) it plays ``--games`` games; one seat plays the
stronger level and every other seat the weaker; the stronger seat rotates over
all seats (game k: seat k mod players) over the same deal (game k: deal k div players),
so each deal is played with the stronger level at every seat.  It prints the stronger side's win rate
(shared wins count as a share) with a 95% Wilson interval, that rate as a
multiple of the fair share 1/players, the mean score margin (stronger seat's
score minus the mean of the others'), and the median and 95th-percentile time
per move of each level.  Targets: 2 players, >= 65% (hard-normal) and >= 70%
(the others); more players, >= 1.6x (hard-normal) and >= 1.8x (the others) the
fair share.  Every game is seeded, so a run is reproducible except for the
effect of timing on the hard level (use --iterations without --budget-ms for
exact reproducibility).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from bench.common import parse_option, parse_tuning, percentile, wilson  # noqa: E402

TARGETS_2P = {"hard-normal": 0.65}
TARGETS_MP = {"hard-normal": 1.6}
DEFAULT_2P = 0.70
DEFAULT_MP = 1.8


def _setup_games() -> None:
    import pyapp.games  # noqa: F401

    try:  # the toy games, for trying the script without the real ones
        import tests.ai.toys  # noqa: F401
    except ImportError:
        pass


def play_one(task: dict) -> dict:
    """Play one game; return the stronger seat's result and the time of every move."""
    _setup_games()
    from pyapp.ai import choose_action
    from pyapp.games import new_game

    game, players, strong_level, weak_level = task["game"], task["players"], task["strong"], task["weak"]
    index = task["index"]
    # Duplicate format: each deal (seed) is played once with the stronger level at
    # every seat, which removes most of the luck of the deal from the comparison.
    seed = task["seed"] * 100_003 + index // players
    strong = index % players
    state = new_game(game, seed=seed, players=players, **task["options"])
    times: dict[str, list[float]] = {strong_level: [], weak_level: []}
    cpu: dict[str, list[float]] = {strong_level: [], weak_level: []}
    moves = 0
    while not state.is_terminal():
        seat = state.current_player()
        level = strong_level if seat == strong else weak_level
        kwargs = {}
        if level == "hard":
            if task["budget_ms"] is not None:
                kwargs["budget_ms"] = task["budget_ms"]
            if task["iterations"] is not None:
                kwargs["iterations"] = task["iterations"]
            kwargs.update(task.get("tuning", {}))
        start, start_cpu = time.perf_counter(), time.process_time()
        action = choose_action(state, level=level, seed=seed * 7919 + moves, **kwargs)
        times[level].append((time.perf_counter() - start) * 1000.0)
        cpu[level].append((time.process_time() - start_cpu) * 1000.0)
        state.step(action)
        moves += 1
    scores = state.scores()
    others = [scores[s] for s in range(players) if s != strong]
    return {
        "pair": f"{strong_level}-{weak_level}",
        "win": state.returns()[strong],
        "margin": scores[strong] - sum(others) / len(others),
        "times": times,
        "cpu": cpu,
        "moves": moves,
    }


def summarise(pair: str, results: list[dict], players: int) -> dict:
    n = len(results)
    rate = sum(r["win"] for r in results) / n
    low, high = wilson(rate * n, n)
    fair = 1 / players
    if players == 2:
        target = TARGETS_2P.get(pair, DEFAULT_2P)
        met = rate >= target
        target_text = f"target >= {target:.0%}"
    else:
        target = TARGETS_MP.get(pair, DEFAULT_MP)
        met = rate / fair >= target
        target_text = f"target >= {target:.1f}x fair share"
    def per_level(key: str) -> dict[str, tuple[float, float, int]]:
        pooled: dict[str, list[float]] = {}
        for r in results:
            for level, values in r[key].items():
                pooled.setdefault(level, []).extend(values)
        return {lv: (statistics.median(v), percentile(v, 0.95), len(v)) for lv, v in pooled.items() if v}

    return {
        "pair": pair,
        "games": n,
        "rate": rate,
        "ci": (low, high),
        "share": rate / fair,
        "margin": statistics.fmean(r["margin"] for r in results),
        "met": met,
        "target": target_text,
        "times": per_level("times"),
        "cpu": per_level("cpu"),
        "moves": statistics.fmean(r["moves"] for r in results),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--budget-ms", type=float, default=None, help="hard's time per move (default: the level's)")
    parser.add_argument("--iterations", type=int, default=None, help="hard's iteration cap")
    parser.add_argument("--pairs", default="hard-normal,normal-easy,easy-random")
    parser.add_argument("--option", action="append", default=[], help="game option name=value")
    parser.add_argument("--tune", action="append", default=[], help="search tuning name=value (c, blend, rollout_limit...)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--progress", action="store_true", help="print each game's result to stderr")
    args = parser.parse_args(argv)

    _setup_games()
    from pyapp.ai import LEVELS

    options = dict(parse_option(o) for o in args.option)
    tuning = parse_tuning(args.tune)
    budget = args.budget_ms
    if budget is None and args.iterations is None:
        budget = LEVELS["hard"]["budget_ms"]
    pairs = [p.split("-") for p in args.pairs.split(",")]
    tasks = [
        {
            "game": args.game,
            "players": args.players,
            "strong": strong,
            "weak": weak,
            "index": i,
            "seed": args.seed,
            "options": options,
            "budget_ms": budget,
            "iterations": args.iterations,
            "tuning": tuning,
        }
        for strong, weak in pairs
        for i in range(args.games)
    ]
    started = time.perf_counter()
    results = []
    with Pool(args.workers) as pool:
        for result in pool.imap_unordered(play_one, tasks, chunksize=1):
            results.append(result)
            if args.progress:
                done = [r for r in results if r["pair"] == result["pair"]]
                rate = sum(r["win"] for r in done) / len(done)
                print(f"  {result['pair']}: game {len(done)} win {result['win']:.2f} margin {result['margin']:+.1f}"
                      f"  (so far {rate:.0%})", file=sys.stderr, flush=True)
    wall = time.perf_counter() - started

    opts = " ".join(f"{k}={v}" for k, v in options.items())
    hard_limits = f"budget {budget:g} ms" if budget is not None else "no time limit"
    if args.iterations is not None:
        hard_limits += f", cap {args.iterations} iterations"
    print(f"# {args.game}, {args.players} players {opts}".rstrip())
    print(f"# hard: {hard_limits}{' ' + str(tuning) if tuning else ''}; {args.games} games per pair; seed {args.seed}; "
          f"{args.workers} workers; {wall:.0f} s")
    print(f"{'pair':<14}{'win rate':>9}  {'95% CI':<15}{'x fair':>7}{'margin':>9}  target")
    all_met = True
    summaries = []
    for strong, weak in pairs:
        pair = f"{strong}-{weak}"
        s = summarise(pair, [r for r in results if r["pair"] == pair], args.players)
        summaries.append(s)
        all_met &= s["met"]
        low, high = s["ci"]
        print(f"{pair:<14}{s['rate']:>9.1%}  [{low:.1%}, {high:.1%}]{'':<1}{s['share']:>6.2f}x{s['margin']:>+9.2f}  "
              f"{s['target']}: {'met' if s['met'] else 'NOT met'}")
    print("time per move (ms; wall clock, and CPU time, which a loaded machine does not inflate):")
    seen = set()
    for s in summaries:
        for level, (median, p95, n) in s["times"].items():
            if level in seen:
                continue
            seen.add(level)
            cpu_median, cpu_p95, _ = s["cpu"][level]
            print(f"  {level:<7} median {median:8.1f}   p95 {p95:8.1f}   CPU median {cpu_median:8.1f}   "
                  f"p95 {cpu_p95:8.1f}   ({n} moves)")
    print(f"mean moves per game: {statistics.fmean(s['moves'] for s in summaries):.0f}")
    return 0 if all_met else 1


if __name__ == "__main__":
    sys.exit(main())
