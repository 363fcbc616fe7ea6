# cython: embedsignature.format=clinic
# (its functions are builtins, @cython.binding(False): a call costs what a Python one-liner does;
# the clinic signature format keeps them visible to inspect.signature)
"""The 64-bit toolkit: population count, bit scans, single-bit tricks, flips, shifts and fills.

`popcount`, `lsb` and `msb` are the fastest for the build: the CPU instruction when compiled,
CPython's own `int.bit_count`/`int.bit_length` when not. The variants the documents compare
them with (loops, SWAR, tables, De Bruijn multiplication) are in `bitboard.catalogue.bitscan`.

Each public function takes an int in 0..2**64-1 and raises TypeError or InvalidBitboardError
naming the value otherwise. The underscored cfuncs are the unchecked C versions the rest of
the library calls.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

import operator
from collections.abc import Iterator

from ..types import Bitboard, Direction

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .arguments import bitboard_value
    from .encoding import BB_ALL, u64
    from .native import bswap64, clz64, ctz64, popcount64

compiled = cython.compiled

NOT_A_FILE = 0xFEFEFEFEFEFEFEFE
NOT_H_FILE = 0x7F7F7F7F7F7F7F7F
# Masks of every other bit, pair and nibble (horizontal mirror) and of the upper halves of the
# pairs a transpose swaps at distance 7, 14 and 28 (diagonal flip). Hex literals above 2**31 are
# Python objects to Cython, so hot code reads these C globals (bits.pxd) instead.
BITS_1 = 0x5555555555555555
BITS_2 = 0x3333333333333333
BITS_4 = 0x0F0F0F0F0F0F0F0F
TRANSPOSE_7 = 0x5500550055005500
TRANSPOSE_14 = 0x3333000033330000
TRANSPOSE_28 = 0x0F0F0F0F00000000

#: What `lsb` and `msb` (and every bit-scan variant) return for the empty board (the documents'
#: ERROR value). It is python-chess's answer too: ``chess.lsb(0) == -1``.
BITSCAN_ERROR = -1

#: Compass directions as LERF square offsets (north = towards rank 8, east = towards the h-file).
if not cython.compiled:  # compiled, the enum of bits.pxd
    NORTH, NORTH_EAST, EAST, SOUTH_EAST = 8, 9, 1, -7
    SOUTH, SOUTH_WEST, WEST, NORTH_WEST = -8, -9, -1, 7
DIRECTIONS = (NORTH, NORTH_EAST, EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, WEST, NORTH_WEST)


# --- population count ---------------------------------------------------------------------


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _popcount(b: u64) -> cython.int:
    return popcount64(b)


@cython.binding(False)
@cython.always_allow_keywords(False)  # METH_O: called as int.bit_count is, with no keyword parsing
def popcount(bb: Bitboard) -> int:
    """Number of one-bits: the CPU instruction when compiled, ``int.bit_count`` when not."""
    return _popcount(bitboard_value(bb))


# --- bit scans ----------------------------------------------------------------------------


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _lsb(b: u64) -> cython.int:
    if b == 0:
        return -1
    return ctz64(b)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _msb(b: u64) -> cython.int:
    if b == 0:
        return -1
    return 63 ^ clz64(b)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _trailing_zeros(b: u64) -> cython.int:
    if b == 0:
        return 64
    return ctz64(b)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _leading_zeros(b: u64) -> cython.int:
    if b == 0:
        return 64
    return clz64(b)


@cython.binding(False)
def lsb(bb: Bitboard) -> int:
    """Index of the least significant one-bit (bit scan forward); -1 for the empty board."""
    return _lsb(bitboard_value(bb))


@cython.binding(False)
def msb(bb: Bitboard) -> int:
    """Index of the most significant one-bit (bit scan reverse); -1 for the empty board."""
    return _msb(bitboard_value(bb))


@cython.binding(False)
def trailing_zeros(bb: Bitboard) -> int:
    """The intrinsic style of bit scan forward (tzcnt): 64 for the empty board."""
    return _trailing_zeros(bitboard_value(bb))


@cython.binding(False)
def leading_zeros(bb: Bitboard) -> int:
    """The intrinsic style of bit scan reverse (lzcnt): 64 for the empty board."""
    return _leading_zeros(bitboard_value(bb))


# --- single bits and cascaded operations ---------------------------------------------------


@cython.binding(False)
def ls1b(bb: Bitboard) -> int:
    """The least significant one-bit alone, ``bb & -bb``; 0 for the empty board."""
    x: u64 = bitboard_value(bb)
    return x & (0 - x)


@cython.binding(False)
def reset_ls1b(bb: Bitboard) -> int:
    """`bb` without its least significant one-bit, ``bb & (bb - 1)``."""
    x: u64 = bitboard_value(bb)
    return x & (x - 1)


@cython.binding(False)
def mask_through_ls1b(bb: Bitboard) -> int:
    """Every bit up to and including the LS1B, ``bb ^ (bb - 1)``; all ones for the empty board."""
    x: u64 = bitboard_value(bb)
    return (x ^ (x - 1)) & BB_ALL


@cython.binding(False)
def mask_below_ls1b(bb: Bitboard) -> int:
    """Every bit below the LS1B, ``~bb & (bb - 1)``; all ones for the empty board."""
    x: u64 = bitboard_value(bb)
    return (~x & (x - 1)) & BB_ALL


@cython.binding(False)
def and_not(x: Bitboard, y: Bitboard) -> int:
    """``x & ~y``: one instruction on the Alpha (BIC) and on BMI1 (ANDN)."""
    return bitboard_value(x) & ~bitboard_value(y) & BB_ALL


@cython.binding(False)
def or_not(x: Bitboard, y: Bitboard) -> int:
    """``x | ~y`` (the Alpha's ORNOT)."""
    return (bitboard_value(x) | ~bitboard_value(y)) & BB_ALL


@cython.binding(False)
def xor_not(x: Bitboard, y: Bitboard) -> int:
    """``x ^ ~y``, the bits where x and y agree (the Alpha's EQV)."""
    return (bitboard_value(x) ^ ~bitboard_value(y)) & BB_ALL


@cython.binding(False)
def subsets(mask: Bitboard) -> Iterator[Bitboard]:
    """Every subset of `mask`, the empty set first and `mask` last (the Carry-Rippler)."""
    m = bitboard_value(mask)
    subset = 0
    while True:
        yield subset
        subset = (subset - m) & m
        if subset == 0:
            return


# --- the squares of a set ----------------------------------------------------------------------


@cython.cfunc
def _square_list(b: u64) -> list:
    """The squares of a bitboard, ascending: the LS1B loop (what SquareSet iterates with)."""
    buf = cython.declare(cython.uchar[64])
    n: cython.int = 0
    while b:
        buf[n] = ctz64(b)
        n += 1
        b &= b - 1
    return [buf[i] for i in range(n)]


# --- flips, mirrors and rotations ------------------------------------------------------------


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _flip_vertical(b: u64) -> u64:
    return bswap64(b)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _mirror_horizontal(b: u64) -> u64:
    b = ((b >> 1) & BITS_1) | ((b & BITS_1) << 1)
    b = ((b >> 2) & BITS_2) | ((b & BITS_2) << 2)
    b = ((b >> 4) & BITS_4) | ((b & BITS_4) << 4)
    return b


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _flip_diagonal(b: u64) -> u64:
    # Three delta swaps transpose the 8x8 matrix: 4x4 blocks (distance 28), then 2x2 blocks
    # (14), then single bits (7); each mask marks the upper element of every pair.
    t: u64 = TRANSPOSE_28 & (b ^ ((b << 28) & BB_ALL))
    b ^= t ^ (t >> 28)
    t = TRANSPOSE_14 & (b ^ ((b << 14) & BB_ALL))
    b ^= t ^ (t >> 14)
    t = TRANSPOSE_7 & (b ^ ((b << 7) & BB_ALL))
    b ^= t ^ (t >> 7)
    return b


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _rotate_180(b: u64) -> u64:
    return _mirror_horizontal(bswap64(b))


@cython.binding(False)
def flip_vertical(bb: Bitboard) -> int:
    """Mirror ranks 1 <-> 8 (square ^ 56): one byte swap."""
    return _flip_vertical(bitboard_value(bb))


@cython.binding(False)
def mirror_horizontal(bb: Bitboard) -> int:
    """Mirror files a <-> h (square ^ 7)."""
    return _mirror_horizontal(bitboard_value(bb))


@cython.binding(False)
def flip_diagonal(bb: Bitboard) -> int:
    """Reflect about the a1-h8 diagonal: file and rank swap (a transpose)."""
    return _flip_diagonal(bitboard_value(bb))


@cython.binding(False)
def flip_anti_diagonal(bb: Bitboard) -> int:
    """Reflect about the h1-a8 anti-diagonal: (file, rank) -> (7 - rank, 7 - file)."""
    return _rotate_180(_flip_diagonal(bitboard_value(bb)))


@cython.binding(False)
def rotate_90(bb: Bitboard) -> int:
    """Rotate the board picture a quarter turn clockwise: a1 goes to a8."""
    return bswap64(_flip_diagonal(bitboard_value(bb)))


@cython.binding(False)
def rotate_180(bb: Bitboard) -> int:
    """Rotate a half turn (square ^ 63)."""
    return _rotate_180(bitboard_value(bb))


@cython.binding(False)
def rotate_270(bb: Bitboard) -> int:
    """Rotate three quarter turns clockwise (a quarter anticlockwise): a1 goes to h1."""
    return _flip_diagonal(bswap64(bitboard_value(bb)))


# --- shifts and fills ---------------------------------------------------------------------------


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _shift_unmasked(b: u64, offset: cython.int) -> u64:
    if offset > 0:
        return (b << offset) & BB_ALL
    return b >> (-offset)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _wrap_mask(direction: cython.int) -> u64:
    # The file step of a direction is its offset modulo 8: 1 going east, 7 (= -1) going west.
    step: cython.int = direction & 7
    if step == 1:
        return NOT_A_FILE
    if step == 7:
        return NOT_H_FILE
    return BB_ALL


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _shift(b: u64, direction: cython.int) -> u64:
    return _shift_unmasked(b, direction) & _wrap_mask(direction)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _occluded_fill(gen: u64, empty: u64, direction: cython.int) -> u64:
    # Kogge-Stone parallel prefix: 1, 2, then 4 steps at once. Masking `empty` with the wrap
    # mask once keeps every step from crossing the board edge.
    empty &= _wrap_mask(direction)
    gen |= empty & _shift_unmasked(gen, direction)
    empty &= _shift_unmasked(empty, direction)
    gen |= empty & _shift_unmasked(gen, 2 * direction)
    empty &= _shift_unmasked(empty, 2 * direction)
    gen |= empty & _shift_unmasked(gen, 4 * direction)
    return gen


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _fill_attacks(b: u64, empty: u64, direction: cython.int) -> u64:
    # An occluded fill shifted one step further: the first blocker is attacked too.
    return _shift(_occluded_fill(b, empty, direction), direction)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _diagonal_fill_attacks(b: u64, empty: u64) -> u64:
    """Squares a bishop on each square of `b` attacks through the `empty` squares (Kogge-Stone)."""
    return (_fill_attacks(b, empty, NORTH_EAST) | _fill_attacks(b, empty, SOUTH_EAST)
            | _fill_attacks(b, empty, SOUTH_WEST) | _fill_attacks(b, empty, NORTH_WEST))


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _orthogonal_fill_attacks(b: u64, empty: u64) -> u64:
    """Squares a rook on each square of `b` attacks through the `empty` squares (Kogge-Stone)."""
    return (_fill_attacks(b, empty, NORTH) | _fill_attacks(b, empty, EAST)
            | _fill_attacks(b, empty, SOUTH) | _fill_attacks(b, empty, WEST))


@cython.binding(False)
def _direction_arg(direction) -> int:
    try:
        value = operator.index(direction)
    except TypeError:
        value = None
    if value not in DIRECTIONS:
        raise ValueError(f"direction {direction!r} is not one of {DIRECTIONS} (N NE E SE S SW W NW)")
    return value


@cython.binding(False)
def shift(bb: Bitboard, direction: Direction) -> int:
    """`bb` moved one step in a compass direction; bits leaving the board are dropped."""
    return _shift(bitboard_value(bb), _direction_arg(direction))


@cython.binding(False)
def fill(bb: Bitboard, direction: Direction) -> int:
    """`bb` smeared in a direction to the edge of the board (the source squares included)."""
    return _occluded_fill(bitboard_value(bb), BB_ALL, _direction_arg(direction))


@cython.binding(False)
def occluded_fill(gen: Bitboard, empty: Bitboard, direction: Direction) -> int:
    """Kogge-Stone fill of `gen` through the `empty` squares; it stops before a blocker."""
    return _occluded_fill(bitboard_value(gen), bitboard_value(empty), _direction_arg(direction))


@cython.binding(False)
def file_fill(bb: Bitboard) -> int:
    """Every file that holds a bit of `bb`, filled whole."""
    x: u64 = bitboard_value(bb)
    return _occluded_fill(x, BB_ALL, NORTH) | _occluded_fill(x, BB_ALL, SOUTH)


@cython.binding(False)
def rank_fill(bb: Bitboard) -> int:
    """Every rank that holds a bit of `bb`, filled whole."""
    x: u64 = bitboard_value(bb)
    return _occluded_fill(x, BB_ALL, EAST) | _occluded_fill(x, BB_ALL, WEST)


@cython.binding(False)
def shift_up(b: Bitboard) -> int:
    """One step north (python-chess's name)."""
    return _shift(bitboard_value(b), NORTH)


@cython.binding(False)
def shift_down(b: Bitboard) -> int:
    """One step south."""
    return _shift(bitboard_value(b), SOUTH)


@cython.binding(False)
def shift_right(b: Bitboard) -> int:
    """One step east; the h-file falls off."""
    return _shift(bitboard_value(b), EAST)


@cython.binding(False)
def shift_left(b: Bitboard) -> int:
    """One step west; the a-file falls off."""
    return _shift(bitboard_value(b), WEST)


@cython.binding(False)
def shift_up_right(b: Bitboard) -> int:
    """One step north-east."""
    return _shift(bitboard_value(b), NORTH_EAST)


@cython.binding(False)
def shift_up_left(b: Bitboard) -> int:
    """One step north-west."""
    return _shift(bitboard_value(b), NORTH_WEST)


@cython.binding(False)
def shift_down_right(b: Bitboard) -> int:
    """One step south-east."""
    return _shift(bitboard_value(b), SOUTH_EAST)


@cython.binding(False)
def shift_down_left(b: Bitboard) -> int:
    """One step south-west."""
    return _shift(bitboard_value(b), SOUTH_WEST)


@cython.binding(False)
def shift_2_up(b: Bitboard) -> int:
    """Two steps north (a pawn's double push)."""
    return _shift(_shift(bitboard_value(b), NORTH), NORTH)


@cython.binding(False)
def shift_2_down(b: Bitboard) -> int:
    """Two steps south."""
    return _shift(_shift(bitboard_value(b), SOUTH), SOUTH)


@cython.binding(False)
def shift_2_right(b: Bitboard) -> int:
    """Two steps east; the g- and h-files fall off."""
    return _shift(_shift(bitboard_value(b), EAST), EAST)


@cython.binding(False)
def shift_2_left(b: Bitboard) -> int:
    """Two steps west; the a- and b-files fall off."""
    return _shift(_shift(bitboard_value(b), WEST), WEST)


@cython.binding(False)
def scan_forward(bb: Bitboard) -> Iterator[int]:
    """The squares of a bitboard, lowest first (python-chess's name)."""
    mask: u64 = bitboard_value(bb)
    while mask:
        yield ctz64(mask)
        mask &= mask - 1


@cython.binding(False)
def scan_reversed(bb: Bitboard) -> Iterator[int]:
    """The squares of a bitboard, highest first (python-chess's name)."""
    mask: u64 = bitboard_value(bb)
    while mask:
        yield 63 - clz64(mask)
        mask &= (BB_ALL >> clz64(mask)) >> 1  # every bit below the highest
