from bitboard.core.position cimport Position

cdef bint walkable(Position pos) noexcept nogil
cdef unsigned long long walk(Position pos, int depth, int *stop) noexcept nogil
