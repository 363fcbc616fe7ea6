"""Reproducible searches for the multiply-shift factors and magic numbers the library ships.

    bitboard search                # search again, compare with the shipped factors and magics
    bitboard search --write        # search again and rewrite the two shipped files

A factor F hashes every subset S of a mask with n bits to ``(S * F mod 2**64) >> (64 - n)``.
The move-list factors must be minimal and perfect: the 2**n subsets land on the 2**n indices,
one each. For kings and knights the factor has exactly four one-bits (as serialization.txt
says). The slider magics hash the occupancy of a bishop's or rook's relevant mask with a fixed
shift of 64 - n, and may send two occupancies to one index only when their attacks agree.
Each square's search is a xorshift64* stream (`bitboard.core.xorshift`) seeded from (SEED,
table, square), so any square can be searched again alone and gives the same number. The magic
numbers ship in `bitboard.core.magics`, the factors in `bitboard.catalogue.perfect_hash_factors`.
"""
import pathlib

from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import BB_ALL, ONE, u64
    from ..core.native import clz64, ctz64, popcount64
    from ..core.xorshift import _next

GOLDEN = cython.declare(u64, 0x9E3779B97F4A7C15)
TOP_BYTE = cython.declare(u64, 0xFF00000000000000)

SEED = 2026
#: The move-list tables, then the slider tables, in the order their seeds are numbered.
MOVE_LIST_TABLES = ("king", "knight", "rank", "file", "diagonal", "anti-diagonal")
SLIDER_TABLES = ("bishop", "rook")


def seed_for(table: str, square: int, seed: int = SEED) -> int:
    """The stream seed of one table's square: never zero, distinct for every (table, square)."""
    k = (MOVE_LIST_TABLES + SLIDER_TABLES).index(table) * 64 + square + 1
    return ((seed * 0x100000001B3) ^ (k * GOLDEN)) & BB_ALL or 1


@cython.cfunc
@cython.exceptval(check=False)
def _is_minimal_perfect(mask: u64, factor: u64, n: cython.int) -> cython.bint:
    # Carry-rippler over all 2**n subsets; `seen` is a 256-bit set in four words (n <= 8).
    seen = cython.declare(u64[4])
    seen[0] = seen[1] = seen[2] = seen[3] = 0
    subset: u64 = 0
    index: cython.int
    while True:
        index = 0 if n == 0 else (((subset * factor) & BB_ALL) >> (64 - n))
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
            bit = (ONE << (start + _next(state) % width)) & BB_ALL
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
        if popcount64((mask * magic) & BB_ALL & TOP_BYTE) < 6:
            continue
        epoch += 1
        for i in range(size):
            index = ((occ[i] * magic) & BB_ALL) >> (64 - n)
            if stamp[index] != epoch:
                stamp[index] = epoch
                used[index] = ref[i]
            elif used[index] != ref[i]:
                break
        else:
            return magic


def search_slider_magics(piece: str, squares=range(64), seed: int = SEED) -> list:
    """Search the magic numbers of 'bishop' or 'rook' again."""
    from ..core.attacks import slider_references
    magics = []
    for sq in squares:
        references = slider_references(piece, sq)
        magics.append(find_slider_magic([o for o, _ in references], [a for _, a in references],
                                        seed_for(piece, sq, seed)))
    return magics


def move_list_masks(table: str) -> list:
    """The 64 masks whose subsets a move-list table hashes (from-square excluded)."""
    from ..core.attacks import king_attacks, knight_attacks
    from ..squares import BB_ANTI_DIAGONALS, BB_DIAGONALS, BB_FILES, BB_RANKS
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
    return [lines(sq) & ~(ONE << sq) & BB_ALL for sq in range(64)]


def search_move_list_factors(table: str, squares=range(64), seed: int = SEED) -> list:
    """Search the factors of one move-list table again (four one-bits for king and knight)."""
    masks = move_list_masks(table)
    one_bits = 4 if table in ("king", "knight") else 0
    return [find_factor(masks[sq], seed_for(table, sq, seed), one_bits) for sq in squares]


# The two shipped files: (file name, docstring, variable name).
SHIPPED = {
    "magics": ("magics.py", "The magic numbers of the slider tables, found by `bitboard search --write` (the "
               "seeded search of\n`bitboard.catalogue.searches`); do not edit.", "SLIDER_MAGICS"),
    "factors": ("perfect_hash_factors.py", "The multiply-shift factors of the perfect-hash move lists, found "
                "by `bitboard search --write`\n(`bitboard.catalogue.searches`); do not edit.", "MOVE_LIST_FACTORS"),
}


def shipped_text(which: str, tables: dict) -> str:
    """The text of a shipped file ('magics' or 'factors') holding `tables`."""
    _, doc, name = SHIPPED[which]
    lines = [f'"""{doc}"""', "", f"SEED = {SEED}", "", f"{name} = {{"]
    for table, values in tables.items():
        lines.append(f"    {table!r}: [")
        for i in range(0, 64, 4):
            lines.append("        " + " ".join(f"0x{v:016X}," for v in values[i:i + 4]))
        lines.append("    ],")
    return "\n".join(lines + ["}", ""])


def search_and_compare(write_to=None) -> int:
    """Run every search; write the two files into the folder `write_to`, or compare the results
    with the shipped numbers."""
    from ..core.magics import SLIDER_MAGICS
    from .perfect_hash_factors import MOVE_LIST_FACTORS
    factors = {table: search_move_list_factors(table) for table in MOVE_LIST_TABLES}
    magics = {piece: search_slider_magics(piece) for piece in SLIDER_TABLES}
    if write_to:
        for which, tables in (("magics", magics), ("factors", factors)):
            path = pathlib.Path(write_to) / SHIPPED[which][0]
            path.write_text(shipped_text(which, tables))
            print(f"wrote {path}")
        return 0
    same = factors == MOVE_LIST_FACTORS and magics == SLIDER_MAGICS
    print("the searches reproduce the shipped factors and magics" if same
          else "the searches DIFFER from the shipped factors and magics")
    return 0 if same else 1
