# The C side of perft_split.py: what it cimports (its .py imports the same names when uncompiled).
from bitboard.core.encoding cimport BB_ALL, MAX_MOVES, NO_SQUARE, u64
from bitboard.core.movegen cimport _generate
from bitboard.core.position cimport Position, _ep_capturable, _make, _unmake
