"""Position records: one chess position in 43 bytes, for arrays of millions of them.

The fields of `position_dtype()`, a packed NumPy structured dtype::

      board      32 bytes  two squares a byte: square 2k in the low nibble, 2k + 1 in the high one;
                           each nibble a piece code, piece type | colour << 3 (PAWN 1 ... KING 6,
                           white 8), 0 for an empty square
      turn        uint8    1 white to move, 0 black
      castling    uint8    the rights the move generator plays: bit 0 white's h-side, 1 white's
                           a-side, 2 black's h-side, 3 black's a-side
      ep          uint8    the square a pawn passed on its double push last move, 64 for none
      halfmove    uint16   the half-move clock (little-endian, as every multi-byte field)
      fullmove    uint16   the move number
      rooks       4 uint8  each castling right's rook square (64 where there is none): Chess960

`record_of(board)` writes one, `board_of(record)` reads one back into a Board; `bitboard.encode`
turns arrays of them into the planes networks train on. NumPy is needed (pip install numpy).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (the Python imports first: they are what type checkers read)
    from ..core.position import Position
else:
    from cython.cimports.bitboard.core.position import Position

from ..board import Board
from ..core.encoding import ALL_CASTLING, NO_SQUARE, swap_castling_colors
from ..fen import STANDARD_ROOKS, board_fen, castling_xfen
from ..squares import BB_FILE_A, BB_FILE_H

__all__ = [
    "RECORD_SIZE", "nibble_of", "position_dtype", "record_of", "board_of",
    "square_codes", "mirrored_castling", "bitboards", "mirror", "en_passant_capturable"
]

def position_dtype():
    """The record's NumPy dtype (NumPy imported on first use)."""
    import numpy as np
    return np.dtype([("board", np.uint8, (32,)), ("turn", np.uint8), ("castling", np.uint8), ("ep", np.uint8),
                     ("halfmove", "<u2"), ("fullmove", "<u2"), ("rooks", np.uint8, (4,))])


RECORD_SIZE = 43


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
def write_record(pos: Position, out: cython.uchar[:, ::1], row: cython.Py_ssize_t) -> cython.void:
    """Write the record of `pos` (a Board, or the PGN reader's scratch position) as the 43 bytes
    of out[row]: the one place that knows the record's layout, byte by byte."""
    k: cython.int
    for k in range(32):
        out[row, k] = pos._board[2 * k] | (pos._board[2 * k + 1] << 4)
    out[row, 32] = pos._turn
    out[row, 33] = pos._castling & ALL_CASTLING
    out[row, 34] = pos._ep
    halfmove: cython.longlong = min(pos._halfmove, 0xFFFF)
    fullmove: cython.longlong = min(pos._fullmove, 0xFFFF)
    out[row, 35], out[row, 36] = halfmove & 0xFF, halfmove >> 8  # little-endian, as the dtype says
    out[row, 37], out[row, 38] = fullmove & 0xFF, fullmove >> 8
    for k in range(4):
        out[row, 39 + k] = pos._castling_rook[k]


def record_of(board: Board):
    """A one-element record array of the position on `board`."""
    import numpy as np
    out = np.zeros((1, RECORD_SIZE), dtype=np.uint8)
    write_record(board, out, 0)
    return out.view(position_dtype()).reshape(1)


def board_of(record) -> Board:
    """The Board a record describes (Chess960 when a castling rook or its king is off its
    standard square)."""
    packed = [int(b) for b in record["board"]]
    codes = [nibble_of(packed[square >> 1], square) for square in range(64)]
    rooks = [int(r) for r in record["rooks"]]
    castling = int(record["castling"])
    rights = [rooks[i] if castling >> i & 1 else NO_SQUARE for i in range(4)]
    kings = {code >> 3: square for square, code in enumerate(codes) if code & 7 == 6}  # {colour: square}
    chess960 = any(r != NO_SQUARE and (r != STANDARD_ROOKS[i] or kings.get(1 if i < 2 else 0) != (4 if i < 2 else 60))
                   for i, r in enumerate(rights))
    ep = int(record["ep"])
    fen = (f"{board_fen(codes)} {'w' if record['turn'] else 'b'} {castling_xfen(codes, castling, rights)} "
           f"{'-' if ep == NO_SQUARE else 'abcdefgh'[ep & 7] + str(ep // 8 + 1)} "
           f"{int(record['halfmove'])} {max(int(record['fullmove']), 1)}")
    return Board(fen, chess960=chess960)


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
    out["castling"] = mirrored_castling(castling)
    ep = out["ep"]
    out["ep"] = np.where(ep < NO_SQUARE, ep ^ 56, ep)
    rooks = out["rooks"][:, [2, 3, 0, 1]]
    out["rooks"] = np.where(rooks < NO_SQUARE, rooks ^ 56, rooks)
    return out.reshape(np.shape(positions))


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
