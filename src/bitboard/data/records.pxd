# The record writers the PGN reader shares with record_of and extras_of.
from bitboard.core.encoding cimport ALL_CASTLING, CRAZYHOUSE, THREE_CHECK
from bitboard.core.position cimport Position


cdef void write_record(Position pos, unsigned char[:, ::1] out, Py_ssize_t row) noexcept
cdef void write_extras(Position pos, unsigned char[:, ::1] out, Py_ssize_t row) noexcept
