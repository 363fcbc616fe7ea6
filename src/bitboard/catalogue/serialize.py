"""Bitboard serialization: turning a set of squares into square indices, every technique of
the serialization document under a name and with one documented order:

    squares(b)                 LS1B first: isolate b & -b, reset b &= b - 1
    squares_xor_reset(b)       LS1B first, reset by xor with the isolated bit
    squares_reversed(b)        MS1B first (bit scan reverse), reset the found bit
    squares_scan_and_reset(b)  LS1B first, through a combined bitScanAndReset
    squares_intrinsic(b)       LS1B first, looping until the trailing-zero count says 64
    squares_bisect8(b)         ascending: 32-, 16-, 8-bit halves, then 256 pre-computed lists
    squares_bisect16(b)        ascending: 32-, 16-bit halves, then 65536 pre-computed lists
    squares_for_side(b, white) black's back rank first for white (vertical flip, index ^ 56)
    squares_for_side_bsr(b, w) black's back rank first for white by bit scan reverse

Each technique is a nogil cfunc writing into a buffer, which the benchmark kernel
`sum_square_counts` calls; the public functions return lists. Move lists (the packed scan loop
and perfect hashing) are in `bitboard.catalogue.move_lists`.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from ..core.arguments import bitboard_arg

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.bits import _trailing_zeros
    from ..core.encoding import ONE, u64
    from ..core.native import bswap64, clz64, ctz64, popcount64

uchar_ptr = cython.typedef(cython.pointer(cython.uchar))

LOW_32 = cython.declare(u64, 0xFFFFFFFF)

# --- square serialization ---------------------------------------------------------------------


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _forward(b: u64, buf: uchar_ptr) -> cython.int:
    n: cython.int = 0
    ls1b: u64
    while b:
        ls1b = b & (0 - b)  # isolate the LS1B
        buf[n] = ctz64(ls1b)
        n += 1
        b &= b - 1  # reset the LS1B
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _forward_xor_reset(b: u64, buf: uchar_ptr) -> cython.int:
    n: cython.int = 0
    ls1b: u64
    while b:
        ls1b = b & (0 - b)
        buf[n] = ctz64(ls1b)
        n += 1
        b ^= ls1b  # reset by xor with the isolated bit
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _reverse(b: u64, buf: uchar_ptr) -> cython.int:
    n: cython.int = 0
    sq: cython.int
    while b:
        sq = 63 ^ clz64(b)
        buf[n] = sq
        n += 1
        b ^= ONE << sq  # reset the found bit: there is no independent MS1B reset
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _bit_scan_and_reset(b: u64) -> tuple[cython.int, u64]:
    """bitScanAndReset(&x): the index of the LS1B and x without it."""
    return ctz64(b), b & (b - 1)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _scan_and_reset(b: u64, buf: uchar_ptr) -> cython.int:
    n: cython.int = 0
    sq: cython.int
    while b:
        sq, b = _bit_scan_and_reset(b)
        buf[n] = sq
        n += 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _intrinsic(b: u64, buf: uchar_ptr) -> cython.int:
    # while (_BitScanForward64(&idx, x)) { *list++ = idx; _bittestandreset64(&x, idx); }
    n: cython.int = 0
    sq: cython.int = _trailing_zeros(b)
    while sq != 64:
        buf[n] = sq
        n += 1
        b &= ~(ONE << sq)
        sq = _trailing_zeros(b)
    return n


def _padded_square_lists(width: int) -> list:
    """Flat pre-computed lists: the squares of every `width`-bit value, padded to `width` entries."""
    flat = []
    for value in range(ONE << width):
        squares = [i for i in range(width) if value >> i & 1]
        flat.extend(squares)
        flat.extend([0] * (width - len(squares)))
    return flat


BYTE_SQUARES = _padded_square_lists(8)
_word_squares_ready = False


def _build_word_squares() -> None:
    global WORD_SQUARES, _word_squares_ready
    WORD_SQUARES = _padded_square_lists(16)  # 1 MiB as a C array: built on first use
    _word_squares_ready = True


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _bisect8(b: u64, buf: uchar_ptr) -> cython.int:
    n: cython.int = 0
    half: cython.int
    w: cython.int
    k: cython.int
    j: cython.int
    count: cython.int
    base: cython.int
    dword: u64
    word: u64
    byte: u64
    for half in range(2):  # two double words ...
        dword = (b >> (32 * half)) & LOW_32
        if dword:
            for w in range(2):  # ... of two words ...
                word = (dword >> (16 * w)) & 0xFFFF
                if word:
                    for k in range(2):  # ... of two bytes, each the index of a list
                        byte = (word >> (8 * k)) & 0xFF
                        if byte:
                            base = 32 * half + 16 * w + 8 * k
                            count = popcount64(byte)
                            for j in range(count):
                                buf[n + j] = base + BYTE_SQUARES[8 * byte + j]
                            n += count
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _bisect16(b: u64, buf: uchar_ptr) -> cython.int:
    n: cython.int = 0
    half: cython.int
    w: cython.int
    j: cython.int
    count: cython.int
    base: cython.int
    dword: u64
    word: u64
    for half in range(2):
        dword = (b >> (32 * half)) & LOW_32
        if dword:
            for w in range(2):
                word = (dword >> (16 * w)) & 0xFFFF
                if word:
                    base = 32 * half + 16 * w
                    count = popcount64(word)
                    for j in range(count):
                        buf[n + j] = base + WORD_SQUARES[16 * word + j]
                    n += count
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _side_flip(b: u64, white: cython.bint, buf: uchar_ptr) -> cython.int:
    # The document's conditional byte swap: m is all ones for white, 0 for black, so white's
    # set is scanned flipped (rank 8 first) and each index flipped back with ^ 56.
    m: u64 = 0 - cython.cast(u64, white)
    o: cython.int = m & 56
    n: cython.int = 0
    b ^= (b ^ bswap64(b)) & m
    while b:
        buf[n] = ctz64(b) ^ o
        n += 1
        b &= b - 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _side_bsr(b: u64, white: cython.bint, buf: uchar_ptr) -> cython.int:
    return _reverse(b, buf) if white else _forward(b, buf)


@cython.cfunc
def _buffer_list(buf: uchar_ptr, n: cython.int) -> list:
    return [buf[i] for i in range(n)]


@cython.cfunc
def _run(technique: "square_technique", b: u64) -> list:  # noqa: F821  (a C type of serialize.pxd)
    # `technique` is a C function pointer compiled (its type is in serialize.pxd), a function
    # uncompiled.
    buf = cython.declare(cython.uchar[64])
    return _buffer_list(buf, technique(b, buf))


def squares(b) -> list:
    """Squares of b, LS1B first: isolate with b & -b, reset with b & (b - 1)."""
    return _run(_forward, bitboard_arg(b))


def squares_xor_reset(b) -> list:
    """Squares of b, LS1B first, resetting by xor with the isolated LS1B."""
    return _run(_forward_xor_reset, bitboard_arg(b))


def squares_reversed(b) -> list:
    """Squares of b, MS1B first (bit scan reverse), resetting the found bit."""
    return _run(_reverse, bitboard_arg(b))


def squares_scan_and_reset(b) -> list:
    """Squares of b, LS1B first, through the combined bitScanAndReset."""
    return _run(_scan_and_reset, bitboard_arg(b))


def squares_intrinsic(b) -> list:
    """Squares of b, LS1B first: loop until the trailing-zero count is 64 (the empty set)."""
    return _run(_intrinsic, bitboard_arg(b))


def squares_bisect8(b) -> list:
    """Squares of b, ascending, by bisection down to bytes and 256 pre-computed lists."""
    return _run(_bisect8, bitboard_arg(b))


def squares_bisect16(b) -> list:
    """Squares of b, ascending, by bisection down to 16-bit words and 65536 pre-computed lists."""
    if not _word_squares_ready:
        _build_word_squares()
    return _run(_bisect16, bitboard_arg(b))


def squares_for_side(b, white) -> list:
    """Squares of b in the order the side to move should meet them.

    Black: a1, b1, ... h8 (bit scan forward). White: a8, b8, ... h8, a7, ... h1, by scanning
    the vertically flipped set and flipping each index back (^ 56). A colour-symmetric
    position gives mirrored orders for the two sides.
    """
    buf = cython.declare(cython.uchar[64])
    return _buffer_list(buf, _side_flip(bitboard_arg(b), bool(white), buf))


def squares_for_side_bsr(b, white) -> list:
    """Black's back rank first for white by bit scan reverse: h8, g8, ... a1 (files mirror too)."""
    buf = cython.declare(cython.uchar[64])
    return _buffer_list(buf, _side_bsr(bitboard_arg(b), bool(white), buf))


