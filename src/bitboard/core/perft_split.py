"""Perft's tree split: the lines a few plies below a position, merged by transposition, and the
count of the leaves below the end of a line. The threaded count (perft_threads) and the Dask
perft (bitboard.distributed) split their work with it.
"""
import array

from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .encoding import BB_ALL, MAX_MOVES, NO_SQUARE, u64
    from .movegen import _generate
    from .position import Position, _ep_capturable, _make, _unmake

from .perft import _count_subtree

__all__ = ["line_work", "split", "split_positions"]


def split(pos: Position, plies: int) -> list:
    """Every legal line of `plies` moves from `pos`, as tuples of internal move codes."""
    if plies == 0:
        return [()]
    moves = cython.declare(cython.ushort[MAX_MOVES])
    n: cython.int = _generate(pos, moves, 0, BB_ALL, False)
    lines = []
    key: u64
    undo: u64
    for i in range(n):
        key = pos._key
        undo = _make(pos, moves[i])
        lines.extend((moves[i],) + rest for rest in split(pos, plies - 1))
        _unmake(pos, moves[i], undo, key)
    return lines


@cython.cfunc
def _signature(pos: Position) -> bytes:
    """What a perft count depends on, exactly: the squares, the side to move, the castling
    rights and the en-passant square where a pawn stands ready to take (67 bytes)."""
    state = cython.declare(cython.uchar[67])
    i: cython.int
    for i in range(64):
        state[i] = pos._board[i]
    state[64], state[65] = pos._turn, pos._castling
    state[66] = pos._ep if _ep_capturable(pos) else NO_SQUARE
    if cython.compiled:
        return cython.cast(cython.p_char, state)[:67]
    return bytes(state)


def _walk(pos: Position, plies: cython.int, line: tuple, seen: dict) -> None:
    if plies == 0:
        key = _signature(pos)
        entry = seen.get(key)
        if entry is None:
            seen[key] = [line, 1]
        else:
            entry[1] += 1
        return
    moves = cython.declare(cython.ushort[MAX_MOVES])
    n: cython.int = _generate(pos, moves, 0, BB_ALL, False)
    i: cython.int
    key_before: u64
    undo: u64
    for i in range(n):
        key_before = pos._key
        undo = _make(pos, moves[i])
        _walk(pos, plies - 1, line + (moves[i],), seen)
        _unmake(pos, moves[i], undo, key_before)


def split_positions(pos: Position, plies: int) -> list:
    """[(line, multiplicity)]: for each distinct position `plies` moves below `pos`, one line of
    internal move codes that reaches it and how many lines do (transpositions merged exactly,
    by everything a count depends on). The walk a Dask perft splits its tree with."""
    seen: dict = {}
    _walk(pos, plies, (), seen)
    return [(line, count) for line, count in seen.values()]


def _run_line(pos: Position, line, depth: int, table, stop) -> int:
    """Leaves at `depth` >= 1 below the position after `line`, counted on `pos` (left as it was)."""
    keys, undos = [], []
    for code in line:
        keys.append(pos._key)
        undos.append(_make(pos, code))
    result = _count_subtree(pos, depth, table, stop)
    for code in reversed(line):
        _unmake(pos, code, undos.pop(), keys.pop())
    return result


def line_work(pos: Position, lines, depth: int) -> list:
    """The leaves `depth` >= 1 plies below the end of each line (tuples of move codes), counted
    on `pos` (left as it was) without a table: what a split weighs its lines by."""
    stop = array.array("i", [0])
    return [_run_line(pos, line, depth, None, stop) for line in lines]

