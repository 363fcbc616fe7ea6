cdef class Move:
    cdef public int from_square
    cdef public int to_square
    cdef int _promotion
    cdef int _drop
    # made on first use, and used while no attribute was set from outside (_touched)
    cdef Py_hash_t _hash
    cdef str _uci
    cdef bint _touched
    # a program's own attributes (move.score = 3), as python-chess's dataclass takes them
    cdef dict __dict__

cdef list _CACHE
cdef Move _move_of(int code)
cdef Move _stacked_move_of(int code)
cdef Move _new_move_of(int code)
cdef int _square_of(Py_UCS4 file, Py_UCS4 rank) noexcept
