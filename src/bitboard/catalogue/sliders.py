"""Slider attacks by the set-wise methods, beside the magic bitboards the engine uses.

    bishop_attacks_rays / rook_attacks_rays              classical rays: each ray up to its first blocker
    bishop_attacks_kogge_stone / rook_attacks_kogge_stone Kogge-Stone occluded fills, one step further
    bishop_attacks_hyperbola / rook_attacks_hyperbola    hyperbola quintessence, o ^ (o - 2r)

The classical ray method and the Kogge-Stone fills are the engine's own functions (the magic
tables are built from the first; `bitboard.core.bits` has the fills); hyperbola quintessence lives
here. `python -m bitboard.benchmarks.sliders` times all four through `sum_slider_attacks`.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from ..core.arguments import bitboard_arg, square_arg
from ..squares import BB_ANTI_DIAGONALS, BB_DIAGONALS, BB_FILES, BB_RANKS

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.attacks import _bishop_attacks, _bishop_attacks_rays, _rook_attacks, _rook_attacks_rays
    from ..core.bits import _diagonal_fill_attacks, _orthogonal_fill_attacks, _rotate_180
    from ..core.encoding import BB_ALL, ONE, u64
    from ..core.native import bswap64


# --- hyperbola quintessence: o ^ (o - 2r) along one line, reversed for the other side ------------

DIAGONAL_MASK = [BB_DIAGONALS[7 + (sq & 7) - (sq >> 3)] & ~(ONE << sq) for sq in range(64)]
ANTI_DIAGONAL_MASK = [BB_ANTI_DIAGONALS[(sq & 7) + (sq >> 3)] & ~(ONE << sq) for sq in range(64)]
FILE_MASK = [BB_FILES[sq & 7] & ~(ONE << sq) for sq in range(64)]
RANK_MASK = [BB_RANKS[sq >> 3] & ~(ONE << sq) for sq in range(64)]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _hyperbola(sq: cython.int, occupied: u64, mask: u64) -> u64:
    # Files and diagonals hold one square per rank, so a byte swap reverses them.
    o: u64 = occupied & mask
    r: u64 = ONE << sq
    forward: u64 = (o - 2 * r) & BB_ALL
    reverse: u64 = bswap64((bswap64(o) - 2 * bswap64(r)) & BB_ALL)
    return (forward ^ reverse) & mask


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _hyperbola_rank(sq: cython.int, occupied: u64) -> u64:
    # A rank lies within one byte: reverse all 64 bits (a half turn of the board) instead.
    mask: u64 = RANK_MASK[sq]
    o: u64 = occupied & mask
    r: u64 = ONE << sq
    forward: u64 = (o - 2 * r) & BB_ALL
    reverse: u64 = _rotate_180((_rotate_180(o) - 2 * _rotate_180(r)) & BB_ALL)
    return (forward ^ reverse) & mask


# --- the public functions -----------------------------------------------------------------------


def bishop_attacks_rays(square, occupied) -> int:
    """Classical approach: each ray up to and including its first blocker."""
    return _bishop_attacks_rays(square_arg(square), bitboard_arg(occupied))


def rook_attacks_rays(square, occupied) -> int:
    """Classical approach: each ray up to and including its first blocker."""
    return _rook_attacks_rays(square_arg(square), bitboard_arg(occupied))


def bishop_attacks_kogge_stone(square, occupied) -> int:
    """Set-wise: Kogge-Stone occluded fills through the empty squares, shifted one step further."""
    return _diagonal_fill_attacks(ONE << square_arg(square), ~bitboard_arg(occupied) & BB_ALL)


def rook_attacks_kogge_stone(square, occupied) -> int:
    """Set-wise: Kogge-Stone occluded fills through the empty squares, shifted one step further."""
    return _orthogonal_fill_attacks(ONE << square_arg(square), ~bitboard_arg(occupied) & BB_ALL)


def bishop_attacks_hyperbola(square, occupied) -> int:
    """Hyperbola quintessence on the diagonal and the anti-diagonal (byte swap reverses them)."""
    sq, occ = square_arg(square), bitboard_arg(occupied)
    return _hyperbola(sq, occ, DIAGONAL_MASK[sq]) | _hyperbola(sq, occ, ANTI_DIAGONAL_MASK[sq])


def rook_attacks_hyperbola(square, occupied) -> int:
    """Hyperbola quintessence on the file (byte swap) and the rank (full bit reversal)."""
    sq, occ = square_arg(square), bitboard_arg(occupied)
    return _hyperbola(sq, occ, FILE_MASK[sq]) | _hyperbola_rank(sq, occ)


# --- benchmark kernel ----------------------------------------------------------------------------
# One loop per method, inside C, so that the benchmark times the method rather than a Python call.

SLIDER_METHODS = ("magic", "classical rays", "Kogge-Stone", "hyperbola quintessence")


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def sum_slider_attacks(method: cython.int, rook: cython.bint, squares: cython.uchar[::1],
                       occupancies: cython.ulonglong[::1]) -> u64:
    """Xor of the bishop (or rook) attacks of SLIDER_METHODS[method] over (square, occupancy) pairs."""
    total: u64 = 0
    i: cython.Py_ssize_t
    n: cython.Py_ssize_t = len(squares)
    if len(occupancies) != n:
        raise ValueError(f"{n} squares for {len(occupancies)} occupancies")
    for i in range(n):
        if squares[i] > 63:
            raise ValueError(f"square {squares[i]} is not in 0..63")
    with cython.nogil:
        if method == 0:
            for i in range(n):
                total ^= (_rook_attacks(squares[i], occupancies[i]) if rook
                          else _bishop_attacks(squares[i], occupancies[i]))
        elif method == 1:
            for i in range(n):
                total ^= (_rook_attacks_rays(squares[i], occupancies[i]) if rook
                          else _bishop_attacks_rays(squares[i], occupancies[i]))
        elif method == 2:
            for i in range(n):
                total ^= (_orthogonal_fill_attacks(ONE << squares[i], ~occupancies[i]) if rook
                          else _diagonal_fill_attacks(ONE << squares[i], ~occupancies[i]))
        else:
            for i in range(n):
                total ^= ((_hyperbola(squares[i], occupancies[i], FILE_MASK[squares[i]])
                           | _hyperbola_rank(squares[i], occupancies[i])) if rook
                          else (_hyperbola(squares[i], occupancies[i], DIAGONAL_MASK[squares[i]])
                                | _hyperbola(squares[i], occupancies[i], ANTI_DIAGONAL_MASK[squares[i]])))
    return total
