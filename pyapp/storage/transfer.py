"""Export a saved game as a ``.json`` file and import one back.

An exported file is the record itself (pretty-printed JSON).  Importing never
trusts the file: it must be UTF-8, parse as JSON, be of a version this site
can read (older ones are migrated), and replay through the engine; only then
is it stored, under a fresh id so it can never overwrite a game already here.
An import never deletes anything: the bound on finished games
(``MAX_FINISHED``) is applied when a game played here ends.  Only the fields
the record format defines are stored (:func:`known_fields`: a file padded with
anything else takes no more room than the game); a review that came in the
file is kept marked as imported, never shown as judged here.

A file is refused unless the site can finish its game (:func:`check_finishable`:
seats of the kinds a table seats; the deal number and options are checked for
every record, :func:`pyapp.storage.records.check_record`).  What the file says
about itself is not believed: the stored game is marked imported
(:data:`~pyapp.storage.records.IMPORTED_GAME`, so statistics never count it)
and its "known deal" is recomputed (:func:`known_deal`).
"""

from __future__ import annotations

import json
import re
import time
from datetime import datetime, timedelta, timezone
from typing import Any, NamedTuple

from pyapp.deals.daily import day_of_seed
from pyapp.engine.state import State
from pyapp.registry import PERSON, TABLE_LEVELS
from pyapp.storage.friends import shared
from pyapp.storage.migrate import record_version
from pyapp.storage.records import (
    IMPORTED_GAME, MAX_RECORD_CHARS, MAX_TIME, CorruptRecord, check_record, parse_record,
)
from pyapp.storage.review import IMPORTED
from pyapp.storage.safejson import is_number
from pyapp.storage.store import SaveStore, Written

MAX_IMPORT_BYTES = 4 * MAX_RECORD_CHARS
"""Larger files are refused before decoding (UTF-8 takes at most 4 bytes a character)."""
RECORD_FIELDS = ("record", "id", "name", "named", "seats", "created", "updated", "finished", "game", "summary",
                 "hints", "revision", "history_revision", "fingerprint", "known_deal", "review", IMPORTED, "kind", "friends",
                 "device_seat", IMPORTED_GAME)
"""Every field of a record of the current version (:mod:`pyapp.storage.migrate`) but those only the device keeps
(:data:`pyapp.storage.friends.PRIVATE`: the host's room keys, the deal of the day's counted mark); nothing else is
imported."""
SEAT_FIELDS = ("name", "kind")
TABLE_KINDS = (PERSON, *TABLE_LEVELS)
"""The seats a table here plays and a finished game's challenge link carries (not the tests' Random level)."""
FINGERPRINTS_SINCE = 4
"""The record version that brought deal fingerprints (:mod:`pyapp.storage.migrate`): an older file promised none."""
MAX_DROPPED_SHOWN = 5
"""The import notice names at most this many dropped fields (then says how many more), each cut to 40 characters."""


