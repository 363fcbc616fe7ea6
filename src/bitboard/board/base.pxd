# BaseBoard, the first layer of the Board (see board/__init__.py): the C fields it adds to the
# engine's Position, and the C methods the layers above call.
from bitboard.core.position cimport Position


cdef class BaseBoard(Position):
    # weak references to boards, as python-chess's allow (weakref.ref, WeakValueDictionary)
    cdef object __weakref__

    cdef void _put(self, int sq, int code)
    cdef unsigned long long _pieces_of(self, object piece_type, object color) except? 0xFFFFFFFFFFFFFFFF
