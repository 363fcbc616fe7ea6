# cython: embedsignature.format=clinic
# (its functions are builtins, @cython.binding(False): a call costs what a Python one-liner does;
# the clinic signature format keeps them visible to inspect.signature)
"""Squares, their names, the documents' hexadecimal constants, and the five square mappings.

The library numbers squares little-endian rank-file (LERF), as python-chess does: a1 = 0,
b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63, so square = 8 * rank + file. The other mappings of
the square-mapping document (and DarkThought's h1 = 0 ... a8 = 63) are `SquareMapping` values
that convert square indices and whole bitboards to and from LERF.
"""
from ._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from .core.arguments import bitboard_arg, index_arg, square_arg
from .core.bits import EAST, WEST, flip_diagonal, flip_vertical, mirror_horizontal, rotate_180, shift
from .core.encoding import BB_ALL  # every square: the one all-ones of the library
from .errors import InvalidSquareError, quoted
from .types import Bitboard, Direction, Index, Square

__all__ = [  # re-exported by the `bitboard` package (a literal list, so that type checkers see it)
    "FILE_NAMES", "RANK_NAMES", "SQUARES", "SQUARE_NAMES", "square", "square_file", "square_rank",
    "square_name", "parse_square", "square_mirror", "square_distance", "square_manhattan_distance",
    "square_knight_distance", "SQUARES_180", "BB_EMPTY", "BB_ALL", "BB_SQUARES",
    "BB_FILES", "BB_RANKS", "BB_DIAGONALS", "BB_ANTI_DIAGONALS", "BB_MAIN_DIAGONAL",
    "BB_MAIN_ANTI_DIAGONAL", "BB_LIGHT_SQUARES", "BB_DARK_SQUARES", "BB_CORNERS", "BB_CENTER", "BB_EDGES",
    "BB_BACKRANKS", "SquareMapping", "LERF", "LEFR", "BERF", "BEFR", "DARKTHOUGHT", "MAPPINGS",
    "convert_square", "convert_bitboard", "BB_FILE_A", "BB_FILE_B", "BB_FILE_C", "BB_FILE_D", "BB_FILE_E",
    "BB_FILE_F", "BB_FILE_G", "BB_FILE_H", "BB_RANK_1", "BB_RANK_2", "BB_RANK_3", "BB_RANK_4", "BB_RANK_5",
    "BB_RANK_6", "BB_RANK_7", "BB_RANK_8", "A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "A2", "B2", "C2",
    "D2", "E2", "F2", "G2", "H2", "A3", "B3", "C3", "D3", "E3", "F3", "G3", "H3", "A4", "B4", "C4", "D4",
    "E4", "F4", "G4", "H4", "A5", "B5", "C5", "D5", "E5", "F5", "G5", "H5", "A6", "B6", "C6", "D6", "E6",
    "F6", "G6", "H6", "A7", "B7", "C7", "D7", "E7", "F7", "G7", "H7", "A8", "B8", "C8", "D8", "E8", "F8",
    "G8", "H8",
    "BB_A1", "BB_B1", "BB_C1", "BB_D1", "BB_E1", "BB_F1", "BB_G1", "BB_H1", "BB_A2", "BB_B2", "BB_C2", "BB_D2",
    "BB_E2", "BB_F2", "BB_G2", "BB_H2", "BB_A3", "BB_B3", "BB_C3", "BB_D3", "BB_E3", "BB_F3", "BB_G3", "BB_H3",
    "BB_A4", "BB_B4", "BB_C4", "BB_D4", "BB_E4", "BB_F4", "BB_G4", "BB_H4", "BB_A5", "BB_B5", "BB_C5", "BB_D5",
    "BB_E5", "BB_F5", "BB_G5", "BB_H5", "BB_A6", "BB_B6", "BB_C6", "BB_D6", "BB_E6", "BB_F6", "BB_G6", "BB_H6",
    "BB_A7", "BB_B7", "BB_C7", "BB_D7", "BB_E7", "BB_F7", "BB_G7", "BB_H7", "BB_A8", "BB_B8", "BB_C8", "BB_D8",
    "BB_E8", "BB_F8", "BB_G8", "BB_H8",
]

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]

SQUARES = [
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
] = range(64)

SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
_SQUARE_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


@cython.binding(False)
def square(file_index: Index, rank_index: Index) -> int:
    """The square on a file (0 = a) and rank (0 = first rank)."""
    return 8 * index_arg(rank_index, "rank index", 8) + index_arg(file_index, "file index", 8)


@cython.binding(False)
def square_file(square: Square) -> int:
    """File index of a square: 0 for the a-file ... 7 for the h-file."""
    if type(square) is int and 0 <= square < 64:  # the common case, checked in C
        return square & 7
    return square_arg(square) & 7


