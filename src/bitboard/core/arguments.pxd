cpdef unsigned long long bitboard_arg(object value) except? 0xFFFFFFFFFFFFFFFF
cpdef int square_arg(object value) except -1
