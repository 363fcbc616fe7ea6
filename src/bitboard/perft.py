"""Perft: the number of leaf nodes of the legal move tree to a depth, the move generator's test.

The leaves are counted in bulk: at the last ply the generator only counts the moves. The
whole recursion is nogil C in the compiled build, with one move buffer per ply on the C stack.
"""
try:
    import cython
except ImportError:  # the uncompiled build on a machine without Cython
    from ._cython_shim import cython
else:
    if not cython.compiled:  # uncompiled, the same light shim whether or not Cython is installed
        from ._cython_shim import cython

if cython.compiled:
    from cython.cimports.bitboard.movegen import MAX_MOVES, _count, _generate
    from cython.cimports.bitboard.position import Position, _make, _unmake
else:
    from .movegen import MAX_MOVES, _count, _generate
    from .position import Position, _make, _unmake

u64 = cython.typedef(cython.ulonglong)
ALL = cython.declare(u64, 0xFFFFFFFFFFFFFFFF)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _perft(pos: Position, depth: cython.int) -> u64:
    """Leaves below `pos` at `depth` >= 1."""
    if depth == 1:
        return _count(pos)
    moves = cython.declare(cython.ushort[MAX_MOVES])
    n: cython.int = _generate(pos, moves, 0, ALL, False)
    total: u64 = 0
    i: cython.int
    key: u64
    undo: u64
    for i in range(n):
        key = pos._key
        undo = _make(pos, moves[i])
        total += _count(pos) if depth == 2 else _perft(pos, depth - 1)
        _unmake(pos, moves[i], undo, key)
    return total


def depth_arg(depth) -> int:
    """A perft depth: an int >= 0, or TypeError / ValueError naming it."""
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"perft depth must be an int, not {type(depth).__name__} {depth!r}")
    if depth < 0:
        raise ValueError(f"perft depth {depth} is negative")
    if depth > 64:
        raise ValueError(f"perft depth {depth} is beyond any count that could finish (at most 64)")
    return depth


def perft(pos: Position, depth) -> int:
    """Leaves of the legal move tree below `pos` at `depth`, counted with the GIL released."""
    d: cython.int = depth_arg(depth)
    result: u64 = 1
    if d > 0:
        with cython.nogil:
            result = _perft(pos, d)
    return result
