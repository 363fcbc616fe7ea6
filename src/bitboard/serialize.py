"""Bitboard serialization: turning a set of squares into square indices or moves.

Every technique of serialization.txt has a name and one documented order:

    squares(b)                 LS1B first: isolate b & -b, reset b &= b - 1
    squares_xor_reset(b)       LS1B first, reset by xor with the isolated bit
    squares_reversed(b)        MS1B first (bit scan reverse), reset the found bit
    squares_scan_and_reset(b)  LS1B first, through a combined bitScanAndReset
    squares_intrinsic(b)       LS1B first, looping until the trailing-zero count says 64
    squares_bisect8(b)         ascending: 32-, 16-, 8-bit halves, then 256 pre-computed lists
    squares_bisect16(b)        ascending: 32-, 16-bit halves, then 65536 pre-computed lists
    squares_for_side(b, white) black's back rank first for white (vertical flip, index ^ 56)
    squares_for_side_bsr(b, w) black's back rank first for white by bit scan reverse
    serialize_moves(f, t, fl)  a from-square and its target set as packed 16-bit moves

and perfect hashing of move-target sets into pre-calculated move lists (`magic_factor`,
`move_lists`). Each technique is a nogil cfunc writing into a buffer, which is what the move
generator and the benchmark kernels call; the public functions return lists.
"""
try:
    import cython
except ImportError:  # the uncompiled build on a machine without Cython
    from ._cython_shim import cython
else:
    if not cython.compiled:  # uncompiled, the same light shim whether or not Cython is installed
        from ._cython_shim import cython

if cython.compiled:
    from cython.cimports.bitboard._native import bswap64, clz64, ctz64, popcount64
    from cython.cimports.bitboard.bits import _trailing_zeros
else:
    from ._native import bswap64, clz64, ctz64, popcount64
    from .bits import _trailing_zeros

from ._factors import MOVE_LIST_FACTORS
from .bits import bitboard_arg, subsets
from .magic_search import MOVE_LIST_TABLES, move_list_masks
from .squares import SQUARE_NAMES, square_arg

u64 = cython.typedef(cython.ulonglong)
uchar_ptr = cython.typedef(cython.pointer(cython.uchar))
ushort_ptr = cython.typedef(cython.pointer(cython.ushort))

MASK64 = cython.declare(u64, 0xFFFFFFFFFFFFFFFF)
LOW_32 = cython.declare(u64, 0xFFFFFFFF)
ONE = cython.declare(u64, 1)

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
def _square_list(buf: uchar_ptr, n: cython.int) -> list:
    return [buf[i] for i in range(n)]


@cython.cfunc
def _run(technique: "square_technique", b: u64) -> list:
    # `technique` is a C function pointer compiled (its type is in serialize.pxd), a function
    # uncompiled.
    buf = cython.declare(cython.uchar[64])
    return _square_list(buf, technique(b, buf))


@cython.ccall
def square_list(b: u64) -> list:
    """The squares of a C bitboard, ascending: the fastest technique here (for SquareSet)."""
    return _run(_forward, b)


@cython.ccall
def square_list_reversed(b: u64) -> list:
    """The squares of a C bitboard, descending."""
    return _run(_reverse, b)


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
    return _square_list(buf, _side_flip(bitboard_arg(b), bool(white), buf))


def squares_for_side_bsr(b, white) -> list:
    """Black's back rank first for white by bit scan reverse: h8, g8, ... a1 (files mirror too)."""
    buf = cython.declare(cython.uchar[64])
    return _square_list(buf, _side_bsr(bitboard_arg(b), bool(white), buf))


# --- move-list serialization -----------------------------------------------------------------
# A move is 16 bits: from-square (bits 0-5), to-square (6-11) and four flag bits (12-15).


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _serialize_moves(buf: ushort_ptr, n: cython.int, base: cython.int, targets: u64) -> cython.int:
    """The document's packed loop: scan a to-square, or it into the from-aspects, store."""
    while targets:
        buf[n] = base | (ctz64(targets) << 6)
        n += 1
        targets &= targets - 1
    return n


def encode_move(from_square, to_square, flags=0) -> int:
    """from | to << 6 | flags << 12."""
    if not 0 <= flags < 16:
        raise ValueError(f"move flags {flags!r} are not in 0..15")
    return square_arg(from_square) | square_arg(to_square) << 6 | flags << 12


def decode_move(move) -> tuple:
    """(from_square, to_square, flags) of a packed 16-bit move."""
    if not 0 <= move < 65536:
        raise ValueError(f"packed move {move!r} is not in 0..65535")
    return move & 63, (move >> 6) & 63, move >> 12


def serialize_moves(from_square, targets, flags=0) -> list:
    """A from-square and its target set as packed moves, in ascending to-square order."""
    buf = cython.declare(cython.ushort[64])
    n: cython.int = _serialize_moves(buf, 0, encode_move(from_square, 0, flags), bitboard_arg(targets))
    return [buf[i] for i in range(n)]


