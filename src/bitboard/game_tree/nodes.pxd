# The game tree's nodes (game_tree/nodes.py) and the compact record a reader keeps a game in
# (Tree), from which nodes are made when first touched (game_tree/reading cimports them).
from cpython cimport array
from bitboard.board.game cimport Board
from bitboard.core.native cimport untrack
from bitboard.game_tree.annotations cimport clock as comment_clock
from bitboard.game_tree.annotations cimport emt as comment_emt
from bitboard.game_tree.annotations cimport eval_depth as comment_eval_depth
from bitboard.game_tree.annotations cimport eval_found, parse_arrows, parse_eval, pov_score
from bitboard.move cimport Move, _move_of, move_key


cdef class Tree:
    # per node, in the order read (0: the game): LINKS ints (parent, first child, next sibling,
    # the move's fields packed, the board's move code or -1)
    cdef array.array links
    cdef Py_ssize_t size
    cdef list comments  # each node's comment (None: "")
    cdef dict starting  # {node: starting comment}, or None
    cdef dict nags  # {node: [NAG, ...]}, or None
    cdef list made  # the nodes made so far, by index (None until the first is made)
    cdef GameNode root
    cdef unsigned long long start_key  # the Zobrist key of the board the moves were read from

    cdef Py_ssize_t append(self, Py_ssize_t parent, int key, int code) except -1
    cdef void trim(self)
    cdef GameNode node(self, Py_ssize_t i)
    cdef GameNode make(self, Py_ssize_t i, GameNode parent)
    cdef Py_ssize_t parent_index(self, Py_ssize_t i) noexcept
    cdef object first(self, Py_ssize_t i)
    cdef list children(self, Py_ssize_t i)
    cdef set nag_set(self, Py_ssize_t i)


cdef class GameNode:
    cdef object _parent
    cdef public object move
    cdef public object comment
    cdef public object starting_comment
    cdef object _variations  # the list of children; None: the record's (or none)
    cdef object _nags  # the set of NAGs; None: the record's (or none)
    cdef Tree _tree  # the record this node was made from, or None
    cdef Py_ssize_t _index  # its index there
    # the plies from the root and the root, as found while no node's parent was set (_reparented)
    cdef Py_ssize_t _depth
    cdef Py_ssize_t _epoch
    cdef object _root
    cdef dict __dict__
    cdef object __weakref__


cdef class ChildNode(GameNode):
    pass


cdef class Game(GameNode):
    cdef public object headers
    cdef public object errors


cdef Tree new_tree(Game game, unsigned long long start_key)
