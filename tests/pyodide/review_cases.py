"""Saved records with a review, whole or tampered with (:data:`TAMPERED`), read back as the page reads them.

Standard library and ``pyapp`` only: the same function runs in CPython and in Pyodide
under Node (``bench/speed_pyodide.mjs``), and the two results must be identical.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from pyapp.storage import CorruptRecord, decode_record, encode_record


def _first(review: dict, **changes) -> dict:
    damaged = copy.deepcopy(review)
    damaged["decisions"][0].update(changes)
    return damaged


TAMPERED: dict[str, Callable[[dict[str, Any]], Any]] = {
    "version": lambda r: dict(r, version=2),
    "version as bool": lambda r: dict(r, version=True),
    "other game": lambda r: dict(r, game="triad"),
    "seat out of range": lambda r: dict(r, seat=2),
    "seat negative": lambda r: dict(r, seat=-1),
    "seat as text": lambda r: dict(r, seat="0"),
    "unfinished": lambda r: dict(r, total=r["total"] + 1),
    "done miscounted": lambda r: dict(r, done=r["done"] - 1),
    "extra field": lambda r: dict(r, note="<b>hi</b>"),
    "missing field": lambda r: {k: v for k, v in r.items() if k != "worlds"},
    "worlds huge": lambda r: dict(r, worlds=10**9),
    "decisions not a list": lambda r: dict(r, decisions={"0": r["decisions"][0]}),
    "too many decisions": lambda r: dict(r, decisions=r["decisions"] * 40, done=len(r["decisions"]) * 40,
                                         total=len(r["decisions"]) * 40),
    "duplicate index": lambda r: dict(r, decisions=[r["decisions"][0], _first(r, index=r["decisions"][0]["index"])
                                                     ["decisions"][0], *r["decisions"][2:]]),
    "index past the actions": lambda r: _first(r, index=10**6),
    "index negative": lambda r: _first(r, index=-1),
    "index as float": lambda r: _first(r, index=float(r["decisions"][0]["index"])),
    "played is not the history's": lambda r: _first(r, played=r["decisions"][0]["best"]
                                                     if r["decisions"][0]["best"] != r["decisions"][0]["played"]
                                                     else "2S+2H"),
    "best unreadable": lambda r: _first(r, best="<img src=x onerror=alert(1)>"),
    "best too long": lambda r: _first(r, best="7H+2S" * 40),
    "points huge": lambda r: _first(r, points_loss=1e300),
    "negative error": lambda r: _first(r, points_se=-1.0),
    "win chance above one": lambda r: _first(r, win_loss=3.0),
    "about_equal as text": lambda r: _first(r, about_equal="no"),
    "decision field missing": lambda r: {**r, "decisions": [{k: v for k, v in r["decisions"][0].items()
                                                              if k != "best"}, *r["decisions"][1:]]},
    "not an object": lambda r: [r],
}


def measure(record: dict[str, Any]) -> list[dict[str, Any]]:
    """``record``'s review, then each of its :data:`TAMPERED` forms, stored with it and read back: the review
    kept (or None) and the game's length."""
    found = []
    for review in [record["review"], *(damage(record["review"]) for damage in TAMPERED.values())]:
        try:
            record_read, state = decode_record(encode_record(dict(record, review=review)))
        except CorruptRecord as error:
            found.append({"refused": str(error)})
            continue
        found.append({"review": record_read.get("review"), "actions": len(state.history)})
    return found
