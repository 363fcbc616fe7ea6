"""The 64-bit toolkit: population count, bit scans, single-bit tricks, flips, shifts and fills.

Every technique of DarkThought's infrastructure note and of the LSB article has a name of its
own here, so that it can be read, tested and timed beside the others. `popcount`, `lsb` and
`msb` are the fastest for the build (the CPU instruction when compiled, CPython's own
`int.bit_count`/`int.bit_length` when not); the variants are there to learn from and measure.

Each public function takes an int in 0..2**64-1 and raises TypeError or InvalidBitboardError
naming the value otherwise. The underscored cfuncs are the unchecked C versions the rest of
the library and the benchmark kernels call.
"""
import operator

try:
    import cython
except ImportError:  # the uncompiled build on a machine without Cython
    from ._cython_shim import cython
else:
    if not cython.compiled:  # uncompiled, the same light shim whether or not Cython is installed
        from ._cython_shim import cython

from .errors import InvalidBitboardError

if cython.compiled:
    from cython.cimports.bitboard._native import bswap64, clz32, clz64, ctz32, ctz64, popcount64
else:
    from ._native import bswap64, clz32, clz64, ctz32, ctz64, popcount64

u64 = cython.typedef(cython.ulonglong)
u32 = cython.typedef(cython.uint)

compiled = cython.compiled

MASK64 = 0xFFFFFFFFFFFFFFFF
NOT_A_FILE = 0xFEFEFEFEFEFEFEFE
NOT_H_FILE = 0x7F7F7F7F7F7F7F7F
# Masks of every other bit, pair and nibble (SWAR popcount, horizontal mirror) and of the upper
# halves of the pairs a transpose swaps at distance 7, 14 and 28 (diagonal flip). Hex literals
# above 2**31 are Python objects to Cython, so hot code reads these C globals instead.
BITS_1 = 0x5555555555555555
BITS_2 = 0x3333333333333333
BITS_4 = 0x0F0F0F0F0F0F0F0F
TRANSPOSE_7 = 0x5500550055005500
TRANSPOSE_14 = 0x3333000033330000
TRANSPOSE_28 = 0x0F0F0F0F00000000
LOW_32 = 0xFFFFFFFF
ONE = 1

#: What every bit-scan variant returns for the empty board (the documents' ERROR value). It is
#: python-chess's answer too: ``chess.lsb(0) == -1``.
BITSCAN_ERROR = -1

#: Compass directions as LERF square offsets (north = towards rank 8, east = towards the h-file).
if not cython.compiled:  # compiled, the enum of bits.pxd
    NORTH, NORTH_EAST, EAST, SOUTH_EAST = 8, 9, 1, -7
    SOUTH, SOUTH_WEST, WEST, NORTH_WEST = -8, -9, -1, 7
DIRECTIONS = (NORTH, NORTH_EAST, EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, WEST, NORTH_WEST)

# The look-up tables below are C arrays in the compiled build (declared in bits.pxd) and lists
# in the uncompiled one; both are filled from the same Python lists.
POPCOUNT16 = [bin(i).count("1") for i in range(65536)]
LSB16 = [(i & -i).bit_length() - 1 for i in range(65536)]
MSB16 = [i.bit_length() - 1 for i in range(65536)]
POPCOUNT8 = [bin(i).count("1") for i in range(256)]
LSB8 = [(i & -i).bit_length() - 1 for i in range(256)]
MSB8 = [i.bit_length() - 1 for i in range(256)]

# The 64-bit De Bruijn sequence B(2, 6) that starts with six zeros: each of its 64 windows of
# six bits is distinct, so the top six bits of 2**k * DEBRUIJN64 (or of (2**(k+1) - 1) *
# DEBRUIJN64) name k. The tables are computed from it and checked to be permutations.
DEBRUIJN64 = 0x03F79D71B4CB0A89


def _debruijn_table(keys):
    table = [-1] * 64
    for k, key in enumerate(keys):
        table[((key * DEBRUIJN64) & MASK64) >> 58] = k
    if -1 in table:
        raise AssertionError("DEBRUIJN64 is not a De Bruijn sequence")
    return table


DEBRUIJN_LSB = _debruijn_table([ONE << k for k in range(64)])
DEBRUIJN_MSB = _debruijn_table([((ONE << k) << 1) - 1 for k in range(64)])


