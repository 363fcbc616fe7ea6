cdef class Move:
    cdef readonly int from_square
    cdef readonly int to_square
    cdef int _promotion
    cdef int _drop
    # made on first use: a Move is immutable, and the generators hand out one object per move
    cdef Py_hash_t _hash
    cdef str _uci

cdef list _CACHE
cdef Move _move_of(int code)
cdef int _square_of(Py_UCS4 file, Py_UCS4 rank) noexcept
