# The square-serialization tables, C arrays in the compiled build.
from bitboard.core.bits cimport _trailing_zeros
from bitboard.core.encoding cimport ONE, u64
from bitboard.core.native cimport bswap64, clz64, ctz64, popcount64


cdef unsigned char BYTE_SQUARES[2048]
cdef unsigned char WORD_SQUARES[1048576]
cdef bint _word_squares_ready

ctypedef int (*square_technique)(unsigned long long b, unsigned char *buf) noexcept nogil
cdef list _run(square_technique technique, unsigned long long b)
