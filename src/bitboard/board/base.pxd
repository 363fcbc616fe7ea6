# BaseBoard, the first layer of the Board (see board/__init__.py): the C fields it adds to the
# engine's Position, and the C methods the layers above call.
from cpython.object cimport PyObject
cimport cython
from bitboard.core.arguments cimport bitboard_arg, square_arg
from bitboard.core.encoding cimport BB_ALL, KING, ONE, PAWN, ROOK, code_color, code_type, piece_code, u64
from bitboard.core.movegen cimport _attackers
from bitboard.core.native cimport clz64, drop_instance_dict
from bitboard.core.position cimport Position
from bitboard.core.position cimport _compute_key, _copy_position
from bitboard.squareset cimport _squares_of


cdef class BaseBoard(Position):
    # weak references to boards, as python-chess's allow (weakref.ref, WeakValueDictionary)
    cdef object __weakref__
    # a program's own attributes (board.score = 5), as python-chess's boards take them
    cdef dict __dict__
    # python-chess's plain attributes pawns ... kings, occupied, occupied_co ([black, white],
    # changed in place as python-chess's list is) and promoted, as the Python ints that members
    # read (board/members.py), kept in step by _show_placement; _shown: the values they show
    # (occupied, the six types, black, white, promoted)
    cdef object _py_pawns
    cdef object _py_knights
    cdef object _py_bishops
    cdef object _py_rooks
    cdef object _py_queens
    cdef object _py_kings
    cdef object _py_occupied
    cdef list _py_occupied_co
    cdef object _py_promoted
    cdef unsigned long long _shown[10]
    # the int each showed before and its value (NULL until a view changes; owned references,
    # released by __dealloc__): a pop shows them again, without making new ones
    cdef PyObject *_before_int[10]
    cdef unsigned long long _before[10]

    cdef void _put(self, int sq, int code)

    @cython.final
    cdef int _show_placement(self) except -1

    @cython.final
    cdef object _int_for(self, int i, unsigned long long value, object shown)
    cdef void _take_views(self, Position source)
    cdef unsigned long long _pieces_of(self, object piece_type, object color) except? 0xFFFFFFFFFFFFFFFF
    cdef unsigned long long _attacks_of(self, object square) except? 0xFFFFFFFFFFFFFFFF


cdef bint _own(object board)
