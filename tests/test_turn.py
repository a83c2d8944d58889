"""The TURN server setting: what the parser takes and refuses, and storage that never raises on a bad value."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.i18n import catalog
from pyapp.storage.backends import MemoryBackend, StorageUnavailable
from pyapp.storage.kinds import max_chars
from pyapp.storage.turn import (FIELDS, MAX_LOGIN_CHARS, MAX_TURN_CHARS, MAX_URL_CHARS, TURN_KEY, TurnRefused,
                                parse_turn, read_turn, save_turn)

LONGEST_URL = ("turn:" + ".".join(["a" * 60] * 4))[:MAX_URL_CHARS]


@pytest.mark.parametrize("url", [
    "turn:turn.example.com", "turn:turn.example.com:3478", "turns:turn.example.com:5349?transport=tcp",
    "turn:192.0.2.7:3478?transport=udp", "turn:[2001:db8::1]:3478", "turn:localhost", "Turn:Relay.Example?transport=TCP",
])
def test_one_turn_url_is_taken(url: str) -> None:
    turn = parse_turn(url, "ann", "pw")
    assert turn == {"urls": url.lower(), "username": "ann", "credential": "pw"}


@pytest.mark.parametrize("url", [
    "stun:stun.example.com", "turn://turn.example.com", "https://turn.example.com", "turn:", "turn:turn example.com",
    "turn:a.example:0", "turn:a.example:65536", "turn:a.example?transport=sctp", "turn:[2001:db8::zz]",
    "turn:-a.example", "turn:a..example", "turn:a.example,turn:b.example", "turn:a.exa\nmple", "turn:ä.example",
    "turn:user@a.example", "turn:a.example/path", "turn:a.example:3478?transport=udp&x=1",
])
def test_anything_but_one_turn_url_is_refused_at_the_address(url: str) -> None:
    with pytest.raises(TurnRefused) as refused:
        parse_turn(url, "ann", "pw")
    assert (refused.value.field, refused.value.key) == ("urls", "settings.turn.error.url")


def test_the_limits_are_each_field_s_and_said_with_the_number() -> None:
    assert parse_turn(LONGEST_URL, "u", "p")
    with pytest.raises(TurnRefused) as refused:
        parse_turn(LONGEST_URL + "a", "u", "p")
    assert (refused.value.field, refused.value.key, refused.value.params) == ("urls", "settings.turn.error.long",
                                                                              {"max": MAX_URL_CHARS})
    assert parse_turn("turn:a.example", "u" * MAX_LOGIN_CHARS, "p" * MAX_LOGIN_CHARS)
    for field, values in (("username", ("u" * 129, "p")), ("credential", ("u", "p" * 129))):
        with pytest.raises(TurnRefused) as refused:
            parse_turn("turn:a.example", *values)
        assert (refused.value.field, refused.value.params) == (field, {"max": MAX_LOGIN_CHARS})


@pytest.mark.parametrize(("fields", "field", "key"), [
    (("turn:a.example", "", "pw"), "username", "settings.turn.error.login"),
    (("turn:a.example", "ann", "   "), "credential", "settings.turn.error.login"),
    (("", "ann", "pw"), "urls", "settings.turn.error.url"),
    (("turn:a.example", "an\tn", "pw"), "username", "settings.turn.error.text"),
    (("turn:a.example", "ann", "p\u202ew"), "credential", "settings.turn.error.text"),
])
def test_a_server_needs_a_username_and_a_password_in_printable_text(fields: tuple[str, str, str], field: str,
                                                                      key: str) -> None:
    with pytest.raises(TurnRefused) as refused:
        parse_turn(*fields)
    assert (refused.value.field, refused.value.key) == (field, key)


def test_blank_is_no_server_and_a_password_keeps_its_spaces() -> None:
    assert parse_turn("", "", "") is None and parse_turn("  ", "\t", " ") is None
    assert parse_turn("turn:a.example", " ann ", " p w ")["credential"] == " p w "


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.sampled_from(["turn:a.example", " turns:[::1]:5349 "])),
       st.text(max_size=140), st.text(max_size=140))
def test_any_text_is_a_server_the_browser_takes_or_a_refusal_in_words(urls: str, username: str, credential: str) -> None:
    try:
        turn = parse_turn(urls, username, credential)
    except TurnRefused as refused:
        assert refused.field in FIELDS and refused.key in catalog("en") and refused.key in catalog("ko")
        return
    if turn is None:
        assert not (urls.strip() or username.strip() or credential.strip())
        return
    assert re.fullmatch(r"turns?:[\x21-\x7e]{1,196}", turn["urls"], re.ASCII)
    assert all(0 < len(turn[f]) <= MAX_LOGIN_CHARS and turn[f].isprintable() for f in ("username", "credential"))
    backend = MemoryBackend()
    save_turn(backend, turn)
    assert read_turn(backend) == turn


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.builds(json.dumps, st.dictionaries(st.sampled_from([*FIELDS, "x"]),
                                                                   st.one_of(st.text(), st.integers(), st.none())))))
def test_a_stored_value_reads_as_a_checked_server_or_none_never_an_error(text: str) -> None:
    backend = MemoryBackend()
    backend.set(TURN_KEY, text)
    turn = read_turn(backend)
    assert turn is None or turn == parse_turn(turn["urls"], turn["username"], turn["credential"])


def test_tampered_oversized_and_deep_values_read_as_none() -> None:
    backend = MemoryBackend()
    good = {"urls": "turn:a.example", "username": "ann", "credential": "pw"}
    for value in ({**good, "urls": "javascript:alert(1)"}, {**good, "extra": "x"}, {**good, "username": 7},
                  [good], {**good, "credential": "x" * 2000}):
        backend.set(TURN_KEY, json.dumps(value))
        assert read_turn(backend) is None, value
    for text in ("[" * 5000, "{", "", "null", '"turn:a.example"', json.dumps(good)[:-1]):
        backend.set(TURN_KEY, text)
        assert read_turn(backend) is None, text
    backend.set(TURN_KEY, json.dumps(good))
    assert read_turn(backend) == good and read_turn(None) is None


class Refusing(MemoryBackend):
    def get(self, key: str) -> str | None:
        raise StorageUnavailable("private mode")


def test_storage_that_refuses_reads_as_none_and_clear_forgets() -> None:
    assert read_turn(Refusing()) is None
    backend = MemoryBackend()
    save_turn(backend, parse_turn("turn:a.example", "ann", "pw"))
    save_turn(backend, None)
    assert backend.get(TURN_KEY) is None


def test_the_longest_stored_server_fits_what_guard_js_leaves_alone() -> None:
    """guard.js measures in UTF-16 units: an astral character counts 2, a backslash is escaped to 2."""
    assert max_chars(TURN_KEY) == MAX_TURN_CHARS  # the guard's limit for it (tests/test_guard.py)
    for char in ("\\", '"', "\U0001f600", "한"):
        backend = MemoryBackend()
        login = char * MAX_LOGIN_CHARS
        save_turn(backend, parse_turn(LONGEST_URL, login, login))
        assert len(backend.get(TURN_KEY).encode("utf-16-le")) // 2 < MAX_TURN_CHARS
        assert read_turn(backend)["username"] == login
