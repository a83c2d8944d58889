"""The host's signatures and the invite link, as JSON: the same in CPython and in Pyodide.

Standard library and ``pyapp`` only, run by ``bench/speed_pyodide.mjs`` under Node
(``tests/pyodide/test_signature_pyodide.py``): seeded keys, signatures and checks
(honest, changed, malformed: a peer's text), and links read back or refused.
"""

from __future__ import annotations

import random
import time
from typing import Any

from pyapp.friends.signature import public_key, sign, verify
from pyapp.friends.wire import b64, unb64
from pyapp.friends.join_link import JoinLinkError, new_invite, parse_join


def _link(token: str) -> Any:
    try:
        invite = parse_join(token)
    except JoinLinkError as error:
        return error.key
    return [invite.game, invite.room, invite.secret, invite.host_key().hex()]


def measure(count: int = 6) -> dict[str, Any]:
    rng = random.Random(12)
    out: dict[str, Any] = {"keys": [], "signatures": [], "checks": [], "links": []}
    timings = []
    for _ in range(count):
        seed, message = rng.randbytes(32), rng.randbytes(rng.randrange(80))
        started = time.perf_counter()
        signed = sign(seed, message)
        ok = verify(public_key(seed), message, signed)
        timings.append(time.perf_counter() - started)
        out["keys"].append(public_key(seed).hex())
        out["signatures"].append(signed.hex())
        changed = bytearray(signed)
        changed[rng.randrange(64)] ^= 1 << rng.randrange(8)
        texts = [b64(signed), b64(bytes(changed)), b64(signed)[:-1], "", "<b>", "=" * 86, b64(signed) + "A"]
        out["checks"].append([ok] + [verify(public_key(seed), message, unb64(text) or b"") for text in texts])
        invite = new_invite("dieci", rng.randbytes, seed).fragment().removeprefix("#/join/")
        out["links"] += [_link(invite), _link(invite[:-1]), _link(invite + "/x"), _link(invite.replace("/", "//", 1))]
    out["sign_and_verify_ms"] = sorted(timings)[len(timings) // 2] * 1000
    return out
