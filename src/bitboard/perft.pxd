from bitboard.position cimport Position

cdef unsigned long long _perft(Position pos, int depth) noexcept nogil
