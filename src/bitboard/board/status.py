"""What is wrong with a position: python-chess's Status flags, and the check that sets them.

A Board accepts any placement python-chess accepts (no king, pawns on the back rank, a castling
right without its rook, an impossible en-passant square); `board.status()` says what is wrong
and `board.is_valid()` whether anything is. The flags and their values are python-chess's.
"""
import enum

from ..core.attacks import line
from ..core.bits import popcount, scan_reversed
from ..squares import BB_BACKRANKS

__all__ = [
    "Status", "STATUS_VALID", "STATUS_NO_WHITE_KING", "STATUS_NO_BLACK_KING", "STATUS_TOO_MANY_KINGS",
    "STATUS_TOO_MANY_WHITE_PAWNS", "STATUS_TOO_MANY_BLACK_PAWNS", "STATUS_PAWNS_ON_BACKRANK",
    "STATUS_TOO_MANY_WHITE_PIECES", "STATUS_TOO_MANY_BLACK_PIECES", "STATUS_BAD_CASTLING_RIGHTS",
    "STATUS_INVALID_EP_SQUARE", "STATUS_OPPOSITE_CHECK", "STATUS_EMPTY", "STATUS_RACE_CHECK", "STATUS_RACE_OVER",
    "STATUS_RACE_MATERIAL", "STATUS_TOO_MANY_CHECKERS", "STATUS_IMPOSSIBLE_CHECK", "REASONS", "reasons"
]

class Status(enum.IntFlag):
    """The ways a position can be invalid; VALID (0) when none applies."""

    VALID = 0
    NO_WHITE_KING = 0x1
    NO_BLACK_KING = 0x2
    TOO_MANY_KINGS = 0x4
    TOO_MANY_WHITE_PAWNS = 0x8
    TOO_MANY_BLACK_PAWNS = 0x10
    PAWNS_ON_BACKRANK = 0x20
    TOO_MANY_WHITE_PIECES = 0x40
    TOO_MANY_BLACK_PIECES = 0x80
    BAD_CASTLING_RIGHTS = 0x100
    INVALID_EP_SQUARE = 0x200
    OPPOSITE_CHECK = 0x400
    EMPTY = 0x800
    RACE_CHECK = 0x1000
    RACE_OVER = 0x2000
    RACE_MATERIAL = 0x4000
    TOO_MANY_CHECKERS = 0x8000
    IMPOSSIBLE_CHECK = 0x10000


STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK


#: What each flag means, in words for a person: what the command line prints.
REASONS = {
    Status.EMPTY: "the board is empty",
    Status.NO_WHITE_KING: "no white king",
    Status.NO_BLACK_KING: "no black king",
    Status.TOO_MANY_KINGS: "too many kings",
    Status.TOO_MANY_WHITE_PAWNS: "more than 8 white pawns",
    Status.TOO_MANY_BLACK_PAWNS: "more than 8 black pawns",
    Status.PAWNS_ON_BACKRANK: "pawns on the back rank",
    Status.TOO_MANY_WHITE_PIECES: "more than 16 white pieces",
    Status.TOO_MANY_BLACK_PIECES: "more than 16 black pieces",
    Status.BAD_CASTLING_RIGHTS: "castling rights without their king and rook at home",
    Status.INVALID_EP_SQUARE: "an en-passant square no double push can have left",
    Status.OPPOSITE_CHECK: "opposite check (the side not to move is in check)",
    Status.RACE_CHECK: "a check in Racing Kings",
    Status.RACE_OVER: "the race is already over",
    Status.RACE_MATERIAL: "material Racing Kings does not allow",
    Status.TOO_MANY_CHECKERS: "more than two pieces give check",
    Status.IMPOSSIBLE_CHECK: "a check no legal last move can have given",
}


def reasons(status) -> list:
    """Each reason `status` (a Status, or python-chess's int of flags) names, in words, in the
    flags' order: ['no white king', 'pawns on the back rank']."""
    return [text for flag, text in sorted(REASONS.items()) if status & flag]


def board_status(board) -> Status:
    """The Status of a Board: every rule the position breaks."""
    errors = Status.VALID
    white, black = board.occupied_co[True], board.occupied_co[False]
    if not board.occupied:
        errors |= Status.EMPTY
    if not white & board.kings:
        errors |= Status.NO_WHITE_KING
    if not black & board.kings:
        errors |= Status.NO_BLACK_KING
    if popcount(board.kings) > 2:
        errors |= Status.TOO_MANY_KINGS
    if popcount(white) > 16:
        errors |= Status.TOO_MANY_WHITE_PIECES
    if popcount(black) > 16:
        errors |= Status.TOO_MANY_BLACK_PIECES
    if popcount(white & board.pawns) > 8:
        errors |= Status.TOO_MANY_WHITE_PAWNS
    if popcount(black & board.pawns) > 8:
        errors |= Status.TOO_MANY_BLACK_PAWNS
    if board.pawns & BB_BACKRANKS:
        errors |= Status.PAWNS_ON_BACKRANK
    if board.castling_rights != board.clean_castling_rights():
        errors |= Status.BAD_CASTLING_RIGHTS
    valid_ep = board._valid_ep_square()
    if board.ep_square != valid_ep:
        errors |= Status.INVALID_EP_SQUARE
    if board.was_into_check():
        errors |= Status.OPPOSITE_CHECK
    errors |= _check_errors(board, valid_ep)
    return errors


def _check_errors(board, valid_ep) -> Status:
    """TOO_MANY_CHECKERS and IMPOSSIBLE_CHECK: checks no legal last move can have given."""
    checkers = board.checkers_mask()
    if not checkers:
        return Status.VALID
    errors = Status.VALID
    count = popcount(checkers)
    if count > 2:
        errors |= Status.TOO_MANY_CHECKERS
    # every king of the side to move counts, as in python-chess (a position may have several)
    kings = board.kings & board.occupied_co[board.turn] & ~board.promoted
    if valid_ep is not None:
        # the last move was the double push past valid_ep: the pushed pawn must give the check,
        # or uncover it (a check that stood before the push is impossible)
        pushed_to, pushed_from = valid_ep ^ 8, valid_ep ^ 24
        before = (board.occupied & ~(1 << pushed_to)) | (1 << pushed_from)
        if count > 1 or (checkers.bit_length() - 1 != pushed_to
                         and any(board._attackers_with(not board.turn, king, before) for king in scan_reversed(kings))):
            errors |= Status.IMPOSSIBLE_CHECK
    elif count > 2 or (count == 2 and line((checkers & -checkers).bit_length() - 1, checkers.bit_length() - 1)
                       & kings):
        errors |= Status.IMPOSSIBLE_CHECK  # two checkers on one line through a king
    return errors