# --- argument checking --------------------------------------------------------------------


@cython.ccall
@cython.exceptval(0xFFFFFFFFFFFFFFFF, check=True)
def bitboard_arg(value: object) -> u64:
    """`value` as a bitboard, or TypeError / InvalidBitboardError naming it."""
    if type(value) is not int:
        try:
            value = operator.index(value)
        except TypeError:
            raise TypeError(
                f"a bitboard is an int in 0..2**64-1, not {type(value).__name__} {value!r}"
            ) from None
    if value < 0 or value > 0xFFFFFFFFFFFFFFFF:
        raise InvalidBitboardError(f"bitboard {value!r} is not in 0..2**64-1")
    return value


# --- population count ---------------------------------------------------------------------


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _popcount(b: u64) -> cython.int:
    return popcount64(b)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _popcount_loop(b: u64) -> cython.int:
    n: cython.int = 0
    while b:
        n += 1
        b &= b - 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _popcount_swar(b: u64) -> cython.int:
    a: u64 = b - ((b >> 1) & BITS_1)
    c: u64 = (a & BITS_2) + ((a >> 2) & BITS_2)
    n: u32 = (c & LOW_32) + (c >> 32)
    n = (n & 0x0F0F0F0F) + ((n >> 4) & 0x0F0F0F0F)
    n = (n & 0xFFFF) + (n >> 16)
    n = (n & 0xFF) + (n >> 8)
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _popcount_table8(b: u64) -> cython.int:
    n: cython.int = 0
    while b:
        n += POPCOUNT8[b & 0xFF]
        b >>= 8
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _popcount_table16(b: u64) -> cython.int:
    return (POPCOUNT16[b & 0xFFFF] + POPCOUNT16[(b >> 16) & 0xFFFF]
            + POPCOUNT16[(b >> 32) & 0xFFFF] + POPCOUNT16[b >> 48])


def popcount(b) -> int:
    """Number of one-bits: the CPU instruction when compiled, ``int.bit_count`` when not."""
    return _popcount(bitboard_arg(b))


def popcount_loop(b) -> int:
    """Kernighan's iterative count, ``b &= b - 1`` once per one-bit: fast on sparse boards."""
    return _popcount_loop(bitboard_arg(b))


def popcount_swar(b) -> int:
    """DarkThought's non-iterative count: bit pairs, nibbles, then folding the 32-bit halves."""
    return _popcount_swar(bitboard_arg(b))


def popcount_table8(b) -> int:
    """Sum of 256-entry table look-ups, one per non-zero-leading byte."""
    return _popcount_table8(bitboard_arg(b))


def popcount_table16(b) -> int:
    """Sum of four look-ups in a 65536-entry table of 16-bit counts."""
    return _popcount_table16(bitboard_arg(b))


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
def _lsb_loop(b: u64) -> cython.int:
    i: cython.int
    for i in range(64):
        if (b >> i) & 1:
            return i
    return -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _msb_loop(b: u64) -> cython.int:
    i: cython.int
    for i in range(63, -1, -1):
        if (b >> i) & 1:
            return i
    return -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _lsb_debruijn(b: u64) -> cython.int:
    if b == 0:
        return -1
    return DEBRUIJN_LSB[(((b & (0 - b)) * DEBRUIJN64) & MASK64) >> 58]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _msb_debruijn(b: u64) -> cython.int:
    if b == 0:
        return -1
    b |= b >> 1
    b |= b >> 2
    b |= b >> 4
    b |= b >> 8
    b |= b >> 16
    b |= b >> 32
    return DEBRUIJN_MSB[((b * DEBRUIJN64) & MASK64) >> 58]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _lsb_table8(b: u64) -> cython.int:
    shift: cython.int = 0
    if b == 0:
        return -1
    while (b & 0xFF) == 0:
        b >>= 8
        shift += 8
    return shift + LSB8[b & 0xFF]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _msb_table8(b: u64) -> cython.int:
    shift: cython.int = 56
    if b == 0:
        return -1
    while (b >> shift) == 0:
        shift -= 8
    return shift + MSB8[(b >> shift) & 0xFF]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _lsb_table16(b: u64) -> cython.int:
    shift: cython.int = 0
    if b == 0:
        return -1
    while (b & 0xFFFF) == 0:
        b >>= 16
        shift += 16
    return shift + LSB16[b & 0xFFFF]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _msb_table16(b: u64) -> cython.int:
    shift: cython.int = 48
    if b == 0:
        return -1
    while (b >> shift) == 0:
        shift -= 16
    return shift + MSB16[(b >> shift) & 0xFFFF]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _lsb_halves(b: u64) -> cython.int:
    low: u32 = b & LOW_32
    high: u32 = b >> 32
    if low:
        return ctz32(low)
    if high:
        return 32 + ctz32(high)
    return -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _msb_halves(b: u64) -> cython.int:
    low: u32 = b & LOW_32
    high: u32 = b >> 32
    if high:
        return 63 - clz32(high)
    if low:
        return 31 - clz32(low)
    return -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _lsb_via_msb(b: u64) -> cython.int:
    if b == 0:
        return -1
    return 63 ^ clz64((b ^ (b - 1)) & MASK64)


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