@cython.binding(False)
def square_rank(square: Square) -> int:
    """Rank index of a square: 0 for the first rank ... 7 for the eighth."""
    if type(square) is int and 0 <= square < 64:  # the common case, checked in C
        return square >> 3
    return square_arg(square) >> 3


@cython.binding(False)
def square_name(square: Square) -> str:
    """'e4' for 28."""
    if type(square) is int and 0 <= square < 64:  # the common case, checked in C
        return SQUARE_NAMES[square]
    return SQUARE_NAMES[square_arg(square)]


@cython.binding(False)
def parse_square(name) -> Square:  # name unannotated: compiled, `str` would refuse 28 before the check
    """28 for 'e4'; InvalidSquareError for anything that is not a square name."""
    try:
        return _SQUARE_BY_NAME[name]
    except (KeyError, TypeError):
        raise InvalidSquareError(f"{quoted(name)} is not a square name (a1 .. h8)") from None


@cython.binding(False)
def square_mirror(square: Square) -> int:
    """The square with the rank mirrored (a1 <-> a8), as python-chess defines it."""
    return square_arg(square) ^ 56


@cython.binding(False)
def square_distance(a: Square, b: Square) -> int:
    """King steps between two squares (the Chebyshev distance)."""
    a, b = square_arg(a), square_arg(b)
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


@cython.binding(False)
def square_manhattan_distance(a: Square, b: Square) -> int:
    """Rook steps of one square between two squares (files apart plus ranks apart)."""
    a, b = square_arg(a), square_arg(b)
    return abs((a & 7) - (b & 7)) + abs((a >> 3) - (b >> 3))


@cython.binding(False)
def square_knight_distance(a: Square, b: Square) -> int:
    """The fewest knight moves from one square to the other."""
    return _KNIGHT_DISTANCES[square_arg(a)][square_arg(b)]


@cython.binding(False)
def _knight_distances() -> list:
    """A breadth-first search from every square over knight jumps."""
    jumps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    table = []
    for start in range(64):
        distance = [-1] * 64
        distance[start] = 0
        frontier = [start]
        while frontier:
            following = []
            for sq in frontier:
                for df, dr in jumps:
                    f, r = (sq & 7) + df, (sq >> 3) + dr
                    if 0 <= f < 8 and 0 <= r < 8 and distance[8 * r + f] < 0:
                        distance[8 * r + f] = distance[sq] + 1
                        following.append(8 * r + f)
            frontier = following
        table.append(distance)
    return table


_KNIGHT_DISTANCES = _knight_distances()


# --- bitboard constants (LERF) --------------------------------------------------------------
# The hexadecimal constants of the square-mapping document; the rest follow from them by shifts.

BB_EMPTY = 0

BB_FILE_A = 0x0101010101010101
BB_FILE_H = 0x8080808080808080
BB_RANK_1 = 0x00000000000000FF
BB_RANK_8 = 0xFF00000000000000
BB_MAIN_DIAGONAL = 0x8040201008040201  # a1-h8
BB_MAIN_ANTI_DIAGONAL = 0x0102040810204080  # h1-a8
BB_LIGHT_SQUARES = 0x55AA55AA55AA55AA
BB_DARK_SQUARES = 0xAA55AA55AA55AA55

