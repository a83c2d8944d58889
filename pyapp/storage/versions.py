"""The saved-game record's version and the error for records this site cannot use.

Its own module so that reading records (:mod:`pyapp.storage.records`) and
upgrading them (:mod:`pyapp.storage.migrate`) can both use them without
importing each other in a circle.
"""

RECORD_VERSION = 7
"""The envelope version this site writes (see :mod:`pyapp.storage.migrate` for the history)."""


class CorruptRecord(ValueError):
    """A stored or imported record that cannot be used, with the reason."""


class GuestRecord(CorruptRecord):
    """A guest's record of a friends' game in progress: well-formed, but nothing to replay until the end."""

    def __init__(self, record: dict) -> None:  # type: ignore[type-arg]
        super().__init__("a guest's record of a friends' game: it can be replayed once the host sends the full record")
        self.record = record


__all__ = ["CorruptRecord", "GuestRecord", "RECORD_VERSION"]
