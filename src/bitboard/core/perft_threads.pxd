# The C side of perft_threads.py: what it cimports (its .py imports the same names when uncompiled).
from bitboard.core.position cimport Position, _copy_position
