"""Plain-Python stand-ins for the compiler intrinsics that `_native.pxd` declares.

Never compiled: in the compiled build these names are the C builtins. Each is the fastest way
CPython itself offers (int.bit_count and int.bit_length run in C).
"""
from . import cpu


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


_BYTES = tuple(bytes((c,)) for c in range(256))


def find_byte(data, p, c, i, n):
    """The index of the first byte c in data[i:n], -1 if none (compiled: memchr on p, data's
    bytes)."""
    return data.find(_BYTES[c], i, n)


def prefetch(address):
    """A cache hint: nothing to do without addresses."""


#: Whether the compiled build looks sliders up by PEXT; the uncompiled one never does.
USE_PEXT = False


def pext64(x, mask):
    """Parallel bit extract: the bits of x under mask, packed to the low end."""
    result, bit = 0, 1
    while mask:
        low = mask & -mask
        if x & low:
            result |= bit
        bit <<= 1
        mask ^= low
    return result


#: What the C build was compiled for (the compiled build's is "native", "portable" or "custom").
BUILD_KIND = b"uncompiled"

#: Whether the CPU runs x86-64-v2 and x86-64-v3 code and has a fast PEXT, as /proc/cpuinfo says
#: (the compiled build asks the CPU itself).
CPU_X86_64_V2 = cpu.x86_64_v2()
CPU_X86_64_V3 = cpu.x86_64_v3()
CPU_FAST_PEXT = cpu.fast_pext()


def untrack(obj):
    """Compiled, takes an object off the cyclic garbage collector's list (core/native.pxd); a no-op
    uncompiled (Python's objects stay on it)."""


def track_again(obj):
    """Compiled, puts an object that untrack() took off back on the collector's list; a no-op
    uncompiled."""


def generic_delattr(obj, name):
    """object.__delattr__, for a C type whose own __delattr__ calls it (compiled: CPython's
    PyObject_GenericSetAttr, as object's refuses such a type)."""
    object.__delattr__(obj, name)


def is_ascii(text):
    """Whether the str `text` holds ASCII alone (compiled: CPython's flag, read without a call)."""
    return text.isascii()


def address_of(obj):
    """Compiled, the object's address, for a registry that holds no reference to it; uncompiled,
    its id() (no such registry is kept uncompiled)."""
    return id(obj)


def living_at(address):
    """Compiled, the object at `address` (address_of's) while it lives, else None; uncompiled,
    None."""
    return None


def drop_instance_dict(obj):
    """Compiled, gives back the empty __dict__ Cython makes for each object; a Python class's is
    made when first needed already."""
