"""The host's "New room, same seats" at a friends' game's end opens a room as the set-up would (issue 49).

It raised ``TypeError: open_room() missing 1 required keyword-only argument: 'allow_hints'`` and did nothing."""

from __future__ import annotations

import inspect
import types

import pytest

from tests import fake_dom


@pytest.mark.parametrize("allowed", [True, False])
def test_a_new_room_for_the_same_seats_keeps_the_options_and_the_hints_choice(monkeypatch, allowed):
    with fake_dom.ui_loaded("pyapp.ui.friends.friends_host") as module:
        signature = inspect.signature(module.open_room)
        opened: list[dict] = []
        monkeypatch.setattr(module, "open_room", lambda *args, **kwargs: opened.append(
            signature.bind(*args, **kwargs).arguments))  # a call the real one would refuse fails here
        closed: list[bool] = []
        page = types.SimpleNamespace(table="the table", close=lambda: closed.append(True),
                                     host=types.SimpleNamespace(options={"teams": True}, allow_hints=allowed))
        module.HostPage._again(page, [("Ann", "person"), ("Bo", "friend"), ("Bot", "normal")])
    assert closed == [True]
    assert opened == [{"table": "the table", "seats": [("Ann", "person"), ("", "friend"), ("Bot", "normal")],
                       "options": {"teams": True}, "allow_hints": allowed}]
