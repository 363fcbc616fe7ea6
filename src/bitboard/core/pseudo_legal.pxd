# The pseudo-legal moves of standard chess (core/legality and core/variant_moves start from them).
from bitboard.core.position cimport Position

cdef bint _one_king(Position pos) noexcept nogil
cdef unsigned long long _piece_attacks(Position pos, int sq, unsigned long long occupied) noexcept nogil
cdef int _add_pawn_move(unsigned short *buf, int n, int frm, int to, int flag) noexcept nogil
cdef int _standard_pseudo_legal(Position pos, unsigned short *buf, unsigned long long from_mask,
                                unsigned long long to_mask) noexcept nogil
