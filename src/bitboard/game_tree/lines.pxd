# The PGN reader's lines (game_tree/reading's scanner is a Lines).
from bitboard.core.native cimport find_byte
from bitboard.game_tree.blocks cimport newlines_plain, stringio_block, stringio_seek, stringio_tell
from bitboard.game_tree.textfile cimport decoded_line, decoded_readable, read_on


cdef class Lines:
    cdef object handle
    cdef object readline
    cdef object data  # bytes, or a str of one byte a character
    cdef char *p  # data's bytes
    cdef Py_ssize_t n  # len(data)
    cdef Py_ssize_t start
    cdef Py_ssize_t end
    cdef int how  # _BY_LINES, _STRING or _DECODED
    cdef Py_ssize_t next  # (a StringIO) its position of the next block
    cdef bint eof  # (blocks) the handle has no more text
    cdef bint ascii  # (a StringIO) data is ASCII: a byte is a character
    cdef bint returns  # the text read has carriage returns (else a tag's value cannot hold one)
    cdef Py_ssize_t base  # (a StringIO) its position of data[0]
    cdef Py_ssize_t origin  # (a StringIO) its position at the start of the game
    cdef Py_ssize_t size  # (a StringIO) the next read's size

    cdef void open(self, object handle, bint blocks)
    cdef void finish(self)
    cdef Py_ssize_t chars(self, Py_ssize_t i) noexcept
    cdef bint first_line(self)
    cdef bint next_line(self)
    cdef void refill(self, Py_ssize_t i)
    cdef void by_lines(self)
    cdef void hold(self, object data)
    cdef bint take(self, object line)
