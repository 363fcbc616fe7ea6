"""Perft: the number of leaf nodes of the legal move tree to a depth, the move generator's test.

The leaves are counted in bulk: at the last ply the generator only counts the moves. Every
position a game can reach is counted by perft_kernel's walk (eight bitboards a node, each side
compiled apart; the kernel module is chosen for this CPU at import: use_kernel), any other
set-up board by movegen's generator with make and unmake on the Position. Either way the
recursion is nogil C in the compiled build.

Two ways to go faster, together or apart:

- threads: the tree is split one to three plies below the root (16 lines per thread) into
  tasks that worker threads take from a shared queue, largest first (so that no thread is left
  with a big one at the end), each thread on its own copy of the position, the GIL released
  while it counts;
- a transposition table (hash_mb): positions met again at the same remaining depth (by
  another move order) are looked up instead of counted again. Half the memory holds the counts
  three plies deep or more, an entry of two 64-bit words, key ^ data and data (the count << 8 |
  the depth), so a torn write by another thread can never be read back as a hit: the key
  itself, all 64 bits, must come out of the xor. These come in buckets of four, one cache line,
  and a new one takes the place of the shallowest: the deep counts, the dearest to redo, stay.
  The other half holds the counts two plies deep, nine in ten of all, in one word each (at most
  218 ** 2 = 47,524 leaves: the key's top 48 bits over 16 bits of count; the key's low bits are
  the bucket's, so all 64 are checked, and one aligned word is written whole), eight to a
  bucket, a new one taking an empty place or one its key picks. Twice as many of them fit as in
  two words: under pressure (perft(8) of the initial position with a 16 MiB or 64 MiB table)
  4-5% fewer leaves are walked again, 11% with 1 MiB for perft(7). A count is a
  property of the position and the depth alone, so a process keeps one table of each size for
  all its perfts (a Dask worker for all its tasks); free_tables() gives the memory back.
  A node looks its children up by their keys (_key_after: the key a move gives, without
  making it), all their entries prefetched before the first probe, so that the cache lines
  come in together rather than one wait each; only the children not found are made, on the
  Position, or, two plies above the leaves, on the kernel's eight words by its own functions
  (walk_after), which spares the piece array, key and clocks their make and unmake.

Every count can be stopped: the recursion reads a stop flag before each move at every inner
node, and a count that is not short runs in a worker thread while the calling thread waits,
so that Ctrl-C (KeyboardInterrupt) reaches Python within a fraction of a second. The flag is
then set, the workers unwind (unmaking every move: the position is left as it was, and no
partial count enters the table), and the KeyboardInterrupt goes on.
"""
import importlib
import importlib.util

from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from ..errors import InvalidArgumentError
from .cpu import LEVEL_KERNELS

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .encoding import BB_ALL, KING, MAX_MOVES, PAWN, PERFT_BUCKET_WORDS, u64
    from .movegen import _attackers, _count, _generate
    from .native import BUILD_KIND, CPU_FAST_PEXT, CPU_X86_64_V2, CPU_X86_64_V3, ctz64, popcount64, prefetch
    from .position import Position, _key_after, _make, _unmake
    walk_function = walk_after_function = None  # compiled: perft.pxd's function-pointer types

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.pycapsule import PyCapsule_GetName, PyCapsule_GetPointer

