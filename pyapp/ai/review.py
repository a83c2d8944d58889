"""Review of a finished game: each decision of one seat judged from what it knew then.

The game is replayed from its start (a state knows its seed, players and options: ai/ knows no
game, so the caller loads the save); at each position where ``seat`` had a choice the
judge (:mod:`pyapp.ai.judge`) is asked about the real position of that moment, and the
judge draws its worlds from that seat's observation only, so the others' hidden cards,
known now the game is over, play no part.  The result is plain JSON-able data with a
``version``, to be stored beside the saved record.

>>> import tests.toy_games
>>> from pyapp.games import new_game
>>> from pyapp.engine.steps import finish
>>> game = new_game("nim", seed=4, players=2)
>>> while not game.is_terminal():
...     game.step(game.legal_actions()[0])
>>> result = finish(review(game, seat=0, seed=1, worlds=8))
>>> result["version"], result["done"] == result["total"]
(1, True)
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from pyapp.ai import SLICE_MS
from pyapp.ai.judge import judge
from pyapp.engine.state import State

REVIEW_VERSION = 1

REVIEW_LIMITS = {"worlds": 24, "budget_ms": 300.0}
"""The page's budget per decision of a review: at most 24 worlds or 0.3 s (docs/ai.md)."""

MOVE_PARAMS = frozenset({"card", "pair", "char"})
"""A fact's parameters that only name the move itself: two facts differing in these alone give the same
reason ("Q of red does not beat the best card so far" against "6 of red does not...")."""

Fact = list[Any]
"""``[message key, params]``, as :func:`pyapp.ai.hint.reasons` gives them."""


def _start(final: State) -> State:
    """The game ``final`` is, at its start: its own class, seed, players and options."""
    return type(final)(seed=final.seed, players=final.players, **final.options)


def decisions(final: State, seat: int) -> list[int]:
    """Indices into ``final``'s history of the moves ``seat`` made with more than one choice."""
    fresh = _start(final)
    found = []
    for index, action in enumerate(final.history):
        if fresh.current_player() == seat and len(fresh.legal_actions()) > 1:
            found.append(index)
        fresh.step(action)
    return found