BB_FILES = [BB_FILE_A << i for i in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANKS = [BB_RANK_1 << (8 * i) for i in range(8)]
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_SQUARES = [BB_FILES[sq & 7] & BB_RANKS[sq >> 3] for sq in SQUARES]
[
    BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1,
    BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2,
    BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3,
    BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4,
    BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5,
    BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6,
    BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7,
    BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8,
] = BB_SQUARES
SQUARES_180 = [sq ^ 56 for sq in SQUARES]  # python-chess's name: each square with its rank mirrored


@cython.binding(False)
def _shifted(b: int, direction: Direction, times: int) -> int:
    for _ in range(times):
        b = shift(b, direction)
    return b


#: BB_DIAGONALS[7 + file - rank]: the a1-h8-direction diagonal through a square (7 = a1-h8).
BB_DIAGONALS = [_shifted(BB_MAIN_DIAGONAL, EAST if k > 0 else WEST, abs(k)) for k in range(-7, 8)]
#: BB_ANTI_DIAGONALS[file + rank]: the h1-a8-direction anti-diagonal (0 = a1, 7 = h1-a8).
BB_ANTI_DIAGONALS = [_shifted(BB_MAIN_ANTI_DIAGONAL, EAST if k > 0 else WEST, abs(k)) for k in range(-7, 8)]

BB_CORNERS = 0x8100000000000081
BB_CENTER = 0x0000001818000000  # d4 e4 d5 e5
BB_EDGES = BB_FILE_A | BB_FILE_H | BB_RANK_1 | BB_RANK_8
BB_BACKRANKS = BB_RANK_1 | BB_RANK_8


# --- square mappings ------------------------------------------------------------------------


class SquareMapping:
    """One way of numbering the 64 squares, defined by its relation to LERF.

    index = T(lerf) ^ xor, where T is the identity for the rank-file mappings and the transpose
    (8 * file + rank) for the file-rank ones. So conversion between two mappings is an xor by
    7, 56 or 63, a transpose, or both; for whole bitboards the same relations are a mirror, a
    byte swap, a 180 degree rotation and a diagonal flip.
    """

    __slots__ = ("name", "description", "transposed", "xor")

    def __init__(self, name: str, description: str, transposed: bool, xor: int):
        self.name = name
        self.description = description
        self.transposed = transposed
        self.xor = xor

    def __repr__(self) -> str:
        return f"<SquareMapping {self.name}: {self.description}>"

    def index(self, file_index: Index, rank_index: Index) -> int:
        """Number of the square on (file, rank) in this mapping."""
        return self.from_lerf(square(file_index, rank_index))

    def from_lerf(self, sq: Square) -> int:
        """This mapping's number for LERF square `sq`."""
        sq = square_arg(sq)
        if self.transposed:
            sq = ((sq & 7) << 3) | (sq >> 3)
        return sq ^ self.xor

    def to_lerf(self, index: Index) -> int:
        """The LERF square that this mapping numbers `index`."""
        sq = square_arg(index) ^ self.xor
        if self.transposed:
            sq = ((sq & 7) << 3) | (sq >> 3)
        return sq

    def bitboard_from_lerf(self, b: Bitboard) -> int:
        """A LERF bitboard renumbered in this mapping (bit i moves to bit from_lerf(i))."""
        b = bitboard_arg(b)
        if self.transposed:
            b = flip_diagonal(b)
        return _XOR_TRANSFORMS[self.xor](b)

    def bitboard_to_lerf(self, b: Bitboard) -> int:
        """A bitboard numbered in this mapping, renumbered in LERF."""
        b = _XOR_TRANSFORMS[self.xor](bitboard_arg(b))
        if self.transposed:
            b = flip_diagonal(b)
        return b

    def compass_rose(self) -> dict:
        """Index offset of a one-step move in each compass direction, as in the document."""
        d4 = square(3, 3)
        here = self.from_lerf(d4)
        return {name: self.from_lerf(d4 + offset) - here for name, offset in _LERF_COMPASS.items()}


_XOR_TRANSFORMS = {0: lambda b: b, 7: mirror_horizontal, 56: flip_vertical, 63: rotate_180}
_LERF_COMPASS = {
    "north_west": 7, "north": 8, "north_east": 9,
    "west": -1, "east": 1,
    "south_west": -9, "south": -8, "south_east": -7,
}

LERF = SquareMapping("LERF", "little-endian rank-file: a1 = 0, h1 = 7, a8 = 56, h8 = 63", False, 0)
LEFR = SquareMapping("LEFR", "little-endian file-rank: a1 = 0, a8 = 7, h1 = 56, h8 = 63", True, 0)
BERF = SquareMapping("BERF", "big-endian rank-file: a8 = 0, h8 = 7, a1 = 56, h1 = 63", False, 56)
BEFR = SquareMapping("BEFR", "big-endian file-rank: a8 = 0, a1 = 7, h8 = 56, h1 = 63", True, 7)
DARKTHOUGHT = SquareMapping("DarkThought", "DarkThought: h1 = 0, a1 = 7, h8 = 56, a8 = 63", False, 7)

MAPPINGS = {m.name.lower(): m for m in (LERF, LEFR, BERF, BEFR, DARKTHOUGHT)}


@cython.binding(False)
def mapping_arg(mapping) -> SquareMapping:
    """A SquareMapping, or one by name ('lerf', 'LEFR', 'darkthought', ...)."""
    if isinstance(mapping, SquareMapping):
        return mapping
    try:
        return MAPPINGS[mapping.lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown square mapping {quoted(mapping)}; known: {', '.join(MAPPINGS)}") from None


@cython.binding(False)
def convert_square(index: Index, source, target) -> int:
    """Renumber one square from mapping `source` to mapping `target`."""
    return mapping_arg(target).from_lerf(mapping_arg(source).to_lerf(index))


@cython.binding(False)
def convert_bitboard(b: Bitboard, source, target) -> int:
    """Renumber every bit of a bitboard from mapping `source` to mapping `target`."""
    return mapping_arg(target).bitboard_from_lerf(mapping_arg(source).bitboard_to_lerf(b))
