# The C side of record.py (the record a reader keeps a game in, and the nodes' C base class):
# what it cimports (its .py imports the same names when uncompiled) and declares for
# game_tree/nodes and game_tree/reading to cimport.
from cpython cimport array
from cpython.list cimport PyList_Append
from cpython.object cimport PyObject_GenericSetAttr
from bitboard.board.game cimport Board
from bitboard.core.native cimport address_of, generic_delattr, living_at, track_again, untrack
from bitboard.move cimport Move, _new_move_of, move_key

cdef class Tree


cdef class RecordNode:
    cdef object _parent
    cdef public object move
    cdef public object comment
    cdef public object starting_comment
    cdef object _variations  # the list of children; None: the record's (or none)
    cdef object _nags  # the set of NAGs; None: the record's (or none)
    cdef Tree _tree  # the record this node was made from, or None
    cdef Py_ssize_t _index  # its index there
    # the plies from the root and the root, as found while no node's parent was set (reparent)
    cdef Py_ssize_t _depth
    cdef Py_ssize_t _epoch
    cdef object _root
    cdef dict __dict__
    cdef object __weakref__


cdef class Tree:
    # per node, in the order read (0: the game): LINKS ints (parent, first child, next sibling,
    # the move's fields packed, the board's move code or -1, the depth)
    cdef array.array links
    cdef Py_ssize_t size
    cdef list comments  # each node's comment (None: "")
    cdef dict starting  # {node: starting comment}, or None
    cdef dict nags  # {node: [NAG, ...]}, or None
    cdef list made  # kept: the nodes made so far, by index (None until the first is made)
    cdef RecordNode root
    cdef unsigned long long start_key  # the Zobrist key of the board the moves were read from
    cdef bint kept  # whether nodes are kept once made (from a program's first write to the game on)
    cdef list moves  # each node's Move once made (None until the first), so that a node made again has it
    # while not kept: per node, the addresses of its living node, variations list and NAG set (or 0)
    cdef array.array living

    cdef Py_ssize_t append(self, Py_ssize_t parent, int key, int code) except -1
    cdef void trim(self)
    cdef RecordNode node(self, Py_ssize_t i)
    cdef object found(self, Py_ssize_t i)
    cdef RecordNode child(self, Py_ssize_t i, RecordNode parent)
    cdef RecordNode make(self, Py_ssize_t i, object parent)
    cdef Py_ssize_t depth(self, Py_ssize_t i) noexcept
    cdef Py_ssize_t parent_index(self, Py_ssize_t i) noexcept
    cdef object move_at(self, Py_ssize_t i)
    cdef object first(self, RecordNode parent)
    cdef list children(self, RecordNode parent, list out)
    cdef Py_ssize_t last(self, Py_ssize_t i) noexcept
    cdef set nag_set(self, Py_ssize_t i)
    cdef object alive(self, Py_ssize_t at)
    cdef void register(self, Py_ssize_t at, object found) except *
    cdef void forget(self, Py_ssize_t at, object found) noexcept
    cdef void keep(self) except *
    cdef object variations_of(self, RecordNode parent)
    cdef object nags_of(self, Py_ssize_t i)


cdef class Variations(list):
    cdef Tree _tree
    cdef Py_ssize_t _index


cdef class Nags(set):
    cdef Tree _tree
    cdef Py_ssize_t _index


cdef RecordNode _new_child()
cpdef void reparent() except *
cpdef void retag() except *
cdef Py_ssize_t retags() noexcept
cdef void wrote(Tree tree) except *
cdef Tree new_tree(RecordNode game, unsigned long long start_key)
cdef object first_of(RecordNode node)
cdef object next_of(object node)
cdef object parent_of(object node)
cdef object parent_made(RecordNode node)
cdef Py_ssize_t depth_of(RecordNode node) except? -1
cdef void replay(object board, list nodes) except *
cdef void replay_line(object board, Tree tree, Py_ssize_t i) except *
cdef bint _touched(object move) except? -1
