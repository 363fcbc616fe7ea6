"""Move lists: from a from-square and its set of target squares to a list of packed moves.

Two techniques of the serialization document::

    serialize_moves(f, t, fl)   the packed scan loop: scan a to-square, or it into the from-aspects
    move_lists(piece, sq, t)    perfect hashing: one multiply-shift of the target set indexes a
                                pre-calculated move list (10,016 king and 5,520 knight lists, and
                                lists per slider line); normalized=True shares one list per shape

The factors (four one-bits for kings and knights) come from the seeded search of
`bitboard.catalogue.searches` and ship in `perfect_hash_factors`. A packed move is the engine's
16-bit move code (`bitboard.core.encoding`): from | to << 6 | flags << 12.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from ..core.arguments import bitboard_arg, square_arg
from ..core.bits import subsets
from ..squares import SQUARE_NAMES
from .perfect_hash_factors import MOVE_LIST_FACTORS
from .searches import MOVE_LIST_TABLES, move_list_masks

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import BB_ALL, ONE, TO_SHIFT, move_flag, move_from, move_to, u64
    from ..core.encoding import encode_move as _encode
    from ..core.native import ctz64

ushort_ptr = cython.typedef(cython.pointer(cython.ushort))

# --- move-list serialization -----------------------------------------------------------------
# A move is 16 bits: from-square (bits 0-5), to-square (6-11) and four flag bits (12-15).


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _serialize_moves(buf: ushort_ptr, n: cython.int, base: cython.int, targets: u64) -> cython.int:
    """The document's packed loop: scan a to-square, or it into the from-aspects, store."""
    while targets:
        buf[n] = base | (ctz64(targets) << TO_SHIFT)
        n += 1
        targets &= targets - 1
    return n


def encode_move(from_square, to_square, flags=0) -> int:
    """The packed 16-bit move: from | to << 6 | flags << 12."""
    if not 0 <= flags < 16:
        raise ValueError(f"move flags {flags!r} are not in 0..15")
    return _encode(square_arg(from_square), square_arg(to_square), flags)


def decode_move(move) -> tuple:
    """(from_square, to_square, flags) of a packed 16-bit move."""
    if not 0 <= move < 65536:
        raise ValueError(f"packed move {move!r} is not in 0..65535")
    return move_from(move), move_to(move), move_flag(move)


def serialize_moves(from_square, targets, flags=0) -> list:
    """A from-square and its target set as packed moves, in ascending to-square order."""
    buf = cython.declare(cython.ushort[64])
    n: cython.int = _serialize_moves(buf, 0, encode_move(from_square, 0, flags), bitboard_arg(targets))
    return [buf[i] for i in range(n)]


# --- perfect hashing of move-target sets --------------------------------------------------------
# Table t (0 king, 1 knight, 2 rank, 3 file, 4 diagonal, 5 anti-diagonal) hashes every subset S of
# the from-square's mask to list PH_BASE[i] + (S * factor >> (64 - bits)), i = 64 * t + square.
# PH_START[list] .. PH_START[list + 1] are the list's moves in PH_MOVES (packed moves). The
# normalized tables keep lists only for the first square of each shape (PHN_SQUARE) and add
# the offset to the stored target squares.

_move_lists_ready = False
# The table of each name in MOVE_LIST_TABLES, and of python-chess's KING (6) and KNIGHT (2).
TABLE_INDEX = {name: i for i, name in enumerate(MOVE_LIST_TABLES)} | {6: 0, 2: 1}


def _shape(mask: int, sq: int) -> frozenset:
    return frozenset(((t & 7) - (sq & 7), (t >> 3) - (sq >> 3)) for t in range(64) if mask >> t & 1)


def _index(subset: int, factor: int, bits: int) -> int:
    return 0 if bits == 0 else ((subset * factor) & BB_ALL) >> (64 - bits)


