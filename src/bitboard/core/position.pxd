# The C state of a position and the functions that change it; movegen, perft and board cimport it.
cdef unsigned char CASTLING_MASK[64]

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

cdef bint _ep_capturable(Position pos) noexcept nogil
cdef unsigned long long _compute_key(Position pos) noexcept nogil
cdef unsigned long long _make(Position pos, int move) noexcept nogil
cdef void _unmake(Position pos, int move, unsigned long long undo, unsigned long long key) noexcept nogil
cdef void _copy_position(Position target, Position source) noexcept
