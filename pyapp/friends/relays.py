"""The public signalling endpoints and STUN servers friends' games use, as data.

Why one place: ``netlify.toml``'s Content-Security-Policy lets the app page open exactly
these trackers (``tests/test_headers.py`` checks the two agree), and the page passes the
same lists to ``web/friends/link.mjs``.  Trackers come and go every few months; change
them here and in the policy together (docs/friends.md says how they were picked).
"""

from __future__ import annotations

from urllib.parse import urlsplit

RELAYS: tuple[str, ...] = (
    "wss://tracker.webtorrent.dev",
    "wss://tracker.openwebtorrent.com",
    "wss://tracker.files.fm:7073/announce",
)
"""WebTorrent trackers (WebSocket) that carry the encrypted offers and answers between peers."""

STUN_SERVERS: tuple[str, ...] = (
    "stun:stun.l.google.com:19302",
    "stun:stun.cloudflare.com:3478",
)
"""STUN servers that tell a device its public address; they see no game data. A TURN server,
which phones behind carrier NAT need, is the player's own setting (none is public and free)."""


def ice_servers(turn: dict[str, str] | None = None) -> list[dict[str, str]]:
    """The ``RTCIceServer`` list for the link: the STUN servers, then an optional TURN server
    (``{"urls": ..., "username": ..., "credential": ...}``)."""
    servers = [{"urls": url} for url in STUN_SERVERS]
    return [*servers, dict(turn)] if turn else servers


def policy_sources(relays: tuple[str, ...] = RELAYS) -> tuple[str, ...]:
    """The ``connect-src`` sources that let a page reach ``relays``: each one's origin."""
    sources: list[str] = []
    for url in relays:
        parts = urlsplit(url)
        if parts.scheme not in ("wss", "ws") or not parts.netloc:
            raise ValueError(f"not a WebSocket URL: {url!r}")
        if (source := f"{parts.scheme}://{parts.netloc}") not in sources:
            sources.append(source)
    return tuple(sources)
