# The C side of movegen.py: what it cimports (its .py imports the same names when uncompiled) and declares.
from bitboard.core.attacks cimport BETWEEN, BISHOP_PSEUDO_ATTACKS, KING_ATTACKS, KNIGHT_ATTACKS, LINE, PAWN_ATTACKS
from bitboard.core.attacks cimport ROOK_PSEUDO_ATTACKS, _attackers_on, _bishop_attacks, _rook_attacks
from bitboard.core.encoding cimport BB_ALL, BISHOP, CASTLING, DOUBLE_PUSH, EN_PASSANT, KING, KNIGHT, NO_SQUARE, NORMAL
from bitboard.core.encoding cimport ONE, PAWN, QUEEN, ROOK, castled_king_square, code_type, color_castling
from bitboard.core.encoding cimport encode_move, promotion_flag, u64
from bitboard.core.native cimport clz64, ctz64, popcount64
from bitboard.core.position cimport Position


cdef int _generate(Position pos, unsigned short *buf, int n, unsigned long long from_mask,
                   bint count_only) noexcept nogil
cdef int _generate_ordered(Position pos, unsigned short *buf, unsigned long long from_mask) noexcept nogil
cdef int _count(Position pos) noexcept nogil
cdef unsigned long long _attackers(Position pos, int sq, int by, unsigned long long occupied) noexcept nogil
