"""Ed25519 signatures (RFC 8032) in plain Python: how a guest tells the room's host from another guest.

Every guest has the invite link, so nothing in it can be a secret the host alone
knows; the link carries the host's public key instead, and the host signs each
offer it makes to a device (:mod:`pyapp.friends.host`).  A device joins only the
peer whose offer is signed for it (:mod:`pyapp.friends.guest`), so another guest
with the same link cannot pose as the host to a friend who joins or rejoins
later, and so never receives that friend's seat token.

The standard library has no Ed25519; this is RFC 8032's algorithm on extended
coordinates, checked against the RFC's test vectors and against Node's
``crypto`` (``tests/friends/test_signature.py``).  A signature takes a few
milliseconds in CPython; the host signs once per device that reaches the room.
It is not constant-time: the key signs offers only, and the host's own device
runs it.

>>> seed = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
>>> public_key(seed).hex()
'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a'
>>> signed = sign(seed, b"")
>>> signed.hex()[:32], verify(public_key(seed), b"", signed), verify(public_key(seed), b"x", signed)
('e5564300c360ac729086e2cc806e828a', True, False)
"""

from __future__ import annotations

import hashlib

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)

Point = tuple[int, int, int, int]
"""Extended coordinates (X, Y, Z, T): x = X/Z, y = Y/Z, x·y = T/Z."""


def _add(a: Point, b: Point) -> Point:
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    e = (y1 - x1) * (y2 - x2) % P
    f = (y1 + x1) * (y2 + x2) % P
    g = 2 * t1 * t2 * D % P
    h = 2 * z1 * z2 % P
    e, f, g, h = f - e, h - g, h + g, f + e
    return e * f % P, g * h % P, f * g % P, e * h % P


def _double(a: Point) -> Point:
    x1, y1, z1, _ = a
    a2, b2 = x1 * x1 % P, y1 * y1 % P
    c = 2 * z1 * z1 % P
    h = a2 + b2
    e = h - (x1 + y1) ** 2 % P
    g = a2 - b2
    f = c + g
    return e * f % P, g * h % P, f * g % P, e * h % P


def _times(scalar: int, point: Point) -> Point:
    result: Point = (0, 1, 1, 0)
    while scalar:
        if scalar & 1:
            result = _add(result, point)
        point = _double(point)
        scalar >>= 1
    return result


def _x_of(y: int, sign: int) -> int | None:
    """The x with this sign bit on the curve at ``y``, or None."""
    if y >= P:
        return None
    x2 = (y * y - 1) * pow(D * y * y + 1, P - 2, P) % P
    if x2 == 0:
        return None if sign else 0
    x = pow(x2, (P + 3) // 8, P)
    if (x * x - x2) % P:
        x = x * SQRT_M1 % P
    if (x * x - x2) % P:
        return None
    return P - x if (x & 1) != sign else x


_BY = 4 * pow(5, P - 2, P) % P
_BX = _x_of(_BY, 0)
assert _BX is not None
BASE: Point = (_BX, _BY, 1, _BX * _BY % P)


def _encode(point: Point) -> bytes:
    x, y, z, _ = point
    inverse = pow(z, P - 2, P)
    x, y = x * inverse % P, y * inverse % P
    return (y | (x & 1) << 255).to_bytes(32, "little")


def _decode(data: bytes) -> Point | None:
    if len(data) != 32:
        return None
    value = int.from_bytes(data, "little")
    y, sign = value & ((1 << 255) - 1), value >> 255
    x = _x_of(y, sign)
    return None if x is None else (x, y, 1, x * y % P)


def _same(a: Point, b: Point) -> bool:
    return (a[0] * b[2] - b[0] * a[2]) % P == 0 and (a[1] * b[2] - b[1] * a[2]) % P == 0


def _digest(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha512(b"".join(parts)).digest(), "little")


def _expand(seed: bytes) -> tuple[int, bytes]:
    if len(seed) != 32:
        raise ValueError("an Ed25519 key is 32 bytes")
    hashed = hashlib.sha512(seed).digest()
    scalar = int.from_bytes(hashed[:32], "little")
    scalar &= (1 << 254) - 8
    scalar |= 1 << 254
    return scalar, hashed[32:]


def public_key(seed: bytes) -> bytes:
    """The 32-byte public key of the 32-byte secret ``seed``."""
    scalar, _ = _expand(seed)
    return _encode(_times(scalar, BASE))


def sign(seed: bytes, message: bytes) -> bytes:
    """The 64-byte signature of ``message`` by ``seed``'s key."""
    scalar, prefix = _expand(seed)
    public = _encode(_times(scalar, BASE))
    r = _digest(prefix, message) % L
    big_r = _encode(_times(r, BASE))
    s = (r + _digest(big_r, public, message) * scalar) % L
    return big_r + s.to_bytes(32, "little")


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``public``'s key's signature of ``message`` (anything malformed: False)."""
    if len(public) != 32 or len(signature) != 64:
        return False
    point, big_r = _decode(public), _decode(signature[:32])
    s = int.from_bytes(signature[32:], "little")
    if point is None or big_r is None or s >= L:
        return False
    k = _digest(signature[:32], public, message) % L
    return _same(_times(s, BASE), _add(big_r, _times(k, point)))


__all__ = ["public_key", "sign", "verify"]
