# Attack tables the move generator and the position read.
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

cdef unsigned long long _bishop_attacks_rays(int sq, unsigned long long occupied) noexcept nogil
cdef unsigned long long _rook_attacks_rays(int sq, unsigned long long occupied) noexcept nogil
