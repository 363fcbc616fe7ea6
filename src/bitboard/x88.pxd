# The 0x88 board's C state; its tables stay in x88.py. Piece types and move flags are those of
# position.pxd: the move-code format both boards share through Move's cache.
cdef enum:
    NO_SQUARE = 255
    MAX_MOVES = 1100
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
