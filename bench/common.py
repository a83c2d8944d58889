"""Helpers shared by the per-game strength scripts (``bench/*_strength.py``)."""

from __future__ import annotations

import math
import random
import time


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for ``wins`` out of ``n`` (``(0, 0)`` when ``n`` is 0)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def parse_option(text: str) -> tuple[str, object]:
    """``name=value`` from the command line as a game option (booleans and integers typed)."""
    name, _, value = text.partition("=")
    if value.lower() in ("true", "false"):
        return name, value.lower() == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value


def random_policy(world, rng):
    """Any legal action, uniformly."""
    actions = world.legal_actions()
    return actions[rng.randrange(len(actions))]


def playouts_per_second(start, policy, seconds: float) -> float:
    """Whole games per second played from clones of ``start`` with ``policy(game, rng)``."""
    rng = random.Random(7)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        game = start.clone()
        while not game.is_terminal():
            game.step(policy(game, rng))
        n += 1
    return n / (time.perf_counter() - t0)
