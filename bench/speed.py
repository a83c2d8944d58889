"""Engine and search speed in CPython and in Pyodide (Node.js), and their ratio.

    python bench/speed.py [--seconds S] [--budget-ms B] [--no-pyodide] [--profile GAME[:PLAYERS]]
    python bench/speed.py --midgame 4 [--games G] [--players N]   (Hard's browser-equivalent cap)
    python bench/speed.py --moves normal [--games G] [--players N] (a level's time per move)
    ... [--option teams=true]                                      (game options for every case)

Per game and player count it measures:

Rates are per second of CPU time of the process (so they mean something on a
busy machine); budget compliance and slices are wall-clock.

* random playouts per second (clone the start position, play uniformly random
  legal actions to the end) and engine steps per second within them;
* ``sample_world`` calls per second (hidden-information games);
* hard-level search iterations per second from the start position, or with
  ``--midgame K`` the mean over K positions that a game of Normal players
  passes through (what Hard meets in play), with the cap a ladder should give
  Hard: the iterations the search reaches in its 1.5 s budget in Pyodide;
* with ``--moves LEVEL``, only that level's CPU time per move over two seeded
  games where every seat plays it (median, 95th percentile, longest) and the
  longest run between two yields of ``pyapp.ai.think``: Easy and Normal run in
  the page as one such run each, so this is the page's longest task for them;
* budget compliance: the hard level's wall time for a ``--budget-ms`` budget on
  a few mid-game positions (worst ratio to the budget), and the longest slice
  between two yields of ``pyapp.ai.think`` (the page's longest task).

The same measurement runs in CPython and, through ``bench/speed_pyodide.mjs``,
in Pyodide under Node.js (npm package ``pyodide`` in the repo's node_modules,
or PYODIDE_DIR).  ``--profile`` prints a cProfile of random playouts and of a
hard search for one game instead (CPython only).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from bench.common import parse_option, percentile  # noqa: E402

CASES = [
    {"game": "triad", "players": 2},
    {"game": "triad", "players": 4},
    {"game": "dyad", "players": 2},
    {"game": "dyad", "players": 4},
    {"game": "dieci", "players": 3},
    {"game": "dieci", "players": 6},
]


def _cpu_clock():
    """Seconds of CPU used by this process: rates stay meaningful on a busy machine.

    CPython: ``time.process_time``.  Pyodide under Node.js: the runner exposes
    ``process.cpuUsage()`` as ``globalThis.cpuSeconds`` (Emscripten's clock is wall time).
    """
    if sys.platform == "emscripten":
        try:
            from js import cpuSeconds  # type: ignore[import-not-found]

            return cpuSeconds
        except ImportError:
            return time.perf_counter
    return time.process_time


CLOCK = _cpu_clock()


def _available(cases: list[dict]) -> list[dict]:
    from pyapp.games import NAMES

    return [c for c in cases if c["game"] in NAMES]


def _position(case: dict, seed: int, moves: int):
    from pyapp.games.testing import random_position
    from pyapp.games import new_game

    state = random_position(case["game"], seed=seed, players=case["players"], moves=moves, **case.get("options", {}))
    if state.is_terminal():
        state = new_game(case["game"], seed=seed, players=case["players"], **case.get("options", {}))
    return state


def playouts(case: dict, seconds: float) -> dict:
    """Random playouts from the start position for ``seconds``."""
    from pyapp.games import new_game

    rng = random.Random(1)
    start_state = new_game(case["game"], seed=1, players=case["players"], **case.get("options", {}))
    n = steps = 0
    start = CLOCK()
    while True:
        world = start_state.clone()
        while not world.is_terminal():
            legal = world.legal_actions()
            world.step(legal[rng.randrange(len(legal))])
            steps += 1
        n += 1
        elapsed = CLOCK() - start
        if elapsed >= seconds:
            break
    return {"playouts_per_s": n / elapsed, "steps_per_s": steps / elapsed, "steps_per_playout": steps / n}


def samples(case: dict, seconds: float) -> float | None:
    from pyapp.ai.mcts import perfect_information

    state = _position(case, 5, 2 * case["players"] + 1)
    if perfect_information(state):
        return None
    seat = state.current_player()
    rng = random.Random(2)
    n = 0
    start = CLOCK()
    while CLOCK() - start < seconds:
        state.sample_world(seat, rng)
        n += 1
    return n / (CLOCK() - start)


def normal_positions(case: dict, count: int) -> list:
    """``count`` positions with a choice, spread over one seeded game of Normal players."""
    from pyapp.ai import choose_action
    from pyapp.games import new_game

    state = new_game(case["game"], seed=3, players=case["players"], **case.get("options", {}))
    history = []
    while not state.is_terminal():
        if len(state.legal_actions()) > 1:  # a forced move is answered without a search
            history.append(state.clone())
        state.apply_action(choose_action(state, level="normal", seed=len(history)))
    return [history[len(history) * (k + 1) // (count + 1)] for k in range(count)]


def search_rate(case: dict, seconds: float, midgame: int = 0) -> float | None:
    """Hard iterations per CPU second: from the start, or the mean over ``midgame`` Normal-play positions."""
    if midgame:
        rates = [r for r in (_hard_rate(state, seconds / midgame) for state in normal_positions(case, midgame)) if r]
        return sum(rates) / len(rates) if rates else None
    from pyapp.ai import search_options

    # The first position of a seeded random game where Hard searches (none: Hard plays Normal).
    for moves in range(60):
        state = _position(case, 3, moves)
        if not search_options(state).plays_normal:
            return _search_rate(state, seconds)
    return None


def _hard_rate(state, seconds: float) -> float | None:
    """Iterations per CPU second of the Hard level itself (its whole tuning, Normal's move included);
    None where Hard does not search (its time does not grow with the cap)."""
    from pyapp.ai import LEVELS, choose_action

    cap = 100
    while cap <= LEVELS["hard"]["iterations"]:
        start = CLOCK()
        choose_action(state, level="hard", seed=1, iterations=cap)
        elapsed = CLOCK() - start
        if elapsed >= seconds / 2:
            return cap / elapsed
        cap = int(cap * min(8.0, max(2.0, seconds / max(elapsed, 1e-3))))
    return None


def _search_rate(state, seconds: float) -> float:
    """Iterations per CPU second of the game's search alone (no Normal move, no root samples)."""
    from dataclasses import replace

    from pyapp.ai import search_options
    from pyapp.ai.mcts import Search

    options = replace(search_options(state), normal_share=0.0, normal_margin=0.0, root_samples=0)
    search = Search(state, options, seed=1, budget_ms=None, iterations=200)
    start = CLOCK()
    for _ in search.run():
        pass
    first = CLOCK() - start
    # Scale the cap to about ``seconds`` of CPU, then measure.
    cap = max(200, int(200 * seconds / max(first, 1e-3)))
    search = Search(state, options, seed=1, budget_ms=None, iterations=cap)
    start = CLOCK()
    for _ in search.run():
        pass
    return cap / (CLOCK() - start)


def budget_check(case: dict, budget_ms: float, positions: int = 3) -> dict:
    """Wall time of hard moves under ``budget_ms`` and the longest slice between yields."""
    from pyapp.ai import think

    ratios = []
    longest = 0.0
    for k in range(positions):
        state = _position(case, 10 + k, 4 * k * case["players"])
        thinking = think(state, level="hard", seed=k, budget_ms=budget_ms)
        start = last = time.perf_counter()
        while True:
            try:
                next(thinking)
            except StopIteration:
                break
            now = time.perf_counter()
            longest = max(longest, now - last)
            last = now
        now = time.perf_counter()
        longest = max(longest, now - last)
        ratios.append((now - start) * 1000 / budget_ms)
    return {"budget_ms": budget_ms, "worst_ratio": max(ratios), "longest_slice_ms": longest * 1000}


def move_times(case: dict, level: str, games: int = 2) -> dict:
    """CPU ms per move of ``level`` (every seat plays it) and the longest run between two yields of ``think``."""
    from pyapp.ai import policies_for, think
    from pyapp.games import new_game

    moves: list[float] = []
    longest = 0.0
    for game in range(games):
        state = new_game(case["game"], seed=20 + game, players=case["players"], **case.get("options", {}))
        policies_for(state)  # imported before timing, as the page does while the set-up form is shown
        while not state.is_terminal():
            thinking = think(state, level=level, seed=len(moves))
            total = 0.0
            while True:
                start = CLOCK()
                try:
                    next(thinking)
                except StopIteration as done:
                    action = done.value
                    break
                finally:
                    step = CLOCK() - start
                    total += step
                    longest = max(longest, step)
            moves.append(total * 1000)
            state.apply_action(action)
    moves.sort()
    return {"level": level, "moves": len(moves), "median_ms": statistics.median(moves),
            "p95_ms": percentile(moves, 0.95), "max_ms": moves[-1], "longest_step_ms": longest * 1000}


def measure(cases: list[dict] | None = None, seconds: float = 2.0, budget_ms: float = 300.0, midgame: int = 0,
            moves: str | None = None) -> dict:
    """Every figure for every available case (runs unchanged in CPython and Pyodide).

    With ``midgame``, only Hard's iterations per second on that many Normal-play
    positions; with ``moves``, only that level's time per move (``move_times``).
    """
    rows = []
    for case in _available(cases or CASES):
        row = {"case": case}
        playouts(case, 0.3)  # warm up (Pyodide compiles WebAssembly functions on first use)
        if moves:
            row.update(move_times(case, moves))
            rows.append(row)
            continue
        if midgame:
            row["iterations_per_s"] = search_rate(case, seconds, midgame)
            rows.append(row)
            continue
        budget_check(case, 50, positions=1)
        row.update(playouts(case, seconds))
        row["samples_per_s"] = samples(case, seconds / 2)
        row["iterations_per_s"] = search_rate(case, seconds / 2)
        row.update(budget_check(case, budget_ms))
        rows.append(row)
    return {"python": sys.version.split()[0], "platform": sys.platform, "rows": rows}


def run_pyodide(args: dict) -> dict | None:
    script = os.path.join(ROOT, "bench", "speed_pyodide.mjs")
    try:
        done = subprocess.run(["node", script, json.dumps(args)], capture_output=True, text=True, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as error:
        print(f"(Pyodide run failed: {error})", file=sys.stderr)
        return None
    if done.returncode != 0:
        print(f"(Pyodide run failed: {done.stderr.strip()[-2000:]})", file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def _label(case: dict) -> str:
    opts = ",".join(f"{k}" for k, v in case.get("options", {}).items() if v)
    return f"{case['game']} {case['players']}p{' ' + opts if opts else ''}"


def _fmt(value: float | None, spec: str = ",.0f") -> str:
    return "-" if value is None else format(value, spec)


def report(cpython: dict, pyodide: dict | None) -> None:
    print(f"CPython {cpython['python']}" + (f"; Pyodide (Python {pyodide['python']}, Node.js)" if pyodide else "; Pyodide: not run"))
    head = f"{'case':<16}{'runtime':<9}{'playouts/s':>11}{'steps/s':>10}{'steps/po':>9}{'samples/s':>10}{'iters/s':>9}{'budget x':>9}{'slice ms':>9}"
    print(head)
    prows = {json.dumps(r["case"], sort_keys=True): r for r in (pyodide or {}).get("rows", [])}
    for row in cpython["rows"]:
        other = prows.get(json.dumps(row["case"], sort_keys=True))
        for name, r in (("CPython", row), ("Pyodide", other)):
            if r is None:
                continue
            print(f"{_label(row['case']):<16}{name:<9}{_fmt(r['playouts_per_s'], ',.1f'):>11}{_fmt(r['steps_per_s']):>10}"
                  f"{_fmt(r['steps_per_playout'], '.0f'):>9}{_fmt(r['samples_per_s']):>10}{_fmt(r['iterations_per_s']):>9}"
                  f"{r['worst_ratio']:>9.2f}{r['longest_slice_ms']:>9.1f}")
        if other:
            print(f"{'':<16}{'ratio':<9}{row['playouts_per_s'] / other['playouts_per_s']:>10.2f}x"
                  f"{row['steps_per_s'] / other['steps_per_s']:>9.2f}x{'':>9}"
                  + (f"{row['samples_per_s'] / other['samples_per_s']:>9.2f}x" if row["samples_per_s"] else f"{'-':>10}")
                  + (f"{row['iterations_per_s'] / other['iterations_per_s']:>8.2f}x" if row["iterations_per_s"]
                     else f"{'-':>9}")
                  + "   (CPython / Pyodide)")
    print(f"budget x = worst wall time / budget for hard at {cpython['rows'][0]['budget_ms'] if cpython['rows'] else '-'} ms; "
          "slice ms = longest run between two yields of think()")


def report_caps(cpython: dict, pyodide: dict | None) -> None:
    """Hard's iterations/s on mid-game positions and the cap that equals its budget in Pyodide
    (the level's 1.5 s, or the game's own ``budget_ms`` in its search options)."""
    from pyapp.ai import LEVELS, search_options

    print("hard iterations per CPU second, mean over Normal-play positions where Hard searches; "
          "cap = Pyodide rate x Hard's budget")
    prows = {json.dumps(r["case"], sort_keys=True): r for r in (pyodide or {}).get("rows", [])}
    for row in cpython["rows"]:
        case, rate = row["case"], row["iterations_per_s"]
        if rate is None:
            print(f"{_label(case):<16} Hard does not search here (it plays Normal's move)")
            continue
        budget_ms = search_options(_position(case, 3, 0)).budget_ms or LEVELS["hard"]["budget_ms"]
        line = f"{_label(case):<16} CPython {rate:>7,.0f}"
        other = prows.get(json.dumps(case, sort_keys=True))
        if other and other["iterations_per_s"]:
            line += (f"   Pyodide {other['iterations_per_s']:>7,.0f}   ratio {rate / other['iterations_per_s']:.2f}x"
                     f"   cap {other['iterations_per_s'] * budget_ms / 1000:>6,.0f} ({budget_ms / 1000:g} s)")
        print(line)


def report_moves(cpython: dict, pyodide: dict | None) -> None:
    """A level's CPU ms per move and its longest run between yields, in both runtimes."""
    print(f"{'case':<16}{'runtime':<9}{'level':<8}{'moves':>6}{'median':>8}{'p95':>8}{'max':>8}{'longest step':>14}   (CPU ms)")
    prows = {json.dumps(r["case"], sort_keys=True): r for r in (pyodide or {}).get("rows", [])}
    for row in cpython["rows"]:
        for name, r in (("CPython", row), ("Pyodide", prows.get(json.dumps(row["case"], sort_keys=True)))):
            if r is not None:
                print(f"{_label(row['case']):<16}{name:<9}{r['level']:<8}{r['moves']:>6}{r['median_ms']:>8.2f}"
                      f"{r['p95_ms']:>8.2f}{r['max_ms']:>8.2f}{r['longest_step_ms']:>14.2f}")


def profile(spec: str, seconds: float) -> None:
    import cProfile
    import pstats

    game, _, players = spec.partition(":")
    case = next((c for c in CASES if c["game"] == game and (not players or c["players"] == int(players))), None)
    if case is None:
        case = {"game": game, "players": int(players or 2)}
    for title, fn in (("random playouts", lambda: playouts(case, seconds)), ("hard search", lambda: search_rate(case, seconds))):
        prof = cProfile.Profile()
        prof.enable()
        result = fn()
        prof.disable()
        print(f"== {_label(case)}: {title}: {result}")
        pstats.Stats(prof).sort_stats("tottime").print_stats(18)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--budget-ms", type=float, default=300.0)
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--profile", metavar="GAME[:PLAYERS]")
    parser.add_argument("--games", help="comma-separated subset of games")
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default: the standard cases')")
    parser.add_argument("--midgame", type=int, default=0, metavar="K",
                        help="only Hard's iterations/s on K positions of a Normal game, and its browser-equivalent cap")
    parser.add_argument("--moves", choices=("easy", "normal"),
                        help="only this level's CPU time per move and its longest step between yields")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="game option for every case, e.g. teams=true (repeatable)")
    args = parser.parse_args(argv)
    if args.profile:
        profile(args.profile, args.seconds)
        return 0
    cases = CASES
    if args.games:
        wanted = set(args.games.split(","))
        cases = [c for c in CASES if c["game"] in wanted]
    if args.players:
        games = dict.fromkeys(c["game"] for c in cases)
        cases = [{"game": game, "players": n} for game in games for n in args.players]
    if args.option:
        options = dict(parse_option(o) for o in args.option)
        cases = [{**case, "options": {**case.get("options", {}), **options}} for case in cases]
    margs = {"cases": cases, "seconds": args.seconds, "budget_ms": args.budget_ms, "midgame": args.midgame,
             "moves": args.moves}
    cpython = measure(**margs)
    pyodide = None if args.no_pyodide else run_pyodide(margs)
    (report_moves if args.moves else report_caps if args.midgame else report)(cpython, pyodide)
    return 0


if __name__ == "__main__":
    sys.exit(main())
