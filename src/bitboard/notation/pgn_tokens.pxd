# PGN's movetext tokens (notation/pgn_tokens.py): both PGN readers cimport the scanner.
cimport cython
from bitboard.core.native cimport find_byte


cdef enum:
    # the token kinds
    END = 0  # no token left on the line
    MOVE = 1  # a move's text (SAN, long algebraic, a drop, a null move, castling)
    COMMENT = 2  # a { comment closed on its line: its text p[start:stop]
    OPEN_COMMENT = 3  # a { comment that goes on past the line: its text so far p[start:stop]
    NAG = 4  # $ and digits: the digits at p[start:stop]
    OPEN = 5  # (
    CLOSE = 6  # )
    RESULT = 7  # 1-0, 0-1, 1/2-1/2, *
    SUFFIX = 8  # ! ? !! ?? !? ?!
    TAG = 9  # a tag line's name p[start:stop] and value p[value:value_end]
    # the comment commands (Tokens.commands)
    EVAL = 1
    CLOCK = 2
    EMT = 4


@cython.final
cdef class Tokens:
    cdef int kind
    cdef Py_ssize_t start
    cdef Py_ssize_t stop
    cdef Py_ssize_t after
    cdef Py_ssize_t junk
    cdef Py_ssize_t value
    cdef Py_ssize_t value_end
    cdef bint mate
    cdef long long number
    cdef long long depth
    cdef double seconds

    cdef int scan(self, object data, char *p, Py_ssize_t i, Py_ssize_t n) noexcept
    cdef int tag(self, object data, char *p, Py_ssize_t i, Py_ssize_t n) noexcept
    cdef int commands(self, object data, char *p, Py_ssize_t i, Py_ssize_t n, int wanted) noexcept
    cdef Py_ssize_t _eval_at(self, char *p, Py_ssize_t j, Py_ssize_t n) noexcept
    cdef Py_ssize_t _depth(self, char *p, Py_ssize_t k, Py_ssize_t n) noexcept
    cdef Py_ssize_t _duration_at(self, char *p, Py_ssize_t j, Py_ssize_t n) noexcept

cdef bint skipped_line(int c) noexcept
cdef int suffix_nag(char *p, Py_ssize_t i, Py_ssize_t j) noexcept
cdef long long nag_value(char *p, Py_ssize_t i, Py_ssize_t j) noexcept
cdef str result_text(char *p, Py_ssize_t i, Py_ssize_t j)
cdef bint commands_only(char *p, Py_ssize_t i, Py_ssize_t n) noexcept
cdef bint arrows_in(object data, char *p, Py_ssize_t i, Py_ssize_t n) noexcept
cdef Py_ssize_t white_end(char *p, Py_ssize_t i, Py_ssize_t n) noexcept
cdef Py_ssize_t white_start(char *p, Py_ssize_t i, Py_ssize_t n) noexcept
cdef Py_ssize_t tag_name_end(char *p, Py_ssize_t i, Py_ssize_t n) noexcept
cdef bint comment_open_after(object data, char *p, Py_ssize_t s, Py_ssize_t e, bint in_comment) noexcept
cdef Py_ssize_t _digits_end(char *p, Py_ssize_t i, Py_ssize_t n) noexcept
cdef long long _number(char *p, Py_ssize_t i, Py_ssize_t j) noexcept
