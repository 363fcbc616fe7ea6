# Board, the top layer (see board/__init__.py).
from bitboard.board.notation cimport BoardNotation


cdef class Board(BoardNotation):
    pass
