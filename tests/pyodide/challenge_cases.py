"""Challenge-link tokens and the deal of the day's rule, as JSON: the same in CPython and in Pyodide.

Standard library and ``pyapp`` only, run by ``bench/speed_pyodide.mjs`` under Node
(``tests/pyodide/test_challenge_pyodide.py``): the daily seeds of a few dates (SHA-256
in the page's Python), honest tokens, their damaged copies and seeded random text.
"""

from __future__ import annotations

import random
import sys
from datetime import date, timedelta
from typing import Any

from pyapp.deals.challenge import ChallengeError, challenge_token, parse_challenge
from pyapp.deals.daily import deal_of

FIXED = ["1.3.pnn.0-0-0.42", "1.5.pnnnn..9007199254740991", "1.5.pnnnn..9007199254740992", "1.5.pnnnn..042",
         "1.5.pnnnn..\u0664\u0662", "1.9.pnnnnnnnn..1", "1.2.pn.0-0-1.42", "1.2.pn.0-7.42", "%3Cb%3E", "", "1....."]


def random_token(rng: random.Random) -> str:
    pools = ("0123456789.-pnhe", None)
    return "".join(rng.choice(pool) if (pool := rng.choice(pools)) else chr(rng.randrange(sys.maxunicode + 1))
                   for _ in range(rng.randrange(30)))


def answer(game: str, token: str) -> Any:
    try:
        challenge = parse_challenge(game, token)
    except ChallengeError as error:
        return error.key
    return [list(challenge.kinds), challenge.options, challenge.seed]


def measure(seed: int = 32, count: int = 300) -> dict[str, Any]:
    rng = random.Random(seed)
    days = [date(2026, 1, 1) + timedelta(days=n * 97) for n in range(12)]
    deals = [[deal_of(day).game, deal_of(day).number, deal_of(day).seed] for day in days]
    honest = [challenge_token(game, kinds, {}, rng.randrange(2**53))
              for game, kinds in (("dyad", ["person", "normal", "hard"]), ("dieci", ["person"] + ["easy"] * 7),
                                  ("triad", ["person", "hard"]))]
    tokens = FIXED + honest + [random_token(rng) for _ in range(count)]
    answers = [[game, answer(game, token)] for token in tokens for game in ("dyad", "dieci", "triad")]
    return {"deals": deals, "answers": answers}
