# The kernel's C names, cimported here once: perft_kernel.py imports the same names from the
# Python modules only when it runs uncompiled.
from bitboard.core.encoding cimport (BB_ALL, BISHOP, CASTLING, DOUBLE_PUSH, EN_PASSANT, KING, KNIGHT, NO_SQUARE, ONE,
                                     PAWN, QUEEN, ROOK, castled_king_square, castled_rook_square, code_type,
                                     color_castling, flag_promotion, move_flag, move_from, move_to, u64)
from bitboard.core.native cimport USE_PEXT, ctz64, pext64, popcount64
from bitboard.core.perft_layout cimport fill_tables
from bitboard.core.position cimport Position
# Where each table starts in TABLES, the kernel's one array (perft_layout.py says why one).
from bitboard.core.perft_layout cimport (BETWEEN_AT, BISHOP_PSEUDO_AT, KING_AT, KNIGHT_AT, MAGIC_AT, MASK_AT,
                                         OFFSET_AT, PAWN_AT, ROOK_PSEUDO_AT, SHIFT_AT)

# Square sets the walk reads, as C constants.
cdef extern from *:
    const u64 NOT_A_FILE "0xFEFEFEFEFEFEFEFEULL"
    const u64 NOT_H_FILE "0x7F7F7F7F7F7F7F7FULL"
    const u64 RANK_1 "0x00000000000000FFULL"
    const u64 RANK_2 "0x000000000000FF00ULL"
    const u64 RANK_3 "0x0000000000FF0000ULL"
    const u64 RANK_6 "0x0000FF0000000000ULL"
    const u64 RANK_7 "0x00FF000000000000ULL"
    const u64 RANK_8 "0xFF00000000000000ULL"

# What a gathered entry's targets come from (perft_kernel.py's _gather): a piece's square, or
# for pawns an offset behind each target, a double push's leaving an en-passant square or not.
cdef enum:
    PAWN_KIND = 1
    DOUBLE_KIND = 2

# The words of _walk2's scratch array: the gathered moves (their number, then two words each),
# each enemy slider's look-up index, squares it may go to and number of moves, by kind of piece
# the king's shelter and the squares that piece gives check from, on each square the sliders that
# reach it, a sum, and the context (_walk2's values that _again reads, at CONTEXT_AT + ..._AT).
cdef enum:
    GATHER_AT = 0
    INDEX_AT = 49
    KEEP_AT = 73
    COUNT_AT = 97
    SHELTER_AT = 121
    CHECKS_AT = 129
    TOUCH_AT = 137
    TOTAL_AT = 201
    CONTEXT_AT = 202
    SCRATCH_WORDS = 220
cdef enum:
    KSQ_AT, OWN_AT, OCCUPIED_AT, ENEMY_AT, ORTHOGONAL_AT, DIAGONAL_AT, LINES_AT, PAWNS_AT, FREE_KNIGHTS_AT
    PIN_ORTHOGONAL_AT, PIN_DIAGONAL_AT, PIECES_AT, KING_MOVES_AT, KNIGHTS_AT, N_SLIDERS_AT
    PAWN_REACH_AT, PAWN_MOVES_AT

# The kernel's C functions that are not inline (the .py writes their bodies undecorated): the
# walk's entries, and each side's counters and walks, one compiled body each (see the .py).
cdef u64 walk(Position pos, int depth, int *stop) noexcept nogil
cdef u64 walk_after(Position pos, int move, int depth, int *stop) noexcept nogil
cdef u64 _en_passant(u64 *node, int us, int frm, int ep, int castling, int depth, Position pos,
                     int *stop) noexcept nogil
cdef u64 _castle(u64 *node, int us, int ksq, int rsq, bint kingside, int castling, int depth, Position pos,
                 int *stop) noexcept nogil
cdef u64 _walk2_white(u64 *node, int ep, int castling, Position pos, int *stop) noexcept nogil
cdef u64 _walk2_black(u64 *node, int ep, int castling, Position pos, int *stop) noexcept nogil
cdef u64 _count_white(u64 *node, int ep, int castling, Position pos) noexcept nogil
cdef u64 _count_black(u64 *node, int ep, int castling, Position pos) noexcept nogil
cdef u64 _count_white_plain(u64 *node, Position pos) noexcept nogil
cdef u64 _count_black_plain(u64 *node, Position pos) noexcept nogil
cdef u64 _walk_white(u64 *node, int ep, int castling, int depth, Position pos, int *stop) noexcept nogil
cdef u64 _walk_black(u64 *node, int ep, int castling, int depth, Position pos, int *stop) noexcept nogil