u64_ptr = cython.typedef(cython.pointer(cython.ulonglong))
int_ptr = cython.typedef(cython.pointer(cython.int))
MAX_STORED = cython.declare(u64, 0x00FFFFFFFFFFFFFF)  # counts above 2**56 - 1 are not stored
BACK_RANKS = cython.declare(u64, 0xFF000000000000FF)  # the first and last ranks


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def walkable(pos: Position) -> cython.bint:
    """Whether the kernel's walk can count `pos`: one king of each colour, the side not to move
    not in check, no pawn on its first or last rank."""
    us: cython.int = pos._turn
    kings: u64 = pos._pieces[KING]
    own_king: u64 = kings & pos._colors[us]
    their_king: u64 = kings & pos._colors[us ^ 1]
    if popcount64(own_king) != 1 or popcount64(their_king) != 1:
        return False
    if pos._pieces[PAWN] & BACK_RANKS:
        return False
    return not _attackers(pos, ctz64(their_king), us, pos._colors[0] | pos._colors[1])


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _perft(pos: Position, depth: cython.int, stop: int_ptr) -> u64:
    """Leaves below `pos` at `depth` >= 1; a partial count once stop[0] is set. The specialised
    walk of perft_kernel counts every position a game can reach, movegen's general path the
    rest (a set-up board without both kings, say)."""
    if walkable(pos):
        return walk(pos, depth, stop)
    return _perft_general(pos, depth, stop)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _perft_general(pos: Position, depth: cython.int, stop: int_ptr) -> u64:
    """_perft by movegen: make, count or recurse, unmake."""
    if depth == 1:
        return _count(pos)
    moves = cython.declare(cython.ushort[MAX_MOVES])
    n: cython.int = _generate(pos, moves, 0, BB_ALL, False)
    total: u64 = 0
    i: cython.int
    key: u64
    undo: u64
    for i in range(n):
        if stop[0]:
            break
        key = pos._key
        undo = _make(pos, moves[i])
        total += _count(pos) if depth == 2 else _perft_general(pos, depth - 1, stop)
        _unmake(pos, moves[i], undo, key)
    return total


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _perft_hashed(pos: Position, depth: cython.int, table: u64_ptr, mask: u64, stop: int_ptr,
                  walk_below: cython.bint, shallow: u64_ptr) -> u64:
    """_perft with the transposition table `table` of mask + 1 buckets (PERFT_BUCKET_WORDS words
    each) and, for the counts two plies deep, `shallow`, of as many buckets of one-word
    entries; with `walk_below` (a walkable root) the last two plies are perft_kernel's walk."""
    found: u64
    total: u64
    if depth == 1:
        return _count(pos)
    found = _probe(table, mask, shallow, pos._key, depth)
    if found:
        return found - 1
    total = _perft_unknown(pos, depth, table, mask, stop, walk_below, shallow)
    if not stop[0]:
        _put(table, mask, shallow, pos._key, depth, total)
    return total


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _perft_unknown(pos: Position, depth: cython.int, table: u64_ptr, mask: u64, stop: int_ptr,
                   walk_below: cython.bint, shallow: u64_ptr) -> u64:
    """_perft_hashed of a position the table does not hold (depth >= 2). Each child is looked
    up by its key before any is made (_key_after, the prefetches of all of them first, so that
    their cache lines come in together), and only those not found are made and counted: on
    the kernel's words where they are two plies above the leaves (1.02x on perft(8) with two
    threads, 1.05x on perft(9)), else on the Position."""
    total: u64 = 0
    found: u64
    below: u64
    key: u64 = pos._key
    moves = cython.declare(cython.ushort[MAX_MOVES])
    keys = cython.declare(u64[MAX_MOVES])
    n: cython.int
    i: cython.int
    undo: u64
    if depth == 2:
        return walk(pos, 2, stop) if walk_below else _perft_general(pos, 2, stop)
    n = _generate(pos, moves, 0, BB_ALL, False)
    for i in range(n):
        keys[i] = _key_after(pos, moves[i])
        if cython.compiled:
            prefetch(cython.address((shallow if depth == 3 else table)[(keys[i] & mask) * PERFT_BUCKET_WORDS]))
    for i in range(n):
        if stop[0]:
            return total  # partial: never stored
        found = _probe(table, mask, shallow, keys[i], depth - 1)
        if found:
            total += found - 1
            continue
        if depth == 3 and walk_below:  # the child's last two plies: made and walked on the kernel's words
            below = walk_after(pos, moves[i], 2, stop)
        else:
            undo = _make(pos, moves[i])
            below = _perft_unknown(pos, depth - 1, table, mask, stop, walk_below, shallow)
            _unmake(pos, moves[i], undo, key)
        if not stop[0]:
            _put(table, mask, shallow, keys[i], depth - 1, below)
        total += below
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _probe(table: u64_ptr, mask: u64, shallow: u64_ptr, key: u64, depth: cython.int) -> u64:
    """The count stored for `key` at `depth` >= 2, plus one; 0 where there is none."""
    bucket: u64 = (key & mask) * PERFT_BUCKET_WORDS
    data: u64
    j: cython.int
    if depth == 2:
        for j in range(PERFT_BUCKET_WORDS):
            data = shallow[bucket + j]
            if ((data ^ key) >> 16) == 0 and (data & 0xFFFF):
                return data & 0xFFFF
        return 0
    for j in range(0, PERFT_BUCKET_WORDS, 2):
        data = table[bucket + j + 1]
        if (table[bucket + j] ^ data) == key and (data & 0xFF) == depth:
            return (data >> 8) + 1
    return 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _put(table: u64_ptr, mask: u64, shallow: u64_ptr, key: u64, depth: cython.int, total: u64) -> cython.void:
    """Store the count `total` of `key` at `depth` >= 2, where it fits its entry."""
    bucket: u64 = (key & mask) * PERFT_BUCKET_WORDS
    if depth == 2:
        _store_shallow(shallow, bucket, key, total)
    elif total <= MAX_STORED:
        _store(table, bucket, key, (total << 8) | depth)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _store_shallow(shallow: u64_ptr, bucket: u64, key: u64, total: u64) -> cython.void:
    """Put a count two plies deep (at most 218 ** 2, so 16 bits) in the bucket at word `bucket`:
    one word, the key's top 48 bits over the count + 1 (an empty word, 0, is never a hit), the
    key's low bits being the bucket's. An empty entry is taken first, else one the key picks."""
    victim: u64 = bucket + (key >> 61)  # bits that differ among the keys of one bucket
    j: u64
    for j in range(bucket, bucket + PERFT_BUCKET_WORDS):
        if shallow[j] == 0:
            victim = j
            break
    shallow[victim] = ((key >> 16) << 16) | (total + 1)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _store(table: u64_ptr, bucket: u64, key: u64, data: u64) -> cython.void:
    """Put an entry in the bucket at word `bucket` in place of its shallowest (an empty entry
    is depth 0): the deep counts, which cost the most to count again, stay."""
    victim: u64 = bucket
    shallowest: u64 = 0x100
    j: u64
    for j in range(bucket, bucket + PERFT_BUCKET_WORDS, 2):
        if (table[j + 1] & 0xFF) < shallowest:
            shallowest = table[j + 1] & 0xFF
            victim = j
    table[victim] = key ^ data
    table[victim + 1] = data


