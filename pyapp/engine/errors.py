"""Errors the engine raises for input it refuses."""


class IllegalMoveError(ValueError):
    """An action that is not legal in the current state.

    A ``ValueError`` so that callers handling bad input in general catch it too;
    the state that refused the action is left exactly as it was.
    """


class Refused(ValueError):
    """Input a person gave that cannot be used: ``key`` names the catalog message to show for it.

    One shape for every form and link that refuses input (a set-up field, a challenge link, a TURN
    server): ``field``, when the input has several, says which one to fix; ``params`` fill the message.
    """

    def __init__(self, key: str, *, field: str = "", **params: object) -> None:
        super().__init__(f"{field}: {key}" if field else key)
        self.key, self.field, self.params = key, field, params
