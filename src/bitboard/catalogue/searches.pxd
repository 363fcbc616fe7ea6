# The C side of searches.py: what it cimports (its .py imports the same names when uncompiled).
from bitboard.core.encoding cimport BB_ALL, ONE, u64
from bitboard.core.native cimport clz64, ctz64, popcount64
from bitboard.core.xorshift cimport _next
