# The comment commands (game_tree/annotations.py), called by the nodes (game_tree/nodes) in C.
from bitboard.core.native cimport is_ascii
from bitboard.notation.pgn_tokens cimport CLOCK, EMT, EVAL, Tokens, arrows_in


cpdef object parse_eval(object comment, object node)
cpdef object eval_depth(object comment)
cpdef object clock(object comment)
cpdef object emt(object comment)
cpdef list parse_arrows(object comment)
cdef object eval_found(object comment)
cdef object pov_score(tuple found, object turn)
