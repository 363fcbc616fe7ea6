from bitboard.core.encoding cimport u64
from bitboard.core.position cimport Position

# Square sets the walk reads, as C constants.
cdef extern from *:
    const u64 NOT_A_FILE "0xFEFEFEFEFEFEFEFEULL"
    const u64 NOT_H_FILE "0x7F7F7F7F7F7F7F7FULL"
    const u64 RANK_1 "0x00000000000000FFULL"
    const u64 RANK_3 "0x0000000000FF0000ULL"
    const u64 RANK_6 "0x0000FF0000000000ULL"
    const u64 RANK_8 "0xFF00000000000000ULL"

# Where each table starts in TABLES (perft_kernel.py says why there is one array).
cdef enum:
    KNIGHT_AT = 0
    KING_AT = 64
    PAWN_AT = 128
    BISHOP_PSEUDO_AT = 256
    ROOK_PSEUDO_AT = 320
    MASK_AT = 384
    MAGIC_AT = 512
    SHIFT_AT = 640
    OFFSET_AT = 768
    BETWEEN_AT = 896
    SLIDERS_AT = 4992
    TABLE_WORDS = 112640

cdef bint walkable(Position pos) noexcept nogil
cdef unsigned long long walk(Position pos, int depth, int *stop) noexcept nogil
cdef unsigned long long walk_after(Position pos, int move, int depth, int *stop) noexcept nogil
