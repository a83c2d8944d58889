""""Check this deal": a finished game's record checked against the fingerprint it stored at its start.

:func:`check` takes a record (as stored, not trusted) and answers with a
:class:`Verdict`: whether the fingerprint recomputed from the seed is the one
stored when the game started, whether every action of the history is legal
when the seed's deal is dealt again and the game replayed through the engine,
and whether the history reaches the game's end.  Each thing found is a
:class:`Finding` (an i18n key under ``check.`` and its parameters), in the
order they were found; the screen puts them in words.

What it proves: the deal played is the one the fingerprint promised before the
first card (the site did not change the seed afterwards), and every play kept
to the rules.  What it cannot: the record lives on this device, and its owner
can write a new one, fingerprint and all.

>>> from pyapp.games import new_game
>>> from pyapp.deals.fingerprint import of_save
>>> game = new_game("dyad", seed=5, players=2)
>>> promised = of_save(game.to_save())
>>> while not game.is_terminal():
...     game.apply_action(game.legal_actions()[0])
>>> record = {"game": game.to_save(), "fingerprint": promised, "known_deal": False}
>>> check(record).ok, check(record).findings
(True, ())
>>> record["game"]["seed"] = 6  # another deal: the promise is broken and the first play is not in its hand
>>> [finding.key for finding in check(record).findings]
['fingerprint_differs', 'illegal']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyapp.deals.fingerprint import is_fingerprint, of_save, short
from pyapp.games import new_game


@dataclass(frozen=True)
class Finding:
    """One thing the check found: ``check.<key>`` in the catalog, with ``params``."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    """What :func:`check` found.

    ``promise``: ``"kept"`` (the stored fingerprint is the seed's), ``"broken"``
    (it is not), ``"none"`` (no fingerprint was stored: a known deal or an older
    game).  ``legal``: every action replayed; ``complete``: the history reaches
    the game's end.  ``findings`` say what differs, in words' keys.
    """

    promise: str
    legal: bool
    complete: bool
    moves: int
    """Actions replayed legally."""
    fingerprint: str | None
    """The fingerprint recomputed from the seed (None if the save is unreadable)."""
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        """Everything checked holds: the deal promised (when one was) and every play legal to the end."""
        return self.promise != "broken" and self.legal and self.complete


def check(record: dict[str, Any]) -> Verdict:
    """Check ``record``'s deal and history (see the module's docstring); never raises for a bad record."""
    save = record.get("game") if isinstance(record, dict) else None
    stored = record.get("fingerprint") if isinstance(record, dict) else None
    try:
        computed = of_save(save)  # type: ignore[arg-type]
        state = new_game(save["game"], seed=save["seed"], players=save["players"], **save["options"])  # type: ignore[index]
    except (TypeError, KeyError, ValueError, AttributeError):
        return Verdict("broken" if stored is not None else "none", False, False, 0, None,
                       (Finding("unreadable"),))
    findings: list[Finding] = []
    if stored is None:
        promise = "none"
        findings.append(Finding("known_deal" if record.get("known_deal") is True else "no_fingerprint"))
    elif is_fingerprint(stored) and stored == computed:
        promise = "kept"
    else:
        promise = "broken"
        findings.append(Finding("fingerprint_differs", {"stored": short(str(stored)), "computed": short(computed)}))
    actions = save.get("actions")
    legal, moves = True, 0
    for number, text in enumerate(actions if isinstance(actions, list) else [None], start=1):
        try:
            if not isinstance(text, str):
                raise ValueError(text)
            state.apply_action(text)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            legal = False
            findings.append(Finding("illegal", {"number": number, "action": str(text)[:40]}))
            break
        moves += 1
    complete = legal and state.is_terminal()
    if legal and not complete:
        findings.append(Finding("truncated", {"moves": moves}))
    return Verdict(promise, legal, complete, moves, computed, tuple(findings))


__all__ = ["Finding", "Verdict", "check"]
