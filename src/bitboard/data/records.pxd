# The record writer the PGN reader shares with record_of.
from bitboard.core.position cimport Position

cdef void write_record(Position pos, unsigned char[:, ::1] out, Py_ssize_t row)

# The datasets' move code (from + 64 * to + 4096 * promotion), for the reader's C path.
cpdef int dataset_move(int frm, int to, int promotion) noexcept
