# The C matcher of plain SAN that Board.push_san and the PGN reader share.
from bitboard.core.attacks cimport KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, _bishop_attacks, _rook_attacks
from bitboard.core.encoding cimport BB_ALL, BISHOP, CASTLING, DOUBLE_PUSH, EN_PASSANT, KING, KNIGHT, MAX_MOVES, NORMAL
from bitboard.core.encoding cimport ONE, PAWN, QUEEN, ROOK, code_type, encode_move, flag_drop, flag_promotion
from bitboard.core.encoding cimport move_flag, move_from, move_to, promotion_flag, u64
from bitboard.core.legality cimport _leaves_king_safe, _legal_moves
from bitboard.core.movegen cimport _attackers, _generate
from bitboard.core.native cimport clz64, ctz64
from bitboard.core.position cimport Position
from bitboard.core.position cimport _make, _unmake
from bitboard.core.pseudo_legal cimport _one_king
from bitboard.core.variant_moves cimport VARIANT_LOSS, VARIANT_WIN, _variant_in_check, _variant_result


cdef int plain_san_code(Position pos, char *text, Py_ssize_t start, Py_ssize_t end) noexcept
cdef str san_of_code(Position pos, int code, bint long)
cdef int _legal_count(Position pos, unsigned short *buf, bint count_only) noexcept
