"""What a friends' game adds to a saved record: the host's block and keys, a guest's own record.

Three fields of every record (version 5; :mod:`pyapp.storage.migrate`):

* ``friends``: None for a game on one device; else the block every device
  ends with, ``{"room", "commitments", "values", "restarts"}`` (seats as text
  keys), checked by :func:`check_friends`: the values are the committed ones
  and, in a game with chance, the deal number is the one they give and the
  fingerprint its deal's, so a record whose block was rewritten is refused.
* ``device_seat``: the seat this device's person holds (None for a game on
  one device): statistics count a friends' game from it.
* ``room_keys``: the host's ``{"secret", "tokens"}`` (the room secret and each
  guest's seat token, to take the room up again); never shown in the saves
  list, never exported or sent (:func:`shared`).

A guest, which does not know the deal until the end, keeps a record of its
own kind (``"kind": "guest"``, version 6): its seat, the host's name, the room,
the fingerprint it was shown (None in a game without chance, Triad) and the observations it received
(:func:`make_guest_record`).  At the end it is replaced by the host's full
record (:func:`completed`), so replay and review work for guests too.
"""

from __future__ import annotations

import json
from typing import Any

from pyapp.deals.commitment import is_commitment, is_value, mismatched, seed_of
from pyapp.deals.fingerprint import is_fingerprint, of_save
from pyapp.games import game_class
from pyapp.registry import GAMES, SEAT_KINDS
from pyapp.storage.revision import check_revisions
from pyapp.storage.safejson import is_number, loads
from pyapp.storage.versions import RECORD_VERSION, CorruptRecord

GAME, GUEST = "game", "guest"
"""The record kinds: a game this device can replay, and a guest's record of one in progress."""
PRIVATE = ("room_keys", "daily")
"""Fields only this device keeps, never sent, exported nor imported: the host's room keys, and the deal of the
day's counted mark (:mod:`pyapp.play.daily`: a file's word never makes a try counted here)."""
MAX_TOKEN_CHARS = 64
MAX_SEATS = 16
"""Seats a friends block may name (a room holds at most eight: room for more, never an unbounded read)."""
MAX_RECEIVED = 20_000
"""Observations a guest's record may hold (a long Dieci game sends a few hundred)."""


def read_friends(block: Any) -> tuple[str, dict[int, str], dict[int, str | None], int] | None:
    """The friends block's room, commitments and values (int seats) and restarts, or None if malformed."""
    if not isinstance(block, dict) or set(block) != {"room", "commitments", "values", "restarts"}:
        return None
    room, commitments, values, restarts = block["room"], block["commitments"], block["values"], block["restarts"]
    if not (isinstance(room, str) and 0 < len(room) <= 64 and isinstance(commitments, dict)
            and isinstance(values, dict) and set(commitments) == set(values) and 0 < len(commitments) <= MAX_SEATS
            and isinstance(restarts, int) and not isinstance(restarts, bool) and 0 <= restarts <= 1000):
        return None
    seats: dict[str, int] = {}
    for key in commitments:
        if not (isinstance(key, str) and key.isdigit() and str(int(key)) == key and int(key) < MAX_SEATS):
            return None
        seats[key] = int(key)
    if not all(is_commitment(commitments[key]) and (values[key] is None or is_value(values[key])) for key in seats):
        return None
    return (room, {seats[key]: commitments[key] for key in seats},
            {seats[key]: values[key] for key in seats}, restarts)


def check_friends(record: dict[str, Any]) -> None:
    """``CorruptRecord`` unless the record's friends fields are absent or honest with its deal."""
    block, seat, keys = record.get("friends"), record.get("device_seat"), record.get("room_keys")
    if block is None:
        if seat is not None or keys is not None:
            raise CorruptRecord("the saved game has a friends' seat or room keys but is not a friends' game")
        return
    friends = read_friends(block)
    if friends is None:
        raise CorruptRecord("the saved game's 'friends' block is malformed")
    room, commitments, values, _ = friends
    wrong = mismatched(room, commitments, values)
    if wrong:
        raise CorruptRecord(f"the saved friends' game's values do not match the commitments of seat(s) "
                            f"{', '.join(str(n + 1) for n in wrong)}")
    save = record.get("game")
    try:
        chance = game_class(save["game"]).TYPE.has_chance  # type: ignore[index]
        fingerprint = of_save(save)  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError):
        raise CorruptRecord("the saved friends' game's deal cannot be read") from None
    if chance:  # a game without chance (Triad) deals nothing: its seed and fingerprint promise nothing
        if save.get("seed") != seed_of(room, commitments, values):  # type: ignore[union-attr]
            raise CorruptRecord("the saved friends' game's deal number is not the one its values give")
        if record.get("fingerprint") != fingerprint:
            raise CorruptRecord("the saved friends' game's fingerprint is not its deal's")
    if not (isinstance(seat, int) and not isinstance(seat, bool) and str(seat) in block["commitments"]):
        raise CorruptRecord("the saved friends' game's 'device_seat' is not one of its seats")
    if keys is not None and not _keys_ok(keys):
        raise CorruptRecord("the saved friends' game's room keys are malformed")