# --- perfect hashing of move-target sets --------------------------------------------------------
# Table t (0 king, 1 knight, 2 rank, 3 file, 4 diagonal, 5 anti-diagonal) hashes every subset S of
# the from-square's mask to list PH_BASE[i] + (S * factor >> (64 - bits)), i = 64 * t + square.
# PH_START[list] .. PH_START[list + 1] are the list's moves in PH_MOVES (from | to << 6). The
# normalised tables keep lists only for the first square of each shape (PHN_SQUARE) and add
# the offset to the stored target squares.

_move_lists_ready = False
PIECE_NAMES = {"king": 0, "knight": 1, "rank": 2, "file": 3, "diagonal": 4, "anti-diagonal": 5,
               6: 0, 2: 1}  # python-chess KING == 6, KNIGHT == 2


def _shape(mask: int, sq: int) -> frozenset:
    return frozenset(((t & 7) - (sq & 7), (t >> 3) - (sq >> 3)) for t in range(64) if mask >> t & 1)


def _index(subset: int, factor: int, bits: int) -> int:
    return 0 if bits == 0 else ((subset * factor) & MASK64) >> (64 - bits)


def _build_move_lists() -> None:
    """Fill the plain and the normalised tables from the shipped factors."""
    global PH_FACTOR, PH_MASK, PH_BITS, PH_BASE, PH_START, PH_MOVES
    global PHN_SQUARE, PHN_BASE, PHN_START, PHN_TARGETS, _move_lists_ready, _memory
    factors, masks, bits, base, start, moves = [], [], [], [], [0], []
    norm_square, norm_base, norm_start, norm_targets = [], [], [0], []
    memory = {}
    for table in MOVE_LIST_TABLES:
        before = (len(start), len(moves), len(norm_start), len(norm_targets))
        shapes = {}  # shape of the mask relative to its square -> (first square, its first list)
        for sq, mask in enumerate(move_list_masks(table)):
            factor, n = MOVE_LIST_FACTORS[table][sq], bin(mask).count("1")
            factors.append(factor)
            masks.append(mask)
            bits.append(n)
            base.append(len(start) - 1)
            lists = [None] * (ONE << n)
            for subset in subsets(mask):
                lists[_index(subset, factor, n)] = [t for t in range(64) if subset >> t & 1]
            for targets in lists:
                moves.extend(sq | t << 6 for t in targets)
                start.append(len(moves))
            shape = _shape(mask, sq)
            if shape not in shapes:
                shapes[shape] = (sq, len(norm_start) - 1)
                for targets in lists:
                    norm_targets.extend(targets)
                    norm_start.append(len(norm_targets))
            norm_square.append(shapes[shape][0])
            norm_base.append(shapes[shape][1])
        lists_, moves_, norm_lists, norm_targets_ = (len(start) - before[0], len(moves) - before[1],
                                                     len(norm_start) - before[2], len(norm_targets) - before[3])
        # Bytes as C arrays: 32-bit list starts; 16-bit moves (plain) or 8-bit targets (normalised);
        # per square a 64-bit factor, 8-bit bit count and 32-bit base (plain), or an 8-bit
        # normalised square and 32-bit base plus factor and bit count per shape (normalised).
        memory[table] = {
            "lists": lists_, "moves": moves_,
            "bytes": 4 * lists_ + 2 * moves_ + 64 * (8 + 1 + 4),
            "normalised squares": len(shapes), "normalised lists": norm_lists,
            "normalised bytes": 4 * norm_lists + norm_targets_ + 64 * (1 + 4) + len(shapes) * (8 + 1),
        }
    moves.extend([0] * 8)  # the branchless copy reads 8 entries from the start of any list
    norm_targets.extend([0] * 8)
    sizes = (len(start) - 1, len(moves) - 8, len(norm_start) - 1, len(norm_targets) - 8)
    if sizes != (N_LISTS, N_MOVES, N_NORMALISED_LISTS, N_NORMALISED_TARGETS):
        raise AssertionError(f"move-list table sizes {sizes} differ from those serialize.pxd declares")
    PH_FACTOR, PH_MASK, PH_BITS, PH_BASE, PH_START, PH_MOVES = factors, masks, bits, base, start, moves
    PHN_SQUARE, PHN_BASE, PHN_START, PHN_TARGETS = norm_square, norm_base, norm_start, norm_targets
    _memory = memory
    _move_lists_ready = True