#: The kernel module that counts (its walk and walk_after), chosen by use_kernel().
KERNEL = ""
#: The kernels a build may carry, modules of this package: the one for any x86-64, then those
#: for later levels, fastest first.
KERNELS = ("perft_kernel",) + tuple(LEVEL_KERNELS)


def available_kernels() -> list:
    """The kernel modules this installation has: the one built with the package (for this CPU,
    or in a portable build for any), and in a portable build on x86-64 those for the later
    levels: x86-64-v2 with the magics, x86-64-v3 with the magics and with PEXT. Uncompiled, the
    one source: the others are builds of it (and `bitboard.installation`'s copy of this package must not
    take their extensions for modules of its own)."""
    if not cython.compiled:
        return ["perft_kernel"]
    return [name for name in KERNELS if importlib.util.find_spec(f"{__package__}.{name}") is not None]


def cpu_facts() -> dict:
    """What this CPU runs: {"x86-64-v2", "x86-64-v3", "fast PEXT": bool}. Compiled, the CPU's own
    answer (the CPUID instruction), right in a container, a VM or an emulator and on systems
    without /proc/cpuinfo; uncompiled, /proc/cpuinfo's (core/cpu.py)."""
    return {"x86-64-v2": bool(CPU_X86_64_V2), "x86-64-v3": bool(CPU_X86_64_V3), "fast PEXT": bool(CPU_FAST_PEXT)}


