"""The messages between a host and its guests: one small JSON envelope each, checked before it is read.

Every message is ``{"v": 1, "t": <type>, "seq": <int>, ...}``.  :func:`parse`
bounds the text's size and nesting *before* parsing it
(:mod:`pyapp.storage.safejson`), then checks the type's fields exactly (their
types and ranges; a missing or unknown key refuses the message) and returns a
frozen dataclass, or raises :class:`BadMessage`.  Nothing a peer sends is read
before that.

>>> text = dump(Act(seq=3, action="C5", moves=12))
>>> text
'{"action":"C5","moves":12,"seq":3,"t":"act","v":1}'
>>> parse(text, GUEST_TYPES)
Act(seq=3, action='C5', moves=12)
>>> parse('{"v":1,"t":"act","seq":3,"action":"C5","moves":12,"x":1}', GUEST_TYPES)
Traceback (most recent call last):
...
pyapp.friends.wire.BadMessage: act: unknown field x
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from pyapp.deals.commitment import is_commitment, is_value
from pyapp.storage.safejson import UnsafeJSON, is_number, loads

VERSION = 1
MAX_CHARS = 64 * 1024
"""Longest message accepted; the largest real one (a final record of a long game) is far below."""
MAX_DEPTH = 16
"""Deepest nesting accepted; observations nest at most a few levels."""
MAX_SEQ = 2**53
MAX_SEATS = 8
MAX_NAME = 40
MAX_ACTION = 64
MAX_KEY = 64


class BadMessage(ValueError):
    """A message refused unread: too large, too deep, not JSON, or not what its type allows."""


# -- field checks: each says whether a JSON value is acceptable --------------------------------------

Check = Callable[[Any], bool]


def text(limit: int) -> Check:
    return lambda value: isinstance(value, str) and len(value) <= limit


def count(high: int) -> Check:
    return lambda value: isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


def seat_list(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= MAX_SEATS and all(count(MAX_SEATS - 1)(seat) for seat in value)


def text_list(limit: int, items: int) -> Check:
    return lambda value: isinstance(value, list) and len(value) <= items and all(text(limit)(item) for item in value)


def seat_map(check: Check) -> Check:
    """An object from seat numbers (as JSON text keys: "0".."7") to values passing ``check``."""
    return lambda value: (isinstance(value, dict) and len(value) <= MAX_SEATS
                          and all(key in _SEAT_KEYS and check(item) for key, item in value.items()))


def flag(value: Any) -> bool:
    return isinstance(value, bool)


def json_object(value: Any) -> bool:
    return isinstance(value, dict)


def optional(check: Check) -> Check:
    return lambda value: value is None or check(value)


_SEAT_KEYS = frozenset(str(seat) for seat in range(MAX_SEATS))


# -- the messages ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Message:
    """A checked message; ``seq`` counts the sender's messages (see :class:`Sequence`)."""

    TYPE: ClassVar[str]
    SCHEMA: ClassVar[Mapping[str, Check]]
    seq: int


@dataclass(frozen=True)
class Join(Message):
    """Guest: the room's secret and a name, or the seat token of an earlier join (a rejoin)."""

    TYPE = "join"
    SCHEMA = {"room": text(64), "secret": text(128), "name": text(MAX_NAME), "token": optional(text(64))}
    room: str
    secret: str
    name: str
    token: str | None


@dataclass(frozen=True)
class Commit(Message):
    """Guest: the commitment to its value (:mod:`pyapp.deals.commitment`)."""

    TYPE = "commit"
    SCHEMA = {"commitment": is_commitment}
    commitment: str


@dataclass(frozen=True)
class Reveal(Message):
    """Guest, to the host only: its value, once every commitment is in."""

    TYPE = "reveal"
    SCHEMA = {"value": is_value}
    value: str


@dataclass(frozen=True)
class Act(Message):
    """Guest: an action text for its own seat, in the position after ``moves`` actions."""

    TYPE = "act"
    SCHEMA = {"action": text(MAX_ACTION), "moves": count(100_000)}
    action: str
    moves: int


@dataclass(frozen=True)
class Dismiss(Message):
    """Guest: it closed the summary ``summary`` (its own; the computers wait for every person's)."""

    TYPE = "dismiss"
    SCHEMA = {"summary": text(MAX_KEY)}
    summary: str