if not cython.compiled:  # compiled, these are the enum of serialize.pxd (C arrays need sizes)
    N_LISTS = 37044
    N_MOVES = 131736
    N_NORMALISED_LISTS = 6770
    N_NORMALISED_TARGETS = 21980


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _hashed_moves(i: cython.int, targets: u64, buf: ushort_ptr, n: cython.int) -> cython.int:
    # One multiply, one shift, one look-up, then a fixed copy of eight entries: no branch on
    # the number of moves (the buffer has room for eight past its end).
    bits: cython.int = PH_BITS[i]
    index: cython.uint = PH_BASE[i]
    j: cython.int
    if bits:
        index += ((targets * PH_FACTOR[i]) & MASK64) >> (64 - bits)
    start: cython.uint = PH_START[index]
    for j in range(8):
        buf[n + j] = PH_MOVES[start + j]
    return n + (PH_START[index + 1] - start)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _hashed_moves_normalised(i: cython.int, targets: u64, buf: ushort_ptr, n: cython.int) -> cython.int:
    # Shift the targets onto the normalised square, hash there, shift each target back.
    sq: cython.int = i & 63
    norm: cython.int = PHN_SQUARE[i]
    delta: cython.int = sq - norm
    k: cython.int = (i & ~63) | norm
    bits: cython.int = PH_BITS[k]
    j: cython.int
    if delta >= 0:
        targets >>= delta
    else:
        targets = (targets << -delta) & MASK64
    index: cython.uint = PHN_BASE[i]
    if bits:
        index += ((targets * PH_FACTOR[k]) & MASK64) >> (64 - bits)
    start: cython.uint = PHN_START[index]
    count: cython.int = PHN_START[index + 1] - start
    for j in range(count):
        buf[n + j] = sq | ((PHN_TARGETS[start + j] + delta) << 6)
    return n + count


def _table_index(piece, square) -> int:
    key = piece.lower() if isinstance(piece, str) else piece
    if key not in PIECE_NAMES or isinstance(key, bool):
        raise ValueError(f"unknown move-list piece {piece!r}; known: {', '.join(MOVE_LIST_TABLES)}")
    if not _move_lists_ready:
        _build_move_lists()
    return 64 * PIECE_NAMES[key] + square_arg(square)


def magic_factor(piece, square) -> int:
    """The multiply-shift factor of `piece` ('king', 'knight', or a slider's line 'rank',
    'file', 'diagonal', 'anti-diagonal') on `square`; for kings and knights it has 4 one-bits."""
    return PH_FACTOR[_table_index(piece, square)]


def move_lists(piece, square, targets, normalized=False) -> list:
    """The pre-calculated move list of a target subset: [(from, to), ...], to ascending.

    `targets` must be a subset of the piece's moves from `square` (ValueError otherwise).
    normalized=True reads the normalised tables, which share one list per shape.
    """
    i = _table_index(piece, square)
    t = bitboard_arg(targets)
    stray = t & ~PH_MASK[i]
    if stray:
        names = " ".join(SQUARE_NAMES[s] for s in range(64) if stray >> s & 1)
        raise ValueError(f"targets {t:#018x} include {names}, which a {piece} on "
                         f"{SQUARE_NAMES[i & 63]} does not reach")
    buf = cython.declare(cython.ushort[72])
    n: cython.int = _hashed_moves_normalised(i, t, buf, 0) if normalized else _hashed_moves(i, t, buf, 0)
    return [(buf[j] & 63, buf[j] >> 6) for j in range(n)]


def table_memory() -> dict:
    """Lists and bytes of each table, plain and normalised: {table: {...}}."""
    if not _move_lists_ready:
        _build_move_lists()
    return {table: dict(values) for table, values in _memory.items()}


# --- benchmark kernels ---------------------------------------------------------------------------

SQUARE_TECHNIQUES = ("forward", "xor_reset", "reversed", "scan_and_reset", "intrinsic", "bisect8",
                     "bisect16", "for_side (flip)", "for_side (bsr)")
MOVE_LIST_METHODS = ("scan", "perfect hash", "perfect hash, normalised")


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


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def sum_move_lists(method: cython.int, table: cython.int, from_squares: cython.uchar[::1],
                   targets: cython.ulonglong[::1]) -> u64:
    """Turn each (from, targets) pair into moves with MOVE_LIST_METHODS[method]; the sum of the
    counts and of each list's last move."""
    buf = cython.declare(cython.ushort[72])
    total: u64 = 0
    k: cython.int
    i: cython.Py_ssize_t
    n: cython.Py_ssize_t = len(targets)
    if not 0 <= table < 6:
        raise ValueError(f"move-list table {table} is not in 0..5")
    if len(from_squares) != n:
        raise ValueError(f"{len(from_squares)} from-squares for {n} target sets")
    for i in range(n):
        if from_squares[i] > 63:
            raise ValueError(f"from-square {from_squares[i]} is not in 0..63")
    if not _move_lists_ready:
        _build_move_lists()
    with cython.nogil:
        if method == 0:
            for i in range(n):
                k = _serialize_moves(buf, 0, from_squares[i], targets[i])
                total += k + (buf[k - 1] if k else 0)
        elif method == 1:
            for i in range(n):
                k = _hashed_moves(64 * table + from_squares[i], targets[i], buf, 0)
                total += k + (buf[k - 1] if k else 0)
        else:
            for i in range(n):
                k = _hashed_moves_normalised(64 * table + from_squares[i], targets[i], buf, 0)
                total += k + (buf[k - 1] if k else 0)
    return total
