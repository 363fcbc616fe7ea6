"""Position records: one chess position in 43 bytes, for arrays of millions of them.

The fields of `position_dtype()`, a packed NumPy structured dtype::

      board      32 bytes  two squares a byte: square 2k in the low nibble, 2k + 1 in the high one;
                           each nibble a piece code, piece type | colour << 3 (PAWN 1 ... KING 6,
                           white 8), 0 for an empty square
      turn        uint8    1 white to move, 0 black
      castling    uint8    bits 0-3 the rights the move generator plays: bit 0 white's h-side, 1
                           white's a-side, 2 black's h-side, 3 black's a-side; bits 4-7 the
                           variant whose position the record does not hold whole (record_variant):
                           0 for standard chess, Chess960 and every variant the 43 bytes hold
                           (atomic, antichess, horde, ...), THREE_CHECK (6) or CRAZYHOUSE (7) of
                           core/encoding for a position completed by its extras record (below)
      ep          uint8    the square a pawn passed on its double push last move, 64 for none
      halfmove    uint16   the half-move clock (little-endian, as every multi-byte field)
      fullmove    uint16   the move number
      rooks       4 uint8  each castling right's rook square (64 where there is none): Chess960

The extras of a position, `extras_dtype()` (20 bytes, packed), one beside each record in
to_arrays' `extras` and the Parquet positions' nullable columns; all zeros for a record whose
variant bits are 0, so standard chess needs none::

      pockets    10 uint8  crazyhouse: the pieces in hand, white's pawns, knights, bishops, rooks
                           and queens, then black's
      promoted   uint64    crazyhouse: the pieces that were pawns (bit k: square k, a1 = 0), which
                           a capture pockets as pawns (python-chess's `promoted`, "~" in its FEN)
      checks     2 int8    three-check: the checks white, then black, still has to give
                           (python-chess's remaining_checks)

`record_of(board)` writes a record, `extras_of(board)` its extras, and `board_of(record,
extras)` reads them back into a Board (a CrazyhouseBoard or ThreeCheckBoard where the variant
bits say so); `bitboard.data.encode` turns arrays of records into the planes networks train on, and
refuses records with variant bits (`refuse_variant_records`), whose pockets and counters no
plane holds. NumPy is needed (pip install numpy).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import ALL_CASTLING, CRAZYHOUSE, THREE_CHECK
    from ..core.position import Position

from ..board import Board
from ..core.encoding import NO_SQUARE, swap_castling_colors
from ..errors import InvalidArgumentError, UnsupportedVariantError
from ..notation.fen import STANDARD_ROOKS, board_fen, castling_xfen
from ..squares import BB_FILE_A, BB_FILE_H

__all__ = [
    "RECORD_SIZE", "EXTRAS_SIZE", "RECORD_VARIANTS", "nibble_of", "position_dtype", "extras_dtype", "record_of",
    "extras_of", "board_of", "record_variant", "refuse_variant_records", "square_codes", "mirrored_castling",
    "bitboards", "mirror", "mirror_extras", "en_passant_capturable"
]

def position_dtype():
    """The record's NumPy dtype (NumPy imported on first use)."""
    import numpy as np
    return np.dtype([("board", np.uint8, (32,)), ("turn", np.uint8), ("castling", np.uint8), ("ep", np.uint8),
                     ("halfmove", "<u2"), ("fullmove", "<u2"), ("rooks", np.uint8, (4,))])


RECORD_SIZE = 43
EXTRAS_SIZE = 20
#: The variants a record's castling bits 4-7 name (their positions need the extras), by code.
RECORD_VARIANTS = {THREE_CHECK: "3check", CRAZYHOUSE: "crazyhouse"}
_VARIANT_SHIFT = cython.declare(cython.int, 4)  # where the variant sits in the castling byte
_POCKET_TYPES = cython.declare(cython.int, 5)  # pawn ... queen, the pieces a pocket holds


def extras_dtype():
    """The extras record's NumPy dtype (NumPy imported on first use)."""
    import numpy as np
    return np.dtype([("pockets", np.uint8, (2 * _POCKET_TYPES,)), ("promoted", "<u8"), ("checks", np.int8, (2,))])


# --- a square's nibble in the record (the datasets' move code is core/encoding's dataset_move) ---

