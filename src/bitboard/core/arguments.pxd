cpdef unsigned long long bitboard_arg(object value) except? 0xFFFFFFFFFFFFFFFF
