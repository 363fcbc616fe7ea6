# A StringIO's text in blocks of UTF-8 for the PGN reader (game_tree/reading cimports them).


cdef Py_ssize_t stringio_tell(object handle) except? -1
cdef void stringio_seek(object handle, Py_ssize_t position)
cdef tuple stringio_block(object handle, Py_ssize_t start, Py_ssize_t count)
cdef bint newlines_plain(bytes block)
