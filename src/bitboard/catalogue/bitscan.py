"""Population count and bit scan variants: every technique of DarkThought's infrastructure note
and of the article on finding the least significant bit, each under its own name.

    popcount_loop    Kernighan's iterative count, fast on sparse boards
    popcount_swar    DarkThought's non-iterative count (bit pairs, nibbles, folded halves)
    popcount_table8  / popcount_table16: byte or 16-bit word look-ups
    lsb_loop / msb_loop, lsb_debruijn / msb_debruijn, lsb_table8 / msb_table8,
    lsb_table16 / msb_table16, lsb_halves / msb_halves (32-bit scans), lsb_via_msb
    (FIND_LSB(b) = FIND_MSB(b ^ (b - 1)))

Every scan returns BITSCAN_ERROR (-1) for the empty board. The engine uses the CPU
instructions instead (`bitboard.core.bits`): these are here to read, test and time.
`python -m bitboard.benchmarks.bits` times them through the `sum_*` kernels at the end.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from ..core.arguments import bitboard_arg
from ..core.bits import BITSCAN_ERROR  # noqa: F401  (the answer of every scan for 0)

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.bits import BITS_1, BITS_2
    from ..core.encoding import BB_ALL, ONE, u64
    from ..core.native import clz32, clz64, ctz32, ctz64, popcount64

u32 = cython.typedef(cython.uint)
LOW_32 = 0xFFFFFFFF

# The look-up tables below are C arrays in the compiled build (declared in bitscan.pxd) and lists
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
        table[((key * DEBRUIJN64) & BB_ALL) >> 58] = k
    if -1 in table:
        raise AssertionError("DEBRUIJN64 is not a De Bruijn sequence")
    return table


DEBRUIJN_LSB = _debruijn_table([ONE << k for k in range(64)])
DEBRUIJN_MSB = _debruijn_table([((ONE << k) << 1) - 1 for k in range(64)])


# --- the instructions, for the kernels (inlined here, as the engine inlines them) ---------------


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _popcount(b: u64) -> cython.int:
    return popcount64(b)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _lsb(b: u64) -> cython.int:
    return ctz64(b) if b else -1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _msb(b: u64) -> cython.int:
    return 63 ^ clz64(b) if b else -1


# --- population count ---------------------------------------------------------------------

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
    return DEBRUIJN_LSB[(((b & (0 - b)) * DEBRUIJN64) & BB_ALL) >> 58]


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
    return DEBRUIJN_MSB[((b * DEBRUIJN64) & BB_ALL) >> 58]


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
    return 63 ^ clz64((b ^ (b - 1)) & BB_ALL)


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
