"""The page's hooks (e2e/README.md) that whole games read and tap, named once.

The soak and the monkey run know the table only through these selectors, so a
renamed hook is one edit here.  ``JS`` is the same table handed to the page's
scripts (``play_through.py``), which read it as ``h``.
"""

from __future__ import annotations

READY = "body[data-ready=true]"
SCREEN_ERROR = "[data-testid=screen-error], [data-testid=boot-error]"
VIEW = "[data-testid=view]"
PICKER = "[data-testid=picker]"
LANGUAGE = "[data-testid=language]"
HOME = "[data-testid=home-link]"
SETTINGS_OPEN = "[data-testid=settings-open]"
SETTINGS_CLOSE = "[data-testid=settings-close]"

# the frame of every table (pyapp/ui/table/table.py)
TABLE = ".table-body"
ACTING = ".table[data-acting=true]"
STATUS = "[data-testid=status]"
STATUS_TEXT = "[data-testid=status] .status-text"
GUARD = ".table-body[data-guard]"
SKIPPING = ".table-body[data-skipping=true]"
MOVING = "[data-moving]"
MOVE_ERROR = "[data-testid=move-error]"
UNDO = "[data-testid=undo]"
HINT = "[data-testid=hint]"
RULES_OPEN = "[data-testid=rules-open]"
RULES_CLOSE = "[data-testid=rules-sheet-close]"
HANDOVER_READY = "[data-testid=handover-ready]"
RESUME = "[data-testid=resume], [data-testid=take-over]"
NEW_GAME = "[data-testid=new-game]"
REMATCH = "[data-testid=rematch]"
START = "[data-testid=start]"
SETUP_PLAYERS = "[data-testid=setup-players]"
SETUP_SEED = "[data-testid=setup-seed]"
SETUP_DEAL = ".setup-deal summary"


def seat_kind(seat: int) -> str:
    return f"[data-testid=seat-kind-{seat}]"


def option(name: str) -> str:
    return f'[data-option="{name}"]'


CURRENT_KEY = "pyapp.current"
"""The stored id of the game in play (cleared once it ends)."""


def saved(record: str) -> str:
    """A game's line on Saved games (``data-finished``)."""
    return f'[data-testid=save][data-id="{record}"]'


def continue_link(game: str) -> str:
    return f"[data-testid=continue-link-{game}]"


DIALOG_OPENERS = {
    "rules": (RULES_OPEN, RULES_CLOSE),
    "score sheet": ("[data-testid=score-sheet-open]", "[data-testid=score-sheet-close]"),
    "last trick": ("[data-testid=last-trick-open]", "[data-testid=last-trick-close]"),
    "log": ("[data-testid=log-open]", "[data-testid=log-close]"),
    "claimed": ("[data-testid=claimed-open]", "[data-testid=claimed-close]"),
    "settings": (SETTINGS_OPEN, SETTINGS_CLOSE),
}
"""Each dialog a person may open during a game: its opener and its close button."""

AVOID = f"{NEW_GAME}, {REMATCH}, {START}, [data-testid=review-game], a[href^=http], a[download]"
"""What a random tap must not press: these end or leave the game for another one (not a freeze to find)."""

END = {
    "dyad": ("[data-testid=dyad-end]", "data-winners"),
    "triad": ("[data-testid=result]", "data-result"),
    "dieci": ("[data-testid=dieci-end]", "data-winners"),
}
"""Each game's end screen and the attribute that names its winner."""

JS = {
    "view": VIEW,
    "table": TABLE,
    "acting": ACTING,
    "status": STATUS,
    "guard": GUARD,
    "screenError": SCREEN_ERROR,
    "moveError": MOVE_ERROR,
    "handover": HANDOVER_READY,
    "dismiss": ["[data-testid=round-end-dismiss]", "[data-testid=deal-end-dismiss]"],
    # Dyad
    "dyadTable": "[data-testid=dyad-table]",
    "hand": "[data-testid=hand] [data-card]",
    "pairStatus": "[data-testid=pair-status]",
    "clearSelection": "[data-testid=clear-selection]",
    "submitPair": "[data-testid=submit-pair]",
    "submitPass": "[data-testid=submit-pass]",
    "cipher": ["[data-testid=cipher-yes]", "[data-testid=cipher-no]"],
    "take": "[data-take]",
    # Dieci
    "dieciTable": "[data-testid=dieci-table]",
    "playable": "[data-testid=hand] [data-playable=true]",
    "claimable": "button[data-claimable=true]",
    "takeTop": "[data-testid=take-top]",
    "pass": "[data-testid=pass]",
    # Triad
    "triadBoard": "[data-testid=triad-board]",
    "removeChoice": "[data-testid=remove-choice]",
    "legalCell": ".triad-board .cell.legal",
    "removableCell": ".triad-board .cell.removable",
}
