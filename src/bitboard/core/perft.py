"""Perft: the number of leaf nodes of the legal move tree to a depth, the move generator's test.

The leaves are counted in bulk: at the last ply the generator only counts the moves. The
recursion is nogil C in the compiled build, with one move buffer per ply on the C stack.

Two ways to go faster, together or apart:

- threads: the tree is split a ply or two below the root into tasks that worker threads take
  from a shared queue, each thread on its own copy of the position, the GIL released while it
  counts;
- a transposition table (hash_mb): positions met again at the same remaining depth (by
  another move order) are looked up instead of counted again. An entry is two 64-bit words,
  key ^ data and data (the count << 8 | the depth), so a torn write by another thread can never
  be read back as a hit: the key itself, all 64 bits, must come out of the xor. A count is a
  property of the position and the depth alone, so a process keeps one table of each size for
  all its perfts (a Dask worker for all its tasks); free_tables() gives the memory back.
"""
import array
import queue
import threading

from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from ..arguments import depth_arg, hash_arg, threads_arg

if not cython.compiled:  # (the Python imports first: they are what type checkers read)
    from .encoding import BB_ALL, MAX_MOVES, u64
    from .movegen import _count, _generate
    from .position import Position, _copy_position, _make, _unmake
else:
    from cython.cimports.bitboard.core.encoding import BB_ALL, MAX_MOVES, u64
    from cython.cimports.bitboard.core.movegen import _count, _generate
    from cython.cimports.bitboard.core.position import Position, _copy_position, _make, _unmake

u64_ptr = cython.typedef(cython.pointer(cython.ulonglong))
MAX_STORED = cython.declare(u64, 0x00FFFFFFFFFFFFFF)  # counts above 2**56 - 1 are not stored


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _perft(pos: Position, depth: cython.int) -> u64:
    """Leaves below `pos` at `depth` >= 1."""
    if depth == 1:
        return _count(pos)
    moves = cython.declare(cython.ushort[MAX_MOVES])
    n: cython.int = _generate(pos, moves, 0, BB_ALL, False)
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


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _perft_hashed(pos: Position, depth: cython.int, table: u64_ptr, mask: u64) -> u64:
    """_perft with the transposition table `table` of mask + 1 two-word entries."""
    if depth == 1:
        return _count(pos)
    key: u64 = pos._key
    slot: u64 = (key & mask) << 1
    data: u64 = table[slot + 1]
    if (table[slot] ^ data) == key and (data & 0xFF) == depth:
        return data >> 8
    moves = cython.declare(cython.ushort[MAX_MOVES])
    n: cython.int = _generate(pos, moves, 0, BB_ALL, False)
    total: u64 = 0
    i: cython.int
    undo: u64
    for i in range(n):
        undo = _make(pos, moves[i])
        total += _count(pos) if depth == 2 else _perft_hashed(pos, depth - 1, table, mask)
        _unmake(pos, moves[i], undo, key)
    if total <= MAX_STORED:
        data = (total << 8) | depth
        table[slot] = key ^ data
        table[slot + 1] = data
    return total


class HashTable:
    """A perft transposition table of about `megabytes` MiB (a power of two of 16-byte entries)."""

    def __init__(self, megabytes):
        entries = 1
        while entries * 2 * 16 <= megabytes * 1024 * 1024:
            entries *= 2
        self.entries = entries
        self.words = array.array("Q", [0]) * (2 * entries)

    @property
    def nbytes(self) -> int:
        return self.words.itemsize * len(self.words)


_TABLES = {}
_TABLES_LOCK = threading.Lock()


def table_for(hash_mb) -> HashTable:
    """The process's table of `hash_mb` MiB, made on first use."""
    with _TABLES_LOCK:
        if hash_mb not in _TABLES:
            _TABLES[hash_mb] = HashTable(hash_mb)
        return _TABLES[hash_mb]


def free_tables() -> None:
    """Forget the transposition tables kept for later perfts."""
    with _TABLES_LOCK:
        _TABLES.clear()


def _count_subtree(pos: Position, depth: cython.int, table) -> int:
    """Leaves below `pos` at `depth` >= 1, the GIL released (and the table shared) while counting."""
    result: u64
    if table is None:
        with cython.nogil:
            result = _perft(pos, depth)
        return result
    words: cython.ulonglong[::1] = table.words
    mask: u64 = table.entries - 1
    entries: u64_ptr
    if cython.compiled:
        entries = cython.address(words[0])
    else:
        entries = words
    with cython.nogil:
        result = _perft_hashed(pos, depth, entries, mask)
    return result


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


def _run_line(pos: Position, line, depth: int, table) -> int:
    """Leaves at `depth` >= 1 below the position after `line`, counted on `pos` (left as it was)."""
    keys, undos = [], []
    for code in line:
        keys.append(pos._key)
        undos.append(_make(pos, code))
    result = _count_subtree(pos, depth, table)
    for code in reversed(line):
        _unmake(pos, code, undos.pop(), keys.pop())
    return result


def perft(pos: Position, depth, threads=1, hash_mb=0) -> int:
    """Leaves of the legal move tree below `pos` at `depth` (exact in every mode)."""
    d = depth_arg(depth)
    n_threads = threads_arg(threads)
    table = table_for(hash_arg(hash_mb)) if hash_mb else None
    if d == 0:
        return 1
    if n_threads == 1 or d <= 2:
        return _count_subtree(pos, d, table)
    plies = 2 if d > 3 else 1
    tasks = queue.SimpleQueue()
    for line in split(pos, plies):
        tasks.put(line)
    totals, failures = [], []

    def worker():
        mine: Position = Position()
        _copy_position(mine, pos)
        total = 0
        try:
            while True:
                try:
                    line = tasks.get_nowait()
                except queue.Empty:
                    break
                total += _run_line(mine, line, d - plies, table)
        except BaseException as exc:  # reported below: never a partial count
            failures.append(exc)
        totals.append(total)

    workers = [threading.Thread(target=worker, name=f"perft-{i}") for i in range(n_threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    if failures:
        raise failures[0]
    return sum(totals)
