"""Saved games kept in a key-value backend (``localStorage`` in the browser).

Each game lives under its own key, so a corrupt or oversized entry spoils
nothing but itself; listing reports broken entries instead of failing.
"""

from __future__ import annotations

import itertools
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pyapp.engine.state import State
from pyapp.storage.aside import reading
from pyapp.storage.backends import Answered, Backend, StaleRecord, StorageError
from pyapp.storage.records import (
    MAX_ID_CHARS, MAX_NAME_CHARS, MAX_RECORD_CHARS, MAX_TIME, CorruptRecord, decode_record, encode_record,
)
from pyapp.storage.review import with_review
from pyapp.storage.revision import check_revisions, next_revision
from pyapp.storage.safejson import is_number, loads

PREFIX = "pyapp.save."
MAX_FINISHED = 50
"""Finished games kept in the history; when a game ends beyond this, the oldest finished ones go."""
CURRENT_KEY = "pyapp.current"
"""Names the record of the game in play, which is written after every action."""
OWNER_PREFIX = "pyapp.owner."
"""Beside each game in play: the token of the one table (in one tab) that may write its history."""
STAMP_PREFIX = "pyapp.rev."
"""Beside each game: its revision and a random tag, new with every write of the record (written and removed with it).

The page checks a guarded write against it (:meth:`SaveStore.write`) without parsing a record of up to a
million characters; the tag tells apart two writes of one revision number that two tabs might each have made."""
WRITE_LOCKS = "pyapp.write."
"""The Web Locks' names, ``WRITE_LOCKS + id`` (no storage key): the lock a write of a game's keys runs under
on the page (not :mod:`pyapp.ui.browser.game_lock`'s, held while a table plays)."""

Written = Callable[[StorageError | None, dict[str, Any]], None]
"""Told once a record's write is final: None or why it was refused, and the record that was written or refused."""


class LostGame(StorageError):
    """The table may no longer write this game: it was deleted, another table took it, or it is stale.

    ``reason`` is ``"deleted"``, ``"taken"`` or ``"stale"`` (the stored history
    is newer than the table's: another tab played on); nothing was written.
    """

    def __init__(self, record_id: str, reason: str) -> None:
        super().__init__(f"game {record_id} was {reason}")
        self.reason = reason
        self.key = f"table.lost_{reason}"


@dataclass(frozen=True)
class Entry:
    """One stored game as the list shows it: the record, or why it is unreadable."""

    record_id: str
    record: dict[str, Any] | None
    problem: str | None
    state: State | None = field(default=None, compare=False, repr=False)
    """The replayed game of a readable entry."""


