"""Argument checks for the public API, in one place: each returns the value in the form the
library computes with, or raises TypeError or the library's named ValueError, its message
naming the bad value."""
import math
import operator
import os

from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from ..errors import InvalidArgumentError, InvalidBitboardError, InvalidSquareError, quoted

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .encoding import BB_ALL, u64


@cython.ccall
@cython.exceptval(0xFFFFFFFFFFFFFFFF, check=True)
def bitboard_arg(value: object) -> u64:
    """`value` as a bitboard, or TypeError / InvalidBitboardError naming it."""
    if cython.compiled:
        return bitboard_value(value)  # (arguments.pxd's inline: an int converts in C)
    if type(value) is int and 0 <= value <= BB_ALL:
        return value
    return bitboard_from_object(value)


@cython.cfunc
@cython.exceptval(0xFFFFFFFFFFFFFFFF, check=True)
def bitboard_from_object(value: object) -> u64:
    """bitboard_arg past its common case: an int-like object, or a value to name in the error."""
    if type(value) is not int:
        try:
            value = operator.index(value)
        except TypeError:
            raise TypeError(
                f"a bitboard is an int in 0..2**64-1, not {type(value).__name__} {quoted(value)}"
            ) from None
    if value < 0 or value > BB_ALL:
        raise InvalidBitboardError(f"bitboard {value!r} is not in 0..2**64-1")
    return value


if not cython.compiled:
    bitboard_value = bitboard_arg  # compiled: arguments.pxd's inline form of it


def index_arg(value, what: str, size: int) -> int:
    """`value` as an index in 0..size-1 (a square, a file, a rank), or TypeError /
    InvalidSquareError naming it."""
    try:
        index = operator.index(value)
    except TypeError:
        raise TypeError(f"a {what} is an int in 0..{size - 1}, not {type(value).__name__} {quoted(value)}") from None
    if not 0 <= index < size:
        raise InvalidSquareError(f"{what} {value!r} is not in 0..{size - 1}")
    return index


@cython.ccall
@cython.exceptval(-1, check=False)  # (no square is -1)
def square_arg(value: object) -> cython.int:
    """`value` as a square index, or TypeError / InvalidSquareError naming it (a C call from
    compiled modules: every square argument of the API passes here)."""
    if type(value) is int and 0 <= value < 64:
        return value
    return index_arg(value, "square", 64)


def depth_arg(depth) -> int:
    """A perft depth: an int >= 0, or TypeError / InvalidArgumentError naming it."""
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"perft depth must be an int, not {type(depth).__name__} {quoted(depth)}")
    if depth < 0:
        raise InvalidArgumentError(f"perft depth {depth} is negative")
    if depth > 64:
        raise InvalidArgumentError(f"perft depth {quoted(depth)} is beyond any count that could finish (at most 64)")
    return depth


def threads_arg(threads) -> int:
    """A thread count: an int >= 1, or TypeError / InvalidArgumentError naming it."""
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int, not {type(threads).__name__} {quoted(threads)}")
    if threads < 1:
        raise InvalidArgumentError(f"threads {threads} is below 1")
    return threads


def physical_memory() -> int:
    """Bytes of physical memory of this machine (0 where the system does not say)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return 0


def hash_arg(hash_mb) -> float:
    """A transposition-table size in MiB: a finite number >= 0 that fits in the machine's
    physical memory, or TypeError / InvalidArgumentError naming it (and the limit)."""
    if isinstance(hash_mb, bool) or not isinstance(hash_mb, (int, float)):
        raise TypeError(f"hash size must be a number of MiB, not {type(hash_mb).__name__} {quoted(hash_mb)}")
    if not 0 <= hash_mb < math.inf:  # NaN fails both; a huge int compares exactly
        raise InvalidArgumentError(f"hash size {hash_mb} MiB is not a finite number of MiB, 0 or more")
    limit = physical_memory()
    if limit and hash_mb * 1024 * 1024 > limit:
        raise InvalidArgumentError(f"hash size {quoted(hash_mb)} MiB is more than this machine's physical memory "
                                   f"({limit // (1024 * 1024):,} MiB)")
    return hash_mb
