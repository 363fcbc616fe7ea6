# Legality for every position a Board may hold (several kings included) and the pseudo-legal
# moves; the fast generator (movegen) is the one-king case.
from bitboard.core.position cimport Position

cdef int _pseudo_legal(Position pos, unsigned short *buf, unsigned long long from_mask,
                       unsigned long long to_mask) noexcept nogil
cdef bint _exposes_king(Position pos, int code) noexcept nogil
cdef int _legal_moves(Position pos, unsigned short *buf, unsigned long long from_mask,
                      unsigned long long to_mask) noexcept nogil
cdef bint _leaves_king_safe(Position pos, int frm, int to, bint is_king) noexcept nogil
