# The Board's notation layer (see board/__init__.py).
from bitboard.board.state cimport BoardState


cdef class BoardNotation(BoardState):
    cdef int _plain_san_code(self, str san)
    cdef str _algebraic(self, object move, bint long)
