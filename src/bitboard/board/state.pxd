# The Board's state layer (see board/__init__.py): its C fields and the C methods the layers
# above call.
from cpython cimport array
cimport cython
from bitboard.board.base cimport BaseBoard
from bitboard.board.stacks cimport fill_listing, find_listed, grown, new_listing, new_stack
from bitboard.core.arguments cimport square_arg
from bitboard.core.attacks cimport PAWN_ATTACKS
from bitboard.core.encoding cimport ATOMIC, BB_ALL, CASTLING, CRAZYHOUSE, EN_PASSANT, KING, KNIGHT, MAX_MOVES
from bitboard.core.encoding cimport MAX_PIECE_MOVES, NO_SQUARE, NORMAL, NULL_MOVE, ONE, PAWN, PHANTOM_EP, PROMOTION
from bitboard.core.encoding cimport ROOK, castled_king_square, code_type, color_castling, drop_flag, encode_move
from bitboard.core.encoding cimport entry_move, entry_undo, flag_drop, flag_promotion, kingside_right, move_flag
from bitboard.core.encoding cimport move_from, move_to, promotion_flag, queenside_right, shown_code, stack_entry, u64
from bitboard.core.legality cimport _exposes_king, _legal_moves, _pseudo_legal
from bitboard.core.movegen cimport _count, _generate
from bitboard.core.native cimport drop_instance_dict
from bitboard.core.position cimport Position
from bitboard.core.position cimport _castling_tables_serve, _compute_key, _copy_position, _drop_saved, _ep_capturable
from bitboard.core.position cimport _make, _make_null, _set_castling, _unmake, _unmake_null
from bitboard.core.pseudo_legal cimport _one_king
from bitboard.core.variant_moves cimport _atomic_en_passant, _variant_key
from bitboard.core.zobrist cimport EP_KEYS
from bitboard.move cimport Move
from bitboard.move cimport _move_of, _stacked_move_of


cdef class BoardState(BaseBoard):
    cdef list _moves
    # per pushed move, its stack entry (core/encoding) and the Zobrist key from before it: C
    # arrays of u64 (no int object made per push), with room for _capacity entries each
    cdef array.array _undo
    cdef array.array _keys
    cdef Py_ssize_t _capacity
    # the legal moves listed at each ply of the stack, for push (board/stacks.py's fill_listing):
    # plies 0 .. _listed - 1 listed, ply p's entries _listing[_listed_at[p]:_listed_at[p + 1]]
    cdef array.array _listing
    cdef array.array _listed_at
    cdef Py_ssize_t _listed
    cdef bint _chess960
    # Castling rights and an en-passant square as given that the generator cannot use (a right
    # without its rook, a square no pawn passed): kept for castling_rights, ep_square and
    # status(), with their values before each push that had any (ply, rights, square).
    cdef unsigned long long _spurious_rights
    cdef int _spurious_ep
    cdef list _spurious_stack
    # python-chess's plain attributes turn, castling_rights, ep_square, halfmove_clock,
    # fullmove_number and chess960, as the Python objects that members read (board/members.py;
    # move_stack reads _moves), kept in step by _show_state; the castling rights and given
    # rights the castling_rights shown was made from (_shown_castling -1: to be made again)
    cdef object _py_turn
    cdef object _py_castling_rights
    cdef object _py_ep_square
    cdef object _py_halfmove_clock
    cdef object _py_fullmove_number
    cdef object _py_chess960
    cdef int _shown_castling
    cdef unsigned long long _shown_spurious_rights

    @cython.final
    cdef int _show_state(self) except -1
    cdef void _take_views(self, Position source)
    cdef unsigned long long _castling_rooks(self)
    cdef list _legal_list(self, unsigned long long from_mask, unsigned long long to_mask)
    cdef list _legal_codes(self, unsigned long long from_mask, unsigned long long to_mask)
    cdef list _pseudo_codes(self, unsigned long long from_mask, unsigned long long to_mask)
    cdef Move _move_for(self, int code)
    cdef int _listed_code(self, object move)
    cdef int _code_of(self, object move)
    cdef bint _names(self, Move m, int code)
    cdef bint _names_castling(self, Move m, int code)
    cdef int _pseudo_code_of(self, Move m)
    cdef int _drop_code(self, Move m, bint legal)
    cdef int _push_code_of(self, object move)
    cdef void _push_code(self, int code, object stacked)
    cdef object _pop_unshown(self)
    cdef bint _legal_ep(self)
    cdef void _push_unshown(self, int code, object stacked)
    cdef void _remember_given(self, int code)
    cdef void _set_stacks(self, array.array undo, array.array keys)

    @cython.final
    cdef int _push_entry(self, unsigned long long entry, unsigned long long key) except -1
    cpdef int _count_legal(self)


cdef Move _as_move(object move)
