"""What the maintained bench scripts share: one Wilson interval, one percentile rule, and
the command line's game options and search settings."""

from __future__ import annotations

import math


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for ``wins`` (shares count) out of ``n``; ``(0, 1)`` for ``n = 0``.

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (the smallest value with at least ``q`` of them at or below it).

    >>> percentile(list(range(1, 21)), 0.95), percentile([3.0], 0.95)
    (19, 3.0)
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def parse_option(text: str) -> tuple[str, object]:
    """``name=value`` from the command line as a game option (booleans and integers typed).

    >>> parse_option("teams=true"), parse_option("first=1")
    (('teams', True), ('first', 1))
    """
    name, _, value = text.partition("=")
    if value.lower() in ("true", "false"):
        return name, value.lower() == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value


def parse_tuning(texts: list[str]) -> dict[str, object]:
    """``--tune name=value`` texts as search settings (``SearchOptions`` fields): ``none``,
    booleans and numbers.

    >>> parse_tuning(["c=0.5", "rollout_limit=none", "prune=1", "paired=true"])
    {'c': 0.5, 'rollout_limit': None, 'prune': 1, 'paired': True}
    """
    tuning: dict[str, object] = {}
    for text in texts:
        name, _, value = text.partition("=")
        if value == "none":
            tuning[name] = None
        elif value in ("true", "false"):
            tuning[name] = value == "true"
        else:
            tuning[name] = float(value) if any(ch in value for ch in ".e") else int(value)
    return tuning
