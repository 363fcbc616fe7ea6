# The C side of move.py: what it cimports (its .py imports the same names when uncompiled) and declares.
from cpython.object cimport PyObject_GenericSetAttr
from bitboard.core.encoding cimport KING, NORMAL, PAWN, PROMOTION, drop_flag, encode_move, flag_drop, flag_promotion
from bitboard.core.encoding cimport move_flag, move_from, move_to, promotion_flag
from bitboard.core.native cimport drop_instance_dict, track_again, untrack


cdef class Move:
    cdef public int from_square
    cdef public int to_square
    cdef int _promotion
    cdef int _drop
    # made on first use, and used while no attribute was set from outside (_touched)
    cdef Py_hash_t _hash
    cdef str _uci
    cdef bint _touched
    # a program's own attributes (move.score = 3), as python-chess's dataclass takes them
    cdef dict __dict__

cdef list _CACHE
cdef Move _move_of(int code)
cdef Move _stacked_move_of(int code)
cdef Move _new_move_of(int code)
cdef int _square_of(Py_UCS4 file, Py_UCS4 rank) noexcept

# A Move's code back from its fields (the game tree's records key their nodes' Moves by it).
cdef int move_key(object move) except -2
cdef int fields_code(int code) noexcept