def nibble_of(byte, square):
    """The piece code of `square` in the record's board byte `square // 2` (the low nibble holds
    the even square). Takes ints or NumPy arrays alike."""
    return (byte >> (4 * (square & 1))) & 15


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _nibble(byte: cython.int, square: cython.int) -> cython.int:
    """nibble_of for the compiled loops."""
    return (byte >> (4 * (square & 1))) & 15


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.initializedcheck(False)
@cython.exceptval(check=False)  # (nothing in it can raise: a C call needs no error check)
def write_record(pos: Position, out: cython.uchar[:, ::1], row: cython.Py_ssize_t) -> cython.void:
    """Write the record of `pos` (a Board, or the PGN reader's scratch position) as the 43 bytes
    of out[row]: the one place that knows the record's layout, byte by byte."""
    k: cython.int
    for k in range(32):
        out[row, k] = pos._board[2 * k] | (pos._board[2 * k + 1] << 4)
    out[row, 32] = pos._turn
    out[row, 33] = (pos._castling & ALL_CASTLING) | (_record_variant(pos) << _VARIANT_SHIFT)
    out[row, 34] = pos._ep
    halfmove: cython.longlong = min(pos._halfmove, 0xFFFF)
    fullmove: cython.longlong = min(pos._fullmove, 0xFFFF)
    out[row, 35], out[row, 36] = halfmove & 0xFF, halfmove >> 8  # little-endian, as the dtype says
    out[row, 37], out[row, 38] = fullmove & 0xFF, fullmove >> 8
    for k in range(4):
        out[row, 39 + k] = pos._castling_rook[k]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _record_variant(pos: Position) -> cython.int:
    """The variant a record of `pos` names in its castling byte: 0 unless the record cannot hold
    the position whole."""
    return pos._variant if pos._variant == THREE_CHECK or pos._variant == CRAZYHOUSE else 0


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.initializedcheck(False)
@cython.exceptval(check=False)  # (nothing in it can raise: a C call needs no error check)
def write_extras(pos: Position, out: cython.uchar[:, ::1], row: cython.Py_ssize_t) -> cython.void:
    """Write the extras of `pos` as the 20 bytes of out[row] (zeros where its record's variant
    bits are 0): the one place that knows the extras' layout."""
    k: cython.int
    variant: cython.int = _record_variant(pos)
    crazyhouse: cython.bint = variant == CRAZYHOUSE
    for k in range(_POCKET_TYPES):  # (a pocket's piece type k + 1 sits at colour * 8 + type)
        out[row, k] = pos._pockets[8 + k + 1] if crazyhouse else 0
        out[row, _POCKET_TYPES + k] = pos._pockets[k + 1] if crazyhouse else 0
    promoted: cython.ulonglong = pos._promoted if crazyhouse else 0
    for k in range(8):  # little-endian, as the dtype says
        out[row, 2 * _POCKET_TYPES + k] = (promoted >> (8 * k)) & 0xFF
    out[row, 18] = (pos._checks[1] & 0xFF) if variant == THREE_CHECK else 0  # int8, two's complement
    out[row, 19] = (pos._checks[0] & 0xFF) if variant == THREE_CHECK else 0


def record_of(board: Board):
    """A one-element record array of the position on `board`."""
    import numpy as np
    out = np.zeros((1, RECORD_SIZE), dtype=np.uint8)
    write_record(board, out, 0)
    return out.view(position_dtype()).reshape(1)


def extras_of(board: Board):
    """A one-element extras array of the position on `board` (zeros unless it is a crazyhouse
    or three-check board)."""
    import numpy as np
    out = np.zeros((1, EXTRAS_SIZE), dtype=np.uint8)
    write_extras(board, out, 0)
    return out.view(extras_dtype()).reshape(1)


def board_of(record, extras=None) -> Board:
    """The Board a record describes (Chess960 when a castling rook or its king is off its
    standard square); with variant bits, the variant's board with the pockets, promoted pieces
    or checks of `extras` (the record's extras record, which such a record needs)."""
    packed = [int(b) for b in record["board"]]
    codes = [nibble_of(packed[square >> 1], square) for square in range(64)]
    rooks = [int(r) for r in record["rooks"]]
    castling = int(record["castling"]) & ALL_CASTLING
    variant = record_variant(int(record["castling"]))
    rights = [rooks[i] if castling >> i & 1 else NO_SQUARE for i in range(4)]
    kings = {code >> 3: square for square, code in enumerate(codes) if code & 7 == 6}  # {colour: square}
    chess960 = any(r != NO_SQUARE and (r != STANDARD_ROOKS[i] or kings.get(1 if i < 2 else 0) != (4 if i < 2 else 60))
                   for i, r in enumerate(rights))
    ep = int(record["ep"])
    placement, counters = board_fen(codes), ""
    if variant:
        if variant not in RECORD_VARIANTS:
            raise UnsupportedVariantError(f"the record's variant bits name {variant}, which is not one of "
                                          f"{', '.join(f'{code} ({name})' for code, name in RECORD_VARIANTS.items())}")
        if extras is None:
            raise InvalidArgumentError(f"a {RECORD_VARIANTS[variant]} record needs its extras record: "
                                       "board_of(record, extras)")
        pockets = [int(count) for count in extras["pockets"]]
        if variant == CRAZYHOUSE:
            placement = board_fen(codes, int(extras["promoted"])) + "[" + "".join(
                letter * pockets[k] for k, letter in enumerate("PNBRQpnbrq")) + "]"
        else:
            white, black = (int(count) for count in extras["checks"])
            counters = f" {white}+{black}"
    fen = (f"{placement} {'w' if record['turn'] else 'b'} {castling_xfen(codes, castling, rights)} "
           f"{'-' if ep == NO_SQUARE else 'abcdefgh'[ep & 7] + str(ep // 8 + 1)}{counters} "
           f"{int(record['halfmove'])} {max(int(record['fullmove']), 1)}")
    if variant:
        from ..board.variant import find_variant
        return find_variant(RECORD_VARIANTS[variant])(fen, chess960=chess960)
    return Board(fen, chess960=chess960)


