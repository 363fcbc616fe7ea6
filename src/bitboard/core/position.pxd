# The C state of a position and the functions that change it; movegen, perft and board cimport it.
cdef class Position:
    cdef unsigned long long _pieces[7]
    cdef unsigned long long _colors[2]
    cdef unsigned char _board[64]
    cdef int _turn
    cdef int _castling
    cdef int _ep
    cdef long long _halfmove
    cdef long long _fullmove
    cdef unsigned long long _key
    # Castling, for any rook files (Chess960): per right (WHITE_KINGSIDE ... BLACK_QUEENSIDE, in
    # bit order) the rook's square, the squares that must be empty, the squares the king crosses
    # (its destination included), which must not be attacked, and the squares of the rank beyond
    # the rook from the king's destination (an enemy rook or queen there may be hidden by the
    # castling rook: none in standard chess); and per square the rights that survive a move from
    # or to it. Set by _set_castling, fixed for the game.
    cdef unsigned char _castling_rook[4]
    cdef unsigned long long _castling_empty[4]
    cdef unsigned long long _castling_king_path[4]
    cdef unsigned long long _castling_beyond[4]
    cdef unsigned char _castling_mask[64]

cdef bint _ep_capturable(Position pos) noexcept nogil
cdef unsigned long long _compute_key(Position pos) noexcept nogil
cdef unsigned long long _key_after(Position pos, int move) noexcept nogil
cdef unsigned long long _make(Position pos, int move) noexcept nogil
cdef void _unmake(Position pos, int move, unsigned long long undo, unsigned long long key) noexcept nogil
cdef unsigned long long _make_null(Position pos) noexcept nogil
cdef void _unmake_null(Position pos, unsigned long long undo, unsigned long long key) noexcept nogil
cdef void _copy_position(Position target, Position source) noexcept
cdef int _set_castling(Position pos, int rights, unsigned char *rooks) noexcept
