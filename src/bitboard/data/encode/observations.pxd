# The observation planes of PettingZoo's chess_v6 (8 x 8 x 111) and pgx's chess (8 x 8 x 119),
# written from a game's history of positions (bitboard.env keeps it in a row of uint64 words).
from bitboard.core.encoding cimport BB_ALL, BLACK, BLACK_KINGSIDE, BLACK_QUEENSIDE, NO_SQUARE, ONE, PAWN, WHITE
from bitboard.core.encoding cimport WHITE_KINGSIDE, WHITE_QUEENSIDE, u64
from bitboard.core.native cimport bswap64, ctz64
from bitboard.core.position cimport Position


cdef enum:
    HISTORY_LENGTH = 8
    # an entry of the history: the 12 piece masks (white pawn ... king, black pawn ... king,
    # a1 = bit 0), the en-passant square after that ply (64 for none), pgx's key of the position,
    # whether it had stood before in the game when it arose (chess_v6's repetition plane), how
    # many other positions of the game pgx counts as the same (pgx's), its ply
    ENTRY_WORDS = 17
    ENTRY_EP = 12
    ENTRY_KEY = 13
    ENTRY_REPEATED = 14
    ENTRY_OTHERS = 15
    ENTRY_PLY = 16
    # the history: the entries filled (0 ... 8), the slot of the newest, the 8 slots
    HISTORY_WORDS = 138
    PETTINGZOO_PLANES = 111
    PGX_PLANES = 119
    PETTINGZOO_CELLS = 7104   # 64 * 111
    PGX_CELLS = 7616          # 64 * 119
    PGX_MAX_STEPS = 512       # pgx's step count plane: step / 512

cdef void _clear_history(unsigned long long[:, ::1] st, Py_ssize_t row, int base) noexcept nogil
cdef void _push_history(unsigned long long[:, ::1] st, Py_ssize_t row, int base, Position pos, long long ply,
                        unsigned long long key, bint repeated, long long others) noexcept nogil
cdef void _pettingzoo_masks(unsigned long long[:, ::1] st, Py_ssize_t row, int base, Position pos, bint white,
                            unsigned long long *masks) noexcept nogil
cdef void _write_pettingzoo(unsigned long long[:, ::1] st, Py_ssize_t row, int base, Position pos, bint white,
                            unsigned char[:, ::1] out, Py_ssize_t out_row) noexcept nogil
cdef void _write_pettingzoo_packed(unsigned long long[:, ::1] st, Py_ssize_t row, int base, Position pos,
                                   bint white, unsigned long long[:, ::1] out, Py_ssize_t out_row) noexcept nogil
cdef void _write_pgx(unsigned long long[:, ::1] st, Py_ssize_t row, int base, Position pos, long long ply,
                     float[:, ::1] out, Py_ssize_t out_row) noexcept nogil
