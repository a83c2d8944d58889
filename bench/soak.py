"""Soak test: thousands of random games per game through play → save → load → continue.

Every player count and every combination of options is played
(:func:`pyapp.games.testing.configurations`: a bool option takes both
values, other options the values in ``EXTRA_VALUES`` or just the default).
Each game runs through a :class:`pyapp.play.Session` on an in-memory store,
saving after every action; every position gets the engine's conformance
checks (:mod:`pyapp.games.testing`, deeply at a few); at random moments the
session is dropped and resumed from the store (which replays the record
through the engine), the resumed game is compared with the one in memory
(``testing.assert_same``), and play continues on the resumed one.  Random
undos are mixed in.  At the end the finished record is exported and imported
back, and replayed.

Usage: python bench/soak.py [--games N] [--seed S] [--game NAME ...]
Prints, per game, the number of games, actions, resumes, undos and failures;
exits non-zero on any failure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games import testing
from pyapp.games import NAMES
from pyapp.play import Seat, Session
from pyapp.replay import Replay
from pyapp.storage import MemoryBackend, SaveStore, decode_record
from pyapp.storage.transfer import export_text, import_file

EXTRA_VALUES: dict[str, dict[str, tuple[Any, ...]]] = {
    "triad": {"first": (0, 1)},
    "nim": {"max_take": (2, 3, 5)},
}
"""Values to try for non-bool options whose range the option spec cannot tell."""


def same(a: Session, b: Session) -> None:
    """Raise AssertionError if two sessions differ in anything a player could notice."""
    testing.assert_same(a.state, b.state)
    assert a.actors == b.actors, "actors differ"


def soak_one(game: str, players: int, options: dict[str, Any], seed: int, counts: Counter) -> None:
    rng = random.Random(seed)
    store = SaveStore(MemoryBackend(), clock=lambda: 1_764_500_000.0 + counts["actions"])
    seats = [Seat(f"P{n}") for n in range(players)]
    session = Session.start(game, seats, seed=rng.randrange(2**53), store=store, **options)
    limit = 20_000
    while not session.state.is_terminal():
        testing.check_position(session.state)
        if rng.random() < 0.01:
            testing.check_deeply(session.state, rng)
        session.play(rng.choice(session.state.legal_actions()))
        counts["actions"] += 1
        limit -= 1
        assert limit > 0, "the game does not end"
        roll = rng.random()
        if roll < 0.03:
            resumed = Session.resume(store, session.record_id)
            same(session, resumed)
            session = resumed
            counts["resumes"] += 1
        elif roll < 0.04 and session.state.history:
            before = session.state.to_save()
            last = session.state.history[-1]
            actor = session.actors.pop()
            session.state.undo()
            session.state.apply_action(last)
            session.actors.append(actor)
            assert session.state.to_save() == before, "undo then redo differs"
            counts["undos"] += 1
    testing.check_end(session.state)
    resumed = Session.resume(store, session.record_id)
    same(session, resumed)
    record, state = decode_record(store.backend.get("pyapp.save." + session.record_id))
    assert record["finished"] and state.is_terminal()
    imported, again, _ = import_file(export_text(record).encode(), store)
    assert again.to_save() == state.to_save() and imported["id"] != record["id"]
    if rng.random() < 0.1:
        replay = Replay(record, state)
        for number in range(1, len(replay) + 1):
            assert replay.text(number)
        assert replay.states[-1].to_save() == state.to_save()
        counts["replays"] += 1
    counts["games"] += 1


def soak(games: int, seed: int, names: list[str], out=print) -> dict[str, Counter]:
    results: dict[str, Counter] = {}
    for game in names:
        configs = testing.configurations(game, EXTRA_VALUES.get(game))
        counts: Counter = Counter()
        failures: list[str] = []
        start = time.perf_counter()
        for number in range(games):
            players, options = configs[number % len(configs)]
            try:
                soak_one(game, players, options, seed * 1_000_003 + number, counts)
            except Exception:  # report every failure and carry on
                counts["failures"] += 1
                if len(failures) < 5:
                    failures.append(f"{game} players={players} options={options} seed={seed * 1_000_003 + number}\n"
                                    + traceback.format_exc())
            counts[f"players={players} {options}"] += 1
        elapsed = time.perf_counter() - start
        results[game] = counts
        out(f"{game}: {counts['games']} games, {counts['actions']} actions, {counts['resumes']} resumes, "
            f"{counts['undos']} undos, {counts['replays']} replays, {counts['failures']} failures "
            f"({elapsed:.1f} s, {len(configs)} configurations)")
        for key in sorted(k for k in counts if k.startswith("players=")):
            out(f"    {key}: {counts[key]} games")
        for failure in failures:
            out(failure)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per game (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=list(NAMES) or None, help="only these games")
    args = parser.parse_args(argv)
    names = args.game or list(NAMES)
    if not names:
        print("no games are registered yet")
        return 0
    results = soak(args.games, args.seed, names)
    total = sum(c["failures"] for c in results.values())
    print(f"total: {sum(c['games'] for c in results.values())} games, {total} failures")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
