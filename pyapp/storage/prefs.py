"""Stored choices that are not JSON (card faces, animations, the computers' pace, language): read, then checked.

A stored choice is used only when it is one of its allowed values; anything
else (a missing key, a value from another version, a megabyte of brackets)
reads as the default.  ``web/boot.js`` applies the same rule to the language
before Python starts.

>>> from pyapp.storage.backends import MemoryBackend
>>> backend = MemoryBackend()
>>> backend.set("pyapp.setting.cards", "contrast"); backend.set("pyapp.setting.motion", "[[[[")
>>> setting(backend, "cards"), setting(backend, "motion"), setting(None, "cards")
('contrast', 'system', 'classic')
"""

from __future__ import annotations

from pyapp.storage.backends import Backend, StorageError

SETTINGS: dict[str, tuple[str, ...]] = {
    "cards": ("classic", "contrast"),
    "motion": ("system", "reduce"),
    "pace": ("normal", "fast", "slow"),
}
"""Each setting's choices, the first being the default."""
SETTING_PREFIX = "pyapp.setting."
LANGUAGE_KEY = "pyapp.language"
"""The language choice; read by web/boot.js, written by pyapp.ui.shell.language."""
LESSON_PREFIX = "pyapp.lesson."
"""Beside each game's guided game: the step the learner reached (a number, nothing else)."""


def setting(backend: Backend | None, name: str) -> str:
    """The remembered choice for ``name`` if it is an allowed one, else its default."""
    allowed = SETTINGS[name]
    try:
        value = backend.get(SETTING_PREFIX + name) if backend is not None else None
    except StorageError:
        value = None
    return value if value in allowed else allowed[0]


def lesson_step(backend: Backend | None, game: str, steps: int) -> int:
    """The step of ``game``'s lesson (of ``steps``) the learner reached; 0 unless a plain number in range.

    >>> from pyapp.storage.backends import MemoryBackend
    >>> backend = MemoryBackend()
    >>> for game, value in (("dyad", "7"), ("triad", "99"), ("dieci", "1e3")):
    ...     backend.set(LESSON_PREFIX + game, value)
    >>> lesson_step(backend, "dyad", 20), lesson_step(backend, "triad", 20), lesson_step(backend, "dieci", 20)
    (7, 0, 0)
    """
    try:
        value = backend.get(LESSON_PREFIX + game) if backend is not None else None
    except StorageError:
        value = None
    if value is None or not (0 < len(value) <= 4 and value.isascii() and value.isdigit()):
        return 0
    return int(value) if int(value) <= steps else 0


def remember_lesson_step(backend: Backend | None, game: str, step: int) -> None:
    """Remember the step reached (0 forgets it); storage that refuses loses only the reminder."""
    if backend is None:
        return
    try:
        if step:
            backend.set(LESSON_PREFIX + game, str(step))
        else:
            backend.remove(LESSON_PREFIX + game)
    except StorageError:
        pass  # a full or forbidden store: the lesson simply starts at the beginning next time


__all__ = ["LANGUAGE_KEY", "LESSON_PREFIX", "SETTINGS", "SETTING_PREFIX", "lesson_step", "remember_lesson_step", "setting"]
