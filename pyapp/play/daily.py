"""A game of the deal of the day: no undo, also once resumed from storage.

The day's counted try is known by its record id in the ``pyapp.daily`` log
(:mod:`pyapp.storage.daily`), so a game resumed after a reload, or from Saved
games, is a :class:`DailySession` again; without that a reload would bring undo
back to the one game the day counts.
"""

from __future__ import annotations

from pyapp.deals.daily import DailyDeal
from pyapp.play.session import Session
from pyapp.storage.daily import load_daily
from pyapp.storage.store import SaveStore


class DailySession(Session):
    """A game of the deal of the day: no undo (hints are off in its record)."""

    deal: DailyDeal | None = None
    counted: bool = False
    """Whether this game is the day's counted try (else practice)."""

    def undo_steps(self) -> int:
        return 0


def resume(store: SaveStore, record_id: str, *, claim: bool = True) -> Session:
    """The stored game ``record_id`` as :meth:`Session.resume` reads it, a :class:`DailySession` if the day counts it."""
    counted = load_daily(store.backend).counted(record_id) is not None
    session = (DailySession if counted else Session).resume(store, record_id, claim=claim)
    if isinstance(session, DailySession):
        session.counted = True
    return session


__all__ = ["DailySession", "resume"]
