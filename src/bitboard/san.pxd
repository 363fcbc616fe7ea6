# The C matcher of plain SAN that Board.push_san and the PGN reader share.
from bitboard.core.position cimport Position

cdef int plain_san_code(Position pos, char *text, Py_ssize_t start, Py_ssize_t end) noexcept
cdef str san_of_code(Position pos, int code, bint long)
cdef int _legal_count(Position pos, unsigned short *buf, bint count_only) noexcept
