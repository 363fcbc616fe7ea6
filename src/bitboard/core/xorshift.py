"""xorshift64* (Vigna): the seeded random stream behind the searches that found the shipped
magic numbers and move-list factors. Three xor-shifts of the state, then an
odd multiplier; a seed of 0 is taken as 1 (the state must never be zero)."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .encoding import BB_ALL, u64

MULTIPLIER = cython.declare(u64, 0x2545F4914F6CDD1D)
# The shift triple (a, b, c) = (12, 25, 27) of xorshift64*.
A = cython.declare(cython.int, 12)
B = cython.declare(cython.int, 25)
C = cython.declare(cython.int, 27)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _next(state: cython.pointer(u64)) -> u64:
    """The next number of the stream whose state `state` points to, advancing it."""
    x: u64 = state[0]
    x ^= x >> A
    x ^= (x << B) & BB_ALL
    x ^= x >> C
    state[0] = x
    return (x * MULTIPLIER) & BB_ALL


def random_u64s(seed: int, count: int) -> list:
    """`count` numbers of the stream seeded with `seed`."""
    state = cython.declare(u64[1])
    state[0] = seed or 1
    return [_next(state) for _ in range(count)]
