"""A game being played on this device: seats, turns, undo and autosave."""

from pyapp.play.session import PERSON, Seat, Session

__all__ = ["PERSON", "Seat", "Session"]
