"""Saved-game records: the engine's save plus what the saved-games list shows.

A record is plain JSON.  Reading one never trusts it: the envelope is checked
field by field and the game is replayed through the engine, so a tampered or
corrupt record is refused with a clear message instead of breaking a screen.
"""

from __future__ import annotations

import json
from typing import Any

from pyapp.deals.fingerprint import is_fingerprint
from pyapp.engine.state import State
from pyapp.games import load
from pyapp.registry import GAMES, PERSON, SEAT_KINDS, SEED_LIMIT
from pyapp.storage.daily import is_day_key
from pyapp.storage.friends import GAME, check_friends, check_guest, is_guest
from pyapp.storage.hints import check_hints, default_hints
from pyapp.storage.migrate import migrate
from pyapp.storage.review import IMPORTED, without_bad_review
from pyapp.storage.revision import check_revisions
from pyapp.storage.safejson import UnsafeJSON, is_number, loads
from pyapp.storage.versions import RECORD_VERSION, CorruptRecord, GuestRecord

MAX_RECORD_CHARS = 1_000_000
"""Larger text is refused before parsing; a real record is a few kilobytes."""
MAX_NAME_CHARS = 80
MAX_ID_CHARS = 64
MAX_TIME = 8.64e12
"""Latest time (seconds since 1970) a record may carry: the last date JavaScript can show."""
MAX_MOVES = 100_000
MAX_POINTS = 1_000_000
"""Bounds of a summary's move count and of its scores (far beyond any real game)."""
IMPORTED_GAME = "imported"
"""The record's flag for a game that came from a file: present (true) only then, so a record of a game
played here is unchanged.  Statistics never count such a game (:mod:`pyapp.storage.stats`)."""


def public_summary(state: State) -> dict[str, Any]:
    """What anyone holding the device may know of the game: moves so far, the seat to act, the scores.

    Written into every record so the picker can say what a game is without
    replaying it.  While the game is on the scores are ``public_scores``
    (a hidden goal card changes nothing here).
    """
    return {
        "moves": len(state.history),
        "turn": state.current_player(),
        "scores": list(state.scores() if state.is_terminal() else state.public_scores()),
    }


def check_summary(value: Any, players: int) -> dict[str, Any] | None:
    """``value`` if it is a well-formed summary of a ``players``-seat game, else None (the record shows less)."""
    if not isinstance(value, dict) or set(value) != {"moves", "turn", "scores"}:
        return None
    moves, turn, scores = value["moves"], value["turn"], value["scores"]
    if not (isinstance(moves, int) and is_number(moves, 0, MAX_MOVES)
            and isinstance(turn, int) and is_number(turn, -1, players - 1)
            and isinstance(scores, list) and len(scores) == players
            and all(is_number(points, -MAX_POINTS, MAX_POINTS) for points in scores)):
        return None
    return value


def make_record(state: State, *, record_id: str, name: str, seats: list[dict[str, str]],
                created: float, updated: float, hints: dict[str, Any] | None = None,
                named: bool = True, revisions: tuple[int, int] = (0, 0), fingerprint: str | None = None,
                known_deal: bool = False, friends: dict[str, Any] | None = None, device_seat: int | None = None,
                room_keys: dict[str, Any] | None = None, daily: str | None = None,
                imported: bool = False) -> dict[str, Any]:
    """The record for ``state``; ``seats`` gives each seat's name and kind.

    ``hints`` is the :mod:`pyapp.storage.hints` field (by default: allowed
    when at most one seat is a person, none used); ``named`` says the person
    gave ``name``; ``revisions`` are the ones the writer read
    (:mod:`pyapp.storage.revision`: the store's write sets the new ones);
    ``fingerprint`` is the deal's as stored when the game started (None: no
    promise was made), ``known_deal`` that the player could know the seed;
    ``friends``, ``device_seat`` and ``room_keys``: a friends' game's fields
    (:mod:`pyapp.storage.friends`), None for a game on one device; ``daily``: the day's key when this game
    is that deal of the day's counted try (:mod:`pyapp.play.daily`), else None;
    ``imported``: the game came from a file (:data:`IMPORTED_GAME`).
    """
    if hints is None:
        hints = default_hints(sum(1 for seat in seats if seat.get("kind") == PERSON))
    record = {
        "record": RECORD_VERSION,
        "kind": GAME,
        "id": record_id,
        "name": name[:MAX_NAME_CHARS],
        "seats": seats,
        "created": created,
        "updated": updated,
        "finished": state.is_terminal(),
        "game": state.to_save(),
        "summary": public_summary(state),
        "hints": hints,
        "named": named,
        "revision": revisions[0],
        "history_revision": revisions[1],
        "fingerprint": fingerprint,
        "known_deal": known_deal,
        "friends": friends,
        "device_seat": device_seat,
        "room_keys": room_keys,
        "daily": daily,
    }
    return dict(record, **{IMPORTED_GAME: True}) if imported else record


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise CorruptRecord(message)