# --- benchmark kernels ---------------------------------------------------------------------------

SQUARE_TECHNIQUES = ("forward", "xor_reset", "reversed", "scan_and_reset", "intrinsic", "bisect8",
                     "bisect16", "for_side (flip)", "for_side (bsr)")


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def sum_square_counts(technique: cython.int, values: cython.ulonglong[::1]) -> u64:
    """Serialize every value with SQUARE_TECHNIQUES[technique]; the sum of the last squares."""
    buf = cython.declare(cython.uchar[64])
    total: u64 = 0
    k: cython.int
    i: cython.Py_ssize_t
    n: cython.Py_ssize_t = len(values)
    if technique == 6 and not _word_squares_ready:
        _build_word_squares()
    with cython.nogil:
        if technique == 0:
            for i in range(n):
                k = _forward(values[i], buf)
                total += buf[k - 1] if k else 0
        elif technique == 1:
            for i in range(n):
                k = _forward_xor_reset(values[i], buf)
                total += buf[k - 1] if k else 0
        elif technique == 2:
            for i in range(n):
                k = _reverse(values[i], buf)
                total += buf[k - 1] if k else 0
        elif technique == 3:
            for i in range(n):
                k = _scan_and_reset(values[i], buf)
                total += buf[k - 1] if k else 0
        elif technique == 4:
            for i in range(n):
                k = _intrinsic(values[i], buf)
                total += buf[k - 1] if k else 0
        elif technique == 5:
            for i in range(n):
                k = _bisect8(values[i], buf)
                total += buf[k - 1] if k else 0
        elif technique == 6:
            for i in range(n):
                k = _bisect16(values[i], buf)
                total += buf[k - 1] if k else 0
        elif technique == 7:
            for i in range(n):
                k = _side_flip(values[i], True, buf)
                total += buf[k - 1] if k else 0
        else:
            for i in range(n):
                k = _side_bsr(values[i], True, buf)
                total += buf[k - 1] if k else 0
    return total
