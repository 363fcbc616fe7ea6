# The C side of perft_layout.py: what it cimports (its .py imports the same names when uncompiled) and declares.
from bitboard.core cimport attacks
from bitboard.core.attacks cimport _bishop_attacks, _rook_attacks
from bitboard.core.encoding cimport u64


# Where each table starts in the perft kernel's one array (perft_layout.py says why one).
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

cdef void fill_tables(u64 *tables, bint pext) noexcept nogil
