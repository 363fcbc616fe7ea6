cdef unsigned long long DIAGONAL_MASK[64]
cdef unsigned long long ANTI_DIAGONAL_MASK[64]
cdef unsigned long long FILE_MASK[64]
cdef unsigned long long RANK_MASK[64]
