"""Triad strength and speed benchmark (standard library only; prints figures).

    python bench/triad_strength.py [--games N] [--hard-games N] [--budget-ms MS] [--teams]
    python bench/triad_strength.py --fit GAMES [--fit-players 4]   # refit policies.evaluate's weights
    python bench/triad_strength.py --two-sided GAMES --iterations N   # teams: both partners Hard vs two Normal

Seeded matches with the seats rotated (the stronger level plays side A in even
games and side B in odd ones; side A always starts): win rate with a 95%
confidence interval (draws count half), mean points of each level, and the
median / 95th percentile time per move of each level.  Hard vs Normal runs
only when ``pyapp.ai`` is present.  Also measures random playouts per second
and rollout-policy playouts per second from the opening position.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from bench import common  # noqa: E402
from bench.common import wilson  # noqa: E402
from pyapp.games import new_game  # noqa: E402
from pyapp.games.triad import policies  # noqa: E402


_random = common.random_policy


def _policy_player(policy):
    def choose(game, rng, seed):
        return policy(game.clone(), rng)

    return choose


def _ai_player(level, budget_ms, tuning=None):
    from pyapp.ai import choose_action  # noqa: PLC0415

    def choose(game, rng, seed):
        return choose_action(game, level=level, seed=seed, budget_ms=budget_ms, **(tuning or {}))

    return choose


def players(budget_ms, tuning=None):
    found = {
        "random": _policy_player(_random),
        "easy": _policy_player(policies.easy),
        "normal": _policy_player(policies.normal),
    }
    try:
        import pyapp.ai  # noqa: F401, PLC0415

        found["hard"] = _ai_player("hard", budget_ms, tuning)
        found["ai-normal"] = _ai_player("normal", budget_ms)
    except ImportError:
        pass
    return found


def match(strong, weak, games, table, teams=False, label=""):
    """``strong`` at one seat, ``weak`` at every other; seats rotated."""
    count = 4 if teams else 2
    wins = 0.0
    points = {"strong": [], "weak": []}
    times = {"strong": [], "weak": []}
    started = time.perf_counter()
    for g in range(games):
        strong_seat = g % count
        game = new_game("triad", seed=1000 + g, players=count)
        rng = random.Random(g)
        while not game.is_terminal():
            seat = game.current_player()
            who = "strong" if seat == strong_seat else "weak"
            t0 = time.perf_counter()
            action = table[strong if who == "strong" else weak](game, rng, g * 1000 + game.moves)
            times[who].append(time.perf_counter() - t0)
            game.apply_action(action)
        scores = game.scores()
        won = game.winners()
        if strong_seat in won:
            wins += 0.5 if len(won) == count else 1.0  # a draw counts half
        points["strong"].append(scores[strong_seat])
        points["weak"].append(statistics.mean(s for p, s in enumerate(scores) if (p - strong_seat) % 2))
    elapsed = time.perf_counter() - started
    low, high = wilson(wins, games)
    fair = 0.5
    print(f"{label or strong + ' vs ' + weak}: {games} games, {elapsed:.1f}s")
    print(f"  {strong} win rate {wins / games:.3f} (95% CI {low:.3f}-{high:.3f}; fair share {fair:.2f}, ratio {wins / games / fair:.2f})")
    print(f"  mean points {strong} {statistics.mean(points['strong']):.1f}, {weak} {statistics.mean(points['weak']):.1f}")
    for who, name in (("strong", strong), ("weak", weak)):
        ts = sorted(times[who])
        if ts:
            print(
                f"  {name} time per move: median {1000 * ts[len(ts) // 2]:.2f} ms, "
                f"p95 {1000 * ts[int(0.95 * (len(ts) - 1))]:.2f} ms, max {1000 * ts[-1]:.2f} ms"
            )
    return wins / games


def playouts_per_second(policy, seconds=3.0):
    return common.playouts_per_second(new_game("triad", seed=1, players=2), policy, seconds)


def fit_positions(games, seed=7, players=2):
    """Positions of noisy Normal games: (game number, phase 1?, features, outcome for the side to move).

    Each game opens with 2-11 random or rollout-policy moves and then mixes in
    random moves at a rate drawn from 0, 5, 15 or 30%, so the positions are varied.
    With 4 players every seat is Normal (its team form).
    """
    rng = random.Random(seed)
    rows = []
    for g in range(games):
        game = new_game("triad", seed=g, players=players)
        found = []
        opening = rng.randrange(2, 12)
        noise = rng.choice([0.0, 0.05, 0.15, 0.3])
        while not game.is_terminal():
            if game.moves >= 1:
                phase1 = game.moves < 60
                features = policies._features_1(game) if phase1 else policies._features_2(game)
                found.append((game.side_to_move(), phase1, features))
            if game.moves < opening or rng.random() < noise:
                action = policies.rollout(game, rng) if rng.random() < 0.5 else rng.choice(game.legal_actions())
            else:
                action = policies.normal(game.clone(), rng)
            game.step(action)
        totals = game.side_totals()
        for side, phase1, features in found:
            mine, theirs = totals[side], totals[1 - side]
            rows.append((g, phase1, features, 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5))
    return rows


def _solve(a, b):
    n = len(b)
    m = [a[i][:] + [b[i]] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def logistic_fit(data, l2=1e-3, rounds=12):
    """Newton's method for an L2-regularised logistic regression on (features, target) pairs."""
    import math  # noqa: PLC0415

    d = len(data[0][0])
    w = [0.0] * d
    for _ in range(rounds):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for x, y in data:
            z = max(-30.0, min(30.0, sum(wi * xi for wi, xi in zip(w, x))))
            p = 1 / (1 + math.exp(-z))
            e, v = p - y, p * (1 - p)
            for i in range(d):
                g[i] += e * x[i]
                row, xv = h[i], v * x[i]
                for j in range(d):
                    row[j] += xv * x[j]
        n = len(data)
        for i in range(d):
            g[i] = g[i] / n + l2 * w[i]
            for j in range(d):
                h[i][j] /= n
            h[i][i] += l2
        w = [wi - si for wi, si in zip(w, _solve(h, g))]
    return w


