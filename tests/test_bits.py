"""The 64-bit toolkit against independent definitions built square by square."""
import array

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import ALL, EDGE_VALUES, bitboards, nonempty

import bitboard
from bitboard.catalogue import bitscan
from bitboard.core import bits
from bitboard.errors import InvalidBitboardError

POPCOUNTS = [bits.popcount, bitscan.popcount_loop, bitscan.popcount_swar, bitscan.popcount_table8,
             bitscan.popcount_table16]
LSBS = [bits.lsb, bitscan.lsb_loop, bitscan.lsb_debruijn, bitscan.lsb_table8, bitscan.lsb_table16,
        bitscan.lsb_halves, bitscan.lsb_via_msb]
MSBS = [bits.msb, bitscan.msb_loop, bitscan.msb_debruijn, bitscan.msb_table8, bitscan.msb_table16, bitscan.msb_halves]


def bit_list(b):
    return [i for i in range(64) if b >> i & 1]


def from_squares(squares):
    return sum(1 << s for s in set(squares))


def transform(b, f):
    """Move every bit (file, rank) of b to square f(file, rank) (None drops it)."""
    out = []
    for sq in bit_list(b):
        target = f(sq & 7, sq >> 3)
        if target is not None:
            tf, tr = target
            if 0 <= tf < 8 and 0 <= tr < 8:
                out.append(8 * tr + tf)
    return from_squares(out)


@pytest.mark.parametrize("value", EDGE_VALUES)
def test_every_variant_on_edge_values(value):
    for f in POPCOUNTS:
        assert f(value) == len(bit_list(value)), f.__name__
    expected_lsb = bit_list(value)[0] if value else -1
    expected_msb = bit_list(value)[-1] if value else -1
    for f in LSBS:
        assert f(value) == expected_lsb, f.__name__
    for f in MSBS:
        assert f(value) == expected_msb, f.__name__


@given(bitboards)
def test_popcount_variants_agree(b):
    expected = bin(b).count("1")
    assert [f(b) for f in POPCOUNTS] == [expected] * len(POPCOUNTS)


@given(nonempty)
def test_bitscan_variants_agree(b):
    squares = bit_list(b)
    assert [f(b) for f in LSBS] == [squares[0]] * len(LSBS)
    assert [f(b) for f in MSBS] == [squares[-1]] * len(MSBS)


def test_empty_board_has_one_documented_answer():
    assert bits.BITSCAN_ERROR == -1
    assert {f(0) for f in LSBS + MSBS} == {bits.BITSCAN_ERROR}
    assert bits.trailing_zeros(0) == 64 and bits.leading_zeros(0) == 64


@given(nonempty)
def test_intrinsic_style_scans(b):
    assert bits.trailing_zeros(b) == bits.lsb(b)
    assert bits.leading_zeros(b) == 63 - bits.msb(b)


@given(bitboards)
def test_single_bit_tricks(b):
    squares = bit_list(b)
    low = squares[0] if squares else None
    assert bits.ls1b(b) == (1 << low if squares else 0)
    assert bits.reset_ls1b(b) == from_squares(squares[1:])
    assert bits.mask_through_ls1b(b) == ((1 << (low + 1)) - 1 if squares else ALL)
    assert bits.mask_below_ls1b(b) == ((1 << low) - 1 if squares else ALL)


@given(bitboards, bitboards)
def test_cascaded_operations(x, y):
    assert bits.and_not(x, y) == from_squares(s for s in bit_list(x) if not y >> s & 1)
    assert bits.or_not(x, y) == from_squares(s for s in range(64) if x >> s & 1 or not y >> s & 1)
    assert bits.xor_not(x, y) == from_squares(s for s in range(64) if (x >> s & 1) == (y >> s & 1))


TRANSFORMS = {
    "flip_vertical": lambda f, r: (f, 7 - r),
    "mirror_horizontal": lambda f, r: (7 - f, r),
    "flip_diagonal": lambda f, r: (r, f),
    "flip_anti_diagonal": lambda f, r: (7 - r, 7 - f),
    "rotate_90": lambda f, r: (r, 7 - f),
    "rotate_180": lambda f, r: (7 - f, 7 - r),
    "rotate_270": lambda f, r: (7 - r, f),
}


@given(bitboards)
def test_flips_and_rotations_move_every_square(b):
    for name, f in TRANSFORMS.items():
        assert getattr(bits, name)(b) == transform(b, f), name


def test_rotations_by_picture():
    # a1 (bottom left) turns to the top left under a clockwise quarter turn
    assert bits.rotate_90(1 << 0) == 1 << 56
    assert bits.rotate_270(1 << 0) == 1 << 7
    assert bits.flip_anti_diagonal(1 << 0) == 1 << 63


