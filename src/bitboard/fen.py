"""FEN: parsing and writing Forsyth-Edwards Notation, strictly, for both move generators.

`parse_fen` returns a `FenPosition`: the 64 piece codes, side to move, castling rights, the
en-passant square or None, and the two clocks (codes and rights as core/encoding.py defines
them). Every way a FEN can be wrong raises InvalidFenError (a ValueError) naming the field: rank
and file counts, piece letters, side, castling (a right needs its king and rook at home), en
passant (the square behind a pawn that just moved two), counters, the number of kings, pawns on
the first or last rank, and the side not to move in check. Four-field FENs get "0 1" as their counters.

The last rule needs attack detection, which each board does with its own move generator:
`parse_fen` checks the text, the board raises `side_not_to_move_in_check(fen, turn)` after
loading. Compiled, the character loop runs in C.
"""
from ._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

import functools

from .core.encoding import (BLACK, BLACK_KINGSIDE, BLACK_QUEENSIDE, KING, NO_SQUARE, PAWN, ROOK, WHITE,
                            WHITE_KINGSIDE, WHITE_QUEENSIDE, piece_code)
from .errors import InvalidFenError, quoted
from .piece import PIECE_SYMBOLS, PIECE_TYPES
from .squares import SQUARE_NAMES as _SQUARE_NAMES

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

PIECE_CODES = {(PIECE_SYMBOLS[t].upper() if color else PIECE_SYMBOLS[t]): piece_code(t, color)
               for color in (BLACK, WHITE) for t in PIECE_TYPES}
PIECE_LETTERS = {code: letter for letter, code in PIECE_CODES.items()}
# PIECE_CODES as a table by character code (0: not a piece letter), for the parsing loop.
_CODE_BY_ORD = cython.declare(cython.uchar[128], [PIECE_CODES.get(chr(i), 0) for i in range(128)])
CASTLING_LETTERS = (("K", WHITE_KINGSIDE), ("Q", WHITE_QUEENSIDE), ("k", BLACK_KINGSIDE), ("q", BLACK_QUEENSIDE))
# For each right: (king square, rook square, king code, rook code).
CASTLING_HOMES = {
    WHITE_KINGSIDE: (4, 7, piece_code(KING, WHITE), piece_code(ROOK, WHITE)),
    WHITE_QUEENSIDE: (4, 0, piece_code(KING, WHITE), piece_code(ROOK, WHITE)),
    BLACK_KINGSIDE: (60, 63, piece_code(KING, BLACK), piece_code(ROOK, BLACK)),
    BLACK_QUEENSIDE: (60, 56, piece_code(KING, BLACK), piece_code(ROOK, BLACK)),
}
MAX_COUNTER = 0x7FFFFFFF


class FenPosition:
    """The fields of a parsed FEN."""

    __slots__ = ("board", "turn", "castling", "castling_rooks", "ep_square", "halfmove_clock", "fullmove_number")

    def __init__(self, board, turn, castling, castling_rooks, ep_square, halfmove_clock, fullmove_number):
        self.board = board
        self.turn = turn
        self.castling = castling
        self.castling_rooks = castling_rooks  # the rook square of each right, in bit order (64: none)
        self.ep_square = ep_square
        self.halfmove_clock = halfmove_clock
        self.fullmove_number = fullmove_number


@functools.lru_cache(maxsize=256)
def parse_fen(fen, chess960=False) -> FenPosition:
    """The position a FEN describes; InvalidFenError naming the bad field otherwise.

    With chess960, the castling field may name any rook: K/Q (k/q) the outermost rook on that
    side of the king (X-FEN), A-H (a-h) the rook's file (Shredder-FEN), mixed as they come.
    Results are cached (a Board() of the same FEN costs no parsing): treat them as read-only.
    """
    if not isinstance(fen, str):
        raise TypeError(f"a FEN is a string, not {type(fen).__name__} {quoted(fen)}")
    fields = fen.split()
    if len(fields) == 4:
        fields += ["0", "1"]
    if len(fields) != 6:
        raise InvalidFenError(f"FEN {quoted(fen)} has {len(fields)} fields; expected 6 (or 4 without the counters)")
    placement, side, castling_field, ep_field, halfmove_field, fullmove_field = fields
    board = parse_board_fen(placement)
    if side not in ("w", "b"):
        raise InvalidFenError(f"side to move {quoted(side)} in FEN {quoted(fen)} is neither 'w' nor 'b'")
    turn = side == "w"
    castling, rooks = (_parse_castling_960 if chess960 else _parse_castling)(castling_field, board, fen)
    ep_square = _parse_ep(ep_field, board, turn, fen)
    halfmove = _parse_counter(halfmove_field, "half-move clock", 0, fen)
    fullmove = _parse_counter(fullmove_field, "full-move number", 1, fen)
    return FenPosition(board, turn, castling, rooks, ep_square, halfmove, fullmove)


