"""Attack tables: the squares each piece attacks from each square.

Leapers (pawn, knight, king) are tables built set-wise with the compass shifts of `bits`. The
C arrays are what the move generator reads; the public functions check their arguments.
"""
try:
    import cython
except ImportError:  # the uncompiled build on a machine without Cython
    from ._cython_shim import cython

from .bits import (EAST, NORTH, NORTH_EAST, NORTH_WEST, SOUTH, SOUTH_EAST, SOUTH_WEST, WEST,
                   shift)
from .squares import square_arg

u64 = cython.typedef(cython.ulonglong)
ONE = cython.declare(u64, 1)

WHITE = True
BLACK = False


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


def knight_attacks(square) -> int:
    """Squares a knight on `square` attacks."""
    return KNIGHT_ATTACKS[square_arg(square)]


def king_attacks(square) -> int:
    """Squares a king on `square` attacks."""
    return KING_ATTACKS[square_arg(square)]


def pawn_attacks(color, square) -> int:
    """Squares a pawn of `color` (True = white) on `square` attacks."""
    return PAWN_ATTACKS[64 * bool(color) + square_arg(square)]
