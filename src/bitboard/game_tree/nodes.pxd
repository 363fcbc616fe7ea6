# The game tree's nodes (game_tree/nodes.py), made from the compact record a reader keeps a game
# in (game_tree/record), whose RecordNode is their C base class.
from bitboard.game_tree.annotations cimport clock as comment_clock
from bitboard.game_tree.annotations cimport emt as comment_emt
from bitboard.game_tree.annotations cimport eval_depth as comment_eval_depth
from bitboard.game_tree.annotations cimport eval_found, parse_arrows, parse_eval, pov_score
from bitboard.game_tree.record cimport (RecordNode, Tree, depth_of, first_of, next_of, parent_made, parent_of,
                                        replay, replay_line, reparent, retags, wrote)


cdef class GameNode(RecordNode):
    pass


cdef class ChildNode(GameNode):
    pass


cdef class Game(GameNode):
    cdef public object headers
    cdef public object errors
    # the starting ply, kept while the headers are these (a Headers) and no program changed a FEN
    # or Variant tag since (record.retags)
    cdef Py_ssize_t _start_ply
    cdef Py_ssize_t _start_epoch
    cdef object _start_headers