@given(bitboards)
def test_transform_group_laws(b):
    assert bits.rotate_90(bits.rotate_90(b)) == bits.rotate_180(b)
    assert bits.rotate_90(bits.rotate_270(b)) == b
    for name in ("flip_vertical", "mirror_horizontal", "flip_diagonal", "flip_anti_diagonal", "rotate_180"):
        f = getattr(bits, name)
        assert f(f(b)) == b, name


STEPS = {  # direction: (file step, rank step)
    bits.NORTH: (0, 1), bits.SOUTH: (0, -1), bits.EAST: (1, 0), bits.WEST: (-1, 0),
    bits.NORTH_EAST: (1, 1), bits.NORTH_WEST: (-1, 1), bits.SOUTH_EAST: (1, -1), bits.SOUTH_WEST: (-1, -1),
}
NAMED_SHIFTS = {
    "shift_up": bits.NORTH, "shift_down": bits.SOUTH, "shift_right": bits.EAST, "shift_left": bits.WEST,
    "shift_up_right": bits.NORTH_EAST, "shift_up_left": bits.NORTH_WEST,
    "shift_down_right": bits.SOUTH_EAST, "shift_down_left": bits.SOUTH_WEST,
}


def walk(sq, direction, empty=ALL):
    """Squares reached from sq stepping in direction through `empty`, not sq itself."""
    df, dr = STEPS[direction]
    f, r = sq & 7, sq >> 3
    out = []
    while True:
        f, r = f + df, r + dr
        if not (0 <= f < 8 and 0 <= r < 8) or not empty >> (8 * r + f) & 1:
            return out
        out.append(8 * r + f)


@given(bitboards)
def test_shifts_drop_what_leaves_the_board(b):
    for direction, (df, dr) in STEPS.items():
        expected = transform(b, lambda f, r: (f + df, r + dr))
        assert bits.shift(b, direction) == expected
    for name, direction in NAMED_SHIFTS.items():
        assert getattr(bits, name)(b) == bits.shift(b, direction), name


@given(bitboards, bitboards)
def test_occluded_fills_stop_at_blockers(gen, empty):
    for direction in bits.DIRECTIONS:
        expected = from_squares(bit_list(gen) + [s for g in bit_list(gen) for s in walk(g, direction, empty)])
        assert bits.occluded_fill(gen, empty, direction) == expected, direction
        assert bits.fill(gen, direction) == from_squares(
            bit_list(gen) + [s for g in bit_list(gen) for s in walk(g, direction)])


@given(bitboards)
def test_file_and_rank_fills(b):
    files = {s & 7 for s in bit_list(b)}
    ranks = {s >> 3 for s in bit_list(b)}
    assert bits.file_fill(b) == from_squares(s for s in range(64) if s & 7 in files)
    assert bits.rank_fill(b) == from_squares(s for s in range(64) if s >> 3 in ranks)


@pytest.mark.parametrize("bad", [-1, 1 << 64, -(1 << 70)])
def test_out_of_range_values_are_named(bad):
    for f in POPCOUNTS + LSBS + MSBS + [bits.flip_vertical, bits.file_fill]:
        with pytest.raises(InvalidBitboardError, match=str(bad)):
            f(bad)
    with pytest.raises(InvalidBitboardError):
        bits.and_not(bad, 0)


@pytest.mark.parametrize("bad", [1.5, "0xff", None, [1]])
def test_non_integers_are_type_errors(bad):
    with pytest.raises(TypeError, match="bitboard"):
        bits.popcount(bad)
    with pytest.raises(TypeError):
        bits.lsb(bad)


def test_integer_likes_are_accepted():
    class Index:
        def __index__(self):
            return 0xF0

    assert bits.popcount(Index()) == 4
    assert bits.popcount(True) == 1


@pytest.mark.parametrize("bad", [0, 2, 16, -16, 1.0, "north", None])
def test_bad_direction(bad):
    with pytest.raises(ValueError, match="direction"):
        bits.shift(1, bad)


@given(st.lists(bitboards, max_size=50))
def test_benchmark_kernels_sum_each_variant(values):
    data = array.array("Q", values)
    nonzero = array.array("Q", [v for v in values if v])
    for i, _ in enumerate(bitscan.POPCOUNT_VARIANTS):
        assert bitscan.sum_popcount(i, data) == sum(bin(v).count("1") for v in values)
    for i, _ in enumerate(bitscan.LSB_VARIANTS):
        assert bitscan.sum_lsb(i, nonzero) == sum(bits.lsb(v) for v in nonzero) % (1 << 64)
    for i, _ in enumerate(bitscan.MSB_VARIANTS):
        assert bitscan.sum_msb(i, nonzero) == sum(bits.msb(v) for v in nonzero) % (1 << 64)


def test_package_exports_the_fast_versions():
    assert bitboard.popcount is bits.popcount and bitboard.lsb is bits.lsb and bitboard.msb is bits.msb
