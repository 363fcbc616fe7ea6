"""Position records: one chess position in 43 bytes, for arrays of millions of them.

The fields of `position_dtype()`, a packed NumPy structured dtype::

      board      32 bytes  two squares a byte: square 2k in the low nibble, 2k + 1 in the high one;
                           each nibble a piece code, piece type | colour << 3 (PAWN 1 ... KING 6,
                           white 8), 0 for an empty square
      turn        uint8    1 white to move, 0 black
      castling    uint8    the rights the move generator plays: bit 0 white's h-side, 1 white's
                           a-side, 2 black's h-side, 3 black's a-side
      ep          uint8    the square a pawn passed on its double push last move, 64 for none
      halfmove    uint16   the half-move clock
      fullmove    uint16   the move number
      rooks       4 uint8  each castling right's rook square (64 where there is none): Chess960

`record_of(board)` writes one, `board_of(record)` reads one back into a Board; `bitboard.encode`
turns arrays of them into the planes networks train on. NumPy is needed (pip install numpy).
"""
from .board import Board
from .core.encoding import NO_SQUARE
from .fen import STANDARD_ROOKS, board_fen, castling_xfen


def position_dtype():
    """The record's NumPy dtype (NumPy imported on first use)."""
    import numpy as np
    return np.dtype([("board", np.uint8, (32,)), ("turn", np.uint8), ("castling", np.uint8), ("ep", np.uint8),
                     ("halfmove", np.uint16), ("fullmove", np.uint16), ("rooks", np.uint8, (4,))])


def record_fields(board: Board) -> tuple:
    """The record of a Board as a tuple in the dtype's field order."""
    codes = board._piece_codes()
    packed = bytes(codes[2 * k] | (codes[2 * k + 1] << 4) for k in range(32))
    rooks = board._rook_squares()
    given = board.castling_rights
    castling = sum(1 << i for i in range(4) if rooks[i] != NO_SQUARE and given >> rooks[i] & 1)
    ep = board.ep_square if board.ep_square is not None else NO_SQUARE
    return (list(packed), 1 if board.turn else 0, castling, ep, min(board.halfmove_clock, 0xFFFF),
            min(board.fullmove_number, 0xFFFF), rooks)


def record_of(board: Board):
    """A one-element record array of the position on `board`."""
    import numpy as np
    return np.array([record_fields(board)], dtype=position_dtype())


def board_of(record) -> Board:
    """The Board a record describes (Chess960 when a castling rook or its king is off its
    standard square)."""
    packed = [int(b) for b in record["board"]]
    codes = [0] * 64
    for k in range(32):
        codes[2 * k], codes[2 * k + 1] = packed[k] & 15, packed[k] >> 4
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
