"""Plain-Python stand-ins for the compiler intrinsics that `_native.pxd` declares.

Never compiled: in the compiled build these names are the C builtins. Each is the fastest way
CPython itself offers (int.bit_count and int.bit_length run in C).
"""


def popcount64(x):
    return x.bit_count()


def ctz64(x):
    return (x & -x).bit_length() - 1


def clz64(x):
    return 64 - x.bit_length()


def ctz32(x):
    return (x & -x).bit_length() - 1


def clz32(x):
    return 32 - x.bit_length()


def bswap64(x):
    return int.from_bytes(x.to_bytes(8, "little"), "big")
