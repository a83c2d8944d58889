"""The host's waiting room as data: Start waits for every invited seat, a friend or a computer fills one."""

from __future__ import annotations

import pytest

from pyapp.friends.invite_room import COMPUTER, HOST, INVITED, HostRoom, Offer, WaitingSeat

ROOM = HostRoom("dieci", "https://x/#/join/dieci/r/s", (
    WaitingSeat("Ada", HOST), WaitingSeat("", INVITED), WaitingSeat("", INVITED), WaitingSeat("", COMPUTER, "hard")))


def test_start_waits_for_every_invited_seat() -> None:
    assert not ROOM.ready and ROOM.open_seats == (1, 2)
    one = ROOM.joined(1, "Bo")
    assert not one.ready and one.open_seats == (2,)
    assert one.given(2, "easy").ready
    assert ROOM.given(1, "normal").joined(2, "Cy").ready


def test_only_an_empty_invited_seat_can_be_given_or_joined() -> None:
    with pytest.raises(ValueError):
        ROOM.given(0, "easy")
    with pytest.raises(ValueError):
        ROOM.joined(3, "Bo")
    with pytest.raises(ValueError):
        ROOM.joined(1, "Bo").given(1, "easy")


def test_an_offer_knows_its_states() -> None:
    assert Offer("dyad", "ready", host="Ada", seat=1, players=3).seat == 1
    with pytest.raises(ValueError):
        Offer("dyad", "lost")
