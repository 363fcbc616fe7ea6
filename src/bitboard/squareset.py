"""SquareSet: one 64-bit bitboard as a set of squares, python-chess's SquareSet.

Iteration a1 first, `len` is the population count, set operators that return new sets, the
in-place ones and python-chess's mutating methods (add, discard, update, ...), equal to its int,
the same `str` grid. Like python-chess's it is mutable, so not hashable: hash `int(squares)`.
A negative int is read as Python's `~` writes a complement (SquareSet(~BB_RANK_1) is every
square off the first rank); ints beyond 64 bits are refused.
"""
from ._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

import operator
from collections.abc import Iterator

from .core.bits import flip_vertical, subsets
from .errors import InvalidSquareError, quoted
from .squares import SQUARE_NAMES
from .types import Bitboard

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .core.arguments import bitboard_arg
    from .core.bits import _square_list
    from .core.encoding import BB_ALL, ONE, u64
    from .core.native import popcount64


@cython.cfunc
@cython.exceptval(-1, check=True)
def _listed_square(square) -> cython.int:
    """A square as python-chess's SquareSet takes it, as an index of its BB_SQUARES list: an int in
    0..63, or -64..-1 counted back from h8 (-1 is h8); InvalidSquareError, an IndexError, for any
    other int, and a TypeError for what is no int, as the list would raise."""
    index = operator.index(square)
    if -64 <= index < 0:
        return index + 64
    if not 0 <= index < 64:
        raise InvalidSquareError(f"square {quoted(square)} is not in 0..63 (nor -64..-1, counted back from h8)")
    return index


