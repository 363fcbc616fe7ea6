# The library's encodings, declared once for the compiled build: every compiled module cimports
# its types, codes and field accessors from here, and encoding.py holds the same names for the
# uncompiled build (a test keeps the two equal). The accessors are inline, so the C compiler sees
# through them in every hot loop.

# --- types and constants -------------------------------------------------------------------------
ctypedef unsigned long long u64
ctypedef unsigned short move_t

cdef extern from *:
    const u64 ONE "1ULL"                       # shift ONE, never a bare 1: 1 << 32 is C int arithmetic
    const u64 BB_ALL "0xFFFFFFFFFFFFFFFFULL"   # every square; the mask of every 64-bit multiply

cdef enum:
    # colours: python-chess's WHITE is True, so index 1 is white
    BLACK = 0
    WHITE = 1
    # piece types, as python-chess numbers them; a piece code is type | colour << COLOR_SHIFT
    PAWN = 1
    KNIGHT = 2
    BISHOP = 3
    ROOK = 4
    QUEEN = 5
    KING = 6
    COLOR_SHIFT = 3
    # castling rights, one bit each
    WHITE_KINGSIDE = 1
    WHITE_QUEENSIDE = 2
    BLACK_KINGSIDE = 4
    BLACK_QUEENSIDE = 8
    ALL_CASTLING = 15
    # the en-passant square when there is none
    NO_SQUARE = 64
    # no position has more legal moves than MAX_MOVES (a to-square is reached from at most 8
    # lines and 8 knight squares, and only promotions add moves: 64 * 16 + 72 = 1096); one piece
    # has at most MAX_PIECE_MOVES (a queen 27, a pawn 12, a king 10)
    MAX_MOVES = 1100
    MAX_PIECE_MOVES = 32
    # the move code: from | to << TO_SHIFT | flag << FLAG_SHIFT, 16 bits
    TO_SHIFT = 6
    FLAG_SHIFT = 12
    FROM_TO_BITS = 0xFFF
    # the null move (a1 to a1, no flag): passes the turn; no real move has this code
    NULL_MOVE = 0
    NORMAL = 0
    DOUBLE_PUSH = 1
    EN_PASSANT = 2
    CASTLING = 3
    PROMOTION = 4      # PROMOTION + piece type - KNIGHT: 4 knight ... 7 queen, 8 king (antichess)
    DROP = 9           # DROP + piece type - PAWN: 9 pawn ... 13 queen (crazyhouse), from = to
    # the undo record make() returns: captured piece code (bits 0-3), castling rights (4-7),
    # en-passant square (8-14), PHANTOM_EP (bit 15, set by Board: the position before the move
    # had a pawn beside the en-passant square but no legal capture, so its key counts the
    # en-passant file while its identity for repetitions does not) and the half-move clock
    # (16-47); a Board's stack entry adds the move code in bits 48-63
    PHANTOM_EP = 0x8000
    # a perft transposition table's bucket: 8 words, one cache line (core/perft, core/perft_table)
    PERFT_BUCKET_WORDS = 8
    # the dataset move code of a game's final position: no move from it (dataset_move's codes
    # stop at 5 << 12 | 63 << 6 | 63)
    DATASET_NO_MOVE = 0xFFFF
    # the dataset result code of a game (encoding.py's DATASET_RESULTS maps the tokens)
    DATASET_WHITE_WINS = 1
    DATASET_BLACK_WINS = -1
    DATASET_DRAW = 0
    DATASET_NO_RESULT = -2
    # the rules a Position plays (Position._variant): python-chess's variants; suicide, giveaway
    # and antichess share their moves
    STANDARD = 0
    ANTICHESS = 1
    ATOMIC = 2
    KING_OF_THE_HILL = 3
    RACING_KINGS = 4
    HORDE = 5
    THREE_CHECK = 6
    CRAZYHOUSE = 7
    SUICIDE = 8        # antichess's moves, with suicide's ends (a stalemate counts the pieces)
    UNDO_CASTLING_SHIFT = 4
    UNDO_EP_SHIFT = 8
    UNDO_HALFMOVE_SHIFT = 16
    ENTRY_CODE_SHIFT = 48


# --- pieces and castling -------------------------------------------------------------------------
cdef inline int piece_code(int piece_type, int color) noexcept nogil:
    return piece_type | (color << COLOR_SHIFT)

cdef inline int code_type(int code) noexcept nogil:
    return code & 7

