# Attack tables the move generator and the position read.
from bitboard.core.arguments cimport bitboard_arg, square_arg
from bitboard.core.encoding cimport BB_ALL, ONE, u64
from bitboard.core.native cimport clz64, ctz64


cdef enum:
    SLIDER_TABLE_SIZE = 107648

cdef unsigned long long KNIGHT_ATTACKS[64]
cdef unsigned long long KING_ATTACKS[64]
cdef unsigned long long PAWN_ATTACKS[128]
cdef unsigned long long DIRECTION_RAYS[512]
cdef unsigned long long BETWEEN[4096]
cdef unsigned long long LINE[4096]
cdef unsigned long long BISHOP_PSEUDO_ATTACKS[64]
cdef unsigned long long ROOK_PSEUDO_ATTACKS[64]
cdef unsigned long long BISHOP_MASK[64]
cdef unsigned long long BISHOP_MAGIC[64]
cdef unsigned char BISHOP_SHIFT[64]
cdef unsigned int BISHOP_OFFSET[64]
cdef unsigned long long ROOK_MASK[64]
cdef unsigned long long ROOK_MAGIC[64]
cdef unsigned char ROOK_SHIFT[64]
cdef unsigned int ROOK_OFFSET[64]
cdef unsigned long long SLIDER_ATTACKS[SLIDER_TABLE_SIZE]


# The magic look-ups, inline so that the move generator's loops hold them (attacks.py has their
# plain-Python twins for the uncompiled build): the occupancy on the relevant mask, times the
# magic, shifted, indexes the shared table.
cdef inline unsigned long long _bishop_attacks(int sq, unsigned long long occupied) noexcept nogil:
    return SLIDER_ATTACKS[BISHOP_OFFSET[sq] + (((occupied & BISHOP_MASK[sq]) * BISHOP_MAGIC[sq]) >> BISHOP_SHIFT[sq])]

cdef inline unsigned long long _rook_attacks(int sq, unsigned long long occupied) noexcept nogil:
    return SLIDER_ATTACKS[ROOK_OFFSET[sq] + (((occupied & ROOK_MASK[sq]) * ROOK_MAGIC[sq]) >> ROOK_SHIFT[sq])]

# The pieces of colour `by` that attack `sq` given the occupancy, on a position's bitboards by
# type (pieces[PAWN] ... pieces[KING]) and by colour: the one rule of what attacks a square, which
# movegen's _attackers and the variants' make read.
cdef inline unsigned long long _attackers_on(const unsigned long long *pieces, const unsigned long long *colors,
                                             int sq, int by, unsigned long long occupied) noexcept nogil:
    return colors[by] & ((KNIGHT_ATTACKS[sq] & pieces[2])
                         | (PAWN_ATTACKS[64 * (by ^ 1) + sq] & pieces[1])
                         | (KING_ATTACKS[sq] & pieces[6])
                         | (_bishop_attacks(sq, occupied) & (pieces[3] | pieces[5]))
                         | (_rook_attacks(sq, occupied) & (pieces[4] | pieces[5])))

cdef unsigned long long _bishop_attacks_rays(int sq, unsigned long long occupied) noexcept nogil
cdef unsigned long long _rook_attacks_rays(int sq, unsigned long long occupied) noexcept nogil
