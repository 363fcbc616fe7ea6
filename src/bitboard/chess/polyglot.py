"""python-chess's `chess.polyglot`: Polyglot keys and opening books (home: `bitboard.polyglot_book`)."""
from ..polyglot_book import (
    ENTRY_STRUCT,
    POLYGLOT_RANDOM_ARRAY,
    Entry,
    MemoryMappedReader,
    StrOrBytesPath,
    ZobristHasher,
    open_reader,
    zobrist_hash,
)

__all__ = ["ENTRY_STRUCT", "POLYGLOT_RANDOM_ARRAY", "Entry", "MemoryMappedReader", "StrOrBytesPath",
           "ZobristHasher", "open_reader", "zobrist_hash"]
