# The variants' look-up tables, C arrays in the compiled build.
from bitboard.core.bits cimport BITS_1, BITS_2
from bitboard.core.encoding cimport BB_ALL, ONE, u64
from bitboard.core.native cimport clz32, clz64, ctz32, ctz64, popcount64


cdef unsigned long long DEBRUIJN64, LOW_32
cdef unsigned char POPCOUNT8[256]
cdef unsigned char POPCOUNT16[65536]
cdef signed char LSB8[256]
cdef signed char MSB8[256]
cdef signed char LSB16[65536]
cdef signed char MSB16[65536]
cdef signed char DEBRUIJN_LSB[64]
cdef signed char DEBRUIJN_MSB[64]
