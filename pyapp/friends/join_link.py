"""The invite link: which game, which room, the room's secret and the host's public key, all in the URL fragment.

The fragment never leaves the browser, so no server (ours or a host's) sees the
secret.  Every guest has the link, so the host is told apart by its key: it
signs each offer it makes (:mod:`pyapp.friends.signature`).  The guest's join screen reads the link back with :func:`parse_join`; a
link cut short, mistyped or tampered with is refused with a message key to show.
Pure Python (no browser import), so CPython tests it.

>>> invite = new_invite("dyad", lambda n: bytes(range(n)), bytes(32))
>>> invite.fragment()
'#/join/dyad/aaaqeayeaudaocaj/AAECAwQFBgcICQoLDA0ODw/O2onvM62pC1io6jQKm8Nc2UyFXcd4kOmOsBIoYtZ2ik'
>>> parse_join(invite.fragment().removeprefix("#/join/")) == invite, invite.host_key() == public_key(bytes(32))
(True, True)
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from dataclasses import dataclass

from pyapp.friends.signature import public_key
from pyapp.friends.wire import b64, unb64
from pyapp.registry import GAMES

ROOM_BYTES = 10
"""80 bits name the room on the signalling network: two hosts never meet by chance."""
SECRET_BYTES = 16
"""128 bits of secret: only someone given the link can join."""
ROOM = re.compile(r"[a-z2-7]{16}")
SECRET = re.compile(r"[A-Za-z0-9_-]{22}")
KEY = re.compile(r"[A-Za-z0-9_-]{43}")


class JoinLinkError(ValueError):
    """A link that is no invite; ``key`` is the message to show."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class Invite:
    """One room's invite: its game, the room's name, its secret and the host's public key (base32, base64url)."""

    game: str
    room: str
    secret: str
    key: str

    def fragment(self) -> str:
        """The link's fragment, the route :func:`parse_join` reads back."""
        return f"#/join/{self.game}/{self.room}/{self.secret}/{self.key}"

    def host_key(self) -> bytes:
        """The host's Ed25519 public key: the one key an offer must be signed with."""
        return unb64(self.key) or b""

    def link(self, page: str) -> str:
        """The whole link to share: ``page`` (the site's address, any fragment dropped) and the fragment."""
        return page.split("#", 1)[0] + self.fragment()


def new_invite(game: str, random_bytes: Callable[[int], bytes], signing: bytes) -> Invite:
    """A fresh invite to ``game`` hosted by the holder of the Ed25519 key ``signing``; ``random_bytes(n)`` gives n
    random bytes (``os.urandom`` in the page)."""
    if game not in GAMES:
        raise ValueError(f"no game {game!r}")
    room = base64.b32encode(random_bytes(ROOM_BYTES)).decode().lower()
    return Invite(game, room, b64(random_bytes(SECRET_BYTES)), b64(public_key(signing)))


def parse_join(token: str) -> Invite:
    """The invite of a join route's path after ``#/join/`` (``game/room/secret/key``), or :class:`JoinLinkError`."""
    parts = token.split("/")
    if len(parts) != 4 or not all(parts):
        raise JoinLinkError("join.bad_link")
    game, room, secret, key = parts
    if game not in GAMES:
        raise JoinLinkError("join.bad_game")
    if not ROOM.fullmatch(room) or not SECRET.fullmatch(secret) or not KEY.fullmatch(key):
        raise JoinLinkError("join.bad_link")
    for text, size in ((secret, SECRET_BYTES), (key, 32)):  # spare bits set in the last character: refused
        raw = unb64(text)
        if raw is None or len(raw) != size:
            raise JoinLinkError("join.bad_link")
    return Invite(game, room, secret, key)


__all__ = ["Invite", "JoinLinkError", "new_invite", "parse_join"]
