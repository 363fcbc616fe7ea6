"""Squares, names, the documents' constants and the five mappings."""
import pytest
from hypothesis import given
from strategies import bitboards, squares

import bitboard as bb
from bitboard import squares as sq
from bitboard.errors import InvalidSquareError


def board_of(predicate):
    """A bitboard built square by square from (file, rank), independent of the constants."""
    return sum(1 << (8 * r + f) for r in range(8) for f in range(8) if predicate(f, r))


def test_square_constants_and_names():
    assert (bb.A1, bb.H1, bb.A8, bb.H8, bb.E4) == (0, 7, 56, 63, 28)
    assert sq.SQUARE_NAMES[28] == "e4" and len(set(sq.SQUARE_NAMES)) == 64
    for s in range(64):
        f, r = sq.square_file(s), sq.square_rank(s)
        assert sq.square(f, r) == s
        assert sq.square_name(s) == "abcdefgh"[f] + "12345678"[r]
        assert sq.parse_square(sq.square_name(s)) == s
        assert getattr(bb, sq.square_name(s).upper()) == s


def test_document_hex_constants():
    # the values printed in the square-mapping document
    assert bb.BB_FILE_A == 0x0101010101010101 == board_of(lambda f, r: f == 0)
    assert bb.BB_FILE_H == 0x8080808080808080 == board_of(lambda f, r: f == 7)
    assert bb.BB_RANK_1 == 0x00000000000000FF == board_of(lambda f, r: r == 0)
    assert bb.BB_RANK_8 == 0xFF00000000000000 == board_of(lambda f, r: r == 7)
    assert bb.BB_MAIN_DIAGONAL == 0x8040201008040201 == board_of(lambda f, r: f == r)
    assert bb.BB_MAIN_ANTI_DIAGONAL == 0x0102040810204080 == board_of(lambda f, r: f + r == 7)
    assert bb.BB_LIGHT_SQUARES == 0x55AA55AA55AA55AA == board_of(lambda f, r: (f + r) % 2 == 1)
    assert bb.BB_DARK_SQUARES == 0xAA55AA55AA55AA55 == board_of(lambda f, r: (f + r) % 2 == 0)


def test_derived_constants():
    for i in range(8):
        assert bb.BB_FILES[i] == board_of(lambda f, r: f == i)
        assert bb.BB_RANKS[i] == board_of(lambda f, r: r == i)
    for i in range(15):
        assert bb.BB_DIAGONALS[i] == board_of(lambda f, r: 7 + f - r == i)
        assert bb.BB_ANTI_DIAGONALS[i] == board_of(lambda f, r: f + r == i)
    assert board_of(lambda f, r: f in (0, 7) or r in (0, 7)) == bb.BB_EDGES
    assert board_of(lambda f, r: f in (3, 4) and r in (3, 4)) == bb.BB_CENTER
    assert board_of(lambda f, r: f in (0, 7) and r in (0, 7)) == bb.BB_CORNERS
    assert board_of(lambda f, r: r in (0, 7)) == bb.BB_BACKRANKS
    assert [1 << s for s in range(64)] == bb.BB_SQUARES


@pytest.mark.parametrize("bad", [-1, 64, 100])
def test_bad_squares_name_the_value(bad):
    for f in (sq.square_file, sq.square_rank, sq.square_name, sq.square_mirror):
        with pytest.raises(InvalidSquareError, match=str(bad)):
            f(bad)
    with pytest.raises(InvalidSquareError, match=str(bad)):
        sq.square(bad, 0)


@pytest.mark.parametrize("bad", ["e9", "i1", "E4", "", "e44", 28, None])
def test_bad_square_names(bad):
    with pytest.raises(InvalidSquareError, match="square name"):
        sq.parse_square(bad)


def test_square_errors_are_value_errors_and_types_are_type_errors():
    assert issubclass(InvalidSquareError, ValueError)
    with pytest.raises(TypeError):
        sq.square_name(1.0)


