# The C side of sliders.py: what it cimports (its .py imports the same names when uncompiled) and declares.
from bitboard.core.attacks cimport _bishop_attacks, _bishop_attacks_rays, _rook_attacks, _rook_attacks_rays
from bitboard.core.bits cimport _diagonal_fill_attacks, _orthogonal_fill_attacks, _rotate_180
from bitboard.core.encoding cimport BB_ALL, ONE, u64
from bitboard.core.native cimport bswap64


cdef unsigned long long DIAGONAL_MASK[64]
cdef unsigned long long ANTI_DIAGONAL_MASK[64]
cdef unsigned long long FILE_MASK[64]
cdef unsigned long long RANK_MASK[64]
