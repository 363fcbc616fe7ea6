"""The perft kernel's one table: the attack tables its walk reads, laid out in one array.

Compiled as position-independent code, each table the walk addressed apart would cost a
register for its base address (a table cimported from attacks.py, one for its pointer), and the
walk has none to spare: each kernel module keeps one array, TABLES, which fill_tables writes at
the offsets of perft_layout.pxd: the knight, king and pawn attacks (pawns 64 * colour + square),
the bishops' and rooks' empty-board attacks, per slider (bishops' squares 0-63, rooks' 64-127)
the relevant mask, magic, shift and offset, BETWEEN (64 * a + b), and the slider attacks. A
kernel that looks sliders up by PEXT has them re-ordered by the PEXT index (the same offsets,
since each square's block has 2**bits entries): the carry-rippler enumerates the subsets of a
mask in the order of their PEXT index, so no PEXT instruction is needed to lay them out.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from . import attacks
    from .attacks import _bishop_attacks, _rook_attacks
    from .encoding import u64

u64_ptr = cython.typedef(cython.pointer(u64))

if not cython.compiled:  # compiled, the constants of perft_layout.pxd
    KNIGHT_AT, KING_AT, PAWN_AT, BISHOP_PSEUDO_AT, ROOK_PSEUDO_AT = 0, 64, 128, 256, 320
    MASK_AT, MAGIC_AT, SHIFT_AT, OFFSET_AT, BETWEEN_AT, SLIDERS_AT, TABLE_WORDS = (
        384, 512, 640, 768, 896, 4992, 112640)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def fill_tables(tables: u64_ptr, pext: cython.bint) -> cython.void:
    """Write the kernel's tables into `tables` (TABLE_WORDS words), the slider attacks in the
    order of the PEXT index where `pext`, else of the magics'."""
    i: cython.int
    sq: cython.int
    index: u64
    occupancy: u64
    mask: u64
    for i in range(64):
        tables[KNIGHT_AT + i] = attacks.KNIGHT_ATTACKS[i]
        tables[KING_AT + i] = attacks.KING_ATTACKS[i]
        tables[BISHOP_PSEUDO_AT + i] = attacks.BISHOP_PSEUDO_ATTACKS[i]
        tables[ROOK_PSEUDO_AT + i] = attacks.ROOK_PSEUDO_ATTACKS[i]
        tables[MASK_AT + i], tables[MASK_AT + 64 + i] = attacks.BISHOP_MASK[i], attacks.ROOK_MASK[i]
        tables[MAGIC_AT + i], tables[MAGIC_AT + 64 + i] = attacks.BISHOP_MAGIC[i], attacks.ROOK_MAGIC[i]
        tables[SHIFT_AT + i], tables[SHIFT_AT + 64 + i] = attacks.BISHOP_SHIFT[i], attacks.ROOK_SHIFT[i]
        tables[OFFSET_AT + i] = SLIDERS_AT + attacks.BISHOP_OFFSET[i]
        tables[OFFSET_AT + 64 + i] = SLIDERS_AT + attacks.ROOK_OFFSET[i]
    for i in range(128):
        tables[PAWN_AT + i] = attacks.PAWN_ATTACKS[i]
    for i in range(4096):
        tables[BETWEEN_AT + i] = attacks.BETWEEN[i]
    if not pext:
        for i in range(TABLE_WORDS - SLIDERS_AT):
            tables[SLIDERS_AT + i] = attacks.SLIDER_ATTACKS[i]
        return
    for sq in range(128):  # every subset of each mask (the carry-rippler), at its PEXT index
        mask = tables[MASK_AT + sq]
        occupancy = 0
        index = 0
        while True:
            tables[tables[OFFSET_AT + sq] + index] = (
                _bishop_attacks(sq, occupancy) if sq < 64 else _rook_attacks(sq - 64, occupancy))
            occupancy = (occupancy - mask) & mask
            index += 1
            if occupancy == 0:
                break
