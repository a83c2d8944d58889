"""The guided game's remembered step: a plain number of the lesson's steps, else the lesson starts over."""

import pytest

from pyapp.storage.backends import MemoryBackend
from pyapp.storage.prefs import LESSON_PREFIX, lesson_step, remember_lesson_step


@pytest.mark.parametrize(("stored", "step"), [
    ("3", 3), ("16", 16), ("17", 0), ("0", 0), ("-1", 0), ("03", 3), ("\u0663", 0), ("3.0", 0), ("[" * 5000, 0),
    ("99999", 0), ("", 0),
])
def test_a_remembered_lesson_step_is_used_only_when_it_is_a_step_of_the_lesson(stored, step):
    backend = MemoryBackend()
    backend.set(LESSON_PREFIX + "dieci", stored)
    assert lesson_step(backend, "dieci", 16) == step
    remember_lesson_step(backend, "dieci", 0)
    assert backend.get(LESSON_PREFIX + "dieci") is None and lesson_step(backend, "dieci", 16) == 0
