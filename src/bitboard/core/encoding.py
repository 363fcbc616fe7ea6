"""The library's encodings in one place: types, piece and colour codes, castling bits, the move
code and the undo record.

encoding.pxd declares them for the compiled build (C enums and inline functions); this file
holds the same names for the uncompiled build and for Python code that reads them. It is never
compiled, and a test keeps the two equal::

    piece code    type | colour << 3: PAWN 1 ... KING 6, colour 1 white (python-chess's WHITE)
    castling      WHITE_KINGSIDE 1, WHITE_QUEENSIDE 2, BLACK_KINGSIDE 4, BLACK_QUEENSIDE 8
    move code     from | to << 6 | flag << 12; flag NORMAL, DOUBLE_PUSH, EN_PASSANT, CASTLING,
                  PROMOTION + piece type - KNIGHT (a king too, in antichess), or DROP +
                  piece type - PAWN (crazyhouse, from = to); castling is king takes own rook
                  (e1h1; castled_king_square and castled_rook_square say where both land)
    dataset move  the data pipeline's uint16 (dataset_move): from + 64 * to + 4096 * promotion;
                  a crazyhouse drop DATASET_DROP (bit 15) | 65 * square + 4096 * piece type
                  (dataset_drop); DATASET_NO_MOVE (0xFFFF) at a game's final position
    dataset result  the data pipeline's int8 result code (DATASET_RESULTS): 1 "1-0", -1 "0-1",
                  0 "1/2-1/2", DATASET_NO_RESULT (-2) for "*" or no result
    variant       the rules a Position plays: STANDARD, ANTICHESS (giveaway and antichess),
                  ATOMIC, KING_OF_THE_HILL, RACING_KINGS, HORDE, THREE_CHECK, CRAZYHOUSE,
                  SUICIDE (antichess's moves, its own ends)
    undo record   captured code | castling << 4 | en-passant square << 8 | half-move clock << 16,
                  with PHANTOM_EP in bit 15 and, on a Board's stack, the move code << 48
"""

from .._cython_shim import cython as _shim

u64 = _shim.ulonglong  # a C type to the shim: `u64[64]` declares a list of 64 zeros
move_t = _shim.ushort

ONE = 1
BB_ALL = 0xFFFFFFFFFFFFFFFF

BLACK, WHITE = 0, 1
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6
COLOR_SHIFT = 3
WHITE_KINGSIDE, WHITE_QUEENSIDE, BLACK_KINGSIDE, BLACK_QUEENSIDE = 1, 2, 4, 8
ALL_CASTLING = 15
NO_SQUARE = 64
MAX_MOVES = 1100
MAX_PIECE_MOVES = 32
TO_SHIFT = 6
FLAG_SHIFT = 12
FROM_TO_BITS = 0xFFF
NULL_MOVE = 0
NORMAL, DOUBLE_PUSH, EN_PASSANT, CASTLING, PROMOTION = 0, 1, 2, 3, 4
DROP = 9
STANDARD, ANTICHESS, ATOMIC, KING_OF_THE_HILL, RACING_KINGS, HORDE, THREE_CHECK, CRAZYHOUSE, SUICIDE = range(9)
UNDO_CASTLING_SHIFT = 4
UNDO_EP_SHIFT = 8
UNDO_HALFMOVE_SHIFT = 16
ENTRY_CODE_SHIFT = 48
PHANTOM_EP = 0x8000
PERFT_BUCKET_WORDS = 8  # a perft table's bucket: 8 words, one cache line
DATASET_NO_MOVE = 0xFFFF  # the dataset move code of a game's final position: no move from it
DATASET_DROP = 0x8000  # the dataset move code's drop bit (crazyhouse): above every board move's code
DATASET_WHITE_WINS, DATASET_BLACK_WINS, DATASET_DRAW, DATASET_NO_RESULT = 1, -1, 0, -2
#: The dataset result code of each result token; any other token ("*") or none is DATASET_NO_RESULT.
DATASET_RESULTS = {"1-0": DATASET_WHITE_WINS, "0-1": DATASET_BLACK_WINS, "1/2-1/2": DATASET_DRAW}


def piece_code(piece_type, color):
    return piece_type | (color << COLOR_SHIFT)


def code_type(code):
    return code & 7


def code_color(code):
    return code >> COLOR_SHIFT