def record_variant(castling):
    """The variant code a record's castling byte names (bits 4-7; 0: the record is whole), of an
    int or a NumPy array: record_variant(positions["castling"])."""
    return castling >> _VARIANT_SHIFT


def refuse_variant_records(positions, encoding: str) -> None:
    """UnsupportedVariantError naming the first record whose position its 43 bytes do not hold
    (crazyhouse, three-check): `encoding` has no plane for pockets or checks, and planes of the
    board alone would be a wrong input, silently."""
    import numpy as np
    castling = np.asarray(positions["castling"]).reshape(-1)
    rows = np.flatnonzero(record_variant(castling))
    if len(rows):
        row = int(rows[0])
        variant = int(record_variant(castling[row]))
        held = "pockets and promoted pieces" if variant == CRAZYHOUSE else "check counters"
        raise UnsupportedVariantError(f"row {row} is a {RECORD_VARIANTS.get(variant, variant)} position, which "
                                      f"{encoding} cannot encode (it has no plane for the {held})")


# --- the records as bitboards ---------------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _slot(code: cython.int) -> cython.int:
    """The bitboard a nibble's piece code goes to (white pawn 0 ... king 5, black pawn 6 ... king
    11); -1 for an empty square or a code no piece has."""
    piece_type: cython.int = code & 7
    if piece_type == 0 or piece_type == 7:
        return -1
    return piece_type - 1 + (0 if code & 8 else 6)


def record_columns(positions) -> dict:
    """Each field of the records as a contiguous array of its own, {name: array} (board and
    rooks as (N, 32) and (N, 4) uint8): the Parquet writer's columns, split in C in one pass over
    the records (a NumPy copy a field would stride over all 43 bytes of each row once a field)."""
    import numpy as np
    dtype = position_dtype()
    count = len(positions)
    out = {name: np.empty((count, *dtype[name].shape), dtype=dtype[name].base) for name in dtype.names}
    if not cython.compiled:
        for name in dtype.names:
            out[name][...] = positions[name]
        return out
    if count:
        _split_records(np.ascontiguousarray(positions).view(np.uint8).reshape(count, RECORD_SIZE), out["board"],
                       out["turn"], out["castling"], out["ep"], out["halfmove"].view(np.uint8).reshape(count, 2),
                       out["fullmove"].view(np.uint8).reshape(count, 2), out["rooks"])
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
def _split_records(records: cython.uchar[:, ::1], board: cython.uchar[:, ::1], turn: cython.uchar[::1],
                   castling: cython.uchar[::1], ep: cython.uchar[::1], halfmove: cython.uchar[:, ::1],
                   fullmove: cython.uchar[:, ::1], rooks: cython.uchar[:, ::1]) -> None:
    """The compiled loop of `record_columns` (the offsets are position_dtype's, as write_record
    writes them; the 2-byte fields are copied as bytes, little-endian both sides)."""
    row: cython.Py_ssize_t
    k: cython.int
    with cython.nogil:
        for row in range(records.shape[0]):
            for k in range(32):  # (constant counts: the C compiler makes these block moves)
                board[row, k] = records[row, k]
            turn[row] = records[row, 32]
            castling[row] = records[row, 33]
            ep[row] = records[row, 34]
            for k in range(2):
                halfmove[row, k] = records[row, 35 + k]
                fullmove[row, k] = records[row, 37 + k]
            for k in range(4):
                rooks[row, k] = records[row, 39 + k]


def square_codes(positions):
    """(N, 64) uint8: each record's piece code on each square, 0 where it is empty."""
    import numpy as np
    board = np.asarray(positions["board"], dtype=np.uint8).reshape(-1, 32)
    squares = np.arange(64, dtype=np.uint8)
    return np.ascontiguousarray(nibble_of(board[:, squares >> 1], squares), dtype=np.uint8)


