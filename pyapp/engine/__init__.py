"""The game-independent core: the state API, its errors and the save format."""

from pyapp.engine.errors import IllegalMoveError
from pyapp.engine.state import SAVE_FORMAT, Action, State

__all__ = ["Action", "IllegalMoveError", "SAVE_FORMAT", "State"]
