"""A game being played on this device: seats, turns, undo and autosave."""

from pyapp.play.session import CHOSEN, PERSON, Seat, Session

__all__ = ["CHOSEN", "PERSON", "Seat", "Session"]
