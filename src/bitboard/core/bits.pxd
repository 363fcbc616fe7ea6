# The toolkit's C globals and the cfuncs other modules cimport.
from bitboard.core.arguments cimport bitboard_value
from bitboard.core.encoding cimport BB_ALL, u64
from bitboard.core.native cimport bswap64, clz64, ctz64, popcount64


cpdef enum:
    NORTH = 8
    NORTH_EAST = 9
    EAST = 1
    SOUTH_EAST = -7
    SOUTH = -8
    SOUTH_WEST = -9
    WEST = -1
    NORTH_WEST = 7

cdef unsigned long long NOT_A_FILE, NOT_H_FILE
cdef unsigned long long BITS_1, BITS_2, BITS_4, TRANSPOSE_7, TRANSPOSE_14, TRANSPOSE_28

cdef int _trailing_zeros(unsigned long long b) noexcept nogil
cdef unsigned long long _flip_vertical(unsigned long long b) noexcept nogil
cdef unsigned long long _mirror_horizontal(unsigned long long b) noexcept nogil
cdef unsigned long long _flip_diagonal(unsigned long long b) noexcept nogil
cdef unsigned long long _rotate_180(unsigned long long b) noexcept nogil
cdef unsigned long long _shift(unsigned long long b, int direction) noexcept nogil
cdef unsigned long long _occluded_fill(unsigned long long gen, unsigned long long empty, int direction) noexcept nogil
cdef unsigned long long _diagonal_fill_attacks(unsigned long long b, unsigned long long empty) noexcept nogil
cdef unsigned long long _orthogonal_fill_attacks(unsigned long long b, unsigned long long empty) noexcept nogil
cdef list _square_list(unsigned long long b)
