# The 0x88 board's C state; its tables stay in x88.py. Piece codes, castling bits and move flags
# are core/encoding.pxd's: moves turn into the same 16-bit codes, and Moves, as the bitboards'.
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
