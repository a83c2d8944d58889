"""Dieci strength and speed benchmark (standard library only; prints figures).

    python bench/dieci_strength.py [--players 3 5 8] [--games N] [--hard-games N]
                                   [--budget-ms MS] [--jobs J]
    python bench/dieci_strength.py --deviations N --iterations CAP [--runs R] [--players 5]
                                   [--tune name=value ...]
    python bench/dieci_strength.py --oracle GAMES --iterations CAP [--players 6] [--seed 1]
                                   [--tune name=value ...] [--progress]

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


def _normal_to_end(state, rng):
    """Play ``state`` to the end with Normal at every seat (each from its own sampled world)."""
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            state.step(legal[0])
            continue
        world = state.sample_world(state.current_player(), rng)
        action = policies.normal(world, rng)
        state.step(next(a for a in legal if a == action))
    return state


def real_gap(state, first, second, runs, seed):
    """Mean (blended value, win share, margin) of ``first`` minus ``second`` for the seat to act,
    each played on the real cards and continued by Normal at every seat, ``runs`` times with
    the same random numbers for both moves (common random numbers: the same redeals)."""
    from pyapp.ai.mcts import _margin_values  # noqa: PLC0415

    seat = state.current_player()
    gaps = []
    for r in range(runs):
        row = []
        for move in (first, second):
            world = state.clone()
            world.rng = random.Random(seed * 1_000 + r)
            world.step(move)
            _normal_to_end(world, random.Random(seed * 1_000 + r))
            scores = world.scores()
            win = world.returns()[seat]
            blended = 0.5 * win + 0.5 * _margin_values(list(scores), 10.0)[seat]
            margin = scores[seat] - statistics.mean(v for p, v in enumerate(scores) if p != seat)
            row.append((blended, win, margin))
        gaps.append([a - b for a, b in zip(*row)])
    return [statistics.mean(g[i] for g in gaps) for i in range(3)]


def deviations(players, count, runs, iterations, seed=0, tuning=None):
    """Where Hard leaves Normal's move at ``players`` players: what its search expects
    against what the real cards give.

    Positions come from seeded games of Normal players.  Hard is the level's own search
    (its tuning, ``tuning`` overriding, ``iterations`` cap); its expected gain is the gap
    between the two moves' mean values in that search, and again in an independent search
    of 3x the cap on the two moves alone (a gain that shrinks there was noise the cap let
    through).  The real gain plays both moves on the real cards, Normal at every seat to
    the end, ``runs`` times (``real_gap``).  Yields (phase, hard, normal, expected,
    expected at 3x, real gaps) and, for positions where Hard keeps Normal's move,
    (phase, None, ...).
    """
    from pyapp.ai import choose_action, favour_for, policies_for, tuning_for  # noqa: PLC0415
    from pyapp.ai.mcts import Search  # noqa: PLC0415

    game = found = 0
    while found < count:
        state = new_game("dieci", seed=seed * 100_003 + game, players=players)
        rng = random.Random(seed * 7919 + game)
        game += 1
        for _ in range(rng.randrange(3, 40 * players)):
            if state.is_terminal():
                break
            state.step(choose_action(state, level="normal", seed=rng.getrandbits(32)))
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        params = tuning_for(state)
        params.update(tuning or {})
        favour = favour_for(params.pop("favour_normal", 0.0), state)
        params.pop("root_candidates", None)
        normal = choose_action(state, level="normal", seed=game)
        search = Search(state, seed=game, budget_ms=None, iterations=iterations, policies=policies_for(state),
                        favoured=normal, favour=favour, **params)
        for _ in search.run():
            pass
        hard = search.best_action()
        if hard == normal:
            yield state.phase, None, normal, 0.0, 0.0, (0.0, 0.0, 0.0)
            continue
        found += 1
        means = {a: v for a, _, v in search.stats()}
        check = Search(state, seed=game + 1, budget_ms=None, iterations=3 * iterations,
                       policies=policies_for(state), candidates=[hard, normal], **params)
        for _ in check.run():
            pass
        again = {a: v for a, _, v in check.stats()}
        yield (state.phase, hard, normal, means[str(hard)] - means[str(normal)],
               again.get(str(hard), 0.0) - again.get(str(normal), 0.0), real_gap(state, hard, normal, runs, game))


def report_deviations(args, tuning):
    """Print ``deviations`` one by one, then their means by phase, per player count."""
    for players in args.players:
        rows, kept = [], {}
        for phase, hard, normal, expected, again, real in deviations(players, args.deviations, args.runs,
                                                                    args.iterations, args.seed, tuning):
            if hard is None:
                kept[phase] = kept.get(phase, 0) + 1
                print(f"{players}p {phase}: kept normal {normal}", file=sys.stderr, flush=True)
                continue
            rows.append((phase, expected, again, real))
            print(f"{players}p {phase}: hard {hard} vs normal {normal}: expected {expected:+.3f} (3x cap {again:+.3f}),"
                  f" real value {real[0]:+.3f} win {real[1]:+.3f} margin {real[2]:+.2f}", flush=True)
        for phase in sorted({r[0] for r in rows}):
            sel = [r for r in rows if r[0] == phase]
            print(f"{players}p {phase}: {len(sel)} deviations (kept Normal's move {kept.get(phase, 0)} times): "
                  f"mean expected {statistics.mean(r[1] for r in sel):+.3f}, at 3x {statistics.mean(r[2] for r in sel):+.3f}, "
                  f"real value {statistics.mean(r[3][0] for r in sel):+.3f}, win {statistics.mean(r[3][1] for r in sel):+.3f}, "
                  f"margin {statistics.mean(r[3][2] for r in sel):+.2f}; real value > 0 in "
                  f"{sum(1 for r in sel if r[3][0] > 0)}", flush=True)


ORACLE_TUNING = {"prune": 1, "paired": True, "root_candidates": 0, "favour_normal": 0.02,
                 "rollout_limit": None, "blend": 0.5}
"""The claims search (``pyapp.ai``'s ``_DIECI_CLAIMS``) at every decision: the oracle's own settings."""


def oracle_sampler(state, seat):
    """Bench only, never shipped: a cheating ``sampler`` for the search that knows the true deal.

    Every world is a clone of the real state (every hand, the undealt rest and every goal
    card as they are); only what nobody knows yet is drawn afresh: the order of the
    character deck and the later deals (a new random generator).  A Hard seat searching
    these worlds is a ceiling for any honest search of the same kind and cap.
    """
    return lambda rng: oracle_world(state, rng)


def oracle_world(state, rng: random.Random):
    """Bench only: a copy of the true state, the character deck shuffled and the later deals
    drawn afresh, whose own ``sample_world`` gives such copies too, so that a policy which
    samples worlds (Normal's lookahead) also sees every hand and goal card."""
    world = state.clone()
    rng.shuffle(world.char_deck)
    world.rng = random.Random(rng.getrandbits(64))
    world.sample_world = lambda seat, r: oracle_world(world, r)
    return world


def oracle_match(players, games, seed, iterations, tuning, progress):
    """The ladder's Hard-vs-Normal games (``bench/ladder.py``: same deals, seats and seeds)
    with the Hard seat searching the true deal (``oracle_sampler``; ``sampler=none`` in ``tuning``:
    the same search on honest sampled worlds, for comparison); prints the ladder's row."""
    from bench import ladder  # noqa: PLC0415

    policies.oracle = oracle_sampler  # this process only: the search finds samplers on the policies module
    params = {**ORACLE_TUNING, "sampler": "oracle", **tuning}
    results = []
    for index in range(games):
        results.append(ladder.play_one({"game": "dieci", "players": players, "strong": "hard", "weak": "normal",
                                        "index": index, "seed": seed, "options": {}, "budget_ms": None,
                                        "iterations": iterations, "tuning": params}))
        if progress:
            done = sum(r["win"] for r in results)
            print(f"  game {index + 1}: win {results[-1]['win']:.2f} margin {results[-1]['margin']:+.1f}"
                  f" (so far {done}/{len(results)})", file=sys.stderr, flush=True)
    s = ladder.summarise("hard-normal", results, players)
    low, high = s["ci"]
    who = "oracle Hard" if params["sampler"] else "Hard (honest worlds)"
    print(f"{players} players, {who} vs Normal, cap {iterations}, seed {seed}, {params}: {games} games, "
          f"win {s['rate']:.1%} [{low:.1%}, {high:.1%}], x{s['share']:.2f} (CI x{low * players:.2f}-x{high * players:.2f}), "
          f"margin {s['margin']:+.2f}; Hard median / p95 {s['times']['hard'][0]:.0f} / {s['times']['hard'][1]:.0f} ms",
          flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 5, 8], help="player counts (default 3 5 8)")
    parser.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    parser.add_argument("--hard-games", type=int, default=0, help="games of Hard vs Normal (default 0: skipped)")
    parser.add_argument("--budget-ms", type=int, default=300, help="Hard's time budget per move (default 300)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--only", nargs="+", default=["easy-random", "normal-easy", "hard-normal"],
                        help="matches to run (easy-random normal-easy hard-normal)")
    parser.add_argument("--deviations", type=int, default=0, metavar="N",
                        help="instead of matches: N positions where Hard leaves Normal's move (see deviations)")
    parser.add_argument("--iterations", type=int, default=450, help="--deviations: Hard's iteration cap")
    parser.add_argument("--runs", type=int, default=10, help="--deviations: Normal playouts per move on the real cards")
    parser.add_argument("--seed", type=int, default=0, help="--deviations: seed of the Normal games")
    parser.add_argument("--tune", action="append", default=[], help="--deviations, --oracle: search tuning name=value")
    parser.add_argument("--oracle", type=int, default=0, metavar="GAMES",
                        help="instead of matches: GAMES ladder games of an oracle Hard (see oracle_sampler) vs Normal")
    parser.add_argument("--progress", action="store_true", help="--oracle: each game's result to stderr")
    args = parser.parse_args(argv)
    if args.deviations:
        report_deviations(args, common.parse_tuning(args.tune))
        return
    if args.oracle:
        for players in args.players:
            oracle_match(players, args.oracle, args.seed, args.iterations, common.parse_tuning(args.tune), args.progress)
        return
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
