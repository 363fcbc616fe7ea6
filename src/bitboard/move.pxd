cdef class Move:
    cdef readonly int from_square
    cdef readonly int to_square
    cdef int _promotion
    cdef int _drop

cdef list _CACHE
cdef Move _move_of(int code)
