# The per-game columns the PGN reader appends to as it finishes each game.
cdef class GameColumns:
    cdef public Py_ssize_t first
    cdef public object tags
    cdef public list offsets
    cdef public list results
    cdef public list errors
    cdef public list headers

    cdef void add(self, Py_ssize_t offset, object result, object error, dict headers)