@cython.embedsignature(False)  # the text signature below is what `inspect` reads
@cython.cclass
class SquareSet:
    """SquareSet(squares=0)
--

    A set of squares over one bitboard.

    SquareSet(0x81), SquareSet([A1, H1]) and SquareSet(other_set) are all the same set.
    """

    def __init__(self, squares=0):
        other: SquareSet
        if isinstance(squares, SquareSet):
            other = squares
            self._mask = other._mask
        elif isinstance(squares, int) or hasattr(squares, "__index__"):
            self._mask = _complement_arg(squares)
        else:
            mask: u64 = 0
            for sq in squares:
                mask |= ONE << _listed_square(sq)
            self._mask = mask

    @property
    def mask(self) -> int:
        """The bitboard, an int in 0..2**64-1."""
        return self._mask

    # --- the set protocol ---

    def __len__(self) -> int:
        return popcount64(self._mask)

    def __bool__(self) -> bool:
        return self._mask != 0

    def __contains__(self, sq) -> bool:
        return (self._mask >> _listed_square(sq)) & 1 == 1

    # Iteration serializes with the fastest technique of the serialization document (the LS1B loop; see
    # docs/benchmarks.md), like the STL iterator of the serialization document.

    def __iter__(self):
        return iter(_square_list(self._mask))

    def __reversed__(self):
        return reversed(_square_list(self._mask))

    def squares(self) -> list:
        """The squares in ascending order (a1 first)."""
        return _square_list(self._mask)

    # --- values ---

    def __int__(self) -> int:
        return self._mask

    def __index__(self) -> int:
        return self._mask

    __hash__ = None  # type: ignore[assignment]  # mutable, as python-chess's: unhashable

    def __eq__(self, other) -> bool:
        that: SquareSet
        if isinstance(other, SquareSet):
            that = other
            return self._mask == that._mask
        if isinstance(other, int):
            return self._mask == other
        try:
            return self._mask == SquareSet(other)._mask
        except (TypeError, ValueError):
            return NotImplemented

    def __ne__(self, other) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __repr__(self) -> str:
        digits = f"{self._mask:016x}"
        return "SquareSet(0x" + "_".join(digits[i:i + 4] for i in range(0, 16, 4)) + ")"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if (self._mask >> (8 * rank + f)) & 1 else "." for f in range(8)))
        return "\n".join(rows)

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the empty board, the squares of the set marked with an X."""
        from .pictures.svg import board
        return str(board(squares=self._mask, size=390))

    # --- operators (each accepts a SquareSet or an int bitboard) ---

    def __and__(self, other):
        return _squares_of(self._mask & _other_mask(other))

    def __or__(self, other):
        return _squares_of(self._mask | _other_mask(other))

    def __xor__(self, other):
        return _squares_of(self._mask ^ _other_mask(other))

    def __sub__(self, other):
        return _squares_of(self._mask & ~_other_mask(other))

    def __rand__(self, other):
        return _squares_of(self._mask & _other_mask(other))

    def __ror__(self, other):
        return _squares_of(self._mask | _other_mask(other))

    def __rxor__(self, other):
        return _squares_of(self._mask ^ _other_mask(other))

    def __rsub__(self, other):
        return _squares_of(_other_mask(other) & ~self._mask)

    def __invert__(self):
        return _squares_of(~self._mask & BB_ALL)

    def __lshift__(self, shift: int):
        return SquareSet((self._mask << shift) & BB_ALL)

    def __rshift__(self, shift: int):
        return SquareSet(self._mask >> shift)

    # --- in place (python-chess's SquareSet is a mutable set) ---

    def __iand__(self, other):
        self._mask &= _other_mask(other)
        return self

    def __ior__(self, other):
        self._mask |= _other_mask(other)
        return self

    def __ixor__(self, other):
        self._mask ^= _other_mask(other)
        return self

    def __isub__(self, other):
        self._mask &= ~_other_mask(other) & BB_ALL
        return self

    def __ilshift__(self, shift: int):
        self._mask = (self._mask << shift) & BB_ALL
        return self

    def __irshift__(self, shift: int):
        self._mask >>= shift
        return self

    def add(self, square) -> None:
        """Add a square."""
        self._mask |= ONE << _listed_square(square)

    def discard(self, square) -> None:
        """Remove a square if present."""
        self._mask &= ~(ONE << _listed_square(square)) & BB_ALL

    def remove(self, square) -> None:
        """Remove a square; KeyError if it is not in the set."""
        bit: u64 = ONE << _listed_square(square)
        if not self._mask & bit:
            raise KeyError(square)
        self._mask ^= bit

    def pop(self) -> int:
        """Remove and return the lowest square; KeyError if the set is empty."""
        if not self._mask:
            raise KeyError("pop from an empty SquareSet")
        sq = _square_list(self._mask & (~self._mask + 1) & BB_ALL)[0]
        self._mask &= self._mask - 1
        return sq

    def clear(self) -> None:
        """Remove every square."""
        self._mask = 0

    def update(self, *others) -> None:
        """Add the squares of every argument."""
        for other in others:
            self._mask |= SquareSet(other)._mask

    def intersection_update(self, *others) -> None:
        """Keep only the squares in every argument."""
        for other in others:
            self._mask &= SquareSet(other)._mask

    def difference_update(self, other) -> None:
        """Remove the squares of `other`."""
        self._mask &= ~SquareSet(other)._mask & BB_ALL

    def symmetric_difference_update(self, other) -> None:
        """Keep the squares in exactly one of the two."""
        self._mask ^= SquareSet(other)._mask

    def copy(self):
        """An independent copy."""
        return _squares_of(self._mask)

    # --- python-chess's named set methods ---

    def union(self, other):
        return self | SquareSet(other)

    def intersection(self, other):
        return self & SquareSet(other)

    def difference(self, other):
        return self - SquareSet(other)

    def symmetric_difference(self, other):
        return self ^ SquareSet(other)

    def issubset(self, other) -> bool:
        return self._mask & ~SquareSet(other)._mask == 0

    def issuperset(self, other) -> bool:
        return SquareSet(other)._mask & ~self._mask == 0

    def isdisjoint(self, other) -> bool:
        return self._mask & SquareSet(other)._mask == 0

    def mirror(self):
        """The set with ranks mirrored (a1 <-> a8), as in python-chess."""
        return _squares_of(flip_vertical(self._mask))

    def tolist(self) -> list:
        """64 bools, index = square (python-chess's `tolist`)."""
        return [(self._mask >> sq) & 1 == 1 for sq in range(64)]

    def carry_rippler(self) -> Iterator[Bitboard]:
        """Every subset of this set as a bitboard, the empty set first (the Carry-Rippler
        enumeration; ints, as python-chess's)."""
        return subsets(self._mask)

    def names(self) -> list:
        """Square names in ascending order: ['a1', 'h1']."""
        return [SQUARE_NAMES[sq] for sq in self.squares()]

    @staticmethod
    def from_square(square):
        """The set of one square."""
        return SquareSet(ONE << _listed_square(square))

    @staticmethod
    def ray(a, b):
        """The whole line through two squares, edge to edge (empty if they share none)."""
        from .core.attacks import line
        return SquareSet(line(a, b))

    @staticmethod
    def between(a, b):
        """The squares strictly between two squares on a line (empty if they share none)."""
        from .core.attacks import between
        return SquareSet(between(a, b))

    def __le__(self, other):
        return self.issubset(other)

    def __ge__(self, other):
        return self.issuperset(other)

    def __lt__(self, other):
        return self.issubset(other) and self != SquareSet(other)

    def __gt__(self, other):
        return self.issuperset(other) and self != SquareSet(other)


@cython.cfunc
def _squares_of(mask: u64) -> SquareSet:
    """The SquareSet of a bitboard already checked: no constructor's tests (the board's queries
    call it from C)."""
    squares: SquareSet = SquareSet.__new__(SquareSet)
    squares._mask = mask
    return squares


def _other_mask(other) -> int:
    if isinstance(other, SquareSet):
        return other.mask
    return _complement_arg(other)


def _complement_arg(value) -> int:
    """A bitboard, negative ints taken as Python's ~ writes complements (-2**64 .. 2**64-1)."""
    if isinstance(value, int) and not isinstance(value, bool) and -0x10000000000000000 <= value < 0:
        return value & 0xFFFFFFFFFFFFFFFF
    return bitboard_arg(value)
