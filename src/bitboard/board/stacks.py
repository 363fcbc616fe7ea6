"""The move stack's C arrays: the undo entries and Zobrist keys of the pushed moves, and the
legal-move listings push looks a move up in (board/state.py).

They are `array.array`s, so that a push stores two u64 and makes no int object: the stacks grow
by doubling (`grown`) and shrink by size alone, the room kept for the next push; the listings hold
32-bit entries, a move's shown code above its own, every ply's in one array (`fill_listing`).
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
def find_listed(listing: array.array, at: array.array, ply: cython.Py_ssize_t, plain: cython.int) -> cython.int:
    """The code listed at `ply` with the shown code `plain` (see fill_listing), or -1."""
    i: cython.Py_ssize_t
    entry: cython.uint
    end: cython.Py_ssize_t
    if cython.compiled:
        end = at.data.as_uints[ply + 1]
        for i in range(at.data.as_uints[ply], end):
            entry = listing.data.as_uints[i]
            if entry >> 16 == plain:
                return entry & 0xFFFF
        return -1
    for i in range(at[ply], at[ply + 1]):
        entry = listing[i]
        if entry >> 16 == plain:
            return entry & 0xFFFF
    return -1


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def fill_listing(listing: array.array, at: array.array, listed: cython.Py_ssize_t, ply: cython.Py_ssize_t,
                 codes: cython.pointer(cython.ushort), shown: cython.pointer(cython.ushort),  # type: ignore[valid-type]
                 n: cython.int) -> cython.Py_ssize_t:
    """What push looks for among the moves listed at a ply: for each, the code of the Move shown
    for it (core/encoding's shown_code) above its own code. Codes, not Moves: the board keeps no Move
    it handed out, so a program's changes to one cannot reach push.

    The listings of all plies share one array, `listing`, ply after ply: ply p's are its entries
    at[p] to at[p + 1], for the `listed` plies listed (a ply passed without one lists nothing).
    Listing `ply` forgets the plies above it (they were of positions after this one), so its
    entries go at the end, and no array is made per listing. Returns the plies now listed."""
    start: cython.uint
    k: cython.Py_ssize_t
    i: cython.int
    if cython.compiled:
        if len(at) < ply + 2:
            array.resize_smart(at, ply + 2)
        start = at.data.as_uints[min(listed, ply)]
        for k in range(listed + 1, ply + 1):
            at.data.as_uints[k] = start
        if len(listing) < start + n:
            array.resize_smart(listing, start + n)
        for i in range(n):
            listing.data.as_uints[start + i] = (shown[i] << 16) | codes[i]
        at.data.as_uints[ply + 1] = start + n
    else:
        if len(at) < ply + 2:
            at.extend([0] * (ply + 2 - len(at)))
        start = at[min(listed, ply)]
        for k in range(listed + 1, ply + 1):
            at[k] = start
        del listing[start:]
        listing.extend([(shown[i] << 16) | codes[i] for i in range(n)])
        at[ply + 1] = start + n
    return ply + 1


@cython.cfunc
def new_listing() -> array.array:
    """An empty array of unsigned 32-bit entries (a board's listings, or where they start)."""
    if cython.compiled:
        return array.clone(_LISTING, 0, False)
    return array.array("I")


_LISTING = array.array("I")  # (the type new_listing's arrays are cloned from)
