"""The saved-game record's version and the error for records this site cannot use.

Its own module so that reading records (:mod:`pyapp.storage.records`) and
upgrading them (:mod:`pyapp.storage.migrate`) can both use them without
importing each other in a circle.
"""

RECORD_VERSION = 4
"""The envelope version this site writes (see :mod:`pyapp.storage.migrate` for the history)."""


class CorruptRecord(ValueError):
    """A stored or imported record that cannot be used, with the reason."""


__all__ = ["CorruptRecord", "RECORD_VERSION"]
