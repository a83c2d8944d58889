"""Find positions where Normal's move is the blunder, for the judge's tests.

    python bench/record_blunders.py [--games triad,dyad,dieci] [--worlds 96]

Plays seeded games in which every seat plays Normal, reviews seat 0's decisions
with a large budget (``--worlds``) and keeps, per case, the first game whose
costliest decision is a clear mistake (not about equal) and which a small review (``SMALL`` worlds, two seeds) also ranks first.
Writes ``tests/fixtures/blunders.json``: per case the finished game's save, the
decision's index, the move Normal played and the move the judge prefers.
``tests/ai/test_judge.py`` uses it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from pyapp.ai import choose_action  # noqa: E402
from pyapp.ai.review import review  # noqa: E402
from pyapp.engine.steps import finish  # noqa: E402
from pyapp.games import load, new_game  # noqa: E402

OUT = os.path.join(ROOT, "tests", "fixtures", "blunders.json")

CASES = [("triad", 2, {}), ("dyad", 2, {}), ("dyad", 3, {}), ("dieci", 3, {})]

SMALL = 12
"""The tests' review budget (worlds per decision)."""


def _normal_game(game: str, players: int, options: dict, seed: int) -> dict:
    state = new_game(game, seed=seed, players=players, **options)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.step(choose_action(state, level="normal", seed=rng.getrandbits(32)))
    return state.to_save()


def _clear_blunder(save: dict, worlds: int) -> dict | None:
    found = finish(review(load(save), seat=0, seed=0, worlds=worlds))["decisions"]
    if not found or found[0]["about_equal"]:
        return None
    top = found[0]
    for seed in (1, 2):
        small = finish(review(load(save), seat=0, seed=seed, worlds=SMALL))["decisions"]
        if small[0]["index"] != top["index"]:
            return None
    return top


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="triad,dyad,dieci")
    parser.add_argument("--worlds", type=int, default=64)
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--add", action="store_true", help="keep the cases of other games already in the fixture")
    args = parser.parse_args()
    wanted = args.games.split(",")
    cases = []
    if args.add and os.path.exists(OUT):
        with open(OUT, encoding="utf-8") as old:
            cases = [case for case in json.load(old)["cases"] if case["game"] not in wanted]
    for game, players, options in CASES:
        if game not in wanted:
            continue
        for seed in range(1, args.seeds + 1):
            save = _normal_game(game, players, options, seed)
            top = _clear_blunder(save, args.worlds)
            print(game, players, seed, top, flush=True)
            if top is not None:
                cases.append({"game": game, "players": players, "options": options, "save": save, "seat": 0,
                              "index": top["index"], "played": top["played"], "best": top["best"]})
                break
    with open(OUT, "w", encoding="utf-8") as out:
        json.dump({"cases": cases}, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
