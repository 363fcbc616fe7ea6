"""Every serialization technique yields exactly its input's squares, in its documented order."""
import array

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import bitboards, squares

import bitboard
from bitboard import SquareSet
from bitboard.catalogue import move_lists, serialize
from bitboard.catalogue.perfect_hash_factors import MOVE_LIST_FACTORS
from bitboard.catalogue.searches import MOVE_LIST_TABLES, move_list_masks, search_move_list_factors
from bitboard.core import bits
from bitboard.errors import InvalidSquareError

ASCENDING = [serialize.squares, serialize.squares_xor_reset, serialize.squares_scan_and_reset,
             serialize.squares_intrinsic, serialize.squares_bisect8, serialize.squares_bisect16]


def bit_list(b):
    return [i for i in range(64) if b >> i & 1]


@given(bitboards)
def test_ascending_techniques(b):
    expected = bit_list(b)
    for technique in ASCENDING:
        assert technique(b) == expected, technique.__name__


@given(bitboards)
def test_reversed(b):
    assert serialize.squares_reversed(b) == bit_list(b)[::-1]


@given(bitboards)
def test_side_orders(b):
    ascending = bit_list(b)
    black_back_rank_first = sorted(ascending, key=lambda s: (-(s >> 3), s & 7))
    assert serialize.squares_for_side(b, False) == ascending
    assert serialize.squares_for_side(b, True) == black_back_rank_first
    assert serialize.squares_for_side_bsr(b, False) == ascending
    assert serialize.squares_for_side_bsr(b, True) == ascending[::-1]


@given(bitboards)
def test_colour_symmetric_positions_get_mirrored_orders(white):
    # Vertical symmetry (black = white flipped): the flip method mirrors exactly ...
    black = bits.flip_vertical(white)
    assert serialize.squares_for_side(white, True) == [s ^ 56 for s in serialize.squares_for_side(black, False)]
    # ... while bit scan reverse also mirrors the files: it is symmetric under a half turn.
    black = bits.rotate_180(white)
    assert serialize.squares_for_side_bsr(white, True) == [s ^ 63 for s in serialize.squares_for_side_bsr(black, False)]


def test_bit_scan_reverse_mirrors_files_under_vertical_symmetry():
    white = (1 << 8) | (1 << 15)  # a2, h2; black a7, h7
    black = bits.flip_vertical(white)
    assert serialize.squares_for_side_bsr(white, True) == [15, 8]
    assert [s ^ 56 for s in serialize.squares_for_side_bsr(black, False)] == [8, 15]  # the document's caveat


@given(bitboards)
def test_squareset_iterates_like_the_fastest_technique(b):
    assert list(SquareSet(b)) == serialize.squares(b)
    assert list(reversed(SquareSet(b))) == serialize.squares_reversed(b)


@given(squares, bitboards, st.integers(0, 15))
def test_serialize_moves_packs_from_to_flags(frm, targets, flags):
    moves = move_lists.serialize_moves(frm, targets, flags)
    assert [move_lists.decode_move(m) for m in moves] == [(frm, t, flags) for t in bit_list(targets)]
    assert all(m == frm | t << 6 | flags << 12 for m, t in zip(moves, bit_list(targets)))


def test_move_encoding_errors():
    with pytest.raises(ValueError, match="16"):
        move_lists.encode_move(0, 1, 16)
    with pytest.raises(InvalidSquareError):
        move_lists.serialize_moves(64, 1)
    with pytest.raises(ValueError, match="65536"):
        move_lists.decode_move(65536)


# --- perfect hashing ------------------------------------------------------------------------


def test_the_documents_list_counts():
    memory = move_lists.table_memory()
    assert memory["king"]["lists"] == 10016
    assert memory["knight"]["lists"] == 5520
    for table in MOVE_LIST_TABLES:
        assert memory[table]["lists"] == sum(1 << bin(m).count("1") for m in move_list_masks(table))
        assert memory[table]["normalized bytes"] < memory[table]["bytes"]


