"""Ed25519 in plain Python (``pyapp.friends.signature``): RFC 8032's test vectors, and the same keys and
signatures as Node's ``crypto`` for random seeds and messages; anything changed or malformed is refused."""

from __future__ import annotations

import json
import random
import shutil
import subprocess

import pytest

from pyapp.friends.signature import public_key, sign, verify

RFC = [  # RFC 8032 section 7.1, tests 1 to 3: seed, public key, message, signature
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
]

NODE = """
const crypto = require("crypto");
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(([seed, message]) => {
  const key = crypto.createPrivateKey({key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"),
                                                            Buffer.from(seed, "hex")]), format: "der", type: "pkcs8"});
  const pub = crypto.createPublicKey(key).export({format: "der", type: "spki"}).subarray(12);
  return [pub.toString("hex"), crypto.sign(null, Buffer.from(message, "hex"), key).toString("hex")];
});
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.parametrize(("seed", "public", "message", "signature"), RFC)
def test_rfc_8032_vectors(seed, public, message, signature):
    assert public_key(bytes.fromhex(seed)).hex() == public
    assert sign(bytes.fromhex(seed), bytes.fromhex(message)).hex() == signature
    assert verify(bytes.fromhex(public), bytes.fromhex(message), bytes.fromhex(signature))


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the browser suite's tools")
def test_the_same_keys_and_signatures_as_nodes_crypto():
    rng = random.Random(8)
    cases = [(rng.randbytes(32).hex(), rng.randbytes(rng.randrange(0, 200)).hex()) for _ in range(16)]
    node = json.loads(subprocess.run(["node", "-e", NODE], input=json.dumps(cases), capture_output=True, text=True,
                                     check=True).stdout)
    for (seed, message), (public, signature) in zip(cases, node):
        assert public_key(bytes.fromhex(seed)).hex() == public
        assert sign(bytes.fromhex(seed), bytes.fromhex(message)).hex() == signature


def test_a_changed_or_malformed_signature_is_refused():
    rng = random.Random(3)
    seed, other = rng.randbytes(32), rng.randbytes(32)
    message = b"pyapp offer room peer"
    signed = sign(seed, message)
    public = public_key(seed)
    assert verify(public, message, signed)
    assert not verify(public_key(other), message, signed)
    assert not verify(public, message + b"!", signed)
    for at in (0, 31, 32, 63):
        changed = bytearray(signed)
        changed[at] ^= 1
        assert not verify(public, message, bytes(changed))
    too_big = signed[:32] + (int.from_bytes(signed[32:], "little") + 2**253 * 3).to_bytes(32, "little")[:32]
    assert not verify(public, message, too_big)
    assert not verify(public[:31], message, signed) and not verify(public, message, signed[:63])
    assert not verify(b"\xff" * 32, message, signed), "no point at that y"
    with pytest.raises(ValueError):
        public_key(b"short")
