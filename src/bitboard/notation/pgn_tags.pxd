# The PGN readers' lookup of a known tag name (pgn_tags.py says why).


cdef int known_tag(char *p, Py_ssize_t i, Py_ssize_t j) noexcept