def side_not_to_move_in_check(fen, turn) -> InvalidFenError:
    """The error a board raises when the side not to move is in check (turn: True for white)."""
    return InvalidFenError(f"the side not to move ({'black' if turn else 'white'}) is in check in FEN {quoted(fen)}")


def parse_board_fen(placement) -> list:
    """The 64 piece codes of the piece-placement field."""
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise InvalidFenError(f"piece placement {quoted(placement)} has {len(ranks)} ranks; expected 8")
    board = [0] * 64
    ch: cython.Py_UCS4
    rank: cython.int
    file: cython.int
    code: cython.int
    previous_digit: cython.bint
    for i, rank_text in enumerate(ranks):
        rank = 7 - i
        file = 0
        previous_digit = False
        for ch in rank_text:
            if "1" <= ch <= "8":
                if previous_digit:
                    raise InvalidFenError(f"rank {rank + 1} {quoted(rank_text)} has two digits in a row")
                file += ord(ch) - 48
                previous_digit = True
                continue
            code = _CODE_BY_ORD[ord(ch)] if ord(ch) < 128 else 0
            if code == 0:
                raise InvalidFenError(f"unknown piece letter {quoted(ch)} in rank {rank + 1} {quoted(rank_text)}")
            if file < 8:
                board[8 * rank + file] = code
            file += 1
            previous_digit = False
        if file != 8:
            raise InvalidFenError(f"rank {rank + 1} {quoted(rank_text)} has {file} files; expected 8")
    for code, name in ((piece_code(KING, WHITE), "white"), (piece_code(KING, BLACK), "black")):
        kings = board.count(code)
        if kings != 1:
            raise InvalidFenError(f"piece placement {quoted(placement)} has {kings} {name} kings; expected 1")
    for sq in list(range(8)) + list(range(56, 64)):
        if board[sq] in (piece_code(PAWN, WHITE), piece_code(PAWN, BLACK)):
            raise InvalidFenError(f"pawn on {_SQUARE_NAMES[sq]} in piece placement {quoted(placement)} "
                                  "(pawns never stand on the first or last rank)")
    return board


#: The rook of each right in standard chess, in bit order (WHITE_KINGSIDE ... BLACK_QUEENSIDE).
STANDARD_ROOKS = (7, 0, 63, 56)
_RIGHT_INDEX = {WHITE_KINGSIDE: 0, WHITE_QUEENSIDE: 1, BLACK_KINGSIDE: 2, BLACK_QUEENSIDE: 3}


def _parse_castling(field, board, fen) -> tuple:
    """(rights, rook squares) of a standard chess castling field."""
    if field == "-":
        return 0, [NO_SQUARE] * 4
    rights = 0
    letters = dict(CASTLING_LETTERS)
    for ch in field:
        if ch not in letters or rights & letters[ch]:
            raise InvalidFenError(f"castling field {quoted(field)} in FEN {quoted(fen)} is not '-' or distinct "
                                  "letters of KQkq")
        right = letters[ch]
        king_sq, rook_sq, king, rook = CASTLING_HOMES[right]
        if board[king_sq] != king or board[rook_sq] != rook:
            raise InvalidFenError(f"castling right {quoted(ch)} in FEN {quoted(fen)} needs the king on "
                                  f"{_SQUARE_NAMES[king_sq]} "
                                  f"and a rook on {_SQUARE_NAMES[rook_sq]}")
        rights |= right
    return rights, [STANDARD_ROOKS[i] if rights >> i & 1 else NO_SQUARE for i in range(4)]


