"""The exceptions of `bitboard`: every one a ValueError, each with the bad value in its message."""


class InvalidSquareError(ValueError):
    """A square index outside 0..63 or an unknown square name."""


class InvalidBitboardError(ValueError):
    """An integer outside 0..2**64-1 where a bitboard is expected."""
