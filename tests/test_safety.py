"""Public C kernels refuse input that would take them outside their arrays (no crash, no garbage)."""
import array

import pytest

from bitboard.catalogue import move_lists, serialize, sliders
from bitboard.catalogue.searches import find_factor, find_slider_magic


def test_square_kernel_accepts_empty_sets():
    values = array.array("Q", [0, 1 << 63, 0])
    for technique in range(len(serialize.SQUARE_TECHNIQUES)):
        assert serialize.sum_square_counts(technique, values) == 63


@pytest.mark.parametrize("table,froms,targets,message", [
    (6, [0], [0], "table 6"),
    (-1, [0], [0], "table -1"),
    (0, [64], [0], "from-square 64"),
    (0, [0, 1], [0], "2 from-squares for 1 target sets"),
])
def test_move_list_kernel_checks_its_input(table, froms, targets, message):
    with pytest.raises(ValueError, match=message):
        move_lists.sum_move_lists(1, table, array.array("B", froms), array.array("Q", targets))


@pytest.mark.parametrize("squares,occupancies,message", [
    ([64], [0], "square 64"),
    ([0, 1], [0], "2 squares for 1 occupancies"),
])
def test_slider_kernel_checks_its_input(squares, occupancies, message):
    for method in range(len(sliders.SLIDER_METHODS)):
        with pytest.raises(ValueError, match=message):
            sliders.sum_slider_attacks(method, True, array.array("B", squares), array.array("Q", occupancies))


def test_searches_check_their_input():
    with pytest.raises(ValueError, match="8"):
        find_factor((1 << 9) - 1, 1, 4)
    with pytest.raises(ValueError, match="occupancies"):
        find_slider_magic([], [], 1)
    with pytest.raises(ValueError, match="occupancies"):
        find_slider_magic([0, 1], [0], 1)
    with pytest.raises(ValueError, match="at most 12 bits"):
        find_slider_magic([0, 1, 2], [0, 0, 0], 1)  # not every subset of a mask
    wide = (1 << 13) - 1
    with pytest.raises(ValueError, match="at most 12 bits"):
        find_slider_magic([0] * 8191 + [wide], [0] * 8192, 1)