def build_kind() -> str:
    """What this installation's C code was compiled for: "native" (`pip install .`: this
    machine's CPU), "portable" (BITBOARD_PORTABLE=1, what a wheel is: any CPU of its
    architecture, the later x86-64 levels' kernels beside), "custom" (BITBOARD_CFLAGS), or
    "uncompiled"."""
    return BUILD_KIND.decode()


def _runs(name: str, facts: dict) -> bool:
    """Whether a CPU of `facts` runs the kernel `name` (PEXT's too where its PEXT is slow)."""
    return name not in LEVEL_KERNELS or facts[LEVEL_KERNELS[name][0]]


def usable_kernels() -> list:
    """The installed kernels this CPU can run (PEXT's too where its PEXT is slow)."""
    facts = cpu_facts()
    return [name for name in available_kernels() if _runs(name, facts)]


def fastest_kernel() -> str:
    """The x86-64-v3 kernel with PEXT where it is installed and this CPU runs it and has a fast
    PEXT, else the latest level's kernel that is installed and that the CPU runs, else the
    package's own."""
    facts = cpu_facts()
    usable = usable_kernels()
    for name, (_, pext) in LEVEL_KERNELS.items():  # fastest first
        if name in usable and (facts["fast PEXT"] or not pext):
            return name
    return "perft_kernel"


def use_kernel(name=None) -> str:
    """Count with the kernel module `name` (fastest_kernel() by default; for tests and
    benchmarks, never while a perft runs) and return its name. A kernel this CPU cannot run is
    refused (its first instruction of a later level would kill the interpreter)."""
    global walk, walk_after, KERNEL
    name = name or fastest_kernel()
    if name not in available_kernels():
        raise InvalidArgumentError(f"no perft kernel {name!r} in this installation: {available_kernels()}")
    if not _runs(name, cpu_facts()):
        raise InvalidArgumentError(f"perft kernel {name!r} needs an {LEVEL_KERNELS[name][0]} CPU, and this one is "
                                   f"not: {usable_kernels()} run here")
    module = importlib.import_module(f"{__package__}.{name}")
    if cython.compiled:  # the C functions the module exports, as capsules
        capsules = module.__pyx_capi__
        walk = cython.cast(walk_function, PyCapsule_GetPointer(capsules["walk"], PyCapsule_GetName(capsules["walk"])))
        walk_after = cython.cast(walk_after_function, PyCapsule_GetPointer(capsules["walk_after"],
                                                                           PyCapsule_GetName(capsules["walk_after"])))
    else:
        walk, walk_after = module.walk, module.walk_after
    KERNEL = name
    return name


use_kernel()


def reference_count(pos: Position, depth: int) -> int:
    """The leaves `depth` >= 1 plies below `pos` (a walkable position: one king each, the side not
    to move not in check) counted by movegen's generator, making and unmaking every move on the
    Position: the reference the perft kernels are tested against (not their speed)."""
    stop = cython.declare(cython.int[1])
    stop[0] = 0
    return _perft_general(pos, depth, stop)


def _count_subtree(pos: Position, depth: cython.int, table, stop) -> int:
    """Leaves below `pos` at `depth` >= 1, the GIL released (and the table shared) while counting;
    `stop` is the count's flag, an array of one C int."""
    result: u64
    flag: cython.int[::1] = stop
    stop_ptr: int_ptr
    entries: u64_ptr
    shallow: u64_ptr
    words: cython.ulonglong[::1]
    mask: u64
    stop_ptr = cython.address(flag[0]) if cython.compiled else flag
    if table is None:
        with cython.nogil:
            result = _perft(pos, depth, stop_ptr)
        return result
    words = table.words
    mask = table.entries // PERFT_BUCKET_WORDS - 1  # half the memory: the other half is the shallow entries'
    if cython.compiled:
        entries = cython.address(words[0])
        shallow = cython.address(words[(mask + 1) * PERFT_BUCKET_WORDS])
    else:
        entries = words
        shallow = words[(mask + 1) * PERFT_BUCKET_WORDS:]
    with cython.nogil:
        result = _perft_hashed(pos, depth, entries, mask, stop_ptr, walkable(pos), shallow)
    return result


