"""SquareSet against python-chess's SquareSet and Python's own set semantics."""
import xml.etree.ElementTree as ET

import chess
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import ALL, bitboards, squares

from bitboard import SquareSet, parse_square
from bitboard.errors import InvalidBitboardError, InvalidSquareError


@given(bitboards)
def test_behaves_like_python_chess(b):
    ours, theirs = SquareSet(b), chess.SquareSet(b)
    assert list(ours) == list(theirs)
    assert list(reversed(ours)) == list(reversed(theirs))
    assert len(ours) == len(theirs)
    assert str(ours) == str(theirs)
    assert ours.tolist() == theirs.tolist()
    assert int(ours.mirror()) == int(theirs.mirror())
    assert bool(ours) == bool(theirs)
    assert repr(ours) == repr(theirs)


@given(bitboards, squares)
def test_membership(b, s):
    assert (s in SquareSet(b)) == bool(b >> s & 1)


@given(bitboards, st.integers(-70, 70))
def test_squares_read_as_python_chess_reads_them(b, s):
    """A square as python-chess's SquareSet takes it, an index of its BB_SQUARES list: -1 is h8,
    64 an IndexError, a string a TypeError; in `in`, add, discard, remove, the constructor and
    from_square alike. Where python-chess raises, ours raises that class too."""
    actions = [lambda q: s in q, lambda q: q.add(s), lambda q: q.discard(s), lambda q: q.remove(s),
               lambda q: int(type(q)([s])), lambda q: int(type(q).from_square(s)), lambda q: "e4" in q,
               lambda q: q.add(None)]
    for action in actions:
        ours, theirs = SquareSet(b), chess.SquareSet(b)
        try:
            expected = action(theirs)
        except (IndexError, KeyError, TypeError) as error:
            with pytest.raises(type(error)):
                action(ours)
        else:
            assert action(ours) == expected
        assert int(ours) == int(theirs)


@given(bitboards, bitboards)
def test_set_operators_match_python_sets(a, b):
    x, y = SquareSet(a), SquareSet(b)
    sa, sb = set(x), set(y)
    assert set(x | y) == sa | sb and set(x & y) == sa & sb
    assert set(x ^ y) == sa ^ sb and set(x - y) == sa - sb
    assert set(~x) == set(range(64)) - sa
    assert x.issubset(y) == (sa <= sb) and x.issuperset(y) == (sa >= sb)
    assert x.isdisjoint(y) == sa.isdisjoint(sb)
    assert x.union(sb) == x | y and x.intersection(y) == x & y
    assert x.difference(y) == x - y and x.symmetric_difference(y) == x ^ y
    # ints mix in on either side
    assert x | b == a | y == SquareSet(a | b)
    assert b - x == SquareSet(b & ~a & ALL)


@given(bitboards)
def test_equality_and_python_chess_mutability(b):
    s = SquareSet(b)
    assert s == b and b == s and s == SquareSet(b) and int(s) == s.mask == b
    assert SquareSet(list(s)) == s and SquareSet(s) == s and s == list(s)
    assert (s != b + 1) if b < ALL else (s != 0 or b == 0)
    with pytest.raises(TypeError):  # mutable, so unhashable, as python-chess's
        hash(s)
    theirs = chess.SquareSet(b)
    for name, argument in [("add", 27), ("discard", 0), ("update", 0xFF), ("intersection_update", ALL >> 8),
                           ("difference_update", 0xF0F0), ("symmetric_difference_update", 1 << 63)]:
        getattr(s, name)(argument)
        getattr(theirs, name)(argument)
        assert s == int(theirs)
    t = s
    t |= 1
    t <<= 1
    assert s is t and s == (int(theirs | 1) << 1) & ALL  # in place, as in python-chess
    before, copy, theirs = int(s), s.copy(), chess.SquareSet(int(s))
    while copy:
        assert copy.pop() == theirs.pop()
    assert not theirs and s == before  # the copy was independent


@given(bitboards)
def test_a_negative_int_is_a_complement_as_in_python_chess(b):
    assert SquareSet(~b) == chess.SquareSet(~b) == ALL & ~b


def test_carry_rippler_enumerates_every_subset_as_python_chess():
    s = SquareSet([0, 9, 63])
    subsets = list(s.carry_rippler())
    assert len(subsets) == 8 and len(set(subsets)) == 8 and subsets[0] == 0
    assert all(type(sub) is int and SquareSet(sub).issubset(s) for sub in subsets)  # ints, as python-chess's
    assert subsets == list(chess.SquareSet([0, 9, 63]).carry_rippler())


def test_repr_and_str():
    s = SquareSet(0x0000001818000000)
    assert repr(s) == "SquareSet(0x0000_0018_1800_0000)"
    assert str(s).splitlines()[3] == ". . . 1 1 . . ."  # rank 5, rank 8 on top
    assert s.names() == ["d4", "e4", "d5", "e5"]


@pytest.mark.parametrize("bad,error", [(-1 - (1 << 64), InvalidBitboardError), (1 << 64, InvalidBitboardError),
                                       ([64], InvalidSquareError), (["e4"], TypeError), (1.5, TypeError)])
def test_bad_input_is_named(bad, error):
    with pytest.raises(error):
        SquareSet(bad)


@given(bitboards)
def test_svg_parses_and_marks_exactly_the_set_squares(b):
    svg = SquareSet(b)._repr_svg_()
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    squares_drawn = [r for r in root.findall(f"{ns}rect") if r.get("class", "").startswith("square ")]
    marks = [u for u in root.findall(f"{ns}use") if u.get("class", "").startswith("xx ")]
    assert len(squares_drawn) == 64 and root.get("width") == "390"  # python-chess's Jupyter size
    assert sorted(parse_square(m.get("class").split()[1]) for m in marks) == list(SquareSet(b))
    # geometry: an X is drawn at the square of the same name (the margin is 15 units)
    for m in marks:
        name = m.get("class").split()[1]
        cell = next(r for r in squares_drawn if r.get("class").split()[2] == name)
        assert (cell.get("x"), cell.get("y")) == (m.get("x"), m.get("y"))
        f, r = parse_square(name) & 7, parse_square(name) >> 3
        assert float(cell.get("x")) == 15 + 45 * f and float(cell.get("y")) == 15 + 45 * (7 - r)


@given(st.sampled_from(["lerf", "lefr", "berf", "befr", "darkthought"]))
def test_svg_labels_show_a_mappings_numbers(name):
    from bitboard import MAPPINGS
    from bitboard.pictures.svg import board
    root = ET.fromstring(board(labels=name))
    labels = {t.get("class").split()[1]: int(t.text) for t in root.iter("{http://www.w3.org/2000/svg}text")
              if t.get("class", "").startswith("label")}
    assert len(labels) == 64
    assert all(labels[n] == MAPPINGS[name].from_lerf(parse_square(n)) for n in labels)
