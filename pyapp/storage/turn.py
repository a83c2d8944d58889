"""The TURN server a person entered in Settings for friends' games: checked, stored, read back.

Why a setting at all: two phones on mobile data behind carrier-grade NAT often have no
direct route, and only a relay (TURN) joins them; none is public and free, so a person
enters their provider's (docs/friends.md).  It is stored under one key as JSON
``{"urls": ..., "username": ..., "credential": ...}`` and handed to the browser's
``RTCPeerConnection`` as one ``RTCIceServer``, which throws on a TURN URL without a
username and a credential: :func:`parse_turn` refuses what the browser would, in words.
A stored value is checked again on every read, so one tampered with or from another
version reads as no server, never as an error.

>>> parse_turn(" turn:turn.example.com:3478?transport=tcp ", "ann", "s3cret")
{'urls': 'turn:turn.example.com:3478?transport=tcp', 'username': 'ann', 'credential': 's3cret'}
>>> parse_turn("", " ", "") is None
True
>>> parse_turn("turn://turn.example.com", "ann", "s3cret")
Traceback (most recent call last):
...
pyapp.storage.turn.TurnRefused: urls: settings.turn.error.url
>>> from pyapp.storage.backends import MemoryBackend
>>> backend = MemoryBackend()
>>> save_turn(backend, parse_turn("TURNS:[2001:db8::1]:5349", "ann", "s3cret"))
>>> read_turn(backend)["urls"]
'turns:[2001:db8::1]:5349'
>>> backend.set(TURN_KEY, '{"urls": "http://evil", "username": "a", "credential": "b"}')
>>> read_turn(backend) is None
True
"""

from __future__ import annotations

import ipaddress
import json
import re

from pyapp.engine.errors import Refused
from pyapp.storage import safejson
from pyapp.storage.backends import Backend, StorageError
from pyapp.storage.prefs import SETTING_PREFIX

TURN_KEY = SETTING_PREFIX + "turn"
"""One key; Saved games lists it as a setting if ``web/guard.js`` ever sets it aside."""
MAX_URL_CHARS = 200
MAX_LOGIN_CHARS = 128
"""The most characters of the username and of the credential, each."""
MAX_TURN_CHARS = 1000
"""The most characters of the stored JSON: ``web/guard.js``'s ``MAX_PLAIN_CHARS``, so the guard never
sets aside a value :func:`save_turn` wrote (its longest, every login character a backslash, is under 800)."""
FIELDS = ("urls", "username", "credential")

_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_URL = re.compile(
    rf"(?P<scheme>turns?):(?:\[(?P<ipv6>[0-9a-f:.]+)\]|(?P<host>{_LABEL}(?:\.{_LABEL})*))"
    r"(?::(?P<port>[0-9]{1,5}))?(?:\?transport=(?P<transport>udp|tcp))?",
    re.ASCII | re.IGNORECASE,
)
"""RFC 7065's ``turn:``/``turns:`` URI: a host name, IPv4 or bracketed IPv6 address, a port, a transport."""


class TurnRefused(Refused):
    """What the person typed cannot be a TURN server: ``field`` is the one to fix, ``key`` the message saying why."""


def _url(text: str) -> str:
    """``text`` as one TURN URL, in lower case: nothing in it is case-sensitive, and a phone keyboard
    capitalises the first letter."""
    if len(text) > MAX_URL_CHARS:
        raise TurnRefused("settings.turn.error.long", field="urls", max=MAX_URL_CHARS)
    match = _URL.fullmatch(text)
    if match is None or not _port_ok(match["port"]) or not _ipv6_ok(match["ipv6"]):
        raise TurnRefused("settings.turn.error.url", field="urls")
    return text.lower()  # ASCII: the pattern matches nothing else


def _port_ok(port: str | None) -> bool:
    return port is None or 0 < int(port) < 65536


def _ipv6_ok(address: str | None) -> bool:
    if address is None:
        return True
    try:
        ipaddress.IPv6Address(address)
    except ValueError:
        return False
    return True


def _login(field: str, text: str) -> str:
    if not text:
        raise TurnRefused("settings.turn.error.login", field=field)
    if len(text) > MAX_LOGIN_CHARS:
        raise TurnRefused("settings.turn.error.long", field=field, max=MAX_LOGIN_CHARS)
    if not text.isprintable():
        raise TurnRefused("settings.turn.error.text", field=field)
    return text


def parse_turn(urls: str, username: str, credential: str) -> dict[str, str] | None:
    """The ``RTCIceServer`` these three fields describe, None when all are blank; ``TurnRefused`` says what is wrong.

    The URL and the username lose surrounding spaces; the credential is kept exactly as typed (a
    password may hold spaces) unless it is nothing but spaces.

    >>> for fields in [("turn:1.2.3.4", "", "x"), ("", "ann", "x"), ("turn:a.example:70000", "ann", "x"),
    ...                ("turn:a.example", "ann", "line\\nbreak")]:
    ...     try:
    ...         parse_turn(*fields)
    ...     except TurnRefused as refused:
    ...         print(refused)
    username: settings.turn.error.login
    urls: settings.turn.error.url
    urls: settings.turn.error.url
    credential: settings.turn.error.text
    """
    urls, username = urls.strip(), username.strip()
    credential = credential if credential.strip() else ""
    if not (urls or username or credential):
        return None
    return {"urls": _url(urls), "username": _login("username", username),
            "credential": _login("credential", credential)}


def read_turn(backend: Backend | None) -> dict[str, str] | None:
    """The stored TURN server, checked as if just typed; None when there is none or it is not one. Never raises."""
    try:
        text = backend.get(TURN_KEY) if backend is not None else None
        value = safejson.loads(text, max_chars=MAX_TURN_CHARS) if text is not None else None
    except (StorageError, safejson.UnsafeJSON):
        return None
    if not (isinstance(value, dict) and sorted(value) == sorted(FIELDS)
            and all(isinstance(value[field], str) for field in FIELDS)):
        return None
    try:
        return parse_turn(value["urls"], value["username"], value["credential"])
    except TurnRefused:
        return None


def save_turn(backend: Backend, turn: dict[str, str] | None) -> None:
    """Store ``turn`` (from :func:`parse_turn`), or forget it when None; ``StorageError`` if storage refuses."""
    if turn is None:
        backend.remove(TURN_KEY)
    else:
        backend.set(TURN_KEY, json.dumps({field: turn[field] for field in FIELDS}, ensure_ascii=False))


__all__ = ["MAX_LOGIN_CHARS", "MAX_TURN_CHARS", "MAX_URL_CHARS", "TURN_KEY", "TurnRefused", "parse_turn",
           "read_turn", "save_turn"]
