"""Untrusted text read as the page reads it: the daily log, friends' messages, a friends' record.

Standard library and ``pyapp`` only: the same function runs in CPython and in Pyodide
under Node (``bench/speed_pyodide.mjs``), and the two results must be identical.  The
hostile texts are built here, not passed in, since some are larger than a command line.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from typing import Any

from pyapp.friends.audit import audit
from pyapp.games import new_game
from pyapp.friends.wire import GUEST_TYPES, HOST_TYPES, MAX_CHARS, BadMessage, dump, parse
from pyapp.storage.aside import asides
from pyapp.storage.backends import Backend, MemoryBackend
from pyapp.storage.daily import DAILY_KEY, MAX_DAILY_CHARS, DailyLog, load_daily
from pyapp.storage.records import check_record
from pyapp.storage.safejson import loads
from pyapp.storage.versions import CorruptRecord

DAY = "2026-12-02/dieci"


def _log(**entry: Any) -> str:
    """A daily log of one day, ``entry`` overriding its honest fields."""
    base = {"number": 336, "record": "18c2f-1", "result": {"rank": 3, "players": 5, "points": 31}}
    return json.dumps({"version": 1, "days": {DAY: {**base, **entry}}})


def _result(**changes: Any) -> str:
    return _log(result={"rank": 3, "players": 5, "points": 31, **changes})


DAILY_TEXTS: dict[str, str] = {
    "honest": _log(),
    "honest, not finished": _log(result=None),
    "empty text": "",
    "not JSON": "{\"version\": 1, \"days\": {",
    "garbage bytes": "\x00\xff\ufffd<script>",
    "JSON null": "null",
    "a list": "[1, 2]",
    "deep": "[" * 5000 + "]" * 5000,
    "deep in a day": _log(result="@").replace('"@"', "[" * 200 + "]" * 200),
    "just too deep": "[" * 65 + "]" * 65,
    "oversized": json.dumps({"version": 1, "days": {}, "pad": "x" * MAX_DAILY_CHARS}),
    "too many days": json.dumps({"version": 1, "days": {
        f"{2020 + n // 300}-{1 + n // 28 % 12:02}-{1 + n % 28:02}/dieci": {"number": 1, "record": "r", "result": None}
        for n in range(401)}}),
    "version 2": _log().replace('"version": 1', '"version": 2'),
    "version as text": _log().replace('"version": 1', '"version": "1"'),
    "version as float": _log().replace('"version": 1', '"version": 1.0'),
    "version as bool": _log().replace('"version": 1', '"version": true'),
    "extra top field": json.dumps({"version": 1, "days": {}, "x": 1}),
    "days a list": json.dumps({"version": 1, "days": []}),
    "unknown game": _log().replace("/dieci", "/chess"),
    "impossible date": _log().replace("2026-12-02", "2026-02-30"),
    "month 13": _log().replace("2026-12-02", "2026-13-02"),
    "year 0": _log().replace("2026-12-02", "0000-12-02"),
    "date with digits of another script": _log().replace("2026-12-02", "\u0662026-12-02"),
    "number as text": _log(number="336"),
    "number as float": _log(number=336.0),
    "number as bool": _log(number=True),
    "number zero": _log(number=0),
    "number huge": _log(number=10**40),
    "number with 5000 digits": _log().replace("336", "9" * 5000),
    "record empty": _log(record=""),
    "record too long": _log(record="r" * 65),
    "record a lone surrogate": _log().replace('"18c2f-1"', '"\\ud800"'),
    "record a raw lone surrogate": _log().replace('"18c2f-1"', '"\ud800x"'),
    "result a list": _log(result=[3, 5, 31]),
    "result extra key": _result(note="<b>"),
    "rank below the last place": _result(rank=6),
    "players nine": _result(rank=1, players=9),
    "points huge": _result(points=10**7),
    "points as float": _result(points=31.0),
    "rank as bool": _result(rank=True),
    "NaN": _result().replace("31", "NaN"),
    "Infinity": _result().replace("31", "-Infinity"),
    "1e999": _result().replace("31", "1e999"),
    "duplicate key, last wins": _log().replace('"number": 336', '"number": "x", "number": 336'),
}


def page_backend() -> Backend:
    """An empty store as the page has it: in Pyodide the page's ``LocalStorageBackend`` over a JavaScript stand-in
    for ``localStorage`` (every text crosses into JavaScript and back, lone surrogates too); in CPython a dict."""
    if sys.platform != "emscripten":
        return MemoryBackend()
    import js
    from pyodide.ffi import create_proxy

    from pyapp.ui.browser.local_storage import LocalStorageBackend

    items = js.Map.new()
    storage = js.Object.new()
    storage.length = 0

    def set_item(key: str, value: str) -> None:
        items.set(key, value)
        storage.length = items.size

    def remove_item(key: str) -> None:
        items.delete(key)
        storage.length = items.size

    storage.getItem = create_proxy(lambda key: items.get(key) if items.has(key) else js.JSON.parse("null"))
    storage.setItem = create_proxy(set_item)
    storage.removeItem = create_proxy(remove_item)
    storage.key = create_proxy(lambda index: js.Array.from_(items.keys())[index])
    return LocalStorageBackend(storage)


def _daily_reason(text: str) -> str | None:
    """Why the log reader refuses ``text`` (the exception's kind and words), None if it reads it."""
    try:
        DailyLog.from_json(loads(text, max_chars=MAX_DAILY_CHARS))
    except (ValueError, TypeError) as error:
        return f"{type(error).__name__}: {error}"
    return None


def daily() -> dict[str, Any]:
    """Each stored text through ``load_daily``: damaged or not, the days kept, what was set aside, and why."""
    found = {}
    for name, text in DAILY_TEXTS.items():
        backend = page_backend()
        backend.set(DAILY_KEY, text)
        log = load_daily(backend)
        kept = [(item.original, item.reason, backend.get(item.key) == text) for item in asides(backend)]
        found[name] = {"damaged": log.damaged, "days": log.days, "aside": kept, "left": backend.get(DAILY_KEY) is not None,
                       "reason": _daily_reason(text)}
    return found


def _message(**fields: Any) -> str:
    return json.dumps({"v": 1, "t": "act", "seq": 3, "action": "C5", "moves": 12, **fields})


WIRE_TEXTS: dict[str, Any] = {
    "honest act": _message(),
    "honest join": json.dumps({"v": 1, "t": "join", "seq": 1, "room": "r", "secret": "s", "name": "Ann", "token": None}),
    "not text": None,
    "a number, not text": 5,
    "empty": "",
    "garbage": "\x00\x01not json\uffff",
    "truncated": _message()[:-3],
    "a list": "[1]",
    "JSON null": "null",
    "oversized": _message(action="x" * MAX_CHARS),
    "oversized whitespace": " " * (MAX_CHARS + 1) + _message(),
    "16 deep": _message(moves="@").replace('"@"', "[" * 15 + "]" * 15),
    "17 deep": _message(moves="@").replace('"@"', "[" * 16 + "]" * 16),
    "very deep": "[" * 30_000 + "]" * 30_000,
    "16 deep in a view": json.dumps({"v": 1, "t": "view", "seq": 2, "moves": 0, "observation": {"a": "@"}, "legal": [],
                                     "turn": 0, "fingerprint": None, "away": [], "summaries": [], "computers": [],
                                     "ack": 0}).replace('"@"', "[" * 14 + "]" * 14),
    "deep, brackets in strings": _message(action="[[[[[[[[[[[[[[[[[[[[[[[["),
    "unterminated string then brackets": '{"v":1,"t":"' + "[" * 100,
    "version 2": _message(v=2),
    "version true": _message(v=True),
    "version 1.0": _message(v=1.0),
    "no type": json.dumps({"v": 1, "seq": 1}),
    "type a list": _message(t=["act"]),
    "host type from a guest": json.dumps({"v": 1, "t": "removed", "seq": 1}),
    "unknown field": _message(x=1),
    "missing field": json.dumps({"v": 1, "t": "act", "seq": 3, "action": "C5"}),
    "action too long": _message(action="x" * 65),
    "action a number": _message(action=5),
    "moves negative": _message(moves=-1),
    "moves as bool": _message(moves=True),
    "moves as float": _message(moves=12.0),
    "seq zero": _message(seq=0),
    "seq as bool": _message(seq=True),
    "seq 2**53": _message(seq=2**53),
    "seq 2**53 + 1": _message(seq=2**53 + 1),
    "seq huge": _message(seq=10**40),
    "seq with 5000 digits": _message().replace('"seq": 3', '"seq": ' + "9" * 5000),
    "seq negative zero float": _message().replace('"seq": 3', '"seq": -0.0'),
    "seq 1e2": _message().replace('"seq": 3', '"seq": 1e2'),
    "NaN": _message().replace('"moves": 12', '"moves": NaN'),
    "Infinity": _message().replace('"moves": 12', '"moves": Infinity'),
    "-Infinity": _message().replace('"moves": 12', '"moves": -Infinity'),
    "1e999": _message().replace('"moves": 12', '"moves": 1e999'),
    "lone surrogate escaped": _message(action="\ud800"),
    "lone surrogate raw": _message().replace('"C5"', '"\ud800"'),
    "surrogate pair escaped": _message(action="\U0001f0a1"),
    "astral name at the limit": json.dumps({"v": 1, "t": "join", "seq": 1, "room": "r", "secret": "s",
                                            "name": "\U0001f0a1" * 40, "token": None}),
    "astral name past the limit": json.dumps({"v": 1, "t": "join", "seq": 1, "room": "r", "secret": "s",
                                              "name": "\U0001f0a1" * 41, "token": None}),
    "bidi and NUL in a name": json.dumps({"v": 1, "t": "join", "seq": 1, "room": "r", "secret": "s",
                                          "name": "\u202eA\x00\u0301", "token": None}),
    "non-ASCII digits as seq": _message().replace('"seq": 3', '"seq": \u0663'),
    "BOM first": "\ufeff" + _message(),
    "duplicate key, last wins": _message().replace('"seq": 3', '"seq": "x", "seq": 3'),
    "view with an odd observation": json.dumps({"v": 1, "t": "view", "seq": 2, "moves": 0,
                                                "observation": {"\ud800": [1.5e308, -0.0]}, "legal": [],
                                                "turn": 0, "fingerprint": None, "away": [], "summaries": [],
                                                "computers": [], "ack": 0}),
    "view turn as bool": json.dumps({"v": 1, "t": "view", "seq": 2, "moves": 0, "observation": {}, "legal": [],
                                     "turn": False, "fingerprint": None, "away": [], "summaries": [],
                                     "computers": [], "ack": 0}),
    "deal seat key 01": json.dumps({"v": 1, "t": "deal", "seq": 2, "phase": "commit", "restarts": 0,
                                    "commitments": {"01": "0" * 64}, "ack": 0}),
}


def as_received(raw: Any) -> Any:
    """``raw`` as a peer's text reaches Python: in Pyodide a JavaScript string (a data channel's message) made back
    into a ``str``, lone surrogates and all; in CPython ``raw`` itself."""
    if sys.platform != "emscripten" or not isinstance(raw, str):
        return raw
    import js

    held = js.Map.new()
    held.set("message", raw)
    return held.get("message")


def wire() -> dict[str, Any]:
    """Each text through ``parse`` for both ends: the message sent back out (``dump``), or why it was refused."""
    found = {}
    for name, text in WIRE_TEXTS.items():
        raw, outcome = as_received(text), {}
        for side, types in (("host", GUEST_TYPES), ("guest", HOST_TYPES)):
            try:
                outcome[side] = {"ok": dump(parse(raw, types))}
            except BadMessage as error:
                outcome[side] = {"refused": str(error)}
            except Exception as error:  # anything else is a bug this case shows
                outcome[side] = {"crashed": f"{type(error).__name__}: {error}"}
        found[name] = outcome
    return found


def _value_changed(record: dict[str, Any]) -> None:
    values = record["friends"]["values"]
    values["2"] = values["2"][::-1]


def _seed_changed(record: dict[str, Any]) -> None:
    record["game"]["seed"] += 1


def _seat_key_padded(record: dict[str, Any]) -> None:
    block = record["friends"]
    for part in ("commitments", "values"):
        block[part]["01"] = block[part].pop("1")


def _restarts_huge(record: dict[str, Any]) -> None:
    record["friends"]["restarts"] = 10**400


RECORDS: dict[str, Callable[[dict[str, Any]], None] | None] = {
    "honest": None,
    "a value changed": _value_changed,
    "the seed changed": _seed_changed,
    "a seat key padded": _seat_key_padded,
    "restarts huge": _restarts_huge,
}


def received_by(save: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """What the guest at ``seat`` was sent during the game ``save``, duplicates dropped, as it arrives after JSON."""
    state = new_game(save["game"], seed=save["seed"], players=save["players"], **save["options"])
    log: list[dict[str, Any]] = []
    for text in [*save["actions"], None]:
        mine = not state.is_terminal() and state.current_player() == seat
        entry = json.loads(json.dumps({"observation": state.observation(seat),
                                       "legal": [str(action) for action in state.legal_actions()] if mine else []}))
        if not log or log[-1] != entry:
            log.append(entry)
        if text is not None:
            state.apply_action(text)
    return log


def friends_record(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """The host's full ``record``, honest and tampered: the guest's audit at ``seat`` and ``check_record``'s verdict."""
    received = received_by(record["game"], seat)
    found = {}
    for name, change in RECORDS.items():
        sent = copy.deepcopy(record)
        if change is not None:
            change(sent)
        result = audit(sent, seat, received, record["fingerprint"], room=record["friends"]["room"],
                       own_value=record["friends"]["values"][str(seat)])
        try:
            checked, state = check_record(copy.deepcopy(sent))
            verdict = {"kept": len(state.history), "finished": checked["finished"]}
        except CorruptRecord as error:
            verdict = {"refused": str(error)}
        found[name] = {"findings": [[finding.key, finding.params] for finding in result.findings], "sent": len(received),
                       "moves": result.moves, "matched": result.matched, "check_record": verdict}
    return found


_VALUE, _OWN = "ab" * 16, "cd" * 32
_SEAT = {"token": "t" * 24, "name": "Bo", "created": 1.5e12,
         "protocol": {"value": _VALUE, "own": _OWN, "restarts": 0, "commitments": {"0": _OWN, "1": _OWN}}}
SEAT_TEXTS: dict[str, str] = {
    "honest": json.dumps(_SEAT),
    "not JSON": "{\"token\": ",
    "deep": "[" * 5000 + "]" * 5000,
    "oversized": json.dumps({**_SEAT, "name": "x" * 2000}),
    "a list": "[1]",
    "token a number": json.dumps({**_SEAT, "token": 7}),
    "token too long": json.dumps({**_SEAT, "token": "t" * 65}),
    "created NaN": json.dumps(_SEAT).replace("1500000000000.0", "NaN"),
    "created a bool": json.dumps({**_SEAT, "created": True}),
    "name a lone surrogate": json.dumps(_SEAT).replace('"Bo"', '"\\ud800"'),
    "value not hex": json.dumps({**_SEAT, "protocol": {**_SEAT["protocol"], "value": "zz" * 16}}),
    "restarts a bool": json.dumps({**_SEAT, "protocol": {**_SEAT["protocol"], "restarts": True}}),
    "commitments keyed oddly": json.dumps({**_SEAT, "protocol": {**_SEAT["protocol"],
                                                                 "commitments": {"x": _OWN, "01": _OWN, "9" * 40: _OWN}}}),
    "protocol a list": json.dumps({**_SEAT, "protocol": [1]}),
}
"""A guest's kept seat (``pyapp.friends.<room>``) as a reload reads it back."""


def guest_seat() -> dict[str, Any]:
    """What a reloaded guest page takes up of each kept seat text: the fields read, and the protocol's memory."""
    from pyapp.friends.guest import Guest
    from pyapp.storage.friends import read_seat

    out = {}
    for name, text in SEAT_TEXTS.items():
        kept = read_seat(text)
        guest = Guest(room="r", secret="s", name="", send=lambda text: None, clock=lambda: 0.0, key=bytes(32))
        try:
            guest.restore(kept.get("protocol") or {}, announced=None, log=[])
            memory: Any = [guest.value, guest.own_commitment, guest.committed_restarts,
                           {str(k): v for k, v in guest.commitments.items()}]
        except Exception as error:  # noqa: BLE001  (a crash is a finding, compared like any other)
            memory = f"crashed: {type(error).__name__}"
        out[name] = {"fields": sorted(kept), "memory": memory}
    return out


def measure(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """All four, in one run of the interpreter."""
    return {"daily": daily(), "wire": wire(), "friends_record": friends_record(record, seat), "guest_seat": guest_seat()}