def test_king_and_knight_factors_have_four_one_bits_and_hash_perfectly():
    for table in MOVE_LIST_TABLES:
        for sq, mask in enumerate(move_list_masks(table)):
            factor, n = move_lists.magic_factor(table, sq), bin(mask).count("1")
            if table in ("king", "knight"):
                assert bin(factor).count("1") == 4
            indices = {0 if n == 0 else ((s * factor) % (1 << 64)) >> (64 - n) for s in bits.subsets(mask)}
            assert indices == set(range(1 << n)), (table, sq)  # minimal and perfect


@pytest.mark.parametrize("piece", ["king", "knight"])
@pytest.mark.parametrize("normalized", [False, True])
def test_every_king_and_knight_list(piece, normalized):
    for sq, mask in enumerate(move_list_masks(piece)):
        for subset in bits.subsets(mask):
            assert move_lists.move_lists(piece, sq, subset, normalized) == [(sq, t) for t in bit_list(subset)]


@given(st.sampled_from(MOVE_LIST_TABLES), squares, bitboards, st.booleans())
def test_line_and_leaper_lists(piece, sq, noise, normalized):
    subset = noise & move_list_masks(piece)[sq]
    assert move_lists.move_lists(piece, sq, subset, normalized) == [(sq, t) for t in bit_list(subset)]


def test_move_list_errors():
    with pytest.raises(ValueError, match="a1 b1"):
        move_lists.move_lists("knight", 0, 0xFF)
    with pytest.raises(ValueError, match="unknown move-list piece 'queen'"):
        move_lists.move_lists("queen", 0, 0)
    with pytest.raises(InvalidSquareError):
        move_lists.magic_factor("king", 64)
    assert move_lists.magic_factor(6, 28) == move_lists.magic_factor("King", 28)  # python-chess KING


def test_search_reproduces_the_shipped_factors():
    if bitboard.compiled:
        for table in MOVE_LIST_TABLES:
            assert search_move_list_factors(table) == MOVE_LIST_FACTORS[table], table
    else:  # the uncompiled search is slow: a few squares whose search is short
        assert search_move_list_factors("king", [0, 27, 63]) == [MOVE_LIST_FACTORS["king"][s] for s in (0, 27, 63)]
        assert search_move_list_factors("rank") == MOVE_LIST_FACTORS["rank"]


# --- benchmark kernels ---------------------------------------------------------------------------


@given(st.lists(bitboards.filter(bool), min_size=1, max_size=30))
def test_square_kernels(values):
    data = array.array("Q", values)
    last_forward = sum(bit_list(v)[-1] for v in values)
    last_reverse = sum(bit_list(v)[0] for v in values)
    last_side_white = sum(sorted(bit_list(v), key=lambda s: (-(s >> 3), s & 7))[-1] for v in values)
    expected = [last_forward] * 2 + [last_reverse] + [last_forward] * 4 + [last_side_white, last_reverse]
    assert [serialize.sum_square_counts(t, data) for t in range(len(serialize.SQUARE_TECHNIQUES))] == expected


@given(st.sampled_from(["king", "knight"]), st.lists(st.tuples(squares, bitboards), min_size=1, max_size=20))
def test_move_list_kernels_agree(piece, pairs):
    masks = move_list_masks(piece)
    froms = array.array("B", [sq for sq, _ in pairs])
    targets = array.array("Q", [noise & masks[sq] for sq, noise in pairs])
    table = MOVE_LIST_TABLES.index(piece)
    results = {move_lists.sum_move_lists(m, table, froms, targets) for m in range(3)}
    assert len(results) == 1


def test_search_write_reproduces_the_shipped_files_to_the_byte():
    from helpers import SOURCE

    from bitboard.catalogue import perfect_hash_factors
    from bitboard.catalogue.searches import shipped_text
    from bitboard.core import magics
    assert shipped_text("magics", magics.SLIDER_MAGICS) == (SOURCE / "core" / "magics.py").read_text()
    assert shipped_text("factors", perfect_hash_factors.MOVE_LIST_FACTORS) == \
        (SOURCE / "catalogue" / "perfect_hash_factors.py").read_text()
