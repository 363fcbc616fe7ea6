# The move-list tables, C arrays in the compiled build (sizes checked when they are built).
from bitboard.core.encoding cimport BB_ALL, ONE, TO_SHIFT, move_flag, move_from, move_to, u64
from bitboard.core.encoding cimport encode_move as _encode
from bitboard.core.native cimport ctz64


cdef enum:
    N_LISTS = 37044
    N_MOVES = 131736
    N_NORMALIZED_LISTS = 6770
    N_NORMALIZED_TARGETS = 21980

cdef bint _move_lists_ready

cdef unsigned long long PH_FACTOR[384]
cdef unsigned long long PH_MASK[384]
cdef unsigned char PH_BITS[384]
cdef unsigned int PH_BASE[384]
cdef unsigned int PH_START[N_LISTS + 1]
cdef unsigned short PH_MOVES[N_MOVES + 8]
cdef unsigned char PHN_SQUARE[384]
cdef unsigned int PHN_BASE[384]
cdef unsigned int PHN_START[N_NORMALIZED_LISTS + 1]
cdef unsigned char PHN_TARGETS[N_NORMALIZED_TARGETS + 8]
