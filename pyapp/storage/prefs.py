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
"""The language choice; read by web/boot.js, written by pyapp.ui.language."""


def setting(backend: Backend | None, name: str) -> str:
    """The remembered choice for ``name`` if it is an allowed one, else its default."""
    allowed = SETTINGS[name]
    try:
        value = backend.get(SETTING_PREFIX + name) if backend is not None else None
    except StorageError:
        value = None
    return value if value in allowed else allowed[0]


__all__ = ["LANGUAGE_KEY", "SETTINGS", "SETTING_PREFIX", "setting"]
