"""The saved-game record's version and the error for records this site cannot use.

Its own module so that reading records (:mod:`pyapp.storage.records`) and
upgrading them (:mod:`pyapp.storage.migrate`) can both use them without
importing each other in a circle.
"""

from pyapp.excerpt import excerpt

RECORD_VERSION = 7
"""The envelope version this site writes (see :mod:`pyapp.storage.migrate` for the history)."""


MAX_PROBLEM = 140
"""The longest reason a refusal gives: the quoted part of a file is cut in its middle, the reason's end kept."""


class CorruptRecord(ValueError):
    """A stored or imported record that cannot be used, with the reason.

    The reason often quotes the file (a value it could not use), so it is made one
    bounded line here, whatever raised it (:func:`pyapp.excerpt.excerpt`).
    """

    def __init__(self, message: str) -> None:
        super().__init__(excerpt(message, MAX_PROBLEM, keep_tail=40))


class GuestRecord(CorruptRecord):
    """A guest's record of a friends' game in progress: well-formed, but nothing to replay until the end."""

    def __init__(self, record: dict) -> None:  # type: ignore[type-arg]
        super().__init__("a guest's record of a friends' game: it can be replayed once the host sends the full record")
        self.record = record


__all__ = ["CorruptRecord", "GuestRecord", "RECORD_VERSION"]
