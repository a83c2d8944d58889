"""A game of the deal of the day: no undo, also once resumed from storage; its counted try, marked twice.

The day's counted try is named in two places: the ``pyapp.daily`` log
(:mod:`pyapp.storage.daily`) and the game's own record (its ``daily`` field,
written here and nowhere else; an imported file never brings it).  Every
reader goes through :func:`load_log`, which puts back into the log each try a
record marks, so a log damaged, set aside or lost still counts each day once:
a second start of the day's deal is practice.  A game resumed after a reload,
or from Saved games, is a :class:`DailySession` again; without that a reload
would bring undo back to the one game the day counts.
"""

from __future__ import annotations

from pyapp.deals.daily import DailyDeal, rank_of
from pyapp.engine.state import State
from pyapp.play.session import Session
from pyapp.storage.backends import StorageError
from pyapp.storage.daily import DailyLog, load_daily, save_daily
from pyapp.storage.records import CorruptRecord, peek_record
from pyapp.storage.store import SaveStore


class DailySession(Session):
    """A game of the deal of the day: no undo (hints are off in its record)."""

    deal: DailyDeal | None = None
    counted: bool = False
    """Whether this game is the day's counted try (else practice)."""

    def undo_steps(self) -> int:
        return 0


def result_of(state: State) -> dict[str, int]:
    """A finished daily game's result for the log: the person's (seat 1's) place, the players, the points."""
    return {"rank": rank_of(state.scores(), state.winners(), 0), "players": state.players,
            "points": int(state.scores()[0])}


def _marks(store: SaveStore) -> dict[str, str]:
    """Each day's key to the stored game whose record marks itself that day's counted try."""
    found: dict[str, str] = {}
    for record_id, text in sorted(store.texts()):
        peek = peek_record(text)
        if peek is not None and peek["daily"] is not None:
            found.setdefault(peek["daily"], record_id)
    return found


def _finish_from_record(store: SaveStore, log: DailyLog, record_id: str) -> None:
    """A restored try whose game is over gets its result back from the replayed record."""
    try:
        _, state = store.read(record_id)
    except (CorruptRecord, KeyError, StorageError):
        return
    if state.is_terminal():
        log.finish(record_id, **result_of(state))


def load_log(store: SaveStore | None) -> DailyLog:
    """The daily log with every counted try the records mark put back (and stored): no day is counted twice."""
    log = load_daily(store.backend if store is not None else None)
    if store is None:
        return log
    try:
        marks = _marks(store)
    except StorageError:
        return log
    restored = [record_id for key, record_id in marks.items() if log.restore(key, record_id)]
    for record_id in restored:
        _finish_from_record(store, log, record_id)
    if restored:
        try:
            save_daily(store.backend, log)
        except StorageError:
            pass  # put back again on the next load
    return log


def count_try(store: SaveStore, session: DailySession, deal: DailyDeal) -> bool:
    """The day's first start of ``deal`` is its counted try: named in the log, then in the game's record; True if so.

    Any later start is practice, also after the log was damaged or set aside
    (:func:`load_log` put back the try the earlier game's record names).
    """
    log = load_log(store)
    try:
        if log.begin(deal.key, deal.number, session.record_id):
            save_daily(store.backend, log)
            session.counted, session.daily = True, deal.key
            session.save()  # the record's own mark (a failure to save is the table's to say)
    except StorageError:
        session.counted = False
    return session.counted


def resume(store: SaveStore, record_id: str, *, claim: bool = True) -> Session:
    """The stored game ``record_id`` as :meth:`Session.resume` reads it, a :class:`DailySession` if the day counts it."""
    counted = load_log(store).counted(record_id) is not None
    session = (DailySession if counted else Session).resume(store, record_id, claim=claim)
    if isinstance(session, DailySession):
        session.counted = True
    return session


__all__ = ["DailySession", "count_try", "load_log", "result_of", "resume"]
