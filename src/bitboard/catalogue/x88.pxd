# The 0x88 board's C state; its tables stay in x88.py. Piece codes, castling bits and move flags
# are core/encoding.pxd's: moves turn into the same 16-bit codes, and Moves, as the bitboards'.
from bitboard.core.encoding cimport BISHOP, BLACK_KINGSIDE, BLACK_QUEENSIDE, CASTLING, DOUBLE_PUSH, EN_PASSANT, KING
from bitboard.core.encoding cimport KNIGHT, MAX_MOVES, NO_SQUARE, NORMAL, PAWN, PROMOTION, QUEEN, ROOK, WHITE_KINGSIDE
from bitboard.core.encoding cimport WHITE_QUEENSIDE, code_color, code_type, color_castling, encode_move
from bitboard.core.encoding cimport flag_promotion, kingside_right, piece_code, queenside_right, u64, undo_captured
from bitboard.core.encoding cimport undo_castling, undo_ep, undo_halfmove, undo_record
from bitboard.move cimport Move, _move_of


cdef enum:
    NO_SQUARE_88 = 255
    STATE_SIZE = 136

cdef class Board:
    cdef unsigned char _squares[128]
    cdef int _king[2]
    cdef int _turn
    cdef int _castling
    cdef int _ep
    cdef long long _halfmove
    cdef long long _fullmove
    cdef list _moves
    cdef list _undo
