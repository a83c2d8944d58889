"""Every level plays the recorded move on the recorded positions (``bench/record_moves.py``).

The fixture was recorded from the code before the clean-up of issue 22; a refactor
that changes no behaviour leaves every move identical.  The normal suite replays
Random, Easy, Normal and Hard at a small cap on every position, and Hard at its
browser-equal cap on the positions where it leaves Normal's move (where a changed
search shows first); ``pytest -m slow`` replays Hard at that cap on every position.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyapp.ai import choose_action
from pyapp.games import load

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "moves"


def _cases() -> list[tuple[str, dict]]:
    cases = []
    for path in sorted(FIXTURES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            options = ",".join(f"{k}={v}" for k, v in case["options"].items())
            cases.append(pytest.param(case, id=f"{data['game']}-{case['players']}p{'-' + options if options else ''}"))
    return cases


CASES = _cases()


def _replay(case: dict, levels) -> list[str]:
    """Mismatches, as text, of ``levels(position)`` = [(key, level, iterations)] over the case."""
    wrong = []
    for game in case["games"]:
        save = game["save"]
        for position in game["positions"]:
            state = load({**save, "actions": save["actions"][: position["at"]]})
            for key, level, iterations in levels(position):
                kwargs = {"iterations": iterations} if iterations else {}
                played = str(choose_action(state, level=level, seed=position["seed"], **kwargs))
                if played != position[key]:
                    wrong.append(f"seed {save['seed']} at {position['at']}: {key} played {played}, "
                                 f"recorded {position[key]}")
    return wrong


def test_the_fixture_covers_every_game_and_player_count():
    covered = {(json.loads(p.read_text())["game"], c["players"]) for p in FIXTURES.glob("*.json")
               for c in json.loads(p.read_text())["cases"]}
    expected = {("triad", n) for n in (2, 4)} | {("dyad", n) for n in (2, 3, 4)} | {("dieci", n) for n in range(2, 9)}
    assert covered == expected
    assert sum(len(g["positions"]) for c in CASES for g in c.values[0]["games"]) >= 300


@pytest.mark.parametrize("case", CASES)
def test_every_level_plays_the_recorded_move(case):
    def levels(position):
        rows = [(level, level, None) for level in ("random", "easy", "normal")]
        rows.append(("hard_quick", "hard", case["quick_cap"]))
        if position["hard"] != position["normal"]:
            rows.append(("hard", "hard", case["cap"]))
        return rows

    assert _replay(case, levels) == []


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES)
def test_hard_plays_the_recorded_move_at_its_browser_cap(case):
    assert _replay(case, lambda position: [("hard", "hard", case["cap"])]) == []
