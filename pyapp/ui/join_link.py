"""The invite link: which game, which room, and the room's secret, all in the URL fragment.

The fragment never leaves the browser, so no server (ours or a host's) sees the
secret.  The guest's join screen reads the link back with :func:`parse_join`; a
link cut short, mistyped or tampered with is refused with a message key to show.
Pure Python (no browser import), so CPython tests it.

>>> invite = new_invite("dyad", lambda n: bytes(range(n)))
>>> invite.fragment()
'#/join/dyad/aaaqeayeaudaocaj/AAECAwQFBgcICQoLDA0ODw'
>>> parse_join("dyad/aaaqeayeaudaocaj/AAECAwQFBgcICQoLDA0ODw") == invite
True
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from dataclasses import dataclass

from pyapp.registry import GAMES

ROOM_BYTES = 10
"""80 bits name the room on the signalling network: two hosts never meet by chance."""
SECRET_BYTES = 16
"""128 bits of secret: only someone given the link can join."""
ROOM = re.compile(r"[a-z2-7]{16}")
SECRET = re.compile(r"[A-Za-z0-9_-]{22}")


class JoinLinkError(ValueError):
    """A link that is no invite; ``key`` is the message to show."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class Invite:
    """One room's invite: its game, the room's name and its secret (base32 and base64url text)."""

    game: str
    room: str
    secret: str

    def fragment(self) -> str:
        """The link's fragment, the route :func:`parse_join` reads back."""
        return f"#/join/{self.game}/{self.room}/{self.secret}"

    def link(self, page: str) -> str:
        """The whole link to share: ``page`` (the site's address, any fragment dropped) and the fragment."""
        return page.split("#", 1)[0] + self.fragment()


def new_invite(game: str, random_bytes: Callable[[int], bytes]) -> Invite:
    """A fresh invite to ``game``; ``random_bytes(n)`` gives n random bytes (``os.urandom`` in the page)."""
    if game not in GAMES:
        raise ValueError(f"no game {game!r}")
    room = base64.b32encode(random_bytes(ROOM_BYTES)).decode().lower()
    secret = base64.urlsafe_b64encode(random_bytes(SECRET_BYTES)).decode().rstrip("=")
    return Invite(game, room, secret)


def parse_join(token: str) -> Invite:
    """The invite of a join route's path after ``#/join/`` (``game/room/secret``), or :class:`JoinLinkError`."""
    parts = token.split("/")
    if len(parts) != 3 or not all(parts):
        raise JoinLinkError("join.bad_link")
    game, room, secret = parts
    if game not in GAMES:
        raise JoinLinkError("join.bad_game")
    if not ROOM.fullmatch(room) or not SECRET.fullmatch(secret):
        raise JoinLinkError("join.bad_link")
    try:  # 22 characters can carry bits past the 128: a changed last character is still caught
        raw = base64.urlsafe_b64decode(secret + "==")
    except ValueError:
        raise JoinLinkError("join.bad_link") from None
    if len(raw) != SECRET_BYTES or base64.urlsafe_b64encode(raw).decode().rstrip("=") != secret:
        raise JoinLinkError("join.bad_link")
    return Invite(game, room, secret)


__all__ = ["Invite", "JoinLinkError", "new_invite", "parse_join"]
