# Attack tables the move generator and the serializer read.
cdef unsigned long long KNIGHT_ATTACKS[64]
cdef unsigned long long KING_ATTACKS[64]
cdef unsigned long long PAWN_ATTACKS[128]