# --- mappings ---------------------------------------------------------------------------------

ANCHORS = {  # the documents' own statements of where squares go
    "LERF": {"a1": 0, "h1": 7, "a8": 56, "h8": 63},
    "LEFR": {"a1": 0, "a8": 7, "h1": 56, "h8": 63},
    "BERF": {"a8": 0, "h8": 7, "a1": 56, "h1": 63},
    "BEFR": {"a8": 0, "a1": 7, "h8": 56, "h1": 63},
    "DarkThought": {"h1": 0, "a8": 63},
}


@pytest.mark.parametrize("mapping", list(sq.MAPPINGS.values()), ids=lambda m: m.name)
def test_mapping_anchor_squares(mapping):
    for name, index in ANCHORS[mapping.name].items():
        assert mapping.from_lerf(sq.parse_square(name)) == index
        assert mapping.to_lerf(index) == sq.parse_square(name)


@pytest.mark.parametrize("mapping", list(sq.MAPPINGS.values()), ids=lambda m: m.name)
def test_mapping_is_a_bijection_with_its_inverse(mapping):
    assert sorted(mapping.from_lerf(s) for s in range(64)) == list(range(64))
    assert all(mapping.to_lerf(mapping.from_lerf(s)) == s for s in range(64))
    for s in range(64):
        assert mapping.index(s & 7, s >> 3) == mapping.from_lerf(s)


def test_mapping_relations_are_the_documented_xors_and_transposes():
    def relation(a, b):
        return {b.from_lerf(a.to_lerf(i)) ^ i for i in range(64)}

    assert relation(sq.LERF, sq.DARKTHOUGHT) == {7}
    assert relation(sq.LERF, sq.BERF) == {56}
    assert relation(sq.BERF, sq.DARKTHOUGHT) == {63}
    assert relation(sq.LEFR, sq.BEFR) == {7}
    assert all(sq.LEFR.from_lerf(s) == 8 * (s & 7) + (s >> 3) for s in range(64))  # transpose


@given(squares)
def test_convert_square_between_any_two(s):
    for a in sq.MAPPINGS.values():
        for b in sq.MAPPINGS.values():
            assert sq.convert_square(a.from_lerf(s), a, b) == b.from_lerf(s)


@given(bitboards)
def test_convert_bitboard_moves_every_bit(b):
    squares_set = [i for i in range(64) if b >> i & 1]
    for a in sq.MAPPINGS.values():
        for c in sq.MAPPINGS.values():
            expected = sum(1 << sq.convert_square(i, a, c) for i in squares_set)
            assert sq.convert_bitboard(b, a.name, c.name.upper()) == expected


def test_compass_roses_of_the_document():
    assert sq.LERF.compass_rose() == {"north_west": 7, "north": 8, "north_east": 9, "west": -1, "east": 1,
                                      "south_west": -9, "south": -8, "south_east": -7}
    assert sq.LEFR.compass_rose() == {"north_west": -7, "north": 1, "north_east": 9, "west": -8, "east": 8,
                                      "south_west": -9, "south": -1, "south_east": 7}


@pytest.mark.parametrize("mapping", list(sq.MAPPINGS.values()), ids=lambda m: m.name)
def test_compass_rose_offsets_move_one_step_everywhere_inside(mapping):
    steps = {"north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0), "north_east": (1, 1),
             "north_west": (-1, 1), "south_east": (1, -1), "south_west": (-1, -1)}
    rose = mapping.compass_rose()
    for s in range(64):
        f, r = s & 7, s >> 3
        for name, (df, dr) in steps.items():
            if 0 <= f + df < 8 and 0 <= r + dr < 8:
                assert mapping.index(f + df, r + dr) - mapping.index(f, r) == rose[name]


def test_unknown_mapping_is_named():
    with pytest.raises(ValueError, match="'nope'"):
        sq.convert_square(0, "lerf", "nope")