def _token(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TOKEN_CHARS


def _keys_ok(keys: Any) -> bool:
    return (isinstance(keys, dict) and set(keys) == {"secret", "tokens"} and _token(keys["secret"])
            and isinstance(keys["tokens"], dict) and len(keys["tokens"]) <= 16
            and all(isinstance(seat, str) and seat.isdigit() and _token(token) for seat, token in keys["tokens"].items()))


def shared(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` without what only the host keeps: what is sent to guests, exported or shared."""
    return {key: value for key, value in record.items() if key not in PRIVATE}


def is_guest(record: Any) -> bool:
    """Whether a decoded record is a guest's record of a game in progress."""
    return isinstance(record, dict) and record.get("kind") == GUEST


def make_guest_record(*, record_id: str, name: str, seats: list[dict[str, str]], created: float, updated: float,
                      game: str, options: dict[str, Any], seat: int, host: str, room: str, announced: str | None,
                      received: list[dict[str, Any]], revisions: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    """A guest's record: what it was told at the deal and every observation it received, in order."""
    return {
        "record": RECORD_VERSION, "kind": GUEST, "id": record_id, "name": name, "named": bool(name),
        "seats": seats, "created": created, "updated": updated, "finished": False,
        "revision": revisions[0], "history_revision": revisions[1],
        "guest": {"game": game, "options": options, "seat": seat, "host": host, "room": room,
                  "announced": announced, "received": received},
    }


def check_guest(record: dict[str, Any], *, max_name: int, max_id: int, max_time: float) -> dict[str, Any]:
    """``record`` if it is a well-formed guest's record, else ``CorruptRecord`` saying what is off."""
    guest = record.get("guest")
    fields = ("game", "options", "seat", "host", "room", "announced", "received")
    if not isinstance(guest, dict) or set(guest) != set(fields):
        raise CorruptRecord("the guest's record's 'guest' block is missing or malformed")
    seats = record.get("seats")
    checks = [
        (isinstance(record.get("id"), str) and len(record["id"]) <= max_id, "id"),
        (isinstance(record.get("name"), str) and len(record["name"]) <= max_name, "name"),
        (isinstance(record.get("named"), bool) and record.get("finished") is False, "named"),
        (isinstance(seats, list) and 0 < len(seats) <= 16 and all(
            isinstance(seat, dict) and isinstance(seat.get("name"), str) and len(seat["name"]) <= max_name
            and seat.get("kind") in SEAT_KINDS for seat in seats), "seats"),
        (all(isinstance(record.get(key), (int, float)) and is_number(record.get(key), 0, max_time)
             for key in ("created", "updated")), "updated"),
        (check_revisions(record) is not None, "revision"),
        (guest["game"] in GAMES and isinstance(guest["options"], dict), "game"),
        (isinstance(guest["seat"], int) and isinstance(seats, list) and 0 <= guest["seat"] < len(seats), "seat"),
        (isinstance(guest["host"], str) and len(guest["host"]) <= max_name, "host"),
        (isinstance(guest["room"], str) and 0 < len(guest["room"]) <= 64, "room"),
        (is_fingerprint(guest["announced"]) if guest["game"] not in GAMES or game_class(guest["game"]).TYPE.has_chance
         else guest["announced"] is None, "announced"),
        (isinstance(guest["received"], list) and len(guest["received"]) <= MAX_RECEIVED
         and all(isinstance(entry, dict) and set(entry) == {"observation", "legal"}
                 and isinstance(entry["observation"], dict) and isinstance(entry["legal"], list)
                 and all(isinstance(text, str) for text in entry["legal"]) for entry in guest["received"]), "received"),
    ]
    for ok, name in checks:
        if not ok:
            raise CorruptRecord(f"the guest's record's {name!r} is missing or malformed")
    return record


SEAT_PREFIX = "pyapp.friends."
"""``pyapp.friends.<room>``: a guest's seat in that room on this device (:func:`read_seat`), kept across reloads."""
MAX_SEAT_CHARS = 1000
"""The seat's stored text at most (``web/guard.js``'s bound for plain keys): eight seats' commitments fit."""


HOST_KEY_PREFIX = "pyapp.hostkey."
"""``pyapp.hostkey.<room>``: the host's signing key for that room on the host's device (64 hex digits): the room's
invite link carries its public half, so a reopened room must sign with the same key.  Beside the record, never in
it: a record is exported and shared, this never is."""


def read_host_key(text: str | None) -> bytes | None:
    """A host's kept signing key, or None for nothing or anything else.

    >>> read_host_key("ab" * 32) == bytes([0xab]) * 32, read_host_key("ab"), read_host_key("zz" * 32), read_host_key(None)
    (True, None, None, None)
    """
    if not isinstance(text, str) or len(text) != 64:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None


def kept_seat_text(*, token: str, name: str, created: float, protocol: dict[str, Any]) -> str:
    """A guest's seat as it is kept: compact JSON, a name's letters as they are (an escaped emoji is twelve
    characters, kept it is two of the guard's UTF-16 units): eight seats' commitments and a 24-letter name of
    emoji stay under :data:`MAX_SEAT_CHARS` (``tests/friends/test_page_pieces.py``)."""
    kept = {"token": token, "name": name, "created": created, "protocol": protocol}
    return json.dumps(kept, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def read_seat(text: str | None) -> dict[str, Any]:
    """A guest's kept seat, ``{"token", "name", "created", "protocol"}`` with only the fields that read well
    (``{}`` for nothing, or for text that is not a JSON object); ``protocol`` is checked again where it is used
    (:meth:`pyapp.friends.guest.Guest.restore`).

    >>> read_seat('{"token": "ab", "name": "Bo", "created": 5, "protocol": {}, "x": 1}')
    {'token': 'ab', 'name': 'Bo', 'created': 5, 'protocol': {}}
    >>> read_seat('{"token": 7, "created": true}'), read_seat("[" * 100), read_seat(None)
    ({}, {}, {})
    """
    try:
        kept = loads(text, max_chars=MAX_SEAT_CHARS) if text else {}
    except ValueError:  # UnsafeJSON, or text that is no JSON
        return {}
    if not isinstance(kept, dict):
        return {}
    checks = {"token": _token, "name": lambda value: isinstance(value, str) and len(value) <= 80,
              "created": lambda value: isinstance(value, (int, float)) and is_number(value, 0, 8.64e12),
              "protocol": lambda value: isinstance(value, dict)}
    return {key: kept[key] for key, check in checks.items() if key in kept and check(kept[key])}


def completed(guest: dict[str, Any], full: dict[str, Any], *, hints_used: int) -> dict[str, Any]:
    """The host's full record, kept in place of ``guest`` (same id and name), from the guest's seat, with the
    hints this device's person asked for (``hints_used``; the host's count is the host's).

    The caller audits ``full`` first (:func:`pyapp.friends.audit.audit`) and
    checks the result with ``check_record``.
    """
    allowed = isinstance(full.get("hints"), dict) and full["hints"].get("allowed") is True
    return dict(shared(full), kind=GAME, id=guest["id"], name=guest["name"], named=guest["named"],
                created=guest["created"], revision=guest["revision"],
                history_revision=guest["history_revision"], device_seat=guest["guest"]["seat"], room_keys=None,
                hints={"allowed": allowed, "used": hints_used})


__all__ = ["GAME", "GUEST", "HOST_KEY_PREFIX", "MAX_SEAT_CHARS", "MAX_SEATS", "PRIVATE", "SEAT_PREFIX", "check_friends",
           "check_guest", "completed", "is_guest", "make_guest_record", "read_friends", "read_host_key", "read_seat", "kept_seat_text", "shared"]
