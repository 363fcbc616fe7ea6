"""python-chess's `chess.svg`: bitboard's pictures (`bitboard.pictures.svg`) under python-chess's names."""
from ..pictures.svg import (
    CHECK_GRADIENT,
    COORDS,
    DEFAULT_COLORS,
    MARGIN,
    PIECES,
    SQUARE_SIZE,
    XX,
    Arrow,
    SvgWrapper,
    board,
    piece,
)

__all__ = ["SQUARE_SIZE", "MARGIN", "PIECES", "COORDS", "XX", "CHECK_GRADIENT", "DEFAULT_COLORS", "Arrow",
           "SvgWrapper", "piece", "board"]
