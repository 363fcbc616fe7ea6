# SquareSet's C side: its bitboard, and the constructor the board's queries call from C.
from bitboard.core.encoding cimport u64


cdef class SquareSet:
    cdef u64 _mask


cdef SquareSet _squares_of(u64 mask)
