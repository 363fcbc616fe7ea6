"""The exceptions of `bitboard`: every one a ValueError, each with the bad value in its message."""


class InvalidSquareError(ValueError):
    """A square index outside 0..63 or an unknown square name."""


class InvalidBitboardError(ValueError):
    """An integer outside 0..2**64-1 where a bitboard is expected."""


class InvalidFenError(ValueError):
    """A FEN string that does not describe a valid position; the message names the bad field."""


class InvalidMoveError(ValueError):
    """A move that is malformed (bad UCI text, squares, promotion piece)."""


class IllegalMoveError(ValueError):
    """A well-formed move that is not legal in the position."""


class AmbiguousMoveError(ValueError):
    """A move in SAN that more than one legal move fits."""