def log_loss(weights, data):
    """Mean log loss of the logistic model ``weights`` on (features, target) pairs."""
    import math  # noqa: PLC0415

    total = 0.0
    for x, y in data:
        z = max(-30.0, min(30.0, sum(w * xi for w, xi in zip(weights, x))))
        p = min(max(1 / (1 + math.exp(-z)), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(data)


def fit(games, players=2):
    """Fit the weights on the first 80% of ``games`` games and compare them with the
    current ones (``policies._WEIGHTS_1`` / ``_2``) on the positions of the rest."""
    rows = fit_positions(games, seed=7 if players == 2 else 11, players=players)
    cut = games * 4 // 5
    for phase1, name in ((True, "_WEIGHTS_1"), (False, "_WEIGHTS_2")):
        train = [(f, y) for g, p1, f, y in rows if p1 == phase1 and g < cut]
        held = [(f, y) for g, p1, f, y in rows if p1 == phase1 and g >= cut]
        weights = logistic_fit(train)
        current = getattr(policies, name)
        print(f"{name} = ({', '.join(f'{w:.3f}' for w in weights)})  # {len(train)} positions")
        print(f"  held-out log loss ({len(held)} positions): refit {log_loss(weights, held):.4f}, "
              f"current {log_loss(current, held):.4f}")


def two_sided(games, iterations, seed=1):
    """Teams: both seats of one side play Hard (iteration cap), both of the other Normal.

    The Hard side alternates (side A, which starts, in even games; side B in odd
    ones).  Prints the Hard side's win rate (a draw counts half) with a 95%
    Wilson interval, the mean margin and Hard's median / p95 time per move.
    """
    from pyapp.ai import choose_action  # noqa: PLC0415

    wins = 0.0
    margins = []
    times = []
    for g in range(games):
        strong = g % 2
        state = new_game("triad", seed=seed * 100_003 + g // 2, players=4)
        rng = random.Random(g)
        moves = 0
        while not state.is_terminal():
            seat = state.current_player()
            if seat % 2 == strong:
                t0 = time.perf_counter()
                action = choose_action(state, level="hard", seed=(seed * 100_003 + g) * 7919 + moves, iterations=iterations)
                times.append(time.perf_counter() - t0)
            else:
                action = choose_action(state, level="normal", seed=(seed * 100_003 + g) * 7919 + moves)
            state.step(action)
            moves += 1
        totals = state.side_totals()
        margin = totals[strong] - totals[1 - strong]
        wins += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        margins.append(margin)
        print(f"  game {g + 1}: hard side {'ab'[strong]} margin {margin:+d}  (so far {wins / (g + 1):.0%})", file=sys.stderr, flush=True)
    low, high = wilson(wins, games)
    ts = sorted(times)
    print(f"teams, both partners hard (cap {iterations} iterations) vs normal: {games} games")
    print(f"  hard side win rate {wins / games:.1%} (95% CI {low:.1%}-{high:.1%}), mean margin {statistics.mean(margins):+.2f}")
    print(f"  hard time per move: median {1000 * ts[len(ts) // 2]:.0f} ms, p95 {1000 * ts[int(0.95 * (len(ts) - 1))]:.0f} ms")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument("--hard-games", type=int, default=40, help="games of Hard vs Normal (default 40)")
    parser.add_argument("--budget-ms", type=int, default=300, help="Hard's time budget per move (default 300)")
    parser.add_argument("--teams", action="store_true", help="also play the 4-player team game")
    parser.add_argument("--hard-tuning", default="{}", help='JSON search tuning for Hard, e.g. \'{"rollout_limit": 4}\'')
    parser.add_argument("--skip-easy", action="store_true", help="only Hard vs Normal (and the speed figures)")
    parser.add_argument("--fit", type=int, metavar="GAMES", help="refit policies.evaluate's weights on GAMES noisy Normal games")
    parser.add_argument("--fit-players", type=int, default=2, choices=(2, 4), help="player count of --fit's games")
    parser.add_argument("--two-sided", type=int, metavar="GAMES", help="teams: both partners Hard vs two Normal")
    parser.add_argument("--iterations", type=int, default=4100, help="Hard's iteration cap for --two-sided (default 4100, its browser-equivalent cap)")
    args = parser.parse_args(argv)
    import json  # noqa: PLC0415

    if args.two_sided:
        two_sided(args.two_sided, args.iterations)
        return

    if args.fit:
        fit(args.fit, args.fit_players)
        return

    table = players(args.budget_ms, json.loads(args.hard_tuning))
    print(f"random playouts/s: {playouts_per_second(_random):.0f}")
    print(f"rollout-policy playouts/s: {playouts_per_second(policies.rollout):.0f}")
    if not args.skip_easy:
        match("easy", "random", args.games, table)
        match("normal", "easy", args.games, table)
    if "hard" in table:
        match("hard", "normal", args.hard_games, table, label=f"hard (budget {args.budget_ms} ms, tuning {args.hard_tuning}) vs normal")
    else:
        print("hard vs normal: pyapp.ai is not available here (merge main once it lands)")
    if args.teams:
        match("normal", "easy", max(4, args.games // 2), table, teams=True, label="teams: normal (one seat) vs easy")


if __name__ == "__main__":
    main()
