# The per-game columns the PGN reader appends to as it finishes each game.
from bitboard.core.encoding cimport DATASET_BLACK_WINS, DATASET_DRAW, DATASET_NO_RESULT, DATASET_WHITE_WINS


cdef class _Texts:
    cdef Py_ssize_t count
    cdef Py_ssize_t size
    cdef object data_array
    cdef object offsets_array
    cdef object valid_array
    cdef unsigned char[::1] data
    cdef int[::1] offsets
    cdef unsigned char[::1] valid

    cdef void add(self, str text)
    cdef void add_lichess_id(self, char *p, Py_ssize_t n)
    cdef void append(self, char *p, Py_ssize_t start, Py_ssize_t end)
    cdef void add_null(self)
    cdef void pop(self)


cdef class _Numbers:
    cdef Py_ssize_t count
    cdef object values_array
    cdef object valid_array
    cdef long long[::1] values
    cdef unsigned char[::1] valid

    cdef void append(self, long long value)
    cdef void add_null(self)
    cdef void pop(self)
    cdef long long last(self)


cdef class TagTable:
    cdef list names
    cdef dict index
    cdef int width
    cdef int site
    cdef int kinds[24]
    cdef list slots
    cdef list texts
    cdef list numbers
    cdef _Numbers increments
    cdef _Texts lichess_ids
    cdef _Texts keys
    cdef _Texts values
    cdef _Numbers entries
    cdef public Py_ssize_t count
    cdef int column_of[64]  # each known tag's column (pgn_tags.KNOWN_TAGS's indices; -1: none)
    cdef unsigned long long held  # the game's columns held_tag read (bit k: column k)
    cdef unsigned long long failed  # of those, the values that did not read as their column's type
    cdef unsigned long long in_headers  # the game's columns whose tags its headers took

    cdef void add(self, dict headers, object result)
    cdef bint held_tag(self, int known, char *p, Py_ssize_t value, Py_ssize_t end) except -1
    cdef void unhold(self, int k)
    cdef void to_headers(self, str name)
    cdef bint column(self, int k, object value, object result) except -1
    cdef bint put(self, int k, char *p, Py_ssize_t n) except -1


cdef class GameColumns:
    cdef public Py_ssize_t first
    cdef public object tags
    cdef public list offsets
    cdef public list results
    cdef public list errors
    cdef public list headers
    cdef readonly TagTable table

    cdef void add(self, Py_ssize_t offset, object result, object error, dict headers)
