# The C side of xorshift.py: what it cimports (its .py imports the same names when uncompiled) and declares.
from bitboard.core.encoding cimport BB_ALL, u64


cdef unsigned long long _next(unsigned long long *state) noexcept nogil
