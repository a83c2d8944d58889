"""Upgrading saved games written by older versions of the site.

Two versions travel in every record: ``record`` (the envelope: names, seats,
times) and ``game.format`` (the engine save).  :func:`migrate` brings any
record this version understands up to the current versions, one step at a
time, and refuses a record from a *newer* site with a message that says so.

Version history
---------------
* record 0: a bare engine save (``{"format": 1, "game": …}``) with no
  envelope, as written by ``State.to_save()``; importing one wraps it in a
  record with default seat names.
* record 1: ``{"record": 1, "id", "name", "seats", "created",
  "updated", "finished", "game"}`` (and, from late in its life, an optional
  ``"summary"``).  Fixtures of it live in ``tests/fixtures/`` forever.
* record 2: record 1 plus ``"hints": {"allowed", "used"}``: whether
  the person may ask for hints in this game and how many were asked.  From
  record 1, hints are allowed when at most one seat is a person (a game
  against computers) and none were used.  Optional ``"review"``: a finished
  review of one seat's decisions (:mod:`pyapp.storage.review`, its own
  ``version``); a record without one, or with one that does not fit its
  game, loads without it.
* record 3: record 2 plus ``"revision"`` and ``"history_revision"``
  (:mod:`pyapp.storage.revision`: the order of writes, for compare-and-set)
  and ``"named"``: whether the person gave the name (else it is the game's
  default name, shown in the language of the moment).  From record 2: both
  revisions 0, and ``named`` unless the name is blank or a game's default
  name in one of the site's languages.
* record 4: record 3 plus ``"fingerprint"`` and ``"known_deal"``
  (:mod:`pyapp.deals.fingerprint`): the deal's fingerprint as stored when the
  game started (64 hex characters), or null when there is none (a game
  without chance, a known deal, or a game started before fingerprints), and
  whether the player could know the seed in advance (a typed deal number, a
  challenge link, the deal of the day).  From record 3: no fingerprint (an old
  game made no promise, so none is computed now) and not a known deal.
* record 5: record 4 plus ``"friends"``, ``"device_seat"`` and
  ``"room_keys"`` (:mod:`pyapp.storage.friends`): a friends' game's block
  (room, commitments, values, restarts), the seat this device's person holds
  and the host's room secret and seat tokens.  From record 4: all null (a
  game on one device).
* record 6: record 5 plus ``"kind"``: ``"game"``, or ``"guest"``
  for a guest's record of a friends' game in progress (its own fields, no
  engine save: :func:`pyapp.storage.friends.make_guest_record`).  From
  record 5: ``"game"``.
* record 7 (current): record 6 plus ``"daily"``: the day's key
  (``"2026-12-02/dyad"``) when this game is that deal of the day's counted
  try, else null.  Only the site's daily flow writes it
  (:func:`pyapp.play.daily.count_try`); it is this device's own, so it
  is never exported nor imported (:data:`pyapp.storage.friends.PRIVATE`),
  and a record without it reads as null.  From record 6: null (the
  ``pyapp.daily`` log still names those tries).
* engine save format 1 (current): ``{"format": 1, "game", "options",
  "players", "seed", "actions"}``.

To change a format, bump its version, add a step ``n → n+1`` below and a
fixture of version ``n+1``; never edit an existing fixture.

>>> bare = {"format": 1, "game": "nim", "options": {}, "players": 2, "seed": 1, "actions": []}
>>> record = migrate(bare)
>>> record["record"], [seat["name"] for seat in record["seats"]], record["game"] == bare
(7, ['Player 1', 'Player 2'], True)
>>> record["hints"], record["revision"], record["named"], record["fingerprint"], record["known_deal"]
({'allowed': False, 'used': 0}, 0, False, None, False)
>>> record["kind"], record["friends"], record["device_seat"], record["room_keys"]
('game', None, None, None)
>>> record["daily"]
>>> migrate({"record": 8})
Traceback (most recent call last):
...
pyapp.storage.versions.CorruptRecord: unknown saved-game version 8: it was written by a newer version of this site (this one reads versions up to 7)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.engine.state import SAVE_FORMAT
from pyapp.i18n import LANGUAGES, catalog
from pyapp.registry import GAMES, PERSON
from pyapp.storage.hints import default_hints
from pyapp.storage.versions import RECORD_VERSION, CorruptRecord

Step = Callable[[dict[str, Any]], dict[str, Any]]


def _bare_save_to_record(save: dict[str, Any]) -> dict[str, Any]:
    """Record 0 → 1: wrap a bare engine save in an envelope."""
    players = save.get("players")
    count = players if isinstance(players, int) and not isinstance(players, bool) and 0 < players <= 16 else 0
    return {
        "record": 1,
        "id": "",
        "name": "",
        "seats": [{"name": f"Player {n + 1}", "kind": "person"} for n in range(count)],
        "created": 0,
        "updated": 0,
        "finished": False,
        "game": save,
    }


def _add_hints(record: dict[str, Any]) -> dict[str, Any]:
    """Record 1 → 2: no hints were asked; they are allowed in a game with at most one person."""
    seats = record.get("seats")
    people = sum(1 for seat in seats if isinstance(seat, dict) and seat.get("kind") == PERSON) \
        if isinstance(seats, list) else 0
    return dict(record, record=2, hints=default_hints(people))


def default_names() -> set[str]:
    """Names a record has when nobody gave it one: blank, or a game's name in one of the site's languages."""
    return {""} | {catalog(code)[f"game.{game}"] for code in LANGUAGES for game in GAMES}


def _add_revisions(record: dict[str, Any]) -> dict[str, Any]:
    """Record 2 → 3: no write is ordered yet; a name counts as given unless it is a default one."""
    name = record.get("name")
    named = isinstance(name, str) and " ".join(name.split()) not in default_names()
    return dict(record, record=3, revision=0, history_revision=0, named=named)


def _add_fingerprint(record: dict[str, Any]) -> dict[str, Any]:
    """Record 3 → 4: an old game made no promise about its deal: no fingerprint, not a known deal."""
    return dict(record, record=4, fingerprint=None, known_deal=False)


def _add_friends(record: dict[str, Any]) -> dict[str, Any]:
    """Record 4 → 5: a game on one device: no friends' block, no seat of this device's, no room keys."""
    return dict(record, record=5, friends=None, device_seat=None, room_keys=None)


def _add_kind(record: dict[str, Any]) -> dict[str, Any]:
    """Record 5 → 6: every older record is a game this device can replay."""
    return dict(record, record=6, kind="game")


def _add_daily(record: dict[str, Any]) -> dict[str, Any]:
    """Record 6 → 7: no record marked itself a counted try yet (the daily log names those)."""
    return dict(record, record=7, daily=None)


RECORD_STEPS: dict[int, Step] = {0: _bare_save_to_record, 1: _add_hints, 2: _add_revisions, 3: _add_fingerprint,
                                 4: _add_friends, 5: _add_kind, 6: _add_daily}
"""``RECORD_STEPS[n]`` turns a record of version ``n`` into version ``n + 1``."""

SAVE_STEPS: dict[int, Step] = {}
"""``SAVE_STEPS[n]`` turns an engine save of format ``n`` into format ``n + 1`` (none yet)."""


def _version(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def record_version(record: dict[str, Any]) -> Any:
    """The envelope version of a decoded record (0 for a bare engine save)."""
    if "record" not in record and "format" in record:
        return 0
    return record.get("record")


def migrate_save(save: Any) -> Any:
    """An engine save brought up to ``SAVE_FORMAT``; anything unknown is left for ``load`` to refuse."""
    if not isinstance(save, dict):
        return save
    version = _version(save.get("format"))
    if version is None or version > SAVE_FORMAT:
        if version is not None:
            raise CorruptRecord(
                f"unknown game save format {version}: it was written by a newer version of this site "
                f"(this one reads formats up to {SAVE_FORMAT})")
        return save
    while version < SAVE_FORMAT:
        step = SAVE_STEPS.get(version)
        if step is None:
            raise CorruptRecord(f"game save format {version} is too old to be read")
        save = step(save)
        version = save["format"]
    return save


def migrate(record: Any) -> dict[str, Any]:
    """``record`` upgraded to the current versions (a new dict; the argument is untouched).

    A record from a newer version of the site, or with no usable version, is
    refused with ``CorruptRecord``.  The result still needs ``check_record``.
    """
    if not isinstance(record, dict):
        raise CorruptRecord("the saved game is not a JSON object")
    version = _version(record_version(record))
    if version is None:
        raise CorruptRecord(f"unknown saved-game version {record_version(record)!r}")
    if version > RECORD_VERSION:
        raise CorruptRecord(
            f"unknown saved-game version {version}: it was written by a newer version of this site "
            f"(this one reads versions up to {RECORD_VERSION})")
    if version < 0:
        raise CorruptRecord(f"unknown saved-game version {version}")
    game = record.get("game")
    if version == RECORD_VERSION and record.get("kind") == "guest":
        return record  # no engine save in it
    if version == RECORD_VERSION and isinstance(game, dict) and _version(game.get("format")) == SAVE_FORMAT:
        return record  # the common case: nothing to do, no copy
    record = dict(record)  # shallow: each step builds new containers for what it changes
    while version < RECORD_VERSION:
        record = RECORD_STEPS[version](record)
        version = record["record"]
    record["game"] = migrate_save(record.get("game"))
    return record


__all__ = ["RECORD_STEPS", "SAVE_STEPS", "default_names", "migrate", "migrate_save", "record_version"]