def color_castling(color):
    """Both castling rights of one colour."""
    return (WHITE_KINGSIDE | WHITE_QUEENSIDE) if color else (BLACK_KINGSIDE | BLACK_QUEENSIDE)


def kingside_right(color):
    return WHITE_KINGSIDE if color else BLACK_KINGSIDE


def queenside_right(color):
    return WHITE_QUEENSIDE if color else BLACK_QUEENSIDE


def swap_castling_colors(rights):
    """The rights with the colours swapped (white's become black's and back)."""
    return ((rights >> 2) & 3) | ((rights & 3) << 2)


def castled_king_square(king_from, kingside):
    """Where a king castles to, in standard chess and Chess960 alike: the g- or c-file of its rank."""
    return (king_from & 56) + (6 if kingside else 2)


def castled_rook_square(king_from, kingside):
    """Where its rook castles to: the f- or d-file of the king's rank."""
    return (king_from & 56) + (5 if kingside else 3)


def encode_move(frm, to, flag):
    return frm | (to << TO_SHIFT) | (flag << FLAG_SHIFT)


def move_from(move):
    return move & 63


def move_to(move):
    return (move >> TO_SHIFT) & 63


def move_flag(move):
    return move >> FLAG_SHIFT


def shown_code(move, chess960):
    """The code of the Move a program sees for a generated code: itself, but a castling in
    standard chess, which python-chess shows as the king's two-square step (e1g1)."""
    if move_flag(move) != CASTLING or chess960:
        return move
    frm = move_from(move)
    return encode_move(frm, castled_king_square(frm, move_to(move) > frm), NORMAL)


def promotion_flag(piece_type):
    return PROMOTION + piece_type - KNIGHT


def flag_promotion(flag):
    """The piece type a flag promotes to, 0 for none."""
    return flag - PROMOTION + KNIGHT if PROMOTION <= flag < DROP else 0


def drop_flag(piece_type):
    return DROP + piece_type - PAWN


def flag_drop(flag):
    """The piece type a flag drops (crazyhouse), 0 for none."""
    return flag - DROP + PAWN if flag >= DROP else 0


def dataset_move(frm, to, promotion):
    """The move code of the data pipeline's arrays and tables, one uint16: from + 64 * to + 4096 *
    promotion piece type (0 for none); castling as python-chess writes it (e1g1); a drop is
    `dataset_drop`'s code."""
    return frm + 64 * to + 4096 * promotion


def dataset_move_parts(code):
    """(from, to, promotion piece type or 0) of dataset move codes: ints or NumPy arrays. A drop's
    from and to are its square and its third part is 8 + the piece type dropped (9 ... 13), no
    piece type: `dataset_drop_piece` tells drops apart, and no decoder may take them for moves."""
    return code % 64, code // 64 % 64, code // 4096


def dataset_drop(square, piece_type):
    """The dataset move code of a crazyhouse drop (python-chess's Move(square, square,
    drop=piece_type), "N@f3"): DATASET_DROP | square + 64 * square + 4096 * piece type. From = to,
    which no board move has, and bit 15, which no board move's code reaches (the highest, a king
    promotion of antichess, is 6 << 12 | 4095); DATASET_NO_MOVE would be a drop of piece type 7."""
    return DATASET_DROP | dataset_move(square, square, piece_type)


def dataset_drop_piece(code):
    """The piece type a dataset move code drops (1 pawn ... 5 queen), 0 for a board move or
    DATASET_NO_MOVE: ints or NumPy arrays."""
    return (code // 4096 % 8) * (code // DATASET_DROP % 2) * (code != DATASET_NO_MOVE)


def undo_record(captured, castling, ep, halfmove):
    return (captured | (castling << UNDO_CASTLING_SHIFT) | (ep << UNDO_EP_SHIFT)
            | (halfmove << UNDO_HALFMOVE_SHIFT))


def undo_captured(undo):
    return undo & 15


def undo_castling(undo):
    return (undo >> UNDO_CASTLING_SHIFT) & 15


def undo_ep(undo):
    return (undo >> UNDO_EP_SHIFT) & 127


def undo_halfmove(undo):
    return (undo >> UNDO_HALFMOVE_SHIFT) & 0xFFFFFFFF


def stack_entry(undo, move):
    return undo | (move << ENTRY_CODE_SHIFT)


def entry_move(entry):
    return entry >> ENTRY_CODE_SHIFT


def entry_undo(entry):
    return entry & ((ONE << ENTRY_CODE_SHIFT) - 1)
