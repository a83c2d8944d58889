"""Errors the engine raises for input it refuses."""


class IllegalMoveError(ValueError):
    """An action that is not legal in the current state.

    A ``ValueError`` so that callers handling bad input in general catch it too;
    the state that refused the action is left exactly as it was.
    """
