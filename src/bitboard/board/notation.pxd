# The Board's notation layer (see board/__init__.py).
from bitboard.board.state cimport BoardState
from bitboard.move cimport Move


cdef class BoardNotation(BoardState):
    cdef int _plain_san_code(self, str san)
    cdef str _algebraic(self, object move, bint long)
    cdef int _uci_code(self, Move move, str uci)
    cdef object _ep_for(self, object mode)
    cdef str _epd_fields(self, object shredder, object en_passant, object promoted)
