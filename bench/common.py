"""Helpers shared by the per-game strength scripts (``bench/*_strength.py``)."""

from __future__ import annotations

import json
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


def parse_tuning(texts: list[str]) -> dict[str, object]:
    """``--tune name=value`` texts as search settings: ``none``, booleans, numbers, a JSON
    object (a setting per phase, ``favour_normal={"play": 1.0, "*": 0.02}``), else the text.

    >>> parse_tuning(["c=0.5", "rollout_limit=none", "prune=1", 'favour_normal={"play": 1}'])
    {'c': 0.5, 'rollout_limit': None, 'prune': 1, 'favour_normal': {'play': 1}}
    """
    tuning: dict[str, object] = {}
    for text in texts:
        name, _, value = text.partition("=")
        if value == "none":
            tuning[name] = None
        elif value in ("true", "false"):
            tuning[name] = value == "true"
        elif value.startswith("{"):
            tuning[name] = json.loads(value)
        else:
            tuning[name] = _number(value)
    return tuning


def _number(text: str) -> object:
    """``text`` as an int, else a float (``1e-3`` too), else the text itself."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


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