def _build_move_lists() -> None:
    """Fill the plain and the normalized tables from the shipped factors."""
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
                moves.extend(_encode(sq, t, 0) for t in targets)
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
        # Bytes as C arrays: 32-bit list starts; 16-bit moves (plain) or 8-bit targets (normalized);
        # per square a 64-bit factor, 8-bit bit count and 32-bit base (plain), or an 8-bit
        # normalized square and 32-bit base plus factor and bit count per shape (normalized).
        memory[table] = {
            "lists": lists_, "moves": moves_,
            "bytes": 4 * lists_ + 2 * moves_ + 64 * (8 + 1 + 4),
            "normalized squares": len(shapes), "normalized lists": norm_lists,
            "normalized bytes": 4 * norm_lists + norm_targets_ + 64 * (1 + 4) + len(shapes) * (8 + 1),
        }
    moves.extend([0] * 8)  # the branchless copy reads 8 entries from the start of any list
    norm_targets.extend([0] * 8)
    sizes = (len(start) - 1, len(moves) - 8, len(norm_start) - 1, len(norm_targets) - 8)
    if sizes != (N_LISTS, N_MOVES, N_NORMALIZED_LISTS, N_NORMALIZED_TARGETS):
        raise AssertionError(f"move-list table sizes {sizes} differ from those move_lists.pxd declares")
    PH_FACTOR, PH_MASK, PH_BITS, PH_BASE, PH_START, PH_MOVES = factors, masks, bits, base, start, moves
    PHN_SQUARE, PHN_BASE, PHN_START, PHN_TARGETS = norm_square, norm_base, norm_start, norm_targets
    _memory = memory
    _move_lists_ready = True


if not cython.compiled:  # compiled, these are the enum of move_lists.pxd (C arrays need sizes)
    N_LISTS = 37044
    N_MOVES = 131736
    N_NORMALIZED_LISTS = 6770
    N_NORMALIZED_TARGETS = 21980


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
        index += ((targets * PH_FACTOR[i]) & BB_ALL) >> (64 - bits)
    start: cython.uint = PH_START[index]
    for j in range(8):
        buf[n + j] = PH_MOVES[start + j]
    return n + (PH_START[index + 1] - start)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _hashed_moves_normalized(i: cython.int, targets: u64, buf: ushort_ptr, n: cython.int) -> cython.int:
    # Shift the targets onto the normalized square, hash there, shift each target back.
    sq: cython.int = i & 63
    norm: cython.int = PHN_SQUARE[i]
    delta: cython.int = sq - norm
    k: cython.int = (i & ~63) | norm
    bits: cython.int = PH_BITS[k]
    j: cython.int
    if delta >= 0:
        targets >>= delta
    else:
        targets = (targets << -delta) & BB_ALL
    index: cython.uint = PHN_BASE[i]
    if bits:
        index += ((targets * PH_FACTOR[k]) & BB_ALL) >> (64 - bits)
    start: cython.uint = PHN_START[index]
    count: cython.int = PHN_START[index + 1] - start
    for j in range(count):
        buf[n + j] = _encode(sq, PHN_TARGETS[start + j] + delta, 0)
    return n + count


def _table_index(piece, square) -> int:
    key = piece.lower() if isinstance(piece, str) else piece
    if key not in TABLE_INDEX or isinstance(key, bool):
        raise ValueError(f"unknown move-list piece {piece!r}; known: {', '.join(MOVE_LIST_TABLES)}")
    if not _move_lists_ready:
        _build_move_lists()
    return 64 * TABLE_INDEX[key] + square_arg(square)


def magic_factor(piece, square) -> int:
    """The multiply-shift factor of `piece` ('king', 'knight', or a slider's line 'rank',
    'file', 'diagonal', 'anti-diagonal') on `square`; for kings and knights it has 4 one-bits."""
    index = _table_index(piece, square)  # (first: it builds the tables on first use)
    return PH_FACTOR[index]


def move_lists(piece, square, targets, normalized=False) -> list:
    """The pre-calculated move list of a target subset: [(from, to), ...], to ascending.

    `targets` must be a subset of the piece's moves from `square` (ValueError otherwise).
    normalized=True reads the normalized tables, which share one list per shape.
    """
    i = _table_index(piece, square)
    t = bitboard_arg(targets)
    stray = t & ~PH_MASK[i]
    if stray:
        names = " ".join(SQUARE_NAMES[s] for s in range(64) if stray >> s & 1)
        raise ValueError(f"targets {t:#018x} include {names}, which a {piece} on "
                         f"{SQUARE_NAMES[i & 63]} does not reach")
    buf = cython.declare(cython.ushort[72])
    n: cython.int = _hashed_moves_normalized(i, t, buf, 0) if normalized else _hashed_moves(i, t, buf, 0)
    return [(move_from(buf[j]), move_to(buf[j])) for j in range(n)]


def table_memory() -> dict:
    """Lists and bytes of each table, plain and normalized: {table: {...}}."""
    if not _move_lists_ready:
        _build_move_lists()
    return {table: dict(values) for table, values in _memory.items()}


# --- benchmark kernel ----------------------------------------------------------------------------

MOVE_LIST_METHODS = ("scan", "perfect hash", "perfect hash, normalized")


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
                k = _hashed_moves_normalized(64 * table + from_squares[i], targets[i], buf, 0)
                total += k + (buf[k - 1] if k else 0)
    return total
