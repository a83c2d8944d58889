"""A record's optional ``review`` field: a finished review of one seat's decisions, kept beside the game.

The review (:func:`pyapp.ai.review.review`'s result) is stored so that it opens
again without being computed again.  It never touches the action history, and
reading it never trusts it: :func:`check_review` bounds every number and
string and checks that it belongs to the game it is stored with (its kind,
a seat of it, decisions at distinct places of its history, each naming the
move that was played there).  A review that fails is dropped and the game is
kept (:func:`without_bad_review`): losing a review costs a recomputation,
losing the game would cost the game.

>>> import tests.toy_games
>>> from pyapp.games import new_game
>>> game = new_game("nim", seed=4, players=2)
>>> game.apply_action("take1")
>>> decision = {"index": 0, "played": "take1", "best": "take2", "points_loss": 1.5, "points_se": 0.5,
...             "win_loss": None, "win_se": None, "worlds": 8, "about_equal": False}
>>> review = {"version": 1, "game": "nim", "seat": 0, "worlds": 8, "done": 1, "total": 1, "decisions": [decision]}
>>> check_review(review, game) == review
True
>>> check_review(dict(review, seat=2), game) is None
True
>>> check_review(dict(review, decisions=[dict(decision, played="take2")]), game) is None
True
"""

from __future__ import annotations

from typing import Any

from pyapp.engine.state import State
from pyapp.storage.safejson import is_number

REVIEW_VERSION = 1
"""The review format this site reads: ``pyapp.ai.review.REVIEW_VERSION`` (a test holds them equal;
the storage does not import the AI)."""

IMPORTED = "review_imported"
"""The record's flag for a review that came with an imported file: shown as such, never as the site's own."""
FIELDS = frozenset({"version", "game", "seat", "worlds", "done", "total", "decisions"})
DECISION_FIELDS = frozenset({"index", "played", "best", "points_loss", "points_se", "win_loss", "win_se",
                             "worlds", "about_equal"})

MAX_DECISIONS = 2_000
"""More decisions than any game of one seat holds (Dyad's longest games: about 150)."""
MAX_WORLDS = 10_000
MAX_POINTS = 1_000_000.0
"""Bounds of a judged loss and its error (far beyond any game's points)."""
MAX_ACTION_CHARS = 64
"""An action's text is a few characters (``7H+2S``, ``remove 3,5 4,5 5,5``)."""


def _count(value: Any, high: int) -> bool:
    return isinstance(value, int) and is_number(value, 0, high)


def _decision_ok(decision: Any, history: list[str], state: State) -> bool:
    """One judged decision: bounded numbers, a move played at ``index`` of the history, a readable best move."""
    if not isinstance(decision, dict) or set(decision) != DECISION_FIELDS:
        return False
    index, played, best = decision["index"], decision["played"], decision["best"]
    if not (_count(index, len(history) - 1) and played == history[index]
            and isinstance(best, str) and 0 < len(best) <= MAX_ACTION_CHARS):
        return False
    win_loss, win_se = decision["win_loss"], decision["win_se"]
    if not (is_number(decision["points_loss"], -MAX_POINTS, MAX_POINTS)
            and is_number(decision["points_se"], 0, MAX_POINTS)
            and (win_loss is None or is_number(win_loss, -1, 1)) and (win_se is None or is_number(win_se, 0, 1))
            and _count(decision["worlds"], MAX_WORLDS) and isinstance(decision["about_equal"], bool)):
        return False
    try:
        state.parse_action(best)
    except ValueError:
        return False
    return True


def check_review(value: Any, state: State) -> dict[str, Any] | None:
    """``value`` if it is a finished review of a seat of the game ``state`` (replayed from the record), else None."""
    if not isinstance(value, dict) or set(value) != FIELDS:
        return None
    decisions, seat, done = value["decisions"], value["seat"], value["done"]
    history = [str(action) for action in state.history]
    if not (value["version"] == REVIEW_VERSION and not isinstance(value["version"], bool)
            and value["game"] == state.GAME and _count(seat, state.players - 1)
            and _count(value["worlds"], MAX_WORLDS) and isinstance(decisions, list)
            and len(decisions) <= min(MAX_DECISIONS, len(history))
            and _count(done, MAX_DECISIONS) and done == len(decisions) and value["total"] == done):
        return None
    if not all(_decision_ok(decision, history, state) for decision in decisions):
        return None
    if len({decision["index"] for decision in decisions}) != len(decisions):
        return None
    return value


def without_bad_review(record: dict[str, Any], state: State) -> dict[str, Any]:
    """``record`` as it is, or without its ``review`` when that does not pass :func:`check_review`."""
    if "review" not in record or check_review(record["review"], state) is not None:
        return record
    return {key: value for key, value in record.items() if key not in ("review", IMPORTED)}


def with_review(record: dict[str, Any], state: State, review: dict[str, Any]) -> dict[str, Any]:
    """``record`` with ``review``, judged here, stored beside its game; ``ValueError`` if it does not fit the game."""
    if check_review(review, state) is None:
        raise ValueError("the review does not belong to this game")
    return {**{key: value for key, value in record.items() if key != IMPORTED}, "review": review}


def review_imported(record: dict[str, Any]) -> bool:
    """Whether the record's review came in a file (its numbers were not judged here)."""
    return "review" in record and record.get(IMPORTED) is True


__all__ = ["IMPORTED", "MAX_DECISIONS", "REVIEW_VERSION", "check_review", "review_imported", "with_review",
           "without_bad_review"]
