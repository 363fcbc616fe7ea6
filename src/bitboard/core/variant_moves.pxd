# The variants' moves and ends (core/legality hands variant positions here).
from bitboard.core.attacks cimport BETWEEN, KING_ATTACKS, PAWN_ATTACKS
from bitboard.core.encoding cimport ANTICHESS, ATOMIC, BB_ALL, BLACK, CASTLING, CRAZYHOUSE, EN_PASSANT, HORDE, KING
from bitboard.core.encoding cimport KING_OF_THE_HILL, MAX_MOVES, NO_SQUARE, ONE, PAWN, PROMOTION, QUEEN, RACING_KINGS
from bitboard.core.encoding cimport SUICIDE, THREE_CHECK, WHITE, castled_king_square, castled_rook_square, drop_flag
from bitboard.core.encoding cimport encode_move, move_flag, move_from, move_to, promotion_flag, u64
from bitboard.core.movegen cimport _attackers, _generate_ordered
from bitboard.core.native cimport clz64, ctz64, popcount64
from bitboard.core.position cimport Position
from bitboard.core.position cimport _king_attacked, _make, _unmake
from bitboard.core.pseudo_legal cimport _one_king, _standard_pseudo_legal


cdef enum:
    # _variant_result's answers, for the side to move
    VARIANT_NONE = 0
    VARIANT_WIN = 1
    VARIANT_LOSS = 2
    VARIANT_DRAW = 3

cdef bint _kings_touch(Position pos) noexcept nogil
cdef bint _variant_in_check(Position pos) noexcept nogil
cdef bint _variant_end(Position pos) noexcept nogil
cdef int _variant_result(Position pos) noexcept nogil
cdef int _variant_pseudo_legal(Position pos, unsigned short *buf, unsigned long long from_mask,
                               unsigned long long to_mask) noexcept nogil
cdef unsigned long long _legal_drop_mask(Position pos) noexcept nogil
cdef int _variant_legal_moves(Position pos, unsigned short *buf, unsigned long long from_mask,
                              unsigned long long to_mask) noexcept nogil
cdef unsigned long long _variant_perft(Position pos, int depth) noexcept nogil
cdef unsigned long long _variant_key(Position pos) noexcept nogil
cdef bint _atomic_en_passant(Position pos) noexcept nogil
