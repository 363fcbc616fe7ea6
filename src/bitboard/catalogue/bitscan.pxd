# The variants' look-up tables, C arrays in the compiled build.
cdef unsigned long long DEBRUIJN64, LOW_32
cdef unsigned char POPCOUNT8[256]
cdef unsigned char POPCOUNT16[65536]
cdef signed char LSB8[256]
cdef signed char MSB8[256]
cdef signed char LSB16[65536]
cdef signed char MSB16[65536]
cdef signed char DEBRUIJN_LSB[64]
cdef signed char DEBRUIJN_MSB[64]
