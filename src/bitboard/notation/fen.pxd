# The C side of fen.py: what it cimports (its .py imports the same names when uncompiled).
from bitboard.core.encoding cimport u64