def check_record(record: Any) -> tuple[dict[str, Any], State]:
    """Validate a decoded record and replay its game; ``CorruptRecord`` if anything is off.

    Older versions are upgraded first (:func:`pyapp.storage.migrate.migrate`),
    so the record returned is always of the current version.  A guest's
    record of a game in progress is checked and refused with ``GuestRecord``
    (which carries it): there is no game to replay in it yet.
    """
    record = migrate(record)
    _require(record.get("record") == RECORD_VERSION,
             f"unknown saved-game version {record.get('record')!r}")
    if is_guest(record):
        raise GuestRecord(check_guest(record, max_name=MAX_NAME_CHARS, max_id=MAX_ID_CHARS, max_time=MAX_TIME))
    _require(record.get("kind") == GAME, f"unknown saved-game kind {str(record.get('kind'))[:20]!r}")
    for key, kind in (("id", str), ("name", str), ("seats", list), ("finished", bool)):
        _require(isinstance(record.get(key), kind), f"the saved game's {key!r} is missing or of the wrong type")
    for key in ("created", "updated"):
        value = record.get(key)
        _require(isinstance(value, (int, float)) and not isinstance(value, bool),
                 f"the saved game's {key!r} is not a time")
        if not is_number(value, 0, MAX_TIME):
            record = dict(record, **{key: 0})  # a time no calendar can show: kept as "date unknown"
    _require(len(record["name"]) <= MAX_NAME_CHARS, "the saved game's name is too long")
    _require(len(record["id"]) <= MAX_ID_CHARS, "the saved game's id is too long")
    _require(check_hints(record.get("hints")) is not None, "the saved game's 'hints' is missing or malformed")
    _require(isinstance(record.get("named"), bool), "the saved game's 'named' is missing or of the wrong type")
    _require(check_revisions(record) is not None, "the saved game's revisions are missing or malformed")
    _require(record.get("fingerprint", "") is None or is_fingerprint(record.get("fingerprint")),
             "the saved game's 'fingerprint' is missing or malformed")
    _require(isinstance(record.get("known_deal"), bool), "the saved game's 'known_deal' is missing or of the wrong type")
    for flag in (IMPORTED, IMPORTED_GAME):
        _require(isinstance(record.get(flag, False), bool), f"the saved game's {flag!r} is not true or false")
    _require(record.get("daily") is None or is_day_key(record["daily"]), "the saved game's 'daily' is malformed")
    check_friends(record)
    try:
        state = load(record.get("game"))
    except ValueError as error:
        raise CorruptRecord(f"the game cannot be replayed: {error}") from None
    except (TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as error:
        # A game's parser tripping over text it never expected: still just a bad save.
        raise CorruptRecord(f"the game cannot be replayed: {type(error).__name__}: {error}") from None
    _require(0 <= state.seed < SEED_LIMIT,
             f"the game's deal number is not one this site deals (0 to {SEED_LIMIT - 1})")
    seats = record["seats"]
    _require(len(seats) == state.players, "the saved game's seats do not match its player count")
    _require(_seats_ok(seats), "a seat of the saved game is malformed")
    canonical, summary = state.to_save(), public_summary(state)
    if record["finished"] != state.is_terminal() or record["game"] != canonical or record.get("summary") != summary:
        # the replay is the truth: options filled in, action texts in their normal form, the summary its own
        record = dict(record, finished=state.is_terminal(), game=canonical, summary=summary)
    return without_bad_review(record, state), state


def _seats_ok(seats: Any) -> bool:
    return isinstance(seats, list) and all(
        isinstance(seat, dict) and isinstance(seat.get("name"), str)
        and len(seat["name"]) <= MAX_NAME_CHARS and seat.get("kind") in SEAT_KINDS for seat in seats)


def peek_record(text: str) -> dict[str, Any] | None:
    """A stored record's envelope checked without replaying its game, or None if it is unusable.

    For screens that only list games (the picker's Continue): the fields are
    checked as :func:`check_record` checks them, the summary by
    :func:`check_summary` (None when absent or malformed: the screen shows less).
    Older versions are upgraded the way :func:`check_record` upgrades them
    (which needs no replay).  The result has ``id``, ``game`` (its kind),
    ``seats``, ``updated``, ``finished``, ``summary``, ``hints`` (None when
    malformed), ``known_deal`` (False unless it is exactly True) and
    ``guest`` (a guest's record of a friends' game: its game is named, its
    summary None) and ``daily`` (the day's key it is the counted try of, else None).
    """
    try:
        record = migrate(loads(text, max_chars=MAX_RECORD_CHARS))
        if is_guest(record):
            check_guest(record, max_name=MAX_NAME_CHARS, max_id=MAX_ID_CHARS, max_time=MAX_TIME)
    except (UnsafeJSON, CorruptRecord):
        return None
    seats, updated = record.get("seats"), record.get("updated")
    save = {"game": record["guest"]["game"], "players": len(seats)} if is_guest(record) else record.get("game")
    if not (isinstance(record.get("id"), str) and len(record["id"]) <= MAX_ID_CHARS
            and isinstance(record.get("finished"), bool) and isinstance(save, dict)
            and save.get("game") in GAMES and _seats_ok(seats) and save.get("players") == len(seats)):
        return None
    return {
        "id": record["id"],
        "game": save["game"],
        "seats": seats,
        "updated": float(updated) if is_number(updated, 0, MAX_TIME) else 0.0,
        "finished": record["finished"],
        "summary": check_summary(record.get("summary"), len(seats)),
        "hints": check_hints(record.get("hints")),
        "known_deal": record.get("known_deal") is True,
        "guest": is_guest(record),
        "daily": record["daily"] if is_day_key(record.get("daily")) else None,
    }


def parse_record(text: str) -> Any:
    """A record's JSON text parsed safely, not yet checked; ``CorruptRecord`` if it is no JSON."""
    _require(isinstance(text, str), "the saved game is not text")
    try:
        return loads(text, max_chars=MAX_RECORD_CHARS)
    except UnsafeJSON as error:
        raise CorruptRecord(f"the saved game cannot be read: {error}") from None


def decode_record(text: str) -> tuple[dict[str, Any], State]:
    """Parse and validate a record's JSON text."""
    return check_record(parse_record(text))


def encode_record(record: dict[str, Any]) -> str:
    """The record as compact JSON text."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)