def lsb(b) -> int:
    """Index of the least significant one-bit (bit scan forward); -1 for the empty board."""
    return _lsb(bitboard_arg(b))


def msb(b) -> int:
    """Index of the most significant one-bit (bit scan reverse); -1 for the empty board."""
    return _msb(bitboard_arg(b))


def lsb_loop(b) -> int:
    """The naive scan: test bit 0, bit 1, ... until one is set."""
    return _lsb_loop(bitboard_arg(b))


def msb_loop(b) -> int:
    """The naive scan from bit 63 down."""
    return _msb_loop(bitboard_arg(b))


def lsb_debruijn(b) -> int:
    """Isolate the LS1B, multiply by a De Bruijn sequence, look the top six bits up."""
    return _lsb_debruijn(bitboard_arg(b))


def msb_debruijn(b) -> int:
    """Smear the MS1B downwards to 2**(k+1)-1, then the De Bruijn multiply and look-up."""
    return _msb_debruijn(bitboard_arg(b))


def lsb_table8(b) -> int:
    """Find the lowest non-empty byte, then a 256-entry table."""
    return _lsb_table8(bitboard_arg(b))


def msb_table8(b) -> int:
    """Find the highest non-empty byte, then a 256-entry table."""
    return _msb_table8(bitboard_arg(b))


def lsb_table16(b) -> int:
    """Find the lowest non-empty 16-bit word, then a 65536-entry table."""
    return _lsb_table16(bitboard_arg(b))


def msb_table16(b) -> int:
    """Find the highest non-empty 16-bit word, then a 65536-entry table."""
    return _msb_table16(bitboard_arg(b))


def lsb_halves(b) -> int:
    """The article's two-step scan: a 32-bit bsf on the low half, then on the high half."""
    return _lsb_halves(bitboard_arg(b))


def msb_halves(b) -> int:
    """The 32-bit reverse scan on the high half, then on the low half."""
    return _msb_halves(bitboard_arg(b))


def lsb_via_msb(b) -> int:
    """DarkThought's FIND_LSB(b) = FIND_MSB(b ^ (b - 1)): one reverse scan serves both."""
    return _lsb_via_msb(bitboard_arg(b))


def trailing_zeros(b) -> int:
    """The intrinsic style of bit scan forward (tzcnt): 64 for the empty board."""
    return _trailing_zeros(bitboard_arg(b))


def leading_zeros(b) -> int:
    """The intrinsic style of bit scan reverse (lzcnt): 64 for the empty board."""
    return _leading_zeros(bitboard_arg(b))


# --- single bits and cascaded operations ---------------------------------------------------


def ls1b(b) -> int:
    """The least significant one-bit alone, ``b & -b``; 0 for the empty board."""
    x: u64 = bitboard_arg(b)
    return x & (0 - x)


def reset_ls1b(b) -> int:
    """`b` without its least significant one-bit, ``b & (b - 1)``."""
    x: u64 = bitboard_arg(b)
    return x & (x - 1)


def mask_through_ls1b(b) -> int:
    """Every bit up to and including the LS1B, ``b ^ (b - 1)``; all ones for the empty board."""
    x: u64 = bitboard_arg(b)
    return (x ^ (x - 1)) & MASK64


