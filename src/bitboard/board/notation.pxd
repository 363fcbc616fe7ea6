# The Board's notation layer (see board/__init__.py).
from bitboard.board.base cimport _own
from bitboard.board.state cimport BoardState
from bitboard.board.state cimport _as_move
from bitboard.core.encoding cimport BB_ALL, CASTLING, KING, MAX_MOVES, NO_SQUARE, NULL_MOVE, ROOK, flag_promotion
from bitboard.core.encoding cimport move_flag, move_from, move_to, u64
from bitboard.core.movegen cimport _generate
from bitboard.core.position cimport _ep_capturable
from bitboard.core.pseudo_legal cimport _one_king
from bitboard.move cimport Move
from bitboard.notation.san cimport plain_san_code, san_of_code


cdef class BoardNotation(BoardState):
    cdef int _plain_san_code(self, str san)
    cdef str _algebraic(self, object move, bint long)
    cdef int _uci_code(self, Move move, str uci)
    cdef object _ep_for(self, object mode)
    cdef str _epd_fields(self, object shredder, object en_passant, object promoted)
