"""The invite link: made from injected randomness, read back, and a wrong or tampered one refused in words."""

from __future__ import annotations

import os
import random

import pytest

from pyapp.friends.signature import public_key
from pyapp.i18n import catalog
from pyapp.friends.join_link import JoinLinkError, new_invite, parse_join


def seeded(seed: int):
    rng = random.Random(seed)
    return lambda n: bytes(rng.randrange(256) for _ in range(n))


def invite(game: str, seed: int):
    return new_invite(game, seeded(seed), seeded(seed + 100)(32))


@pytest.mark.parametrize("seed", range(10))
def test_a_link_reads_back_to_its_invite(seed: int) -> None:
    made = invite("dieci", seed)
    link = made.link("https://example.org/play/?x=1#/dyad")
    assert link.startswith("https://example.org/play/?x=1#/join/dieci/")
    assert parse_join(made.fragment().removeprefix("#/join/")) == made
    assert made.host_key() == public_key(seeded(seed + 100)(32)), "the link names the host's key"


def test_two_invites_differ() -> None:
    assert new_invite("dyad", os.urandom, os.urandom(32)) != new_invite("dyad", os.urandom, os.urandom(32))


GOOD = invite("dyad", 1).fragment().removeprefix("#/join/")
OLD = GOOD.rsplit("/", 1)[0]
"""A link of the first friends' pages, without the host's key."""


@pytest.mark.parametrize("token, key", [
    ("", "join.bad_link"),
    ("dyad", "join.bad_link"),
    ("dyad/abc", "join.bad_link"),
    (OLD, "join.bad_link"),
    (OLD + "/" + "A" * 42, "join.bad_link"),               # a key one character short
    (OLD + "/" + "A" * 42 + "B", "join.bad_link"),         # spare bits set in the key's last character
    (GOOD + "/more", "join.bad_link"),
    ("chess/" + GOOD.split("/", 1)[1], "join.bad_game"),
    (GOOD[:-1], "join.bad_link"),                       # cut short
    (GOOD + "A", "join.bad_link"),                      # one too many
    (GOOD.replace("/", "/A", 1)[:len(GOOD) + 1], "join.bad_link"),
    (GOOD[:-1] + "<", "join.bad_link"),                 # markup
    (GOOD[:-1] + ("B" if GOOD[-1] != "B" else "C"), None),  # another secret, still well formed
])
def test_a_wrong_link_is_refused_with_a_message(token: str, key: str | None) -> None:
    if key is None:
        try:
            parse_join(token)
        except JoinLinkError as error:  # the last character's spare bits set: refused too
            assert error.key == "join.bad_link"
        return
    with pytest.raises(JoinLinkError) as refused:
        parse_join(token)
    assert refused.value.key == key
    for language in ("en", "ko"):
        assert key in catalog(language)


def test_spare_bits_in_the_secret_are_refused() -> None:
    # 22 base64 characters carry 132 bits; a secret whose last 4 bits are set was not made by new_invite
    game, room, secret, key = GOOD.split("/")
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    tampered = secret[:-1] + alphabet[alphabet.index(secret[-1]) | 1]
    if tampered != secret:
        with pytest.raises(JoinLinkError):
            parse_join(f"{game}/{room}/{tampered}/{key}")

