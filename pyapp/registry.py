"""The one list of the site's games, computer levels and seat kinds.

Every part of the site reads these names from here: the engine registry
(:mod:`pyapp.games`), the routes, the demos, the rulebook, the build's
shell texts, the table's seat choices and the saved-game checks.  A game's
modules are found by its name: ``pyapp.games.<name>`` (the engine),
``pyapp.demos.<name>``, ``pyapp.rulebook.<name>`` and ``pyapp.ui.games.<name>``
(its screen); ``computer_modules`` names what its computer players import.
Importing this module imports nothing else.

>>> GAMES
('dyad', 'triad', 'dieci')
>>> SEAT_KINDS
('person', 'random', 'easy', 'normal', 'hard')
>>> SETUP_KINDS
('person', 'friend', 'easy', 'normal', 'hard')
"""

from __future__ import annotations

GAMES: tuple[str, ...] = ("dyad", "triad", "dieci")
"""The games, in the order the picker shows them."""

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
"""The computer players' levels (``pyapp.ai.choose_action``), weakest first."""

TABLE_LEVELS: tuple[str, ...] = LEVELS[1:]
"""The levels a person may seat at a table (Random is for tests and benchmarks)."""

PERSON = "person"
"""The seat kind of a person at the table."""

SEAT_KINDS: tuple[str, ...] = (PERSON, *LEVELS)
"""Every kind of seat a saved game may hold: a person or a computer level, weakest first."""

FRIEND = "friend"
"""A person invited from another device: a set-up choice; the host's stored game records it as a person
plus a seat token (so a saved game's seat is never "friend")."""

SETUP_KINDS: tuple[str, ...] = (PERSON, FRIEND, *TABLE_LEVELS)
"""The set-up form's seat choices, in its order: this device's person, a friend, the table's computer levels."""


SEED_LIMIT = 2**53
"""Deal numbers are below this: every one is a JavaScript number exactly, and a random deal picks below it too
(a challenge link, the set-up's deal number field and the saved-game checks all hold to it)."""


def computer_modules(game: str) -> tuple[str, ...]:
    """What a computer's first move in ``game`` imports: the search, the game's policies
    (Easy, Normal) and its search settings (Hard).  The table imports them ahead, one per task.

    >>> computer_modules("dyad")[-1]
    'pyapp.games.dyad.search'
    """
    return ("pyapp.ai.mcts", "pyapp.ai", f"pyapp.games.{game}.policies", f"pyapp.games.{game}.search")


__all__ = ["FRIEND", "GAMES", "LEVELS", "PERSON", "SEAT_KINDS", "SEED_LIMIT", "SETUP_KINDS", "TABLE_LEVELS", "computer_modules"]
