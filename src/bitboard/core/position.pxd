# The C state of a position and the functions that change it; movegen, perft and board cimport it.
from bitboard.core.attacks cimport KING_ATTACKS, PAWN_ATTACKS, _attackers_on
from bitboard.core.encoding cimport ALL_CASTLING, ATOMIC, BB_ALL, BISHOP, BLACK, CASTLING, COLOR_SHIFT, CRAZYHOUSE
from bitboard.core.encoding cimport DOUBLE_PUSH, DROP, EN_PASSANT, KING, KNIGHT, NO_SQUARE, ONE, PAWN, PROMOTION
from bitboard.core.encoding cimport QUEEN, ROOK, THREE_CHECK, WHITE, castled_king_square, castled_rook_square
from bitboard.core.encoding cimport code_type, flag_drop, flag_promotion, move_flag, move_from, move_to, piece_code
from bitboard.core.encoding cimport u64, undo_captured, undo_castling, undo_ep, undo_halfmove, undo_record
from bitboard.core.native cimport clz64, ctz64, popcount64
from bitboard.core.zobrist cimport CASTLING_KEYS, EP_KEYS, PIECE_KEYS, TURN_KEY


# A variant position's whole state, which _make saves before a variant move and _unmake puts back.
ctypedef struct Saved:
    unsigned long long pieces[7]
    unsigned long long colors[2]
    unsigned char board[64]
    int turn
    int castling
    int ep
    long long halfmove
    long long fullmove
    unsigned long long key
    unsigned long long promoted
    unsigned char pockets[16]
    signed char checks[2]

cdef class Position:
    cdef unsigned long long _pieces[7]
    cdef unsigned long long _colors[2]
    cdef unsigned char _board[64]
    cdef int _turn
    cdef int _castling
    cdef int _ep
    cdef long long _halfmove
    cdef long long _fullmove
    cdef unsigned long long _key
    # Castling, for any rook files (Chess960): per right (WHITE_KINGSIDE ... BLACK_QUEENSIDE, in
    # bit order) the rook's square, the squares that must be empty, the squares the king crosses
    # (its destination included), which must not be attacked, and the squares of the rank beyond
    # the rook from the king's destination (an enemy rook or queen there may be hidden by the
    # castling rook: none in standard chess); and per square the rights that survive a move from
    # or to it. Set by _set_castling, fixed for the game.
    cdef unsigned char _castling_rook[4]
    cdef unsigned long long _castling_empty[4]
    cdef unsigned long long _castling_king_path[4]
    cdef unsigned long long _castling_beyond[4]
    cdef unsigned char _castling_mask[64]
    # The rules played (encoding's STANDARD ... CRAZYHOUSE) and what the variants add: the pieces
    # that were pawns (python-chess's `promoted`; crazyhouse pockets them as pawns), the pockets
    # (crazyhouse: pieces in hand, at colour * 8 + piece type) and the checks each side still
    # has to give (three-check, python-chess's remaining_checks). A variant move is made by
    # saving the whole state on _saved (a C array, grown as needed) and unmade by restoring it.
    cdef int _variant
    cdef unsigned long long _promoted
    cdef unsigned char _pockets[16]
    cdef signed char _checks[2]
    cdef Saved *_saved
    cdef int _saved_count
    cdef int _saved_room

cdef bint _ep_capturable(Position pos) noexcept nogil
cdef unsigned long long _compute_key(Position pos) noexcept nogil
cdef unsigned long long _key_after(Position pos, int move) noexcept nogil
cdef unsigned long long _make(Position pos, int move) noexcept nogil
cdef void _unmake(Position pos, int move, unsigned long long undo, unsigned long long key) noexcept nogil
cdef unsigned long long _make_null(Position pos) noexcept nogil
cdef void _unmake_null(Position pos, unsigned long long undo, unsigned long long key) noexcept nogil
cdef void _copy_position(Position target, Position source) noexcept
cdef void _copy_saved(Position target, Position source) noexcept
cdef void _drop_saved(Position pos, int count) noexcept
cdef unsigned long long _make_variant(Position pos, int move) noexcept nogil
cdef void _restore(Position pos) noexcept nogil
cdef bint _king_attacked(Position pos, int color) noexcept nogil
cdef bint _insufficient(Position pos, int color) noexcept nogil
cdef int _set_castling(Position pos, int rights, unsigned char *rooks) noexcept
cdef bint _castling_tables_serve(Position pos, int rights, unsigned char *rooks) noexcept
