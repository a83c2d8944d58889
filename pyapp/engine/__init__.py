"""The game-independent core: the state API, game types, errors and the save format."""

from pyapp.engine.errors import IllegalMoveError
from pyapp.engine.game_type import Chance, GameType, Information
from pyapp.engine.state import SAVE_FORMAT, Action, State

__all__ = ["Action", "Chance", "GameType", "IllegalMoveError", "Information", "SAVE_FORMAT", "State"]
