from bitboard.core.position cimport Position

cdef int _generate(Position pos, unsigned short *buf, int n, unsigned long long from_mask,
                   bint count_only) noexcept nogil
cdef int _generate_ordered(Position pos, unsigned short *buf, unsigned long long from_mask) noexcept nogil
cdef int _count(Position pos) noexcept nogil
cdef unsigned long long _attackers(Position pos, int sq, int by, unsigned long long occupied) noexcept nogil
