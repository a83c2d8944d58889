"""The set-up parser's answers to hostile typed text, as JSON: the same in CPython and in Pyodide.

Standard library and ``pyapp`` only, run by ``bench/speed_pyodide.mjs`` under Node
(``tests/pyodide/test_setup_pyodide.py``): the fixed cases are the ones that once
stopped the page (digits ``str.isdigit`` takes and ``int`` refuses), then seeded
random text drawn from all of Unicode.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from pyapp.deals.seed import SeedError, parse_seed
from pyapp.play.setup import SetupError, parse_setup

FIXED = ["", " ", "0", "007", "²", "1²", "①", "٣", "３", "1e3", "-1", "+1", "1_000", " 12 ", "\u00a012",
         "9007199254740991", "9007199254740992", "99999999999999999", "0000000000000001", "1\x00", "\ud800",
         "𝟙", "12\n", "一", "Ⅻ"]


def random_text(rng: random.Random) -> str:
    """Up to 20 characters, each from ASCII digits, near-digits or anywhere in Unicode (lone surrogates too)."""
    pools = ("0123456789", "²³¹①٣３𝟙⁰₀ ", None)
    chars = []
    for _ in range(rng.randrange(21)):
        pool = rng.choice(pools)
        chars.append(rng.choice(pool) if pool else chr(rng.randrange(sys.maxunicode + 1)))
    return "".join(chars)


def answer(text: str) -> Any:
    """What the parser makes of ``text`` as a deal number, and as a seat name with a player count."""
    try:
        seed: Any = parse_seed(text)
    except SeedError as error:
        seed = error.key
    try:
        setup = parse_setup(text, [(text, "person"), (text, "easy")], "", players_allowed=(2,))
        chosen: Any = [setup.players, [name for name, _ in setup.seats]]
    except SetupError as error:
        chosen = error.key
    return [seed, chosen]


def measure(seed: int = 30, count: int = 300) -> dict[str, Any]:
    rng = random.Random(seed)
    texts = FIXED + [random_text(rng) for _ in range(count)]
    return {"answers": [answer(text) for text in texts]}
