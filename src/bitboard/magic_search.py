"""Reproducible searches for the multiply-shift factors and magic numbers the library ships.

    bitboard search                                  # search again, compare with the shipped factors
    bitboard search --write src/bitboard/_factors.py # search again and rewrite the shipped file

A factor F hashes every subset S of a mask with n bits to ``(S * F mod 2**64) >> (64 - n)``.
The move-list factors must be minimal and perfect: the 2**n subsets land on the 2**n indices,
one each. For kings and knights the factor has exactly four one-bits (as serialization.txt
says). The slider magics hash the occupancy of a bishop's or rook's relevant mask with a fixed
shift of 64 - n, and may send two occupancies to one index only when their attacks agree.
Each square's search is a xorshift64* stream seeded from (SEED, table, square), so any square
can be searched again alone and gives the same number.
"""
import pathlib

try:
    import cython
except ImportError:  # the uncompiled build on a machine without Cython
    from ._cython_shim import cython
else:
    if not cython.compiled:  # uncompiled, the same light shim whether or not Cython is installed
        from ._cython_shim import cython

if cython.compiled:
    from cython.cimports.bitboard._native import clz64, ctz64, popcount64
else:
    from ._native import clz64, ctz64, popcount64

u64 = cython.typedef(cython.ulonglong)

MASK64 = cython.declare(u64, 0xFFFFFFFFFFFFFFFF)
XORSHIFT_MULTIPLIER = cython.declare(u64, 0x2545F4914F6CDD1D)
GOLDEN = cython.declare(u64, 0x9E3779B97F4A7C15)
ONE = cython.declare(u64, 1)
TOP_BYTE = cython.declare(u64, 0xFF00000000000000)

SEED = 2026
#: The move-list tables, then the slider tables, in the order their seeds are numbered.
MOVE_LIST_TABLES = ("king", "knight", "rank", "file", "diagonal", "anti-diagonal")
SLIDER_TABLES = ("bishop", "rook")


@cython.cfunc
@cython.exceptval(check=False)
def _next(state: cython.pointer(u64)) -> u64:
    # xorshift64* (Vigna): three xor-shifts of the state, then an odd multiplier.
    x: u64 = state[0]
    x ^= x >> 12
    x ^= (x << 25) & MASK64
    x ^= x >> 27
    state[0] = x
    return (x * XORSHIFT_MULTIPLIER) & MASK64


def random_u64s(seed: int, count: int) -> list:
    """`count` numbers of the xorshift64* stream seeded with `seed` (the Zobrist keys use it)."""
    state = cython.declare(u64[1])
    state[0] = seed or 1
    return [_next(state) for _ in range(count)]


def seed_for(table: str, square: int, seed: int = SEED) -> int:
    """The stream seed of one table's square: never zero, distinct for every (table, square)."""
    k = (MOVE_LIST_TABLES + SLIDER_TABLES).index(table) * 64 + square + 1
    return ((seed * 0x100000001B3) ^ (k * GOLDEN)) & 0xFFFFFFFFFFFFFFFF or 1


@cython.cfunc
@cython.exceptval(check=False)
def _is_minimal_perfect(mask: u64, factor: u64, n: cython.int) -> cython.bint:
    # Carry-rippler over all 2**n subsets; `seen` is a 256-bit set in four words (n <= 8).
    seen = cython.declare(u64[4])
    seen[0] = seen[1] = seen[2] = seen[3] = 0
    subset: u64 = 0
    index: cython.int
    while True:
        index = 0 if n == 0 else (((subset * factor) & MASK64) >> (64 - n))
        if (seen[index >> 6] >> (index & 63)) & 1:
            return False
        seen[index >> 6] |= ONE << (index & 63)
        subset = (subset - mask) & mask
        if subset == 0:
            return True


@cython.ccall
def find_factor(mask: u64, stream_seed: u64, one_bits: cython.int) -> u64:
    """A factor hashing every subset of `mask` minimally and perfectly.

    one_bits > 0 asks for exactly that many one-bits; 0 lets the count vary from 1 to n + 1.
    The bits are drawn from the window of shifts that can lift the mask's bits into the top n
    positions, which is where the index comes from.
    """
    n: cython.int = popcount64(mask)
    if n == 0:
        return 0
    if n > 8:
        raise ValueError(f"mask {mask:#x} has {n} bits; move lists are hashed for at most 8")
    low: cython.int = ctz64(mask)
    high: cython.int = 63 ^ clz64(mask)
    start: cython.int = max(0, 64 - n - high)
    width: cython.int = 64 - low - start
    state = cython.declare(u64[1])
    state[0] = stream_seed
    factor: u64
    bit: u64
    bits: cython.int
    want: cython.int
    while True:
        want = one_bits if one_bits > 0 else 1 + _next(state) % (n + 1)
        if want > width:
            want = width
        factor = 0
        bits = 0
        while bits < want:
            bit = (ONE << (start + _next(state) % width)) & MASK64
            if not factor & bit:
                factor |= bit
                bits += 1
        if _is_minimal_perfect(mask, factor, n):
            return factor