def mask_below_ls1b(b) -> int:
    """Every bit below the LS1B, ``~b & (b - 1)``; all ones for the empty board."""
    x: u64 = bitboard_arg(b)
    return (~x & (x - 1)) & MASK64


def and_not(x, y) -> int:
    """``x & ~y``: one instruction on the Alpha (BIC) and on BMI1 (ANDN)."""
    return bitboard_arg(x) & ~bitboard_arg(y) & MASK64


def or_not(x, y) -> int:
    """``x | ~y`` (the Alpha's ORNOT)."""
    return (bitboard_arg(x) | ~bitboard_arg(y)) & MASK64


def xor_not(x, y) -> int:
    """``x ^ ~y``, the bits where x and y agree (the Alpha's EQV)."""
    return (bitboard_arg(x) ^ ~bitboard_arg(y)) & MASK64


def subsets(mask):
    """Every subset of `mask`, the empty set first and `mask` last (the Carry-Rippler)."""
    m = bitboard_arg(mask)
    subset = 0
    while True:
        yield subset
        subset = (subset - m) & m
        if subset == 0:
            return


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
    t: u64 = TRANSPOSE_28 & (b ^ ((b << 28) & MASK64))
    b ^= t ^ (t >> 28)
    t = TRANSPOSE_14 & (b ^ ((b << 14) & MASK64))
    b ^= t ^ (t >> 14)
    t = TRANSPOSE_7 & (b ^ ((b << 7) & MASK64))
    b ^= t ^ (t >> 7)
    return b


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _rotate_180(b: u64) -> u64:
    return _mirror_horizontal(bswap64(b))


def flip_vertical(b) -> int:
    """Mirror ranks 1 <-> 8 (square ^ 56): one byte swap."""
    return _flip_vertical(bitboard_arg(b))


def mirror_horizontal(b) -> int:
    """Mirror files a <-> h (square ^ 7)."""
    return _mirror_horizontal(bitboard_arg(b))


def flip_diagonal(b) -> int:
    """Reflect about the a1-h8 diagonal: file and rank swap (a transpose)."""
    return _flip_diagonal(bitboard_arg(b))


def flip_anti_diagonal(b) -> int:
    """Reflect about the h1-a8 anti-diagonal: (file, rank) -> (7 - rank, 7 - file)."""
    return _rotate_180(_flip_diagonal(bitboard_arg(b)))


def rotate_90(b) -> int:
    """Rotate the board picture a quarter turn clockwise: a1 goes to a8."""
    return bswap64(_flip_diagonal(bitboard_arg(b)))


def rotate_180(b) -> int:
    """Rotate a half turn (square ^ 63)."""
    return _rotate_180(bitboard_arg(b))


def rotate_270(b) -> int:
    """Rotate three quarter turns clockwise (a quarter anticlockwise): a1 goes to h1."""
    return _flip_diagonal(bswap64(bitboard_arg(b)))


# --- shifts and fills ---------------------------------------------------------------------------


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _shift_unmasked(b: u64, offset: cython.int) -> u64:
    if offset > 0:
        return (b << offset) & MASK64
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
    return MASK64


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


def _direction_arg(direction) -> int:
    try:
        value = operator.index(direction)
    except TypeError:
        value = None
    if value not in DIRECTIONS:
        raise ValueError(f"direction {direction!r} is not one of {DIRECTIONS} (N NE E SE S SW W NW)")
    return value


def shift(b, direction) -> int:
    """`b` moved one step in a compass direction; bits leaving the board are dropped."""
    return _shift(bitboard_arg(b), _direction_arg(direction))


def fill(b, direction) -> int:
    """`b` smeared in a direction to the edge of the board (the source squares included)."""
    return _occluded_fill(bitboard_arg(b), MASK64, _direction_arg(direction))


def occluded_fill(gen, empty, direction) -> int:
    """Kogge-Stone fill of `gen` through the `empty` squares; it stops before a blocker."""
    return _occluded_fill(bitboard_arg(gen), bitboard_arg(empty), _direction_arg(direction))


def file_fill(b) -> int:
    """Every file that holds a bit of `b`, filled whole."""
    x: u64 = bitboard_arg(b)
    return _occluded_fill(x, MASK64, NORTH) | _occluded_fill(x, MASK64, SOUTH)