def review(final: State, *, seat: int, seed: Any, worlds: int = 32, budget_ms: float | None = None,
           slice_ms: float = SLICE_MS) -> Generator[tuple[int, int], None, dict[str, Any]]:
    """Judge every decision of ``seat`` in the game ``final`` (a generator; closing it stops it).

    Yields ``(done, total)`` decisions about every ``slice_ms``; returns the review:
    ``{"version", "game", "seat", "worlds", "done", "total", "decisions"}``, where each
    decision holds its action ``index``, the move ``played``, the judge's ``best``, the
    ``points_loss`` and ``win_loss`` of the played move with their standard errors, the
    ``worlds`` and ``about_equal``; sorted costliest first (mistakes before about-equal
    moves, then by the points lost: points are measured at every decision, win chances
    only where the playouts reached the game's end).  ``budget_ms`` limits each decision's judgment.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.players:
        raise ValueError(f"no seat {seat} in a game of {final.players}")
    marks = set(decisions(final, seat))
    total = len(marks)
    state = _start(final)
    found = []
    for index, action in enumerate(final.history):
        if index in marks:
            work = judge(state, seed=f"{seed}:{index}", include=(action,), worlds=worlds, budget_ms=budget_ms,
                         slice_ms=slice_ms)
            try:
                while True:
                    next(work)
                    yield len(found), total
            except StopIteration as stop:
                judgment = stop.value
            verdict = judgment.verdict(action)
            found.append({
                "index": index,
                "played": str(action),
                "best": judgment.best,
                "points_loss": verdict.points_loss,
                "points_se": verdict.points_se,
                "win_loss": verdict.win_loss,
                "win_se": verdict.win_se,
                "worlds": verdict.worlds,
                "about_equal": verdict.about_equal,
            })
            yield len(found), total
        state.step(action)
    found.sort(key=lambda d: (d["about_equal"], -d["points_loss"], d["index"]))
    return {"version": REVIEW_VERSION, "game": final.GAME, "seat": seat, "worlds": worlds,
            "done": len(found), "total": total, "decisions": found}


GOAL_PHASES = frozenset({"claim", "offer"})
"""The phases of a decision about characters, the things secret goal cards are about (Dieci)."""


def held(final: State, position: State, seat: int) -> list[dict[str, Any]]:
    """What the other seats held just before a decision of ``seat``: told only once the game is over.

    ``final`` is the game as it stands (replayed from its record): while it is unfinished
    nothing is told, so a review can never name a card nobody else could see yet; ``position``
    is the game just before the decision.  Computed when the review is shown, never stored
    with it.  Each other seat in turn: ``{"seat", "hand"}`` (its cards, as its own observation
    gives them) and, in a game of secret goal cards where the decision is about characters
    (a claim or the offer: :data:`GOAL_PHASES`), ``"goal"``.  Nothing in a game that hides nothing.

    >>> from pyapp.games import new_game
    >>> game = new_game("dieci", seed=3, players=3)
    >>> start = game.clone()
    >>> held(game, start, 0)
    []
    >>> while not game.is_terminal():
    ...     game.step(game.legal_actions()[0])
    >>> [(entry["seat"], len(entry["hand"]), "goal" in entry) for entry in held(game, start, 0)]
    [(1, 10, False), (2, 10, False)]
    """
    if not final.is_terminal() or final.TYPE.perfect_information:
        return []
    out = []
    for other in range(position.players):
        if other == seat:
            continue
        seen = position.observation(other)
        entry: dict[str, Any] = {"seat": other, "hand": list(seen.get("hand", []))}
        goals = seen.get("goals")
        if goals is not None and seen.get("phase") in GOAL_PHASES:
            entry["goal"] = goals[other]
        out.append(entry)
    return out


def gist(fact: Fact) -> tuple[str, tuple[tuple[str, str], ...]]:
    """What a fact says, less the move it is about (:data:`MOVE_PARAMS`).

    >>> gist(["hint.dieci.gives_trick", {"card": "Q1"}]) == gist(["hint.dieci.gives_trick", {"card": "61"}])
    True
    >>> gist(["hint.triad.allows", {"points": 3}]) == gist(["hint.triad.allows", {"points": 6}])
    False
    """
    key, params = fact
    return key, tuple(sorted((name, repr(value)) for name, value in params.items() if name not in MOVE_PARAMS))


def explanation(best: list[Fact], played: list[Fact] | None) -> list[tuple[str, list[Fact]]]:
    """The reasons a review gives for one decision: ``(message key, facts)`` pairs, never empty.

    ``best`` and ``played`` are the engine's facts about the judge's move and the move played
    (``played`` is None when they are the same move).  Of two different moves only the facts
    that tell them apart are given (a fact of one whose :func:`gist` the other does not share);
    when none does, ``review.later``: the difference is in what follows (the sentence says how
    much).  The judge's own move gets its facts, or ``review.why_none`` when the engine has none.

    >>> explanation([["a", {"card": "Q1"}]], [["a", {"card": "61"}]])
    [('review.later', [])]
    >>> explanation([["a", {}], ["b", {"points": 2}]], [["a", {}], ["b", {"points": 0}]])
    [('review.why_best', [['b', {'points': 2}]]), ('review.why_played', [['b', {'points': 0}]])]
    >>> explanation([], None)
    [('review.why_none', [])]
    """
    if played is None:
        return [("review.why_best", list(best))] if best else [("review.why_none", [])]
    told = {gist(fact) for fact in played}
    known = {gist(fact) for fact in best}
    out = [(key, facts) for key, facts in (("review.why_best", [f for f in best if gist(f) not in told]),
                                           ("review.why_played", [f for f in played if gist(f) not in known]))
           if facts]
    return out or [("review.later", [])]


__all__ = ["GOAL_PHASES", "MOVE_PARAMS", "REVIEW_LIMITS", "REVIEW_VERSION", "decisions", "explanation", "gist", "held",
           "review"]
