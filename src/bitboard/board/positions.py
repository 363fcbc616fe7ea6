"""A Board from a FEN a person gave: the one reading that the command line, the Dask workers
and scripts share, so that each counts the position the FEN means.

`Board(fen)` reads as python-chess does: standard chess unless told `chess960=True`, and any
placement, its faults left to `status()`. A perft tool cannot leave it there: a Shredder-FEN
whose rights standard chess drops would count a different tree, and a position with no king
would print a number. `board_from_fen` chooses Chess960 from the castling field when it is not
told (`fen.needs_chess960`), and refuses what `status()` calls invalid with an error naming
every reason, unless asked for the position unchecked.
"""

from ..errors import InvalidCastlingError, InvalidPositionError, quoted
from ..notation.fen import needs_chess960, parse_fen, rook_squares
from .game import Board
from .status import Status, reasons


def board_from_fen(fen: str, *, chess960: bool | None = None, checked: bool = True) -> Board:
    """The Board `fen` describes, in Chess960 when `chess960` is True, in standard chess when
    False, and when None as its castling field needs (standard unless only Chess960 honours
    its rights: `HAha` on the standard array stays standard).

    checked: refuse an invalid position, castling rights that cannot be honoured included
    (InvalidCastlingError, InvalidPositionError); False: the board as python-chess would have
    it, rights that cannot be honoured dropped from its moves (`unhonoured_castling` names them).
    InvalidFenError for text that is no FEN, either way.
    """
    board = Board(fen, chess960=needs_chess960(parse_fen(fen)) if chess960 is None else chess960)
    if checked:
        check_position(board, fen, "standard chess or Chess960" if chess960 is None else None)
    return board


def unhonoured_castling(board: Board) -> int:
    """The castling rights `board` was given that it cannot castle with (python-chess's
    bitboard of their rooks): no king and rook of that colour at home on that side."""
    return board.castling_rights & ~board.clean_castling_rights()


def check_position(board: Board, fen: str | None = None, modes: str | None = None) -> None:
    """Nothing for a valid position; else InvalidCastlingError when its only fault is castling
    rights it cannot honour (naming their rooks' squares, and the `modes` tried: by default the
    board's), InvalidPositionError naming every reason otherwise."""
    status = board.status()
    if status == Status.VALID:
        return
    where = f" in FEN {quoted(fen)}" if fen is not None else ""
    if status == Status.BAD_CASTLING_RIGHTS:
        modes = modes or ("Chess960" if board.chess960 else "standard chess")
        raise InvalidCastlingError(f"castling with the rook on {rook_squares(unhonoured_castling(board))}{where} "
                                   f"cannot be honoured in {modes}: no king and rook of that colour at home to "
                                   "castle with")
    raise InvalidPositionError(f"invalid position{where}: {'; '.join(reasons(status))}", status)