class SaveStore:
    """List, write, read and delete games; one slot marks the game in play for resuming."""

    def __init__(self, backend: Backend, clock: Callable[[], float] = time.time) -> None:
        self.backend = backend
        self.clock = clock
        self._serial = itertools.count(1)
        self.pending: dict[str, tuple[dict[str, Any], Callable[[dict[str, Any]], None]]] = {}
        """Finished games that found no room, by id: the record and what to do once it is written."""
        self._renames: dict[str, int] = {}
        """The latest rename asked of each game: only it is made again when refused late."""

    def defer(self, record: dict[str, Any], then: Callable[[dict[str, Any]], None]) -> None:
        """Keep a finished game in memory until :meth:`flush_pending` can write it, then call ``then(record)``."""
        self.pending[record["id"]] = (record, then)

    def flush_pending(self) -> list[str]:
        """Write the finished games kept in memory, oldest first, while there is room; the ids written."""
        written = []
        for record_id, (record, then) in list(self.pending.items()):
            try:
                self._write_history(record)
            except StaleRecord:
                pass  # a newer history is stored: this copy is dropped, never written over it
            except StorageError:
                break
            del self.pending[record_id]
            written.append(record_id)
            then(record)
        return written

    def new_id(self) -> str:
        """A fresh record id, unique within this store (unchecked when the keys cannot be listed: the write is)."""
        try:
            taken = set(self.backend.keys())
        except StorageError:
            taken = set()
        while True:
            record_id = f"{int(self.clock() * 1000):x}-{next(self._serial)}"
            if PREFIX + record_id not in taken:
                return record_id

    def _peek(self, record_id: str) -> dict[str, Any] | None:
        """The stored record parsed without replaying it (``{}`` if unreadable); None if none is stored."""
        key = PREFIX + record_id
        text = self.backend.get(key)
        if text is None:
            return None
        try:
            with reading(self.backend, key):
                record = loads(text, max_chars=MAX_RECORD_CHARS)
        except ValueError:
            return {}
        return record if isinstance(record, dict) else {}

    def revisions(self, record_id: str) -> tuple[int, int] | None:
        """``(revision, history_revision)`` of the stored record; None if none is stored.

        A stored text that cannot be read, or a record from before revisions, counts as ``(0, 0)``.
        """
        record = self._peek(record_id)
        return None if record is None else check_revisions(record) or (0, 0)

    def write(self, record: dict[str, Any], *, expect: int | None = None, history: bool = False,
              owner: bool = False, written: Written | None = None) -> dict[str, Any]:
        """Compare-and-set: store ``record`` only if the stored revision is still ``expect``; the record written.

        ``expect`` None means that nothing may be stored under the id yet.  The
        record written carries the next revision (and, when it changes the
        ``history``, the same history revision); ``StaleRecord`` if the stored
        revision moved, ``StorageFull`` leaves the old value in place.  The backend
        checks again where the write lands (the page, under the game's lock): the stamp
        this store read (:data:`STAMP_PREFIX`) must still be stored, and with ``owner``
        the owner token too; ``written`` hears the outcome (a refusal may come late).
        """
        record_id = record["id"]
        stored = self.revisions(record_id)
        if (None if stored is None else stored[0]) != expect:
            raise StaleRecord(f"game {record_id} was written meanwhile")
        guard = self._guard(record_id, expect)
        if owner:
            guard[OWNER_PREFIX + record_id] = self.backend.get(OWNER_PREFIX + record_id)
        revision = next_revision(expect)
        record = dict(record, revision=revision,
                      history_revision=revision if history or stored is None else stored[1])
        items = {PREFIX + record_id: encode_record(record), STAMP_PREFIX + record_id: f"{revision}.{secrets.token_hex(4)}"}
        answered: Answered | None = None if written is None else (lambda error: written(error, record))
        self.backend.put(items, expect=guard, lock=WRITE_LOCKS + record_id, answered=answered)
        return record

    def _guard(self, record_id: str, revision: int | None) -> dict[str, str | None]:
        """What must still be stored for a write over the record read at ``revision``: its stamp.

        A record stored without a stamp that says its revision (written before stamps, or by a
        script) is guarded by its whole text as well, which the page compares without parsing."""
        stamp = self.backend.get(STAMP_PREFIX + record_id)
        guard = {STAMP_PREFIX + record_id: stamp}
        if revision is None or stamp is None or stamp.split(".")[0] != str(revision):
            guard[PREFIX + record_id] = self.backend.get(PREFIX + record_id)
        return guard

    # -- one owner per game ---------------------------------------------------------

    def claim(self, record_id: str, token: str) -> None:
        """Make the table holding ``token`` the one writer of this game (taking it from any other)."""
        self.backend.put({OWNER_PREFIX + record_id: token}, expect={}, lock=WRITE_LOCKS + record_id)

    def owner(self, record_id: str) -> str | None:
        """The token of the table that owns this game, if any."""
        token = self.backend.get(OWNER_PREFIX + record_id)
        return None if token is None else str(token)

    def release(self, record_id: str, token: str) -> None:
        """Give the game up (its table left the screen); a game another table took stays theirs."""
        if self.owner(record_id) == token:
            self.backend.put({OWNER_PREFIX + record_id: None}, expect={OWNER_PREFIX + record_id: token},
                             lock=WRITE_LOCKS + record_id)

    def lost_by(self, record_id: str, token: str, *, stored: bool = True) -> str | None:
        """Why ``token``'s table may not write this game (``"deleted"``, ``"taken"``), or None if it may.

        A game that was ``stored`` before and is gone now was deleted: it is never
        written again, so deleting wins over any late autosave.  A game whose
        owner is unset (saved before owners existed) may be written.
        """
        if stored and self.backend.get(PREFIX + record_id) is None:
            return "deleted"
        owner = self.owner(record_id)
        return None if owner in (None, token) else "taken"

    def write_game(self, record: dict[str, Any], token: str, *, stored: bool = True,
                   written: Written | None = None) -> dict[str, Any]:
        """The owning table's autosave (see :meth:`_write_history`); ``LostGame`` when it may not write.

        The reason is :meth:`lost_by`'s, or ``"stale"`` when another tab wrote a
        newer history meanwhile; nothing is written then.  The write is guarded by
        the owner token as read here, so a claim made meanwhile in another tab refuses it.
        """
        record_id = record["id"]
        reason = self.lost_by(record_id, token, stored=stored)
        if reason is not None:
            raise LostGame(record_id, reason)
        try:
            return self._write_history(record, owner=True, written=written)
        except StaleRecord:
            raise LostGame(record_id, "stale") from None

    def lost_now(self, record_id: str, token: str, history: int | None) -> str | None:
        """Why the table of ``token`` that last stored ``history`` (None: nothing yet) may not write now, or None.

        What a refused autosave asks once the backend reads what is stored: a game
        renamed meanwhile (the same history) may be written again, over the new name."""
        reason = self.lost_by(record_id, token, stored=history is not None)
        stored = self.revisions(record_id)
        if reason is None and stored is not None and stored[1] != history:
            reason = "stale"
        return reason

    def _write_history(self, record: dict[str, Any], *, owner: bool = False,
                       written: Written | None = None) -> dict[str, Any]:
        """Write a new history over the one ``record`` was played from, keeping the stored name.

        ``StaleRecord`` when the stored history revision is not the record's
        (another tab's history is newer).  The name belongs to :meth:`rename`,
        which may have changed it meanwhile (another tab's saved-games screen)
        without touching the history; returns the record written.
        """
        stored = self._peek(record["id"])
        expect = None
        if stored is not None:
            expect, history = check_revisions(stored) or (0, 0)
            if history != record["history_revision"]:
                raise StaleRecord(f"game {record['id']} was played on elsewhere")
            name, named = stored.get("name"), stored.get("named", True)
            if isinstance(name, str) and len(name) <= MAX_NAME_CHARS and isinstance(named, bool):
                record = dict(record, name=name, named=named)
        return self.write(record, expect=expect, history=True, owner=owner, written=written)

    def read(self, record_id: str) -> tuple[dict[str, Any], State]:
        """The record and its replayed game; ``CorruptRecord`` or ``KeyError``."""
        text = self.backend.get(PREFIX + record_id)
        if text is None:
            raise KeyError(record_id)
        return self.decode(record_id, text)

    def decode(self, record_id: str, text: str) -> tuple[dict[str, Any], State]:
        """Check and replay the stored ``text`` of ``record_id``, marked as being read (see ``aside.reading``)."""
        with reading(self.backend, PREFIX + record_id):
            record, state = decode_record(text)
        if record["id"] != record_id:
            record = dict(record, id=record_id)  # the key it is stored under wins
        return record, state

    def rename(self, record_id: str, name: str, written: Written | None = None) -> dict[str, Any]:
        """Give a stored game a new name (trimmed, at most ``MAX_NAME_CHARS``); returns the record.

        Only the name changes: the history written back is the one just read, in
        the same step, so a table playing the game meanwhile loses nothing (its
        autosave takes the new name); a blank name is the game's default one.
        A rename refused late because a table wrote meanwhile is made again over
        what is stored now (``StaleRecord`` only when the game is gone); ``written``
        hears the final outcome.
        """
        record, _ = self.read(record_id)
        name = " ".join(str(name).split())[:MAX_NAME_CHARS]
        serial = self._renames[record_id] = self._renames.get(record_id, 0) + 1

        def again(error: StorageError | None, tried: dict[str, Any]) -> None:
            if self._renames.get(record_id) != serial:
                return  # a later rename of this store's is the one that counts
            if isinstance(error, StaleRecord) and self.backend.get(PREFIX + record_id) is not None:
                try:
                    self.rename(record_id, name, written)
                except (CorruptRecord, StorageError) as later:
                    if written is not None:
                        written(later, tried)
            elif written is not None:
                written(error, tried)

        return self.write(dict(record, name=name, named=bool(name)), expect=record["revision"], written=again)

    def keep_review(self, record_id: str, review: dict[str, Any]) -> dict[str, Any]:
        """Store a finished review beside the game; returns the record.

        Only the ``review`` field changes (the history written back is the one
        just read); ``ValueError`` if the review does not belong to the game.
        """
        record, state = self.read(record_id)
        return self.write(with_review(record, state, review), expect=record["revision"])

    def finished_ids(self) -> list[tuple[float, str]]:
        """``(updated, id)`` of every finished game, oldest first, read without replaying."""
        found = []
        for key in self.backend.keys():
            if not key.startswith(PREFIX):
                continue
            try:
                with reading(self.backend, key):
                    record = loads(self.backend.get(key) or "", max_chars=MAX_RECORD_CHARS)
            except ValueError:
                continue
            if isinstance(record, dict) and record.get("finished") is True:
                updated = record.get("updated")
                found.append((float(updated) if is_number(updated, 0, MAX_TIME) else 0.0, key[len(PREFIX):]))
        return sorted(found)

    def prune_finished(self, keep: int = MAX_FINISHED) -> list[str]:
        """Delete the oldest finished games beyond ``keep``; returns the ids deleted."""
        finished = self.finished_ids()
        doomed = [record_id for _, record_id in finished[:max(0, len(finished) - keep)]]
        for record_id in doomed:
            self.delete(record_id)
        return doomed

    def delete(self, record_id: str) -> None:
        """Remove the game, its owner and its "in play" mark; its table's later autosaves are refused."""
        self.pending.pop(record_id, None)  # a game waiting for room is not written after its deletion
        items: dict[str, str | None] = {PREFIX + record_id: None, OWNER_PREFIX + record_id: None,
                                        STAMP_PREFIX + record_id: None}
        if self.backend.get(CURRENT_KEY) == record_id:
            items[CURRENT_KEY] = None
        self.backend.put(items, expect={}, lock=WRITE_LOCKS + record_id)

    def set_current(self, record_id: str | None) -> None:
        """Mark the game in play (the autosave slot), or clear the mark."""
        if record_id is None:
            self.backend.remove(CURRENT_KEY)
        else:
            self.backend.set(CURRENT_KEY, record_id)

    def current(self) -> str | None:
        """The id of the game in play, if it is still stored."""
        record_id = self.backend.get(CURRENT_KEY)
        if record_id is None or len(record_id) > MAX_ID_CHARS or self.backend.get(PREFIX + record_id) is None:
            return None
        return record_id

    def texts(self) -> list[tuple[str, str]]:
        """``(id, stored text)`` of every stored game, unchecked (for callers that cache by text)."""
        found = []
        for key in self.backend.keys():
            if key.startswith(PREFIX):
                text = self.backend.get(key)
                if text is not None:
                    found.append((key[len(PREFIX):], text))
        return found

    def entries(self) -> list[Entry]:
        """Every stored game, newest first; unreadable ones carry their problem."""
        found: list[Entry] = []
        for key in self.backend.keys():
            if not key.startswith(PREFIX):
                continue
            record_id = key[len(PREFIX):]
            try:
                record, state = self.read(record_id)
            except (CorruptRecord, KeyError, StorageError) as error:
                found.append(Entry(record_id, None, str(error)))
            else:
                found.append(Entry(record_id, record, None, state))
        return sorted(found, key=lambda e: (e.record or {}).get("updated", 0), reverse=True)

