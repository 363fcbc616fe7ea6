# Legality for every position a Board may hold (several kings included) and the pseudo-legal
# moves; the fast generator (movegen) is the one-king case.
from bitboard.core.encoding cimport BB_ALL, CASTLING, KING, MAX_MOVES, ONE, castled_king_square, move_flag, move_from
from bitboard.core.encoding cimport move_to, u64
from bitboard.core.movegen cimport _attackers, _generate_ordered
from bitboard.core.native cimport clz64, ctz64
from bitboard.core.position cimport Position
from bitboard.core.position cimport _make, _unmake
from bitboard.core.pseudo_legal cimport _one_king, _standard_pseudo_legal
from bitboard.core.variant_moves cimport _variant_legal_moves, _variant_pseudo_legal


cdef int _pseudo_legal(Position pos, unsigned short *buf, unsigned long long from_mask,
                       unsigned long long to_mask) noexcept nogil
cdef bint _exposes_king(Position pos, int code) noexcept nogil
cdef int _legal_moves(Position pos, unsigned short *buf, unsigned long long from_mask,
                      unsigned long long to_mask) noexcept nogil
cdef bint _leaves_king_safe(Position pos, int frm, int to, bint is_king) noexcept nogil
