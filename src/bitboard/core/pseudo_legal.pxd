# The pseudo-legal moves of standard chess (core/legality and core/variant_moves start from them).
from bitboard.core.attacks cimport KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, _bishop_attacks, _rook_attacks
from bitboard.core.encoding cimport BB_ALL, BISHOP, CASTLING, DOUBLE_PUSH, EN_PASSANT, KING, KNIGHT, MAX_PIECE_MOVES
from bitboard.core.encoding cimport NO_SQUARE, NORMAL, ONE, PAWN, QUEEN, ROOK, code_type, encode_move, move_flag
from bitboard.core.encoding cimport move_to, promotion_flag, u64
from bitboard.core.movegen cimport _generate
from bitboard.core.native cimport clz64
from bitboard.core.position cimport Position


cdef bint _one_king(Position pos) noexcept nogil
cdef unsigned long long _piece_attacks(Position pos, int sq, unsigned long long occupied) noexcept nogil
cdef int _add_pawn_move(unsigned short *buf, int n, int frm, int to, int flag) noexcept nogil
cdef int _standard_pseudo_legal(Position pos, unsigned short *buf, unsigned long long from_mask,
                                unsigned long long to_mask) noexcept nogil
