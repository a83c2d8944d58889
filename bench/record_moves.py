"""Record the move every computer level chooses on fixed positions (the move-identity fixture).

    python bench/record_moves.py [--games triad,dyad,dieci] [--workers 2]

A refactor of the engine or the AI must not change what any level plays.  This
script plays seeded games of every game, player count and option set (``CASES``),
picks positions spread over each game (late positions too, so Dyad's round
horizon and Triad's kept worlds are used), and records at each one the action
that ``random``, ``easy``, ``normal`` and ``hard`` choose, Hard twice: at the
case's browser-equal cap (the ladder's, docs/ai.md) and at a small cap that the
normal test suite replays quickly.  Every choice is seeded and Hard has no time
limit, so the choices depend only on the code.

It writes ``tests/fixtures/moves/<game>.json``: per case the engine save of the
whole game (seed, options, action texts) and per position the number of actions
played, the seed and each level's action text.  ``tests/ai/test_move_identity.py``
replays them.  Re-run this in the commit that changes moves on purpose (for
instance how unseen cards are dealt), after showing with the ladder that Hard is
not weaker.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

OUT = os.path.join(ROOT, "tests", "fixtures", "moves")

QUICK_CAP = 100
"""Hard's iteration cap in the fast replay (the normal test suite)."""

GAMES_PER_CASE = 2
POSITIONS_PER_CASE = 16

# (game, players, options, Hard's browser-equal cap): the ladder's caps in docs/*-strength.md.
CASES: list[tuple[str, int, dict, int]] = [
    ("triad", 2, {}, 4100),
    ("triad", 2, {"children": True, "first": 1}, 4100),
    ("triad", 4, {}, 5600),
    ("triad", 4, {"children": True}, 5600),
    ("dyad", 2, {}, 1200),
    ("dyad", 2, {"cipher": True}, 1200),
    ("dyad", 2, {"twos": True}, 1200),
    ("dyad", 3, {}, 830),
    ("dyad", 3, {"cipher": True, "twos": True}, 830),
    ("dyad", 4, {}, 1000),
    ("dyad", 4, {"teams": True}, 1000),
    ("dyad", 4, {"teams": True, "cipher": True, "twos": True}, 1000),
    *[("dieci", n, {}, 1500 if n == 2 else 450) for n in range(2, 9)],
]

LEVELS = ("random", "easy", "normal")


def play_game(game: str, players: int, options: dict, seed: int):
    """A seeded game of Normal players who play a random move one time in five (for variety)."""
    from pyapp.ai import choose_action
    from pyapp.games import new_game

    state = new_game(game, seed=seed, players=players, **options)
    rng = random.Random(seed)
    decisions = []
    while not state.is_terminal():
        if len(state.legal_actions()) > 1:
            decisions.append(len(state.to_save()["actions"]))
        level = "random" if rng.random() < 0.2 else "normal"
        state.step(choose_action(state, level=level, seed=rng.getrandbits(32)))
    return state.to_save(), decisions


def moves_at(save: dict, at: int, seed: int, cap: int) -> dict:
    """Each level's action text at the position after ``at`` actions of ``save``, and CPU times."""
    from pyapp.ai import choose_action
    from pyapp.games import load

    state = load({**save, "actions": save["actions"][:at]})
    moves: dict = {"at": at, "seed": seed}
    cpu: dict = {}
    for level, key, iterations in [(lv, lv, None) for lv in LEVELS] + [("hard", "hard", cap), ("hard", "hard_quick", QUICK_CAP)]:
        start = time.process_time()
        kwargs = {"iterations": iterations} if iterations else {}
        moves[key] = str(choose_action(state, level=level, seed=seed, **kwargs))
        cpu[key] = time.process_time() - start
    return {"moves": moves, "cpu": cpu}


def record_case(index: int) -> dict:
    """Games and positions of ``CASES[index]``."""
    import pyapp.games  # noqa: F401

    game, players, options, cap = CASES[index]
    games = []
    for g in range(GAMES_PER_CASE):
        seed = 1000 * index + g + 1
        save, decisions = play_game(game, players, options, seed)
        per_game = POSITIONS_PER_CASE // GAMES_PER_CASE
        step = len(decisions) / per_game
        chosen = sorted({decisions[int(step * k + step / 2)] for k in range(per_game)})
        rows = [moves_at(save, at, seed * 7919 + at, cap) for at in chosen]
        games.append({"save": save, "positions": [r["moves"] for r in rows], "cpu": [r["cpu"] for r in rows]})
    return {"index": index, "game": game, "players": players, "options": options, "cap": cap, "games": games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="triad,dyad,dieci", help="which games' fixtures to rewrite")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    wanted = args.games.split(",")
    indices = [i for i, case in enumerate(CASES) if case[0] in wanted]
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        results = sorted(pool.map(record_case, indices, chunksize=1), key=lambda r: r["index"])
    os.makedirs(OUT, exist_ok=True)
    for game in wanted:
        cases = []
        for r in (r for r in results if r["game"] == game):
            cpu = [c for g in r["games"] for c in g.pop("cpu")]
            totals = {key: sum(c[key] for c in cpu) for key in cpu[0]}
            print(f"{game} {r['players']}p {r['options'] or ''}: {len(cpu)} positions, CPU s "
                  + " ".join(f"{k} {v:.1f}" for k, v in totals.items()))
            cases.append({"players": r["players"], "options": r["options"], "cap": r["cap"],
                          "quick_cap": QUICK_CAP, "games": r["games"]})
        with open(os.path.join(OUT, f"{game}.json"), "w", encoding="utf-8") as out:
            json.dump({"game": game, "cases": cases}, out, separators=(",", ":"))
            out.write("\n")
    print(f"wall {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