def known_fields(record: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``record`` with only the fields the format defines, and the names of those dropped (seats' as ``seats.x``).

    >>> known_fields({"record": 3, "name": "a", "seats": [{"name": "b", "kind": "person", "x": 1}], "pad": "…"})
    ({'record': 3, 'name': 'a', 'seats': [{'name': 'b', 'kind': 'person'}]}, ['pad', 'seats.x'])
    """
    kept = {key: record[key] for key in RECORD_FIELDS if key in record}
    dropped = [key for key in record if key not in RECORD_FIELDS]
    seats = kept.get("seats")
    if isinstance(seats, list):
        kept["seats"] = [{key: seat[key] for key in SEAT_FIELDS if key in seat} for seat in seats]
        dropped += sorted({f"seats.{key}" for seat in seats for key in seat if key not in SEAT_FIELDS})
    return kept, dropped


def export_text(record: dict[str, Any]) -> str:
    """The file contents for ``record``: readable JSON, UTF-8 friendly, without the host's room keys."""
    return json.dumps(shared(record), indent=1, ensure_ascii=False) + "\n"


def export_filename(record: dict[str, Any]) -> str:
    """A safe file name such as ``triad-2026-11-30-18c2f-1.json``.

    >>> export_filename({"game": {"game": "nim"}, "updated": 0, "id": "a/b"})
    'nim-1970-01-01-a-b.json'
    """
    game = record.get("game", {}).get("game", "game")
    updated = record.get("updated")
    day = time.strftime("%Y-%m-%d", time.gmtime(updated if is_number(updated, 0, MAX_TIME) else 0))
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", f"{game}-{day}-{record.get('id', '')}").strip("-")
    return f"{stem[:80]}.json"


def raw_filename(key: str) -> str:
    """A safe file name for a stored value exported exactly as it is stored.

    >>> raw_filename("pyapp.aside.deep.17.pyapp.save.18c2f-1")
    'stored-pyapp-aside-deep-17-pyapp-save-18c2f-1.json'
    """
    return f"stored-{re.sub(r'[^A-Za-z0-9_-]+', '-', key).strip('-')[:80]}.json"


def decode_file(data: bytes | str) -> str:
    """The text of an imported file; ``CorruptRecord`` if it is not UTF-8 or too large.

    >>> decode_file(b"\\xef\\xbb\\xbf{}")
    '{}'
    >>> decode_file(b"{\\xff}")
    Traceback (most recent call last):
    ...
    pyapp.storage.versions.CorruptRecord: the file is not UTF-8 text (byte 1 cannot be decoded), so it is not a saved game
    """
    if isinstance(data, str):
        text = data
    elif isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        if len(data) > MAX_IMPORT_BYTES:
            raise CorruptRecord("the file is too large to be a saved game")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise CorruptRecord(f"the file is not UTF-8 text (byte {error.start} cannot be decoded), "
                                "so it is not a saved game") from None
    else:
        raise CorruptRecord("the file could not be read")
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise CorruptRecord("the file is empty")
    return text


def check_finishable(record: dict[str, Any]) -> None:
    """``CorruptRecord`` unless every seat is one a table here plays, so the game can reach its end here."""
    for number, seat in enumerate(record["seats"], start=1):
        if seat["kind"] not in TABLE_KINDS:
            raise CorruptRecord(f"seat {number} is played by the {seat['kind']!r} computer, which this site does not "
                                "seat at a table: the game could not be finished here")


def known_deal(record: dict[str, Any], state: State, version: int, now: float) -> bool:
    """Whether the player could know the deal before it started, from the game itself, never the file's word.

    A deal of the day's seed is public from its date (up to tomorrow, UTC:
    :func:`pyapp.deals.daily.day_of_seed`); a game with chance that promised
    no fingerprint was started from a known number (typed, a challenge link),
    unless the file is older than fingerprints.
    """
    if not state.TYPE.has_chance:
        return False
    until = datetime.fromtimestamp(now, timezone.utc).date() + timedelta(days=1)
    if day_of_seed(state.GAME, state.seed, until) is not None:
        return True
    return record["fingerprint"] is None and version >= FINGERPRINTS_SINCE


class Imported(NamedTuple):
    """A game imported from a file: the record stored, its replayed game, and the fields left out."""

    record: dict[str, Any]
    state: State
    dropped: list[str]

    def dropped_text(self) -> str:
        """The dropped fields' names for the notice, the first few then a count (names come from the file)."""
        shown = ", ".join(name if len(name) <= 40 else name[:39] + "…" for name in self.dropped[:MAX_DROPPED_SHOWN])
        more = len(self.dropped) - MAX_DROPPED_SHOWN
        return f"{shown} (+{more})" if more > 0 else shown


def import_file(data: bytes | str, store: SaveStore, written: Written | None = None) -> Imported:
    """Validate ``data`` (a file's bytes or text) and store it as a new game.

    Raises ``CorruptRecord`` with the reason (nothing is stored then: also for a game
    the site could not finish, :func:`check_finishable`); ``StorageError`` passes through
    when the store has no room (``written`` hears a refusal that comes late).  The stored
    record starts a history of its own (revisions from 0).
    """
    raw = parse_record(decode_file(data))
    record, state = check_record(raw)
    check_finishable(record)
    record, dropped = known_fields(shared(record))
    now = store.clock()
    created = record.get("created") or now
    record = dict(record, id=store.new_id(), created=created, updated=now, revision=0, history_revision=0,
                  known_deal=known_deal(record, state, record_version(raw), now), **{IMPORTED_GAME: True})
    if "review" in record:
        record[IMPORTED] = True
    return Imported(store.write(record, written=written), state, dropped)


__all__ = ["MAX_IMPORT_BYTES", "TABLE_KINDS", "Imported", "check_finishable", "decode_file", "export_filename",
           "export_text", "import_file", "known_deal", "known_fields", "raw_filename"]
