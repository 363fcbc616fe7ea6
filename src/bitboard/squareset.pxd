# SquareSet's C side: its bitboard, and the constructor the board's queries call from C.
from bitboard.core.arguments cimport bitboard_arg
from bitboard.core.bits cimport _square_list
from bitboard.core.encoding cimport BB_ALL, ONE
from bitboard.core.encoding cimport u64
from bitboard.core.native cimport popcount64


cdef class SquareSet:
    cdef u64 _mask


cdef SquareSet _squares_of(u64 mask)