def mirrored_castling(castling):
    """Castling bits with the sides swapped (white's rights become black's and back)."""
    return swap_castling_colors(castling)


def bitboards(positions):
    """(N, 12) uint64: the twelve piece bitboards of each record, white's pawn, knight, bishop,
    rook, queen and king, then black's (bit k set: a piece on square k, a1 = 0)."""
    import numpy as np
    board = np.ascontiguousarray(positions["board"], dtype=np.uint8).reshape(-1, 32)
    out = np.zeros((board.shape[0], 12), dtype=np.uint64)
    if cython.compiled:
        _fill_bitboards(board, out)
        return out
    codes = square_codes(positions)  # uncompiled: twelve comparisons
    for code in range(16):
        if _slot(code) >= 0:
            out[:, _slot(code)] = np.packbits(codes == code, axis=1, bitorder="little").view("<u8")[:, 0]
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
def _fill_bitboards(board: cython.uchar[:, ::1], out: cython.ulonglong[:, ::1]) -> None:
    """The compiled loop of `bitboards`: one pass over the nibbles, no Python object touched."""
    row: cython.Py_ssize_t
    k: cython.int
    slot: cython.int
    byte: cython.uchar
    with cython.nogil:
        for row in range(board.shape[0]):
            for k in range(32):
                byte = board[row, k]
                slot = _slot(_nibble(byte, 2 * k))
                if slot >= 0:
                    out[row, slot] |= cython.cast(cython.ulonglong, 1) << (2 * k)
                slot = _slot(_nibble(byte, 2 * k + 1))
                if slot >= 0:
                    out[row, slot] |= cython.cast(cython.ulonglong, 1) << (2 * k + 1)


def mirror(positions):
    """The records mirrored as python-chess's Board.mirror() does: ranks flipped, colours swapped,
    the other side to move, castling rights and the en-passant square with them."""
    import numpy as np
    out = np.array(positions, dtype=position_dtype(), copy=True).reshape(-1)
    board = out["board"].reshape(-1, 8, 4)[:, ::-1, :]  # rank r's four bytes go to rank 7 - r
    out["board"] = (board ^ np.where(board & 0x07, 0x08, 0) ^ np.where(board & 0x70, 0x80, 0)).reshape(-1, 32)
    out["turn"] ^= 1
    castling = out["castling"]
    out["castling"] = mirrored_castling(castling & ALL_CASTLING) | (castling & ~np.uint8(ALL_CASTLING))  # variant bits
    ep = out["ep"]
    out["ep"] = np.where(ep < NO_SQUARE, ep ^ 56, ep)
    rooks = out["rooks"][:, [2, 3, 0, 1]]
    out["rooks"] = np.where(rooks < NO_SQUARE, rooks ^ 56, rooks)
    return out.reshape(np.shape(positions))


def mirror_extras(extras):
    """The extras of mirrored records (mirror): the pockets and checks of the two sides swapped,
    the promoted pieces' ranks flipped."""
    import numpy as np
    out = np.array(extras, dtype=extras_dtype(), copy=True).reshape(-1)
    pockets = out["pockets"]
    out["pockets"] = np.concatenate([pockets[:, _POCKET_TYPES:], pockets[:, :_POCKET_TYPES]], axis=1)
    out["promoted"] = out["promoted"].byteswap()  # rank r's byte goes to rank 7 - r
    out["checks"] = out["checks"][:, ::-1]
    return out.reshape(np.shape(extras))


def en_passant_capturable(positions, boards=None):
    """(N,) bool: whether a pawn of the side to move stands beside the pawn that just moved two
    squares, legality aside (the rule of Polyglot's keys and of lc0's en-passant flag).
    `boards` is `bitboards(positions)` where the caller has it already."""
    import numpy as np
    positions = np.asarray(positions).reshape(-1)
    boards = bitboards(positions) if boards is None else boards
    ep = positions["ep"].astype(np.uint64)
    has = ep < NO_SQUARE
    target = np.where(has, np.uint64(1) << np.where(has, ep, 0), np.uint64(0))
    file_a, file_h = np.uint64(BB_FILE_A), np.uint64(BB_FILE_H)
    white_from = ((target >> np.uint64(9)) & ~file_h) | ((target >> np.uint64(7)) & ~file_a)
    black_from = ((target << np.uint64(7)) & ~file_h) | ((target << np.uint64(9)) & ~file_a)
    attackers = np.where(positions["turn"] != 0, white_from & boards[:, 0], black_from & boards[:, 6])
    return has & (attackers != 0)
