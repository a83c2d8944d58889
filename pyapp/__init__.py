"""Dyad, Triad and Dieci: rules engines, computer opponents and a browser UI.

Everything outside :mod:`pyapp.ui` is plain standard-library Python that runs
the same in CPython and in Pyodide.
"""

from pyapp.engine.errors import IllegalMoveError

__version__ = "0.1.0"

__all__ = ["IllegalMoveError", "__version__"]
