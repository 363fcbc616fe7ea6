# A text file's decoded text for the PGN reader (game_tree/lines cimports them).


cdef bint decoded_readable(object handle)
cdef str decoded_line(object handle, Py_ssize_t *bounds)
cdef str read_on(object handle)
