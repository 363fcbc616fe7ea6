"""bitboard: chess bitboards from the 64-bit primitives up, compiled from pure Python.

Squares are ints (a1 = 0 ... h8 = 63) and bitboards are ints in 0..2**64-1, as in python-chess.
`bitboard.compiled` tells whether this installation runs the C extensions or the plain-Python
build of the same source.
"""
from .board import BaseBoard, Board, LegalMoveGenerator, PseudoLegalMoveGenerator
from .board.outcome import Outcome, Termination
from .board.positions import board_from_fen, check_position, unhonoured_castling
from .board.status import *  # noqa: F401,F403  (Status, STATUS_* as in python-chess, REASONS, reasons)
from .core.attacks import (
    between,
    bishop_attacks,
    king_attacks,
    knight_attacks,
    line,
    pawn_attacks,
    queen_attacks,
    ray,
    rook_attacks,
)
from .core.bits import (
    BITSCAN_ERROR,
    DIRECTIONS,
    EAST,
    NORTH,
    NORTH_EAST,
    NORTH_WEST,
    SOUTH,
    SOUTH_EAST,
    SOUTH_WEST,
    WEST,
    compiled,
    file_fill,
    fill,
    flip_anti_diagonal,
    flip_diagonal,
    flip_vertical,
    leading_zeros,
    ls1b,
    lsb,
    mirror_horizontal,
    msb,
    occluded_fill,
    popcount,
    rank_fill,
    reset_ls1b,
    rotate_90,
    rotate_180,
    rotate_270,
    shift,
    shift_down,
    shift_down_left,
    shift_down_right,
    shift_left,
    shift_right,
    shift_up,
    shift_up_left,
    shift_up_right,
    trailing_zeros,
)
from .errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidBitboardError,
    InvalidCastlingError,
    InvalidFenError,
    InvalidMoveError,
    InvalidPieceTypeError,
    InvalidPositionError,
    InvalidSquareError,
)
from .installation import __version__, build_info
from .move import Move
from .notation.epd import format_operations, parse_operations
from .notation.fen import (
    FEN_CASTLING_REGEX,
    STARTING_BOARD_FEN,
    STARTING_FEN,
    FenPosition,
    board_fen,
    format_fen,
    parse_fen,
)
from .piece import (
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
    WHITE,
    Piece,
    piece_name,
    piece_symbol,
)
from .squares import *  # noqa: F401,F403  (A1 ... H8, BB_* constants, names, mappings)
from .squareset import SquareSet
from .types import Bitboard, Color, PieceType, Square
