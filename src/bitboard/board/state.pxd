# The Board's state layer (see board/__init__.py): its C fields and the C methods the layers
# above call.
from bitboard.board.base cimport BaseBoard
from bitboard.move cimport Move


cdef class BoardState(BaseBoard):
    cdef list _moves
    cdef list _undo
    cdef list _keys
    cdef list _listed
    cdef bint _chess960
    # Castling rights and an en-passant square as given that the generator cannot use (a right
    # without its rook, a square no pawn passed): kept for castling_rights, ep_square and
    # status(), with their values before each push that had any (ply, rights, square).
    cdef unsigned long long _spurious_rights
    cdef int _spurious_ep
    cdef list _spurious_stack

    cdef list _legal_list(self, unsigned long long from_mask, unsigned long long to_mask)
    cdef list _legal_codes(self, unsigned long long from_mask, unsigned long long to_mask)
    cdef list _pseudo_codes(self, unsigned long long from_mask, unsigned long long to_mask)
    cdef Move _move_for(self, int code)
    cdef int _listed_code(self, object move)
    cdef int _code_of(self, object move)
    cdef bint _names(self, Move m, int code)
    cdef bint _names_castling(self, Move m, int code)
    cdef int _pseudo_code_of(self, Move m)
    cdef int _drop_code(self, Move m, bint legal)
    cdef void _push_code(self, int code, object move)
    cpdef int _count_legal(self)


cdef Move _as_move(object move)
