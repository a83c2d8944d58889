"""A deal nobody chose: every device commits to a random value, the seed is a hash of them all.

Before the deal each person's device draws a value of :data:`VALUE_BYTES`
random bytes and sends everyone its commitment; once every commitment is in,
each device sends its value to the host only.  The seed is the first
:data:`SEED_BITS` bits of a hash of every value, so a guest (who knows only
its own) cannot compute it, and the host, whose own value is committed before
it sees anyone's, cannot choose it.  At the end the host sends everyone every
value; each device checks them against the commitments and recomputes the seed.

The rule (version 1)
--------------------
* A value is :data:`VALUE_BYTES` bytes written as lowercase hex.
* The commitment of ``value`` for ``seat`` in room ``room`` is the SHA-256 hex
  digest of the UTF-8 text ``pyapp-friends/v1/commit/<room>/<seat>/<value>``:
  the room and seat are in it, so a commitment copied from another seat or
  room never matches.
* The seed is the first 53 bits, read big-endian, of SHA-256 over
  ``pyapp-friends/v1/seed/<room>/`` followed by one entry per committing seat
  in seat order, joined by ``/``: ``<seat>:<value>``, or
  ``<seat>:withheld:<commitment>`` for a seat that never revealed its value
  (that seat is then played by a computer; the deal is never redone).

>>> room = "r0"
>>> host, guest = "00" * VALUE_BYTES, "ff" * VALUE_BYTES
>>> commitments = {0: commit(room, 0, host), 2: commit(room, 2, guest)}
>>> commitments[0][:16]
'69e967deda0643ee'
>>> mismatched(room, commitments, {0: host, 2: guest})
[]
>>> mismatched(room, commitments, {0: guest, 2: guest})
[0]
>>> seed_of(room, commitments, {0: host, 2: guest})
2658868957486464
>>> seed_of(room, commitments, {0: host, 2: None}) == 2658868957486464
False
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping

VERSION = 1
VALUE_BYTES = 16
"""128 random bits per device."""
SEED_BITS = 53
"""Every deal number is below 2**53 (the engine's and the daily deal's rule)."""
_HEX = frozenset("0123456789abcdef")


def draw(source: Callable[[int], bytes]) -> str:
    """A fresh value from ``source`` (``secrets.token_bytes`` in the page; a seeded one in tests)."""
    data = source(VALUE_BYTES)
    if len(data) != VALUE_BYTES:
        raise ValueError(f"a value is {VALUE_BYTES} bytes, got {len(data)}")
    return data.hex()


def is_value(text: object) -> bool:
    """Whether ``text`` is a value as sent: :data:`VALUE_BYTES` bytes in lowercase hex."""
    return isinstance(text, str) and len(text) == 2 * VALUE_BYTES and set(text) <= _HEX


def is_commitment(text: object) -> bool:
    """Whether ``text`` is a commitment as sent: a SHA-256 digest in lowercase hex."""
    return isinstance(text, str) and len(text) == 64 and set(text) <= _HEX


def commit(room: str, seat: int, value: str) -> str:
    """The commitment ``seat`` sends for ``value`` in ``room``."""
    return hashlib.sha256(f"pyapp-friends/v{VERSION}/commit/{room}/{seat}/{value}".encode()).hexdigest()


def mismatched(room: str, commitments: Mapping[int, str], values: Mapping[int, str | None]) -> list[int]:
    """The seats whose revealed value is not the one they committed to (a withheld value, None, is not a mismatch)."""
    return [seat for seat in sorted(commitments)
            if values.get(seat) is not None and commit(room, seat, str(values[seat])) != commitments[seat]]


def seed_of(room: str, commitments: Mapping[int, str], values: Mapping[int, str | None]) -> int:
    """The deal number from every committing seat's value (or its commitment, where it was withheld)."""
    entries = []
    for seat in sorted(commitments):
        value = values.get(seat)
        entries.append(f"{seat}:{value}" if value is not None else f"{seat}:withheld:{commitments[seat]}")
    text = f"pyapp-friends/v{VERSION}/seed/{room}/" + "/".join(entries)
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


__all__ = ["SEED_BITS", "VALUE_BYTES", "VERSION", "commit", "draw", "is_commitment", "is_value", "mismatched", "seed_of"]
