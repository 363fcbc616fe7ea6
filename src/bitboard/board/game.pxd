# Board, the top layer (see board/__init__.py).
from bitboard.board.base cimport BaseBoard, _own
from bitboard.board.notation cimport BoardNotation
from bitboard.board.stacks cimport new_stack, stack_from
from bitboard.board.state cimport _as_move
from bitboard.core.encoding cimport ATOMIC, BB_ALL, CRAZYHOUSE, KING, NO_SQUARE, ONE, PAWN, PHANTOM_EP, ROOK, u64
from bitboard.core.encoding cimport undo_ep
from bitboard.core.native cimport drop_instance_dict
from bitboard.core.position cimport Position, _copy_position, _copy_saved, _drop_saved, _ep_capturable, _king_attacked
from bitboard.core.position cimport _insufficient as _insufficient_material
from bitboard.core.variant_moves cimport VARIANT_DRAW, VARIANT_LOSS, VARIANT_WIN, _variant_end, _variant_in_check
from bitboard.core.variant_moves cimport _variant_key, _variant_perft, _variant_result
from bitboard.core.zobrist cimport EP_KEYS
from bitboard.move cimport Move


cdef class Board(BoardNotation):
    cdef bint _has_legal_moves(self)
    cdef bint _in_check(self)
    cdef bint _insufficient(self, int color)
    cdef unsigned long long _repetition_key(self)
    cdef list _earlier_keys(self)
    cdef object _outcome(self, object claim_draw)
    cdef bint _repeated(self, object count)
    cdef bint _claim_threefold(self)
