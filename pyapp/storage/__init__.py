"""Saved games: records (validated JSON) kept in a key-value backend."""

from pyapp.storage.backends import Backend, MemoryBackend, StorageError, StorageFull, StorageUnavailable
from pyapp.storage.records import CorruptRecord, check_record, decode_record, encode_record, make_record
from pyapp.storage.store import Entry, SaveStore

__all__ = [
    "Backend", "CorruptRecord", "Entry", "MemoryBackend", "SaveStore", "StorageError", "StorageFull",
    "StorageUnavailable", "check_record", "decode_record", "encode_record", "make_record",
]
