from bitboard.core.position cimport Position

cdef unsigned long long _perft(Position pos, int depth, int *stop) noexcept nogil
cdef unsigned long long _perft_hashed(Position pos, int depth, unsigned long long *table,
                                      unsigned long long mask, int *stop, bint walk_below) noexcept nogil
