"""python-chess's `chess` namespace on the compiled core: `import bitboard.chess as chess`.

The names, numbers and behaviour are python-chess's (squares a1 = 0 ... h8 = 63, WHITE = True,
bitboards as ints), so a program written against python-chess runs unchanged; the objects are
bitboard's own (one Board class, one Move class). Everything here is also importable from the
module that is its home; this namespace only gathers it under python-chess's names.

`install()` (swap.py) runs a program's unchanged `import chess` and `import chess.pgn` on this
package; importing it puts a finder on sys.meta_path that keeps `chess.<sub>` the very module
`bitboard.chess.<sub>` whenever sys.modules["chess"] is this package.
"""
from ..board import BaseBoard, Board, LegalMoveGenerator, PseudoLegalMoveGenerator
from ..board.outcome import Outcome, Termination
from ..board.status import (
    STATUS_BAD_CASTLING_RIGHTS,
    STATUS_EMPTY,
    STATUS_IMPOSSIBLE_CHECK,
    STATUS_INVALID_EP_SQUARE,
    STATUS_NO_BLACK_KING,
    STATUS_NO_WHITE_KING,
    STATUS_OPPOSITE_CHECK,
    STATUS_PAWNS_ON_BACKRANK,
    STATUS_RACE_CHECK,
    STATUS_RACE_MATERIAL,
    STATUS_RACE_OVER,
    STATUS_TOO_MANY_BLACK_PAWNS,
    STATUS_TOO_MANY_BLACK_PIECES,
    STATUS_TOO_MANY_CHECKERS,
    STATUS_TOO_MANY_KINGS,
    STATUS_TOO_MANY_WHITE_PAWNS,
    STATUS_TOO_MANY_WHITE_PIECES,
    STATUS_VALID,
    Status,
)
from ..core.attacks import between
from ..core.attacks import line as ray
from ..core.bits import (
    flip_anti_diagonal,
    flip_diagonal,
    flip_vertical,
    lsb,
    msb,
    popcount,
    scan_forward,
    scan_reversed,
    shift_2_down,
    shift_2_left,
    shift_2_right,
    shift_2_up,
    shift_down,
    shift_down_left,
    shift_down_right,
    shift_left,
    shift_right,
    shift_up,
    shift_up_left,
    shift_up_right,
)
from ..core.bits import mirror_horizontal as flip_horizontal
from ..errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from ..move import Move
from ..notation.fen import FEN_CASTLING_REGEX, STARTING_BOARD_FEN, STARTING_FEN
from ..notation.san import SAN_REGEX
from ..piece import (
    BISHOP,
    BLACK,
    COLOR_NAMES,
    COLORS,
    KING,
    KNIGHT,
    PAWN,
    PIECE_NAMES,
    PIECE_SYMBOLS,
    PIECE_TYPES,
    QUEEN,
    ROOK,
    UNICODE_PIECE_SYMBOLS,
    WHITE,
    Piece,
    piece_name,
    piece_symbol,
)
from ..squares import *  # noqa: F401,F403  (A1 ... H8, BB_* constants, square functions)
from ..squareset import SquareSet
from ..types import Bitboard, Color, PieceType, Square
from .swap import add_finder, install
from .tables import attack_tables

add_finder()

# python-chess's precomputed attack tables (BB_RANK_ATTACKS and the others), built at import
# (2 ms): a module `__getattr__` would cost every `chess.X` lookup its specialization in CPython
# (module attributes are read 1.8x slower, 29 ns instead of 16 ns for `chess.square_file`)
globals().update(attack_tables())