@cython.ccall
def find_slider_magic(occupancies: list, attacks: list, stream_seed: u64) -> u64:
    """A magic number mapping every occupancy to an index of 2**n whose attacks agree.

    Candidates are the and of three random numbers (sparse), skipped unless they move at least
    six bits of the mask into the top byte; an epoch stamp per index avoids clearing.
    """
    size: cython.int = len(occupancies)
    if size == 0 or size != len(attacks):
        raise ValueError(f"{size} occupancies for {len(attacks)} attack sets")
    n: cython.int = popcount64(occupancies[size - 1])  # the last subset is the whole mask
    if n > 12 or size != ONE << n:
        raise ValueError(f"expected every subset of a mask of at most 12 bits, got {size} occupancies "
                         f"ending in {occupancies[size - 1]:#x}")
    occ = cython.declare(u64[4096])
    ref = cython.declare(u64[4096])
    used = cython.declare(u64[4096])
    stamp = cython.declare(cython.uint[4096])
    state = cython.declare(u64[1])
    i: cython.int
    index: cython.int
    epoch: cython.uint = 0
    magic: u64
    mask: u64 = occupancies[size - 1]
    for i in range(size):
        occ[i] = occupancies[i]
        ref[i] = attacks[i]
        stamp[i] = 0
    state[0] = stream_seed
    while True:
        magic = _next(state) & _next(state) & _next(state)
        if popcount64((mask * magic) & MASK64 & TOP_BYTE) < 6:
            continue
        epoch += 1
        for i in range(size):
            index = ((occ[i] * magic) & MASK64) >> (64 - n)
            if stamp[index] != epoch:
                stamp[index] = epoch
                used[index] = ref[i]
            elif used[index] != ref[i]:
                break
        else:
            return magic


def search_slider_magics(piece: str, squares=range(64), seed: int = SEED) -> list:
    """Search the magic numbers of 'bishop' or 'rook' again."""
    from .attacks import slider_references
    magics = []
    for sq in squares:
        references = slider_references(piece, sq)
        magics.append(find_slider_magic([o for o, _ in references], [a for _, a in references],
                                        seed_for(piece, sq, seed)))
    return magics


def is_minimal_perfect(mask: int, factor: int) -> bool:
    """Whether `factor` sends the subsets of `mask` to distinct indices in 0..2**n-1."""
    return _is_minimal_perfect(mask, factor, popcount64(mask))


def move_list_masks(table: str) -> list:
    """The 64 masks whose subsets a move-list table hashes (from-square excluded)."""
    from .attacks import king_attacks, knight_attacks
    from .squares import BB_ANTI_DIAGONALS, BB_DIAGONALS, BB_FILES, BB_RANKS
    if table == "king":
        return [king_attacks(sq) for sq in range(64)]
    if table == "knight":
        return [knight_attacks(sq) for sq in range(64)]
    lines = {
        "rank": lambda sq: BB_RANKS[sq >> 3],
        "file": lambda sq: BB_FILES[sq & 7],
        "diagonal": lambda sq: BB_DIAGONALS[7 + (sq & 7) - (sq >> 3)],
        "anti-diagonal": lambda sq: BB_ANTI_DIAGONALS[(sq & 7) + (sq >> 3)],
    }[table]
    return [lines(sq) & ~(ONE << sq) & MASK64 for sq in range(64)]


def search_move_list_factors(table: str, squares=range(64), seed: int = SEED) -> list:
    """Search the factors of one move-list table again (four one-bits for king and knight)."""
    masks = move_list_masks(table)
    one_bits = 4 if table in ("king", "knight") else 0
    return [find_factor(masks[sq], seed_for(table, sq, seed), one_bits) for sq in squares]


def _write(path: pathlib.Path, factors: dict, magics: dict) -> None:
    lines = ['"""Multiply-shift factors and magic numbers found by `bitboard search --write` '
             '(bitboard.magic_search); do not edit."""', "", f"SEED = {SEED}", ""]
    for name, tables in (("MOVE_LIST_FACTORS", factors), ("SLIDER_MAGICS", magics)):
        lines.append(f"{name} = {{")
        for table, values in tables.items():
            lines.append(f"    {table!r}: [")
            for i in range(0, 64, 4):
                lines.append("        " + " ".join(f"0x{v:016X}," for v in values[i:i + 4]))
            lines.append("    ],")
        lines.append("}")
        lines.append("")
    path.write_text("\n".join(lines))


def search_and_compare(write_to=None) -> int:
    """Run every search; write the results to `write_to`, or compare them with the shipped ones."""
    factors = {table: search_move_list_factors(table) for table in MOVE_LIST_TABLES}
    magics = {piece: search_slider_magics(piece) for piece in SLIDER_TABLES}
    if write_to:
        _write(pathlib.Path(write_to), factors, magics)
        print(f"wrote {write_to}")
        return 0
    from ._factors import MOVE_LIST_FACTORS, SLIDER_MAGICS
    same = factors == MOVE_LIST_FACTORS and magics == SLIDER_MAGICS
    print("the searches reproduce the shipped factors and magics" if same
          else "the searches DIFFER from the shipped factors and magics")
    return 0 if same else 1
