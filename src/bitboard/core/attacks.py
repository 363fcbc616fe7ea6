"""Attack tables: the squares each piece attacks from each square.

Leapers (pawn, knight, king) are tables built set-wise with the compass shifts of `bits`; pawn
pushes are set-wise shifts too, as in the bitboard-vs-0x88 document. Sliders use fancy magic
bitboards: the occupancy on a square's relevant mask, times a magic number (found by the seeded
search of `bitboard.catalogue.searches`, shipped in `magics`), shifted, indexes one shared
attack table built from the classical ray method. The other slider methods are in
`bitboard.catalogue.sliders`.

The words mean one thing each: a *ray* runs from a square to the edge in one direction
(DIRECTION_RAYS); a *line* is a whole rank, file or diagonal, edge to edge (LINE; python-chess
calls it `ray(a, b)`, kept under that name); *pseudo-attacks* are a slider's attacks on the
empty board (BISHOP_PSEUDO_ATTACKS). BETWEEN and LINE answer the geometry of pins and checks.
The C arrays are what the move generator reads; the public functions check their arguments.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .arguments import bitboard_arg, square_arg
    from .encoding import BB_ALL, ONE, u64
    from .native import clz64, ctz64

from ..types import Bitboard, Color, Direction, Square
from .bits import (
    DIRECTIONS,
    EAST,
    NORTH,
    NORTH_EAST,
    NORTH_WEST,
    SOUTH,
    SOUTH_EAST,
    SOUTH_WEST,
    WEST,
    fill,
    shift,
    subsets,
)
from .magics import SLIDER_MAGICS

RANK_3 = 0x0000000000FF0000
RANK_6 = 0x0000FF0000000000


def _knight_attacks_setwise(b: int) -> int:
    # Two steps along one axis then one along the other: one step first, then the two-step
    # part as two one-step shifts, so that the wrap masks apply at every step.
    out = 0
    for long_step in (NORTH, SOUTH):
        for side in (EAST, WEST):
            out |= shift(shift(shift(b, long_step), long_step), side)
    for long_step in (EAST, WEST):
        for side in (NORTH, SOUTH):
            out |= shift(shift(shift(b, long_step), long_step), side)
    return out


def _king_attacks_setwise(b: int) -> int:
    out = 0
    for direction in (NORTH, NORTH_EAST, EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, WEST, NORTH_WEST):
        out |= shift(b, direction)
    return out


KNIGHT_ATTACKS = [_knight_attacks_setwise(ONE << sq) for sq in range(64)]
KING_ATTACKS = [_king_attacks_setwise(ONE << sq) for sq in range(64)]
#: PAWN_ATTACKS[64 * color + square], color 1 = white (python-chess's WHITE == True), 0 = black.
PAWN_ATTACKS = ([shift(ONE << sq, SOUTH_EAST) | shift(ONE << sq, SOUTH_WEST) for sq in range(64)]
                + [shift(ONE << sq, NORTH_EAST) | shift(ONE << sq, NORTH_WEST) for sq in range(64)])


def knight_attacks(square: Square) -> Bitboard:
    """Squares a knight on `square` attacks."""
    return KNIGHT_ATTACKS[square_arg(square)]


def king_attacks(square: Square) -> Bitboard:
    """Squares a king on `square` attacks."""
    return KING_ATTACKS[square_arg(square)]


def pawn_attacks(color: Color, square: Square) -> int:
    """Squares a pawn of `color` (True = white) on `square` attacks."""
    return PAWN_ATTACKS[64 * bool(color) + square_arg(square)]


def pawn_single_pushes(color: Color, pawns: Bitboard, empty: Bitboard) -> int:
    """Target squares of one-step pushes of a set of pawns: shift by 8, keep the empty ones."""
    b, e = bitboard_arg(pawns), bitboard_arg(empty)
    return shift(b, NORTH if color else SOUTH) & e


def pawn_double_pushes(color: Color, pawns: Bitboard, empty: Bitboard) -> int:
    """Target squares of two-step pushes: a second shift of the one-step targets on rank 3 (6)."""
    single = pawn_single_pushes(color, pawns, empty)
    return shift(single & (RANK_3 if color else RANK_6), NORTH if color else SOUTH) & bitboard_arg(empty)


# --- rays, between and line ----------------------------------------------------------------------
# DIRECTION_RAYS[64 * d + sq]: the squares from sq to the edge in DIRECTIONS[d], sq excluded.

DIRECTION_RAYS = [fill(shift((ONE << sq), direction), direction) for direction in DIRECTIONS for sq in range(64)]


@cython.cfunc
def _fill_between_and_line() -> cython.void:
    """BETWEEN and LINE from the rays, in C loops where compiled (their Python twins are lists)."""
    d: cython.int
    a: cython.int
    b: cython.int
    opposite: cython.int
    ray: u64
    full: u64
    for d in range(8):
        opposite = (d + 4) & 7  # (DIRECTIONS go round the compass: the opposite is four on)
        for a in range(64):
            ray = DIRECTION_RAYS[64 * d + a]
            full = ray | DIRECTION_RAYS[64 * opposite + a] | (ONE << a)
            for b in range(64):
                if ray >> b & 1:
                    BETWEEN[64 * a + b] = ray & ~DIRECTION_RAYS[64 * d + b] & ~(ONE << b)
                    LINE[64 * a + b] = full


# BETWEEN[64 * a + b]: the squares strictly between a and b on a rank, file or diagonal (else 0).
# LINE[64 * a + b]: the whole line through a and b, edge to edge (else 0). Compiled, both are C
# arrays (attacks.pxd); uncompiled, lists.
if not cython.compiled:
    BETWEEN = [0] * 4096
    LINE = [0] * 4096
_fill_between_and_line()


def between(a: Square, b: Square) -> int:
    """Squares strictly between a and b if they share a line, else 0 (python-chess's `between`)."""
    return BETWEEN[64 * square_arg(a) + square_arg(b)]


def line(a: Square, b: Square) -> int:
    """The whole line through a and b, edge to edge, if they share one, else 0."""
    return LINE[64 * square_arg(a) + square_arg(b)]


def ray(a: Square, b: Square) -> int:
    """python-chess's name for `line`: the whole line through a and b, edge to edge, else 0."""
    return LINE[64 * square_arg(a) + square_arg(b)]


def direction_ray(square: Square, direction: Direction) -> int:
    """The squares from `square` to the edge in a compass direction, `square` excluded."""
    if direction not in DIRECTIONS:
        raise ValueError(f"direction {direction!r} is not one of {DIRECTIONS}")
    return DIRECTION_RAYS[64 * DIRECTIONS.index(direction) + square_arg(square)]


# --- classical rays: the first blocker in each direction ends the ray ----------------------------
# The reference the magic tables are built from (and the catalogue's "classical rays" method).

BISHOP_DIRECTIONS = (NORTH_EAST, SOUTH_EAST, SOUTH_WEST, NORTH_WEST)
ROOK_DIRECTIONS = (NORTH, EAST, SOUTH, WEST)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _ray_attacks(sq: cython.int, occupied: u64, d: cython.int, positive: cython.bint) -> u64:
    ray: u64 = DIRECTION_RAYS[64 * d + sq]
    blockers: u64 = ray & occupied
    if blockers == 0:
        return ray
    first: cython.int = ctz64(blockers) if positive else 63 ^ clz64(blockers)
    return ray ^ DIRECTION_RAYS[64 * d + first]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _bishop_attacks_rays(sq: cython.int, occupied: u64) -> u64:
    return (_ray_attacks(sq, occupied, 1, True) | _ray_attacks(sq, occupied, 3, False)
            | _ray_attacks(sq, occupied, 5, False) | _ray_attacks(sq, occupied, 7, True))


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _rook_attacks_rays(sq: cython.int, occupied: u64) -> u64:
    return (_ray_attacks(sq, occupied, 0, True) | _ray_attacks(sq, occupied, 2, True)
            | _ray_attacks(sq, occupied, 4, False) | _ray_attacks(sq, occupied, 6, False))


# --- fancy magic bitboards ----------------------------------------------------------------------------


def _relevant_mask(sq: int, directions) -> int:
    """The rays of a slider without their last square: a piece there blocks nothing further."""
    mask = 0
    for direction in directions:
        ray = DIRECTION_RAYS[64 * DIRECTIONS.index(direction) + sq]
        last = ray.bit_length() - 1 if direction > 0 else (ray & -ray).bit_length() - 1
        mask |= ray & ~(ONE << last) if ray else 0
    return mask


def slider_masks(piece: str) -> list:
    """The 64 relevant-occupancy masks of 'bishop' or 'rook' (what the magic numbers hash)."""
    return [_relevant_mask(sq, BISHOP_DIRECTIONS if piece == "bishop" else ROOK_DIRECTIONS) for sq in range(64)]


def slider_references(piece: str, sq: Square) -> list:
    """[(occupancy, attacks)] for every subset of the relevant mask, by classical rays."""
    bishop = piece == "bishop"
    return [(occ, _bishop_attacks_rays(sq, occ) if bishop else _rook_attacks_rays(sq, occ))
            for occ in subsets(slider_masks(piece)[sq])]


def _build_magic_tables():
    """The magic tables' layout (masks, magics, shifts, offsets), then the shared table filled
    square by square (_fill_slider): the attacks of every subset of each relevant mask, by
    classical rays, at the index its magic gives. A collision of two different sets raises."""
    global BISHOP_MASK, BISHOP_MAGIC, BISHOP_SHIFT, BISHOP_OFFSET
    global ROOK_MASK, ROOK_MAGIC, ROOK_SHIFT, ROOK_OFFSET, SLIDER_ATTACKS
    size, layout = 0, {}
    for piece in ("bishop", "rook"):
        masks, shifts, offsets = slider_masks(piece), [], []
        for sq in range(64):
            n = bin(masks[sq]).count("1")
            shifts.append(64 - n)
            offsets.append(size)
            size += ONE << n
        layout[piece] = (masks, SLIDER_MAGICS[piece], shifts, offsets)
    if size != SLIDER_TABLE_SIZE:
        raise AssertionError(f"slider table has {size} entries, attacks.pxd declares {SLIDER_TABLE_SIZE}")
    BISHOP_MASK = layout["bishop"][0]
    BISHOP_MAGIC = layout["bishop"][1]
    BISHOP_SHIFT = layout["bishop"][2]
    BISHOP_OFFSET = layout["bishop"][3]
    ROOK_MASK = layout["rook"][0]
    ROOK_MAGIC = layout["rook"][1]
    ROOK_SHIFT = layout["rook"][2]
    ROOK_OFFSET = layout["rook"][3]
    if not cython.compiled:  # (compiled, a C array of attacks.pxd)
        SLIDER_ATTACKS = [0] * SLIDER_TABLE_SIZE
    for piece in ("bishop", "rook"):
        for sq in range(64):
            if not _fill_slider(piece == "bishop", sq):
                raise AssertionError(f"{piece} magic of square {sq} collides")


@cython.cfunc
@cython.exceptval(check=False)
def _fill_slider(bishop: cython.bint, sq: cython.int) -> cython.bint:
    """One square's part of SLIDER_ATTACKS: for every subset of its relevant mask (the
    Carry-Rippler), its attacks by classical rays at the index its magic gives; False where two
    different sets meet at one index. (Every slider attacks some square: 0 is an empty entry.)"""
    mask: u64 = BISHOP_MASK[sq] if bishop else ROOK_MASK[sq]
    magic: u64 = BISHOP_MAGIC[sq] if bishop else ROOK_MAGIC[sq]
    shift: cython.int = BISHOP_SHIFT[sq] if bishop else ROOK_SHIFT[sq]
    offset: cython.uint = BISHOP_OFFSET[sq] if bishop else ROOK_OFFSET[sq]
    occupied: u64 = 0
    attacks: u64
    index: cython.uint
    while True:
        attacks = _bishop_attacks_rays(sq, occupied) if bishop else _rook_attacks_rays(sq, occupied)
        index = offset + (((occupied * magic) & BB_ALL) >> shift)
        if SLIDER_ATTACKS[index] != 0 and SLIDER_ATTACKS[index] != attacks:
            return False
        SLIDER_ATTACKS[index] = attacks
        occupied = (occupied - mask) & mask
        if occupied == 0:
            return True


if not cython.compiled:  # compiled, the enum of attacks.pxd
    SLIDER_TABLE_SIZE = 107648

_build_magic_tables()


if not cython.compiled:  # compiled, the inline functions of attacks.pxd
    def _bishop_attacks(sq, occupied):
        return SLIDER_ATTACKS[BISHOP_OFFSET[sq]
                              + ((((occupied & BISHOP_MASK[sq]) * BISHOP_MAGIC[sq]) & BB_ALL) >> BISHOP_SHIFT[sq])]

    def _rook_attacks(sq, occupied):
        return SLIDER_ATTACKS[ROOK_OFFSET[sq]
                              + ((((occupied & ROOK_MASK[sq]) * ROOK_MAGIC[sq]) & BB_ALL) >> ROOK_SHIFT[sq])]

    def _attackers_on(pieces, colors, sq, by, occupied):
        return colors[by] & ((KNIGHT_ATTACKS[sq] & pieces[2])
                             | (PAWN_ATTACKS[64 * (by ^ 1) + sq] & pieces[1])
                             | (KING_ATTACKS[sq] & pieces[6])
                             | (_bishop_attacks(sq, occupied) & (pieces[3] | pieces[5]))
                             | (_rook_attacks(sq, occupied) & (pieces[4] | pieces[5])))


# Pseudo-attacks, a slider's attacks on the empty board: where it could reach a square at all.
BISHOP_PSEUDO_ATTACKS = [_bishop_attacks_rays(sq, 0) for sq in range(64)]
ROOK_PSEUDO_ATTACKS = [_rook_attacks_rays(sq, 0) for sq in range(64)]


# --- the public slider functions ---------------------------------------------------------------------


def bishop_attacks(square: Square, occupied: Bitboard) -> int:
    """Squares a bishop on `square` attacks given the occupied squares (magic bitboards)."""
    return _bishop_attacks(square_arg(square), bitboard_arg(occupied))


def rook_attacks(square: Square, occupied: Bitboard) -> int:
    """Squares a rook on `square` attacks given the occupied squares (magic bitboards)."""
    return _rook_attacks(square_arg(square), bitboard_arg(occupied))


def queen_attacks(square: Square, occupied: Bitboard) -> int:
    """Squares a queen on `square` attacks given the occupied squares."""
    sq, occ = square_arg(square), bitboard_arg(occupied)
    return _bishop_attacks(sq, occ) | _rook_attacks(sq, occ)