def _parse_castling_960(field, board, fen) -> tuple:
    """(rights, rook squares) of a Chess960 castling field: X-FEN, Shredder-FEN or both."""
    rooks = [NO_SQUARE] * 4
    if field == "-":
        return 0, rooks
    rights = 0
    for ch in field:
        color = WHITE if ch.isupper() else BLACK
        home = 0 if color == WHITE else 56
        king_squares = [sq for sq in range(home, home + 8) if board[sq] == piece_code(KING, color)]
        rook_files = [sq - home for sq in range(home, home + 8) if board[sq] == piece_code(ROOK, color)]
        letter = ch.lower()
        if not king_squares or letter not in "kqabcdefgh" or not ch.isalpha():
            raise InvalidFenError(f"castling field {quoted(field)} in FEN {quoted(fen)}: {quoted(ch)} is not a right "
                                  f"of a king on its back rank (K, Q, k, q or a rook's file A-H, a-h)")
        king_file = king_squares[0] - home
        if letter == "k":
            files = [f for f in rook_files if f > king_file]
            rook_file = files[-1] if files else None
        elif letter == "q":
            files = [f for f in rook_files if f < king_file]
            rook_file = files[0] if files else None
        else:
            rook_file = "abcdefgh".index(letter)
            rook_file = rook_file if rook_file in rook_files and rook_file != king_file else None
        if rook_file is None:
            raise InvalidFenError(f"castling right {quoted(ch)} in FEN {quoted(fen)} has no rook to castle with")
        right = (WHITE_KINGSIDE if rook_file > king_file else WHITE_QUEENSIDE) << (0 if color == WHITE else 2)
        if rights & right:
            raise InvalidFenError(f"castling field {quoted(field)} in FEN {quoted(fen)} gives one side two rights")
        rights |= right
        rooks[_RIGHT_INDEX[right]] = home + rook_file
    return rights, rooks


def castling_xfen(board, rights, rooks) -> str:
    """The castling field, as python-chess writes it: K, Q, k, q for the outermost rook on its
    side of the king, the rook's file otherwise; '-' for none."""
    out = ""
    for color, letters in ((WHITE, "KQ"), (BLACK, "kq")):
        home = 0 if color == WHITE else 56
        rook = piece_code(ROOK, color)
        for side in (0, 1):  # the king side first
            i = (0 if color == WHITE else 2) + side
            if not rights >> i & 1:
                continue
            rsq = rooks[i]
            outer = range(rsq + 1, home + 8) if side == 0 else range(home, rsq)
            if any(board[sq] == rook for sq in outer):
                out += "ABCDEFGH"[rsq - home] if color == WHITE else "abcdefgh"[rsq - home]
            else:
                out += letters[side]
    return out or "-"


def _parse_ep(field, board, turn, fen):
    if field == "-":
        return None
    if field not in _SQUARE_NAMES:
        raise InvalidFenError(f"en-passant field {quoted(field)} in FEN {quoted(fen)} is not '-' or a square")
    sq = _SQUARE_NAMES.index(field)
    rank = sq >> 3
    behind, front = (sq - 8, sq + 8) if turn else (sq + 8, sq - 8)
    their_pawn = piece_code(PAWN, BLACK if turn else WHITE)
    if rank != (5 if turn else 2) or board[behind] != their_pawn or board[sq] or board[front]:
        raise InvalidFenError(f"en-passant square {quoted(field)} in FEN {quoted(fen)} is not the square a "
                              f"{'black' if turn else 'white'} pawn just passed on a double push")
    return sq


def _parse_counter(field, what, low, fen) -> int:
    if not field.isdigit() or not low <= int(field) <= MAX_COUNTER:
        raise InvalidFenError(f"{what} {quoted(field)} in FEN {quoted(fen)} is not a whole number in "
                              f"{low}..{MAX_COUNTER}")
    return int(field)


def board_fen(board) -> str:
    """The piece-placement field of 64 piece codes."""
    ranks = []
    for rank in range(7, -1, -1):
        text, empty = "", 0
        for file in range(8):
            code = board[8 * rank + file]
            if code:
                text += (str(empty) if empty else "") + PIECE_LETTERS[code]
                empty = 0
            else:
                empty += 1
        ranks.append(text + (str(empty) if empty else ""))
    return "/".join(ranks)


def format_fen(board, turn, castling, ep_square, halfmove_clock, fullmove_number, rooks=STANDARD_ROOKS) -> str:
    """A full FEN; `ep_square` is written as given (the caller decides when to show it), the
    castling rights as castling_xfen writes them (`rooks`: each right's rook, in bit order)."""
    ep = _SQUARE_NAMES[ep_square] if ep_square is not None else "-"
    return (f"{board_fen(board)} {'w' if turn else 'b'} {castling_xfen(board, castling, rooks)} {ep} "
            f"{halfmove_clock} {fullmove_number}")
