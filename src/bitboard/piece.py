"""Colours, piece types and Piece, numbered and named as in python-chess."""
import dataclasses
from typing import cast

from .core.encoding import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from .errors import InvalidPieceTypeError, quoted
from .types import Color, PieceType

WHITE = True
BLACK = False
COLORS = [WHITE, BLACK]
COLOR_NAMES = ["black", "white"]

PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]
_WHITE_SYMBOLS = [None, "P", "N", "B", "R", "Q", "K"]
UNICODE_PIECE_SYMBOLS = {"R": "♖", "r": "♜", "N": "♘", "n": "♞", "B": "♗", "b": "♝",
                         "Q": "♕", "q": "♛", "K": "♔", "k": "♚", "P": "♙", "p": "♟"}


def piece_symbol(piece_type: int) -> str:
    """'p', 'n', 'b', 'r', 'q' or 'k'."""
    return cast(str, PIECE_SYMBOLS[piece_type])  # (None at index 0, as python-chess's)


def piece_name(piece_type: int) -> str:
    """'pawn', 'knight', ... 'king'."""
    return cast(str, PIECE_NAMES[piece_type])


@dataclasses.dataclass(init=False, repr=False, eq=False)
class Piece:
    """A piece type and a colour; equal and hashable by value. A dataclass, as python-chess's:
    its fields can be assigned, it takes attributes of a program's own, and `dataclasses.fields`,
    `replace` and `astuple` take it."""

    __slots__ = ("piece_type", "color", "__dict__")  # (the fields in slots: read as fast as before)
    piece_type: PieceType
    color: Color

    def __init__(self, piece_type: int, color: bool):
        if piece_type not in PIECE_TYPES:
            raise InvalidPieceTypeError(f"piece type {quoted(piece_type)} is not in 1 (PAWN) .. 6 (KING)")
        self.piece_type = piece_type
        self.color = bool(color)

    def symbol(self) -> str:
        """'P' for a white pawn, 'p' for a black one."""
        return cast(str, (_WHITE_SYMBOLS if self.color else PIECE_SYMBOLS)[self.piece_type])  # (no call: a lookup)

    def unicode_symbol(self, *, invert_color: bool = False) -> str:
        symbol = self.symbol().swapcase() if invert_color else self.symbol()
        return UNICODE_PIECE_SYMBOLS[symbol]

    def __str__(self) -> str:
        return self.symbol()

    def __repr__(self) -> str:
        return f"Piece.from_symbol({self.symbol()!r})"

    def _repr_svg_(self) -> str:
        """Jupyter's picture of the piece: one square, 45 pixels (python-chess's)."""
        from .pictures.svg import piece
        return piece(self, size=45)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Piece):
            return NotImplemented
        return (self.piece_type, self.color) == (other.piece_type, other.color)

    def __hash__(self) -> int:
        return self.piece_type + (-1 if self.color else 5)  # python-chess's: 0..11, white first

    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        """The Piece of 'P', 'n', ... (ValueError naming anything else)."""
        try:
            piece_type, color = _BY_SYMBOL[symbol]
        except (KeyError, TypeError):  # (TypeError: an unhashable symbol)
            raise ValueError(f"invalid piece symbol {symbol!r}") from None
        if cls is not Piece:  # a subclass's __init__ may do more
            return cls(piece_type, color)
        piece = object.__new__(Piece)  # the table's values are valid: no __init__ checks
        piece.piece_type, piece.color = piece_type, color
        return piece


# (piece type, colour) of each symbol: Piece.from_symbol's one lookup
_BY_SYMBOL = {symbol: (piece_type, color) for piece_type in PIECE_TYPES
              for symbol, color in ((piece_symbol(piece_type).upper(), WHITE), (piece_symbol(piece_type), BLACK))}
