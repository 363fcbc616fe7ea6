"""Perft's transposition tables: the memory, one table of each size per process.

The layout of a table (its buckets and entries) is the counting walk's, in core/perft.py; this
module only allocates it and keeps it for the next count (a Dask worker keeps it for all its
tasks). free_tables() gives the memory back.
"""
import contextlib
import mmap
import threading

from ..errors import InvalidArgumentError
from .arguments import hash_arg
from .encoding import PERFT_BUCKET_WORDS

__all__ = ["HashTable", "free_tables", "table_for"]


#: A private anonymous mapping where the system has one: a shared one (mmap's default) lives in
#: shmem, which gives no transparent huge pages and costs a slower fault for every 4 KiB.
_PRIVATE = dict(flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS) if hasattr(mmap, "MAP_ANONYMOUS") else {}


class HashTable:
    """A perft transposition table of about `megabytes` MiB: a power of two of 64-byte buckets,
    the first half for the deep counts (four 16-byte entries each), the second for those two
    plies deep (eight 8-byte entries each); `entries` counts 16-byte entries.

    The memory is an anonymous mapping: the system gives it zeroed as each page is first
    touched (by the counting threads, not by one thread before they start), and in huge pages
    where it can (Linux's transparent huge pages), which spares the TLB misses of random probes
    into gigabytes."""

    def __init__(self, megabytes):
        megabytes = hash_arg(megabytes)
        entries = PERFT_BUCKET_WORDS  # two buckets at least: one for the deep counts, one for the shallow
        while entries * 2 * 16 <= megabytes * 1024 * 1024:
            entries *= 2
        self.entries = entries
        try:
            self._memory = mmap.mmap(-1, 16 * entries, **_PRIVATE)
        except (OSError, MemoryError, OverflowError):
            raise InvalidArgumentError(f"a hash table of {megabytes} MiB ({16 * entries:,} bytes) could not be "
                                       "allocated: too little free memory") from None
        if hasattr(mmap, "MADV_HUGEPAGE"):
            with contextlib.suppress(OSError):  # no transparent huge pages here: ordinary pages
                self._memory.madvise(mmap.MADV_HUGEPAGE)
        self.words = memoryview(self._memory).cast("Q")

    @property
    def nbytes(self) -> int:
        return self.words.itemsize * len(self.words)


_TABLES = {}


_TABLES_LOCK = threading.Lock()


def table_for(hash_mb) -> HashTable:
    """The process's table of `hash_mb` MiB, made on first use."""
    with _TABLES_LOCK:
        if hash_mb not in _TABLES:
            _TABLES[hash_mb] = HashTable(hash_mb)
        return _TABLES[hash_mb]


def free_tables() -> None:
    """Forget the transposition tables kept for later perfts."""
    with _TABLES_LOCK:
        _TABLES.clear()

