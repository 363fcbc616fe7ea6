"""The move stack's C arrays: the undo entries and Zobrist keys of the pushed moves, and the
legal-move listings push looks a move up in (board/state.py).

They are `array.array`s, so that a push stores two u64 and makes no int object: the stacks grow
by doubling (`grown`) and shrink by size alone, the room kept for the next push; a listing holds
32-bit entries, a move's shown code above its own (`fill_listing`).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    import array

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.bitboard.board.members import Py_SET_SIZE
    from cython.cimports.bitboard.core.encoding import u64
    from cython.cimports.libc.string import memcpy

__all__: list[str] = []


_EMPTY = array.array("Q")


@cython.cfunc
def new_stack() -> array.array:
    """An empty stack of u64: the undo entries or the keys of the moves pushed."""
    if cython.compiled:
        return _EMPTY
    return array.array("Q")


@cython.cfunc
def grown(stack: array.array, capacity: cython.Py_ssize_t) -> array.array:
    """A new array with room for `capacity` entries that holds those of `stack` (compiled)."""
    if cython.compiled:
        bigger: array.array = array.clone(_EMPTY, capacity, False)
        memcpy(bigger.data.as_ulonglongs, stack.data.as_ulonglongs, len(stack) * cython.sizeof(u64))
        Py_SET_SIZE(bigger, len(stack))
        return bigger
    return stack


@cython.cfunc
def stack_from(stack: array.array, start: cython.Py_ssize_t) -> array.array:
    """A copy of `stack` from its entry `start` on (a Board's copy with the last moves)."""
    if len(stack) <= start:
        return new_stack()
    if cython.compiled and start == 0:
        return array.copy(stack)
    return stack[start:]


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def find_listed(listing: array.array, plain: cython.int) -> cython.int:
    """The code listed with the shown code `plain` (see fill_listing), or -1."""
    i: cython.Py_ssize_t
    entry: cython.uint
    for i in range(len(listing)):
        entry = listing.data.as_uints[i] if cython.compiled else listing[i]  # type: ignore[attr-defined]
        if entry >> 16 == plain:
            return entry & 0xFFFF
    return -1


@cython.cfunc
def fill_listing(codes: cython.pointer(cython.ushort), shown: cython.pointer(cython.ushort),  # type: ignore[valid-type]
                 n: cython.int, before: object) -> array.array:
    """What push looks for among the moves listed at a ply: for each, the code of the Move shown
    for it (core/encoding's shown_code) above its own code. Codes, not Moves: the board keeps no Move
    it handed out, so a program's changes to one cannot reach push. (`before`: the ply's last
    listing, or None; compiled, its array is reused.)"""
    listing: array.array
    if cython.compiled and before is not None:
        listing = before
        if len(listing) != n:
            array.resize(listing, n)
    else:
        listing = new_listing(n)
    i: cython.int
    for i in range(n):
        if cython.compiled:
            listing.data.as_uints[i] = (shown[i] << 16) | codes[i]
        else:
            listing[i] = (shown[i] << 16) | codes[i]
    return listing


@cython.cfunc
def new_listing(n: cython.int) -> array.array:
    """An array of n unsigned 32-bit entries (contents to be written)."""
    if cython.compiled:
        return array.clone(_LISTING, n, False)
    return array.array("I", bytes(4 * n))


_LISTING = array.array("I")  # (the type new_listing's arrays are cloned from)
