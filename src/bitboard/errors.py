"""The exceptions of `bitboard`: each with the bad value in its message; every one a ValueError but
MissingExtraError, an ImportError naming the optional extra to install. Where python-chess raises
another class for the same input, ours is that class too (InvalidSquareError is an IndexError)."""

#: Values quoted in messages are cut to this many characters (a whole garbage file helps no one).
QUOTE_LIMIT = 60


def quoted(value) -> str:
    """`repr(value)` for an error message, shortened with an ellipsis and the length when long:
    'rnbqkbnr/ppp...' (1,000 characters)."""
    text = repr(value)
    if len(text) <= QUOTE_LIMIT:
        return text
    size = f" ({len(value):,} characters)" if isinstance(value, str) else f" ({len(text):,} characters as text)"
    return text[:QUOTE_LIMIT - 1] + "\u2026" + text[-1] + size


class InvalidArgumentError(ValueError):
    """An argument out of the range a function accepts: a perft depth, a thread count, a table size."""


class InvalidSquareError(ValueError, IndexError):
    """A square index outside 0..63 or an unknown square name. An IndexError too: python-chess
    raises one for such a square (it indexes a list with it), and a program's `except
    IndexError` must still catch ours."""


class InvalidPieceTypeError(ValueError, IndexError):
    """A piece type outside 1 (PAWN) .. 6 (KING). An IndexError too, as python-chess's (it indexes
    a list with the piece type)."""


class InvalidBitboardError(ValueError):
    """An integer outside 0..2**64-1 where a bitboard is expected."""


class InvalidFenError(ValueError):
    """A FEN string that does not describe a valid position; the message names the bad field."""


class InvalidCastlingError(InvalidFenError):
    """A castling field naming a right that neither standard chess nor Chess960 can honour: no
    king and rook of that colour at home where it names one."""


class InvalidPositionError(ValueError):
    """A position python-chess's `status()` calls invalid, where a sound one is needed (the
    command line's perft): the message names every reason; `status` holds the flags."""

    def __init__(self, message: str, status: int = 0):
        super().__init__(message)
        self.status = status


class InvalidMoveError(ValueError):
    """A move that is malformed (bad UCI text, squares, promotion piece)."""


class IllegalMoveError(ValueError):
    """A well-formed move that is not legal in the position."""


class AmbiguousMoveError(ValueError):
    """A move in SAN that more than one legal move fits."""


class ShardExistsError(InvalidArgumentError):
    """A dataset shard that is already there and was not written from the same input: replaced
    only when asked (`overwrite=True`, `--overwrite`)."""


class UnreadableInputError(InvalidArgumentError):
    """A PGN input in which not one game can be read (a binary file, a wrong path's content)."""


class MissingExtraError(ImportError):
    """A feature that runs on an optional package which is not installed (bitboard.chess.engine
    on python-chess): the message names the extra to install; `extra` holds its name."""

    def __init__(self, message: str, extra: str = ""):
        super().__init__(message)
        self.extra = extra


class InvalidTagError(ValueError):
    """A PGN header tag whose name PGN cannot write, or whose value holds a line break."""


class UnsupportedVariantError(ValueError):
    """A PGN game of a chess variant that bitboard does not play (only standard chess and
    Chess960 so far)."""
