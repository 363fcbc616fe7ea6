# The C side of variant.py: what it cimports (its .py imports the same names when uncompiled).
from bitboard.board.game cimport Board
from bitboard.board.state cimport BoardState
from bitboard.core.encoding cimport CRAZYHOUSE, KING, PAWN, STANDARD, SUICIDE, THREE_CHECK
from bitboard.core.position cimport Position, _copy_position
# (named apart from the boards' method _kings_touch, which a .pxd name would take for its own)
from bitboard.core.variant_moves cimport _kings_touch as _touching_kings
from bitboard.core.variant_moves cimport _legal_drop_mask
