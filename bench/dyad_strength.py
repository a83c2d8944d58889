"""Dyad strength and speed: seeded matches between levels, seats rotated.

    python bench/dyad_strength.py [--games N] [--players 2 3 4] [--pairs normal-easy ...]
    python bench/dyad_strength.py --deviations N --iterations CAP [--runs R] [--players 3 4]
    python bench/dyad_strength.py --duplicate --players 4 --teams --pairs hard-normal --iterations CAP
                                  [--oracle] [--partner hard] [--seed S] [--progress]

Prints, per player count and level pair, the stronger level's win rate (95%
Wilson interval) against its fair share, mean points, and move times; then
random playouts per second.  Standard library only.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from bench.common import parse_tuning, wilson  # noqa: E402
from pyapp.games import new_game  # noqa: E402
from pyapp.games.dyad import policies  # noqa: E402
from pyapp.games.dyad.state import knowledge  # noqa: E402


def chooser(level: str, budget_ms: float | None, tuning: dict | None = None):
    if level in ("easy", "normal", "random", "rollout", "simple"):
        def pick(state, rng):
            legal = state.legal_actions()
            if len(legal) == 1:
                return legal[0]
            if level == "random":
                return rng.choice(legal)
            world = state.sample_world(state.current_player(), rng)
            action = getattr(policies, level)(world, rng)
            return next(a for a in legal if a == action)
        return pick
    from pyapp.ai import choose_action

    tuning = dict(tuning or {})
    iterations = tuning.pop("iterations", None)

    def pick(state, rng):
        return choose_action(state, level=level, seed=rng.getrandbits(32), budget_ms=budget_ms,
                             iterations=iterations, **tuning)
    return pick


def match(players: int, strong: str, weak: str, games: int, options: dict, budget_ms, seed: int = 0,
          tuning: dict | None = None):
    """One seat (rotating) plays ``strong``; every other seat plays ``weak``."""
    pick = {strong: chooser(strong, budget_ms, tuning), weak: chooser(weak, budget_ms, tuning)}
    wins = 0.0
    points = []
    others = []
    times = {strong: [], weak: []}
    for g in range(games):
        hero = g % players
        levels = [strong if s == hero or (options.get("teams") and (s - hero) % 2 == 0) else weak
                  for s in range(players)]
        state = new_game("dyad", seed=seed * 100_003 + g, players=players, **options)
        rng = random.Random(seed * 7919 + g)
        while not state.is_terminal():
            level = levels[state.current_player()]
            start = time.perf_counter()
            action = pick[level](state, rng)
            times[level].append((time.perf_counter() - start) * 1000)
            state.apply_action(action)
        wins += state.returns()[hero] * (2 if options.get("teams") else 1)
        points.append(state.scores()[hero])
        others.append(statistics.mean(state.scores()[s] for s in range(players) if levels[s] == weak))
    return wins, points, others, times


def pct(values, q):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def playouts_per_second(players: int, options: dict, seconds: float = 2.0) -> float:
    rng = random.Random(1)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game("dyad", seed=count, players=players, **options)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.step(legal[rng.randrange(len(legal))])
        count += 1
    return count / (time.perf_counter() - start)


def rollout_rounds_per_second(players: int, options: dict, seconds: float = 2.0) -> float:
    """Rounds played out per second with the rollout policy (the search's inner loop)."""
    rng = random.Random(2)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game("dyad", seed=count, players=players, **options)
        while state.round_no == 1:
            state.step(policies.rollout(state, rng))
        count += 1
    return count / (time.perf_counter() - start)


def _round_value(state, first, seat: int, seed: int) -> float:
    """``policies.evaluate`` for ``seat`` at the end of the round, ``first`` played, then Normal everywhere."""
    from pyapp.ai import choose_action

    world = state.clone()
    world.step(first)
    rng = random.Random(seed)
    start = state.round_no
    while world.round_no == start and not world.is_terminal():
        world.step(choose_action(world, level="normal", seed=rng.getrandbits(32)))
    return policies.evaluate(world, seat)


def deviations(players: int, options: dict, count: int, runs: int, iterations: int, seed: int = 0,
               tuning: dict | None = None):
    """Where Hard leaves Normal's move: what the search expects against what the real deal gives.

    Positions come from seeded games of Normal players.  The search's estimate is the gap
    between the two moves' mean values in a paired search (Hard's tuning with the two moves as
    root candidates, 3x the cap, its own seed); the real gap plays each move on the real cards, every seat Normal to the
    end of the round, ``runs`` times, and compares ``policies.evaluate`` there (the value the
    search's rollouts aim at).  One deal per position, so single gaps are noisy; their mean
    over many positions is not.  ``tuning`` overrides Hard's search settings.  Yields (trick
    number, hard move, normal move, expected, real, positions examined so far).
    """
    from pyapp.ai import choose_action, policies_for, tuning_for
    from pyapp.ai.mcts import Search

    game = 0
    found = 0
    examined = 0
    while found < count:
        state = new_game("dyad", seed=seed * 100_003 + game, players=players, **options)
        rng = random.Random(seed * 7919 + game)
        game += 1
        stop = rng.randrange(4, 30)
        for _ in range(stop):
            if state.is_terminal():
                break
            state.step(choose_action(state, level="normal", seed=rng.getrandbits(32)))
        if state.is_terminal() or state.phase != "play" or len(state.legal_actions()) < 2:
            continue
        hard = choose_action(state, level="hard", seed=game, iterations=iterations, **(tuning or {}))
        normal = choose_action(state, level="normal", seed=game)
        examined += 1
        if hard == normal:
            continue
        params = tuning_for(state)
        params.pop("favour_normal", None)
        params.pop("root_candidates", None)
        params.update(tuning or {})
        search = Search(state, seed=game, budget_ms=None, iterations=3 * iterations,
                        policies=policies_for(state), candidates=[hard, normal], **params)
        for _ in search.run():
            pass
        means = {a: v for a, _, v in search.stats()}
        expected = means[str(hard)] - means[str(normal)]
        seat = state.current_player()
        real = statistics.mean(_round_value(state, hard, seat, 7 * j) - _round_value(state, normal, seat, 7 * j)
                               for j in range(runs))
        found += 1
        yield len(state.tricks), hard, normal, expected, real, examined


def report_deviations(args, options: dict, tuning: dict) -> None:
    """Print ``deviations`` one by one, then their means, per player count."""
    for players in args.players:
        opts = dict(options, teams=bool(args.teams and players == 4))
        rows = []
        examined = 0
        for trick, hard, normal, expected, real, examined in deviations(players, opts, args.deviations, args.runs,
                                                               args.iterations or 1000, args.seed, tuning):
            rows.append((expected, real))
            print(f"{players}p trick {trick + 1}: hard {hard} vs normal {normal}: expected {expected:+.3f}, "
                  f"real deal {real:+.3f}", flush=True)
        print(f"{players}p {opts}: {len(rows)} deviations, mean expected {statistics.mean(r[0] for r in rows):+.3f}, "
              f"mean real {statistics.mean(r[1] for r in rows):+.3f}, real > 0 in {sum(1 for r in rows if r[1] > 0)}; "
              f"{examined} positions examined, real gain per position {sum(r[1] for r in rows) / max(1, examined):+.4f}",
              flush=True)


class Oracle:
    """Bench only, never shipped: a search ``sampler`` whose every world is the true deal.

    Hard with it (``--oracle``) sees every hand, so its results bound what any honest
    model of the hidden cards could give the same search at the same cap.
    """

    def __init__(self, state, seat: int) -> None:
        self.state = state

    def __call__(self, rng: random.Random):
        return self.state.clone()


class PassOracle(policies.PassInformed):
    """Bench only, never shipped: ``PassInformed`` worlds in which each opponent also holds
    the two cards its partner passed it (while they are unplayed), as if Hard had seen the
    opponents' Teams pass.  Hard with it (``--pass-oracle``) bounds what a model of the
    opponents' passes could give the same search at the same cap.
    """

    def __init__(self, state, seat: int) -> None:
        super().__init__(state, seat)
        pool = set(knowledge(self.obs, seat)[2])
        others = [p for p in range(state.players) if p != seat]
        pins = {c: p for p in others if p != (seat + 2) % 4 for c in (state.got[p] or ()) if c in pool}
        self.pins = {q: {c for c, p in pins.items() if p != q} for q in others}
        self.readings = [{q: bars | reading.get(q, set()) for q, bars in self.pins.items()}
                         for reading in self.readings] + [self.pins]


def duplicate_game(players: int, options: dict, index: int, seed: int, strong: str, weak: str,
                   partner: str, tuning: dict) -> tuple[float, float, dict]:
    """Game ``index`` of a duplicate run, the ladder's deals, seats and move seeds
    (``bench/ladder.py``): deal ``index // players``, ``strong`` at seat ``index % players``,
    its partner (Teams) playing ``partner``; returns the strong seat's result, its margin
    and the move times per level."""
    from pyapp.ai import choose_action

    deal = seed * 100_003 + index // players
    hero = index % players
    levels = [weak] * players
    if options.get("teams"):
        levels[(hero + 2) % players] = partner
    levels[hero] = strong
    tune = dict(tuning)
    iterations = tune.pop("iterations", None)
    state = new_game("dyad", seed=deal, players=players, **options)
    times: dict[str, list[float]] = {}
    moves = 0
    while not state.is_terminal():
        level = levels[state.current_player()]
        extra = {"iterations": iterations, **tune} if level == "hard" else {}
        start = time.perf_counter()
        action = choose_action(state, level=level, seed=deal * 7919 + moves, **extra)
        times.setdefault(level, []).append((time.perf_counter() - start) * 1000.0)
        state.step(action)
        moves += 1
    scores = state.scores()
    margin = scores[hero] - statistics.mean(scores[s] for s in range(players) if s != hero)
    return state.returns()[hero], margin, times


def report_duplicate(args, options: dict, tuning: dict) -> None:
    """``--duplicate``: the ladder's duplicate games, optionally with an oracle or a Hard partner."""
    # The search looks samplers up by name on the policies module; these are bench only.
    for sampler in (Oracle, PassOracle):
        setattr(policies, sampler.__name__, sampler)
    if args.oracle:
        tuning = dict(tuning, sampler="Oracle")
    elif args.pass_oracle:
        tuning = dict(tuning, sampler="PassOracle")
    for players in args.players:
        opts = dict(options, teams=bool(args.teams and players == 4))
        scale = 2 if opts["teams"] else 1
        for pair in args.pairs:
            strong, weak = pair.split("-")
            partner = args.partner or weak
            wins, margins, times = 0.0, [], {}
            for index in range(args.games):
                win, margin, moved = duplicate_game(players, opts, index, args.seed, strong, weak, partner, tuning)
                wins += win * scale
                margins.append(margin)
                for level, values in moved.items():
                    times.setdefault(level, []).extend(values)
                if args.progress:
                    print(f"  game {index + 1}: win {win * scale:.0f} margin {margin:+.1f} "
                          f"(so far {wins}/{index + 1})", file=sys.stderr, flush=True)
            low, high = wilson(wins, args.games)
            share = 0.5 if players == 2 or opts["teams"] else 1 / players
            rate = wins / args.games
            timing = ", ".join(f"{lv} median {pct(v, .5):.0f} p95 {pct(v, .95):.0f} ms" for lv, v in times.items())
            print(f"{players}p {opts} {strong}{' (oracle)' if args.oracle else ' (pass oracle)' if args.pass_oracle else ''} + {partner} partner vs {weak}, "
                  f"seed {args.seed}, {tuning}: {'team ' if opts['teams'] else ''}won {wins:.0f}/{args.games} "
                  f"{rate:.1%} [{low:.1%}, {high:.1%}] = {rate / share:.2f}x fair; margin "
                  f"{statistics.mean(margins):+.2f}; {timing}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per player count and pairing")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--pairs", nargs="+", default=["normal-easy", "easy-random"],
                        help="strong-weak level pairs, e.g. hard-normal")
    parser.add_argument("--budget-ms", type=float, default=None, help="search budget per hard move")
    parser.add_argument("--cipher", action="store_true")
    parser.add_argument("--twos", action="store_true")
    parser.add_argument("--teams", action="store_true", help="4 players in teams")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rollout-limit", type=int, default=None, help="search tuning override")
    parser.add_argument("--c", type=float, default=None, help="search tuning override")
    parser.add_argument("--blend", type=float, default=None, help="search tuning override")
    parser.add_argument("--prune", type=int, default=None, help="search tuning override")
    parser.add_argument("--tune", action="append", default=[], metavar="NAME=VALUE",
                        help="any search tuning override (numbers, true/false, none, or a name)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="hard: iteration cap per move (no time limit unless --budget-ms)")
    parser.add_argument("--deviations", type=int, default=0, metavar="N",
                        help="instead of matches: N positions where Hard leaves Normal's move, "
                             "the search's expected gain against the real deal's (see deviations)")
    parser.add_argument("--runs", type=int, default=20, help="--deviations: playouts per move on the real deal")
    parser.add_argument("--duplicate", action="store_true",
                        help="the ladder's duplicate deals and seeds instead of the matches above")
    parser.add_argument("--oracle", action="store_true",
                        help="--duplicate: Hard searches the true deal (a ceiling, bench only)")
    parser.add_argument("--pass-oracle", action="store_true",
                        help="--duplicate, Teams: Hard knows the opponents' passes (a ceiling, bench only)")
    parser.add_argument("--partner", default=None, help="--duplicate, Teams: the strong seat's partner's level")
    parser.add_argument("--progress", action="store_true", help="--duplicate: each game to stderr")
    args = parser.parse_args()
    options = {"cipher": args.cipher, "twos": args.twos}
    tuning = {k: v for k, v in (("rollout_limit", args.rollout_limit), ("c", args.c), ("blend", args.blend),
                                ("prune", args.prune)) if v is not None}
    tuning.update(parse_tuning(args.tune))
    if args.deviations:
        report_deviations(args, options, tuning)
        return
    if args.iterations is not None:
        tuning["iterations"] = args.iterations
    if args.duplicate:
        report_duplicate(args, options, tuning)
        return
    for players in args.players:
        opts = dict(options)
        if args.teams and players == 4:
            opts["teams"] = True
        share = 0.5 if players == 2 or opts.get("teams") else 1 / players
        for pair in args.pairs:
            strong, weak = pair.split("-")
            t0 = time.perf_counter()
            wins, points, others, times = match(players, strong, weak, args.games, opts, args.budget_ms, args.seed, tuning)
            low, high = wilson(wins, args.games)
            rate = wins / args.games
            print(f"{players}p {opts} {strong} vs {weak}: win {rate:.1%} [{low:.1%}, {high:.1%}] "
                  f"= {rate / share:.2f}x fair share; points {statistics.mean(points):.1f} vs "
                  f"{statistics.mean(others):.1f}; ms/move {strong} median {pct(times[strong], .5):.2f} "
                  f"p95 {pct(times[strong], .95):.2f}, {weak} median {pct(times[weak], .5):.2f} "
                  f"p95 {pct(times[weak], .95):.2f}  ({time.perf_counter() - t0:.0f}s)", flush=True)
        print(f"{players}p random playouts (whole games)/s: {playouts_per_second(players, opts):.0f}; "
              f"rollout-policy rounds/s: {rollout_rounds_per_second(players, opts):.0f}", flush=True)


if __name__ == "__main__":
    main()