@dataclass(frozen=True)
class Sync(Message):
    """Guest: nothing to say, but it heard nothing for a while; the host answers with where things stand."""

    TYPE = "sync"
    SCHEMA: ClassVar[Mapping[str, Check]] = {}


@dataclass(frozen=True)
class Offer(Message):
    """Host, to a device that just reached the room: the game, the host's name and the seat a join would take
    (None: every invited seat is taken, or the game has started: only a seat token gets in), and ``proof``, the
    host's signature of :func:`offer_statement` for that device (base64url): only the host can make it."""

    TYPE = "offer"
    SCHEMA = {"game": text(16), "host": text(MAX_NAME), "seat": optional(count(MAX_SEATS - 1)),
              "players": count(MAX_SEATS), "proof": text(86)}
    game: str
    host: str
    seat: int | None
    players: int
    proof: str


def b64(data: bytes) -> str:
    """Bytes as unpadded base64url text (links and proofs)."""
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes | None:
    """:func:`b64`'s text read back, None for anything else (a padded, non-canonical or malformed text).

    >>> unb64(b64(b"ab")), unb64("YQ"), unb64("YWI="), unb64("Y<")
    (b'ab', b'a', None, None)
    >>> unb64("YX")  # spare bits set: not what b64 writes
    """
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
    return data if b64(data) == text else None


def offer_statement(room: str, peer: str) -> bytes:
    r"""What the host signs in an offer: this room, to this device (its peer id), so that no other device can pass
    an offer it was made on to a friend as its own.

    >>> offer_statement("r", "p1")
    b'pyapp-offer/1\x00r\x00p1'
    """
    return f"pyapp-offer/1\0{room}\0{peer}".encode()


@dataclass(frozen=True)
class Welcome(Message):
    """Host: the guest's seat and the token to rejoin it; the game, its options, every seat's name, the host's seat,
    and whether the host allowed hints (each device finds its own, from its own view)."""

    TYPE = "welcome"
    SCHEMA = {"seat": count(MAX_SEATS - 1), "token": text(64), "game": text(16), "options": json_object,
              "names": text_list(MAX_NAME, MAX_SEATS), "host": count(MAX_SEATS - 1), "hints": flag,
              "ack": count(MAX_SEQ)}
    seat: int
    token: str
    game: str
    options: dict[str, Any]
    names: list[str]
    host: int
    hints: bool
    ack: int


@dataclass(frozen=True)
class Deal(Message):
    """Host: the fair deal's phase, ``commit`` (send yours) or ``reveal`` (every commitment is in: send your value)."""

    TYPE = "deal"
    SCHEMA = {"phase": lambda value: value in ("commit", "reveal"), "restarts": count(10_000),
              "commitments": seat_map(is_commitment), "ack": count(MAX_SEQ)}
    phase: str
    restarts: int
    commitments: dict[str, str]
    ack: int


@dataclass(frozen=True)
class View(Message):
    """Host: this guest's view after ``moves`` actions: its observation, its legal action texts (its decision only),
    whose turn, the deal's fingerprint, the seats waited for (away) and the seats whose summary is still open."""

    TYPE = "view"
    SCHEMA = {"moves": count(100_000), "observation": json_object, "legal": text_list(MAX_ACTION, 4096),
              "turn": lambda value: isinstance(value, int) and not isinstance(value, bool) and -1 <= value < MAX_SEATS,
              "fingerprint": optional(text(64)), "away": seat_list, "summaries": seat_list,
              "computers": seat_list, "ack": count(MAX_SEQ)}
    moves: int
    observation: dict[str, Any]
    legal: list[str]
    turn: int
    fingerprint: str | None
    away: list[int]
    summaries: list[int]
    computers: list[int]
    ack: int


@dataclass(frozen=True)
class Refused(Message):
    """Host: the guest's action ``ack`` was refused, and why (the engine's text)."""

    TYPE = "refused"
    SCHEMA = {"reason": text(400), "ack": count(MAX_SEQ)}
    reason: str
    ack: int


