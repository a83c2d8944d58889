"""Every demo draws exactly the frames recorded in ``tests/fixtures/demos`` (``python -m tests.demos.frames``)."""

from __future__ import annotations

import json

import pytest

from pyapp import demos, i18n
from tests.demos.frames import frames_of, path_of


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game", demos.GAMES)
def test_demo_frames_match_the_recording(game, lang):
    with open(path_of(game, lang), encoding="utf-8") as fixture:
        recorded = json.load(fixture)
    drawn = frames_of(game, lang)
    assert list(drawn) == list(recorded)
    for demo_id, frames in recorded.items():
        assert len(drawn[demo_id]) == len(frames), demo_id
        for index, (now, then) in enumerate(zip(drawn[demo_id], frames)):
            for part in ("caption", "params", "facts", "view", "tree"):
                assert now[part] == then[part], f"{game}/{demo_id} step {index} ({lang}): {part} differs"
