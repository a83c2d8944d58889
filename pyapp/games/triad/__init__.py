"""Triad: a two-phase abstract game of making triads and removing them for points.

The public rules API (also used by the rules page and the tests):

>>> from pyapp.games import triad
>>> triad.LABELS[(0, 0)]
6
>>> board = triad.Board.from_text(triad.Board().to_text())
>>> board.triads("a")
[]

See :mod:`pyapp.games.triad.rules` for the text format and more examples.
"""

from pyapp.games.triad import rules
from pyapp.games.triad.rules import CENTRE, LABELS, LINES, MAX_HEIGHT, PIECES, SIDES, Board, Triad, is_triad, removal_points
from pyapp.games.triad.state import PASS, Pass, Place, Remove, TriadState, parse

STATE = TriadState

__all__ = [*rules.__all__, "PASS", "Pass", "Place", "Remove", "STATE", "TriadState", "parse"]
