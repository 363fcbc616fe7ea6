"""Attack tables and every slider method against an independent square-by-square walk."""
import chess
import pytest
from hypothesis import given
from strategies import bitboards, squares

import bitboard
from bitboard.catalogue import sliders
from bitboard.catalogue.searches import search_slider_magics
from bitboard.core import attacks
from bitboard.core.magics import SLIDER_MAGICS
from bitboard.errors import InvalidSquareError

BISHOP_STEPS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK_STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def walk(sq, occupied, steps):
    out = 0
    for df, dr in steps:
        f, r = sq & 7, sq >> 3
        while True:
            f, r = f + df, r + dr
            if not (0 <= f < 8 and 0 <= r < 8):
                break
            out |= 1 << (8 * r + f)
            if occupied >> (8 * r + f) & 1:
                break
    return out


def leaper(sq, steps):
    f, r = sq & 7, sq >> 3
    return sum(1 << (8 * (r + dr) + f + df) for df, dr in steps if 0 <= f + df < 8 and 0 <= r + dr < 8)


def test_leaper_tables():
    knight = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    king = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
    for sq in range(64):
        assert attacks.knight_attacks(sq) == leaper(sq, knight) == chess.BB_KNIGHT_ATTACKS[sq]
        assert attacks.king_attacks(sq) == leaper(sq, king) == chess.BB_KING_ATTACKS[sq]
        assert attacks.pawn_attacks(True, sq) == leaper(sq, [(-1, 1), (1, 1)])
        assert attacks.pawn_attacks(False, sq) == leaper(sq, [(-1, -1), (1, -1)])


SLIDERS = {
    "bishop": (BISHOP_STEPS, [attacks.bishop_attacks, sliders.bishop_attacks_rays,
                              sliders.bishop_attacks_kogge_stone, sliders.bishop_attacks_hyperbola]),
    "rook": (ROOK_STEPS, [attacks.rook_attacks, sliders.rook_attacks_rays,
                          sliders.rook_attacks_kogge_stone, sliders.rook_attacks_hyperbola]),
}


@given(squares, bitboards)
def test_every_slider_method_agrees_with_a_walk(sq, occupied):
    for steps, methods in SLIDERS.values():
        expected = walk(sq, occupied, steps)
        for method in methods:
            assert method(sq, occupied) == expected, method.__name__
    assert attacks.queen_attacks(sq, occupied) == walk(sq, occupied, BISHOP_STEPS + ROOK_STEPS)


@pytest.mark.parametrize("piece", ["bishop", "rook"])
def test_magics_hash_every_relevant_occupancy(piece):
    steps, methods = SLIDERS[piece]
    magic = methods[0]
    for sq, mask in enumerate(attacks.slider_masks(piece)):
        subset = 0
        while True:  # every subset of the relevant mask, through the public lookup
            assert magic(sq, subset) == walk(sq, subset, steps)
            subset = (subset - mask) & mask
            if subset == 0:
                break


def test_magic_search_reproduces_the_shipped_magics():
    if bitboard.compiled:
        for piece in ("bishop", "rook"):
            assert search_slider_magics(piece) == SLIDER_MAGICS[piece]
    else:  # the uncompiled search is slow: a few bishop squares
        assert search_slider_magics("bishop", [0, 27]) == [SLIDER_MAGICS["bishop"][s] for s in (0, 27)]


def test_between_and_ray_match_python_chess():
    for a in range(64):
        for b in range(64):
            assert attacks.between(a, b) == chess.between(a, b)
            assert attacks.ray(a, b) == chess.ray(a, b)


def test_direction_rays():
    assert attacks.direction_ray(0, bitboard.NORTH) == chess.BB_FILE_A & ~chess.BB_A1
    assert attacks.direction_ray(0, bitboard.NORTH_EAST) == chess.BB_A1 ^ 0x8040201008040201
    with pytest.raises(ValueError, match="direction"):
        attacks.direction_ray(0, 3)


@given(bitboards, bitboards)
def test_set_wise_pawn_pushes(pawns, occupied):
    pawns &= 0x00FFFFFFFFFFFF00
    empty = ~occupied & (2 ** 64 - 1)
    for color, step, start_rank in ((True, 8, 1), (False, -8, 6)):
        single = sum(1 << (s + step) for s in range(64) if pawns >> s & 1 and empty >> (s + step) & 1)
        double = sum(1 << (s + 2 * step) for s in range(64) if pawns >> s & 1 and s >> 3 == start_rank
                     and empty >> (s + step) & 1 and empty >> (s + 2 * step) & 1)
        assert attacks.pawn_single_pushes(color, pawns, empty) == single
        assert attacks.pawn_double_pushes(color, pawns, empty) == double


def test_bad_arguments():
    with pytest.raises(InvalidSquareError):
        attacks.rook_attacks(64, 0)
    with pytest.raises(bitboard.InvalidBitboardError):
        attacks.bishop_attacks(0, -1)
    with pytest.raises(TypeError):
        attacks.knight_attacks("e4")
