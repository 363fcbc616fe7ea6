# The C side of arguments.py: what it cimports (its .py imports the same names when uncompiled) and declares.
from bitboard.core.encoding cimport BB_ALL, u64


cpdef unsigned long long bitboard_arg(object value) except? 0xFFFFFFFFFFFFFFFF
cdef unsigned long long bitboard_from_object(object value) except? 0xFFFFFFFFFFFFFFFF
cpdef int square_arg(object value) except -1


# bitboard_arg, inline where a call is a tenth of the function's cost (bits: popcount, lsb...):
# an int converts in C, which is the whole range check (OverflowError when negative or past 64
# bits); anything else, and an int out of range, goes to bitboard_from_object, which names it.
# arguments.py binds the same name to bitboard_arg for the uncompiled build.
cdef inline unsigned long long bitboard_value(object value) except? 0xFFFFFFFFFFFFFFFF:
    if type(value) is int:
        try:
            return <unsigned long long>value
        except OverflowError:
            pass
    return bitboard_from_object(value)
