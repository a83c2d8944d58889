"""Print an order of placements that lays a Triad position without anyone scoring.

The Triad lesson (``pyapp/lessons/triad.py``) starts from a prepared board laid
by ordinary placements, A and B in turn; its ``PREFIX`` was found by this tool
for its ``BOARD`` (any order the tool prints will do).  A depth-first search over the cells whose next piece is the
mover's, restarted with other shuffles when it wanders too long.

    python tools/lesson_order.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.demos.triad import _stacks  # noqa: E402
from pyapp.engine import State  # noqa: E402
from pyapp.games import new_game  # noqa: E402


def quiet_order(text: str, seed: int, limit: int = 3000) -> list[str] | None:
    """Placements building ``text`` with the score 0-0 throughout, or None if this try gave up."""
    rng = random.Random(seed)
    target = _stacks(text)
    built = {cell: 0 for cell in target}
    total = sum(len(stack) for stack in target.values())
    order: list[str] = []
    visited = 0

    def search(state: State) -> bool:
        nonlocal visited
        visited += 1
        if len(order) == total:
            return True
        if visited > limit:
            return False
        side = "ab"[state.current_player()]
        ready = [cell for cell, n in built.items() if n < len(target[cell]) and target[cell][n] == side]
        rng.shuffle(ready)
        for cell in ready:
            text = f"place {cell[0]},{cell[1]}"
            after = state.clone()
            after.apply_action(text)
            if after.scores() != [0, 0]:
                continue
            built[cell] += 1
            order.append(text)
            if search(after):
                return True
            order.pop()
            built[cell] -= 1
        return False

    return order if search(new_game("triad", seed=0, players=2)) else None


def main() -> None:
    from pyapp.lessons.triad import BOARD

    for seed in range(1000):
        order = quiet_order(BOARD, seed)
        if order:
            print(" ".join(text.split()[1] for text in order))
            return
    raise SystemExit("no quiet order found")


if __name__ == "__main__":
    main()
