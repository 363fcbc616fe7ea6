# The game tree's nodes (game_tree/nodes.py), made from the compact record a reader keeps a game
# in (game_tree/record), whose RecordNode is their C base class.
from bitboard.game_tree.annotations cimport clock as comment_clock
from bitboard.game_tree.annotations cimport emt as comment_emt
from bitboard.game_tree.annotations cimport eval_depth as comment_eval_depth
from bitboard.game_tree.annotations cimport eval_found, parse_arrows, parse_eval, pov_score
from bitboard.game_tree.record cimport (RecordNode, Tree, depth_of, first_of, next_of, parent_made, parent_of,
                                        replay, replay_line, reparent, wrote)


cdef class GameNode(RecordNode):
    pass


cdef class ChildNode(GameNode):
    pass


cdef class Game(GameNode):
    cdef public object headers
    cdef public object errors