@dataclass(frozen=True)
class Record(Message):
    """Host, at the end only: the full record (seed, every value and commitment, every action)."""

    TYPE = "record"
    SCHEMA = {"record": json_object, "ack": count(MAX_SEQ)}
    record: dict[str, Any]
    ack: int


@dataclass(frozen=True)
class Removed(Message):
    """Host: this guest was removed from the room; its seat is a computer's now."""

    TYPE = "removed"
    SCHEMA: ClassVar[Mapping[str, Check]] = {}


GUEST_TYPES: Mapping[str, type[Message]] = {cls.TYPE: cls for cls in (Join, Commit, Reveal, Act, Dismiss, Sync)}
"""What a guest may send (the host parses with these)."""
HOST_TYPES: Mapping[str, type[Message]] = {cls.TYPE: cls for cls in (Offer, Welcome, Deal, View, Refused, Record, Removed)}
"""What the host may send (a guest parses with these)."""


def dump(message: Message) -> str:
    """The message as sent: compact JSON with sorted keys."""
    body = {field.name: getattr(message, field.name) for field in fields(message)}
    body.update(v=VERSION, t=message.TYPE)
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def parse(raw: object, types: Mapping[str, type[Message]]) -> Message:
    """The checked message in ``raw``, one of ``types``; :class:`BadMessage` says why not."""
    if not isinstance(raw, str):
        raise BadMessage("a message is text")
    try:
        body = loads(raw, max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    except UnsafeJSON as error:
        raise BadMessage(str(error)) from None
    if not isinstance(body, dict):
        raise BadMessage("a message is a JSON object")
    if type(body.get("v")) is not int or body["v"] != VERSION:
        raise BadMessage(f"unsupported version {body.get('v')!r}")
    kind = body.get("t")
    cls = types.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise BadMessage(f"unknown type {kind!r}")
    seq = body.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or not is_number(seq, 1, MAX_SEQ):
        raise BadMessage(f"{kind}: seq must be a whole number from 1")
    for key in body:
        if key not in cls.SCHEMA and key not in ("v", "t", "seq"):
            raise BadMessage(f"{kind}: unknown field {key}")
    for key, check in cls.SCHEMA.items():
        if key not in body:
            raise BadMessage(f"{kind}: missing field {key}")
        if not check(body[key]):
            raise BadMessage(f"{kind}: bad field {key}")
    return cls(seq=seq, **{key: body[key] for key in cls.SCHEMA})


class Sequence:
    """The highest sequence number seen from each sender: a message at or below it is a duplicate or old.

    >>> seen = Sequence()
    >>> seen.fresh("a", 1), seen.fresh("a", 1), seen.fresh("a", 3), seen.fresh("a", 2), seen.fresh("b", 1)
    (True, False, True, False, True)
    """

    def __init__(self) -> None:
        self.last: dict[str, int] = {}

    def fresh(self, sender: str, seq: int) -> bool:
        """Whether ``seq`` is new from ``sender`` (and remember it)."""
        if seq <= self.last.get(sender, 0):
            return False
        self.last[sender] = seq
        return True


class RateLimit:
    """A token bucket per peer: ``burst`` messages at once, refilled at ``rate`` per second (time injected).

    >>> now = [0.0]
    >>> limit = RateLimit(rate=1, burst=2, clock=lambda: now[0])
    >>> [limit.allow("p") for _ in range(3)]
    [True, True, False]
    >>> now[0] = 1.0; limit.allow("p"), limit.allow("p")
    (True, False)
    """

    def __init__(self, *, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, peer: str) -> bool:
        """Whether ``peer`` may send one more message now (it costs one token)."""
        now = self.clock()
        tokens, then = self.buckets.get(peer, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens < 1:
            self.buckets[peer] = (tokens, now)
            return False
        self.buckets[peer] = (tokens - 1, now)
        return True

    def forget(self, peer: str) -> None:
        self.buckets.pop(peer, None)


__all__ = ["Act", "BadMessage", "Commit", "Deal", "Dismiss", "GUEST_TYPES", "HOST_TYPES", "Join", "MAX_CHARS",
           "MAX_DEPTH", "Message", "Offer", "RateLimit", "Record", "Refused", "Removed", "Reveal", "Sequence", "Sync",
           "View", "Welcome", "dump", "offer_statement", "parse"]
