# The variants' moves and ends (core/legality hands variant positions here).
from bitboard.core.position cimport Position

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
