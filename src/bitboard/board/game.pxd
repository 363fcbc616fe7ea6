# Board, the top layer (see board/__init__.py).
from bitboard.board.notation cimport BoardNotation


cdef class Board(BoardNotation):
    cdef bint _has_legal_moves(self)
    cdef bint _in_check(self)
    cdef bint _insufficient(self, int color)
    cdef unsigned long long _repetition_key(self)
    cdef list _earlier_keys(self)
    cdef object _outcome(self, object claim_draw)
    cdef bint _repeated(self, object count)
    cdef bint _claim_threefold(self)