cdef inline int code_color(int code) noexcept nogil:
    return code >> COLOR_SHIFT

cdef inline int color_castling(int color) noexcept nogil:
    """Both castling rights of one colour."""
    return (WHITE_KINGSIDE | WHITE_QUEENSIDE) if color else (BLACK_KINGSIDE | BLACK_QUEENSIDE)

cdef inline int kingside_right(int color) noexcept nogil:
    return WHITE_KINGSIDE if color else BLACK_KINGSIDE

cdef inline int dataset_move(int frm, int to, int promotion) noexcept nogil:
    """The data pipeline's move code: from + 64 * to + 4096 * promotion piece type (encoding.py
    has dataset_move_parts, its inverse, for ints and NumPy arrays)."""
    return frm + 64 * to + 4096 * promotion

cdef inline int swap_castling_colors(int rights) noexcept nogil:
    """The rights with the colours swapped (white's become black's and back)."""
    return ((rights >> 2) & 3) | ((rights & 3) << 2)

cdef inline int castled_king_square(int king_from, bint kingside) noexcept nogil:
    """Where a king castles to, in standard chess and Chess960 alike: the g- or c-file of its rank."""
    return (king_from & 56) + (6 if kingside else 2)

cdef inline int castled_rook_square(int king_from, bint kingside) noexcept nogil:
    """Where its rook castles to: the f- or d-file of the king's rank."""
    return (king_from & 56) + (5 if kingside else 3)

cdef inline int queenside_right(int color) noexcept nogil:
    return WHITE_QUEENSIDE if color else BLACK_QUEENSIDE


# --- the move code -------------------------------------------------------------------------------
cdef inline int encode_move(int frm, int to, int flag) noexcept nogil:
    return frm | (to << TO_SHIFT) | (flag << FLAG_SHIFT)

cdef inline int move_from(int move) noexcept nogil:
    return move & 63

cdef inline int move_to(int move) noexcept nogil:
    return (move >> TO_SHIFT) & 63

cdef inline int move_flag(int move) noexcept nogil:
    return move >> FLAG_SHIFT

cdef inline int shown_code(int move, bint chess960) noexcept nogil:
    """The code of the Move a program sees for a generated code: itself, but a castling in
    standard chess, which python-chess shows as the king's two-square step (e1g1)."""
    cdef int frm = move_from(move)
    if move_flag(move) != CASTLING or chess960:
        return move
    return encode_move(frm, castled_king_square(frm, move_to(move) > frm), NORMAL)

cdef inline int promotion_flag(int piece_type) noexcept nogil:
    return PROMOTION + piece_type - KNIGHT

cdef inline int flag_promotion(int flag) noexcept nogil:
    """The piece type a flag promotes to, 0 for none."""
    return flag - PROMOTION + KNIGHT if PROMOTION <= flag < DROP else 0

cdef inline int drop_flag(int piece_type) noexcept nogil:
    return DROP + piece_type - PAWN

cdef inline int flag_drop(int flag) noexcept nogil:
    """The piece type a flag drops (crazyhouse), 0 for none."""
    return flag - DROP + PAWN if flag >= DROP else 0


# --- the undo record and the stack entry ---------------------------------------------------------
cdef inline u64 undo_record(int captured, int castling, int ep, long long halfmove) noexcept nogil:
    return (<u64>captured | (<u64>castling << UNDO_CASTLING_SHIFT) | (<u64>ep << UNDO_EP_SHIFT)
            | (<u64>halfmove << UNDO_HALFMOVE_SHIFT))

cdef inline int undo_captured(u64 undo) noexcept nogil:
    return undo & 15

cdef inline int undo_castling(u64 undo) noexcept nogil:
    return (undo >> UNDO_CASTLING_SHIFT) & 15

cdef inline int undo_ep(u64 undo) noexcept nogil:
    return (undo >> UNDO_EP_SHIFT) & 127

cdef inline long long undo_halfmove(u64 undo) noexcept nogil:
    return (undo >> UNDO_HALFMOVE_SHIFT) & 0xFFFFFFFFULL

cdef inline u64 stack_entry(u64 undo, int move) noexcept nogil:
    return undo | (<u64>move << ENTRY_CODE_SHIFT)

cdef inline int entry_move(u64 entry) noexcept nogil:
    return entry >> ENTRY_CODE_SHIFT

cdef inline u64 entry_undo(u64 entry) noexcept nogil:
    return entry & ((<u64>1 << ENTRY_CODE_SHIFT) - 1)