def rank_fill(b) -> int:
    """Every rank that holds a bit of `b`, filled whole."""
    x: u64 = bitboard_arg(b)
    return _occluded_fill(x, MASK64, EAST) | _occluded_fill(x, MASK64, WEST)


def shift_up(b) -> int:
    """One step north (python-chess's name)."""
    return _shift(bitboard_arg(b), NORTH)


def shift_down(b) -> int:
    """One step south."""
    return _shift(bitboard_arg(b), SOUTH)


def shift_right(b) -> int:
    """One step east; the h-file falls off."""
    return _shift(bitboard_arg(b), EAST)


def shift_left(b) -> int:
    """One step west; the a-file falls off."""
    return _shift(bitboard_arg(b), WEST)


def shift_up_right(b) -> int:
    """One step north-east."""
    return _shift(bitboard_arg(b), NORTH_EAST)


def shift_up_left(b) -> int:
    """One step north-west."""
    return _shift(bitboard_arg(b), NORTH_WEST)


def shift_down_right(b) -> int:
    """One step south-east."""
    return _shift(bitboard_arg(b), SOUTH_EAST)


def shift_down_left(b) -> int:
    """One step south-west."""
    return _shift(bitboard_arg(b), SOUTH_WEST)


# --- benchmark kernels ------------------------------------------------------------------------
# A variant timed through a Python call measures the call. These apply one variant to every
# value of an array inside C, one loop per variant so that each loop is compiled for its own
# variant, which is what the benchmark times.

POPCOUNT_VARIANTS = ("native", "loop", "swar", "table8", "table16")
LSB_VARIANTS = ("native", "loop", "debruijn", "table8", "table16", "halves", "via_msb")
MSB_VARIANTS = ("native", "loop", "debruijn", "table8", "table16", "halves")


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def sum_popcount(variant: cython.int, values: cython.ulonglong[::1]) -> u64:
    """Sum of popcount variant POPCOUNT_VARIANTS[variant] over `values` (for the benchmark)."""
    total: u64 = 0
    i: cython.Py_ssize_t
    n: cython.Py_ssize_t = len(values)
    with cython.nogil:
        if variant == 0:
            for i in range(n):
                total += _popcount(values[i])
        elif variant == 1:
            for i in range(n):
                total += _popcount_loop(values[i])
        elif variant == 2:
            for i in range(n):
                total += _popcount_swar(values[i])
        elif variant == 3:
            for i in range(n):
                total += _popcount_table8(values[i])
        else:
            for i in range(n):
                total += _popcount_table16(values[i])
    return total


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def sum_lsb(variant: cython.int, values: cython.ulonglong[::1]) -> u64:
    """Sum of bit-scan-forward variant LSB_VARIANTS[variant] over `values`."""
    total: u64 = 0
    i: cython.Py_ssize_t
    n: cython.Py_ssize_t = len(values)
    with cython.nogil:
        if variant == 0:
            for i in range(n):
                total += _lsb(values[i])
        elif variant == 1:
            for i in range(n):
                total += _lsb_loop(values[i])
        elif variant == 2:
            for i in range(n):
                total += _lsb_debruijn(values[i])
        elif variant == 3:
            for i in range(n):
                total += _lsb_table8(values[i])
        elif variant == 4:
            for i in range(n):
                total += _lsb_table16(values[i])
        elif variant == 5:
            for i in range(n):
                total += _lsb_halves(values[i])
        else:
            for i in range(n):
                total += _lsb_via_msb(values[i])
    return total


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def sum_msb(variant: cython.int, values: cython.ulonglong[::1]) -> u64:
    """Sum of bit-scan-reverse variant MSB_VARIANTS[variant] over `values`."""
    total: u64 = 0
    i: cython.Py_ssize_t
    n: cython.Py_ssize_t = len(values)
    with cython.nogil:
        if variant == 0:
            for i in range(n):
                total += _msb(values[i])
        elif variant == 1:
            for i in range(n):
                total += _msb_loop(values[i])
        elif variant == 2:
            for i in range(n):
                total += _msb_debruijn(values[i])
        elif variant == 3:
            for i in range(n):
                total += _msb_table8(values[i])
        elif variant == 4:
            for i in range(n):
                total += _msb_table16(values[i])
        else:
            for i in range(n):
                total += _msb_halves(values[i])
    return total
