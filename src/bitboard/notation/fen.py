"""FEN: parsing and writing Forsyth-Edwards Notation, for both move generators.

`parse_fen` returns a `FenPosition`: the 64 piece codes (core/encoding.py), side to move,
python-chess's castling bitboard, the en-passant square or None, and the two clocks. Text that
is not a FEN raises InvalidFenError (a ValueError) naming the field: rank and file counts, piece
letters, side, castling letters, the en-passant field, counters. Missing trailing fields get
python-chess's defaults (w - - 0 1).

What python-chess accepts, this reads too (no king, pawns on the back rank, a castling right
without its rook, an impossible en-passant square): the board's `status()` names those.
`parse_fen(..., strict=True)` refuses them, and the board that needs a sound position (the
0x88 one) also raises `side_not_to_move_in_check(fen, turn)` after loading, since that rule
needs attack detection. Compiled, the character loop runs in C.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

import functools
import re

from ..core.bits import popcount
from ..core.encoding import BLACK, KING, NO_SQUARE, PAWN, ROOK, WHITE, piece_code

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import u64
from ..errors import InvalidFenError, quoted
from ..piece import PIECE_TYPES, piece_symbol
from ..squares import SQUARE_NAMES as _SQUARE_NAMES

__all__ = ["STARTING_FEN", "STARTING_BOARD_FEN", "FEN_CASTLING_REGEX", "FenPosition", "parse_fen", "format_fen",
           "board_fen"]

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

PIECE_CODES = {(piece_symbol(t).upper() if color else piece_symbol(t)): piece_code(t, color)
               for color in (BLACK, WHITE) for t in PIECE_TYPES}
PIECE_LETTERS = {code: letter for letter, code in PIECE_CODES.items()}
# PIECE_CODES as a table by character code (0: not a piece letter), for the parsing loop.
_CODE_BY_ORD = cython.declare(cython.uchar[128],  # type: ignore[misc, valid-type]  # a C array: no Python type
                              [PIECE_CODES.get(chr(i), 0) for i in range(128)])
# the letter of each piece code, for the writing loop
_LETTER_BY_CODE = cython.declare(cython.uchar[16],  # type: ignore[misc, valid-type]  # a C array: no Python type
                                 [ord(PIECE_LETTERS.get(code, " ")) for code in range(16)])
_ZERO = cython.declare(cython.int, ord("0"))
_TILDE = cython.declare(cython.int, ord("~"))
_SLASH = cython.declare(cython.int, ord("/"))
_WHITE_ROOK = cython.declare(cython.int, piece_code(ROOK, WHITE))
_BLACK_ROOK = cython.declare(cython.int, piece_code(ROOK, BLACK))
_WHITE_KING = cython.declare(cython.int, piece_code(KING, WHITE))
_BLACK_KING = cython.declare(cython.int, piece_code(KING, BLACK))
MAX_COUNTER = 0x7FFFFFFF
ONE64 = 1
FEN_CASTLING_REGEX = re.compile(r"^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z")


class FenPosition:
    """The fields of a parsed FEN, as written: `castling_rights` is python-chess's bitboard of
    the rooks named (cleaned later, by the board), `ep_square` whatever square the FEN gives."""

    __slots__ = ("board", "turn", "castling_rights", "ep_square", "halfmove_clock", "fullmove_number", "promoted")

    def __init__(self, board, turn, castling_rights, ep_square, halfmove_clock, fullmove_number, promoted=0):
        self.board = board
        self.promoted = promoted  # the squares marked "~" (pieces that were pawns)
        self.turn = turn
        self.castling_rights = castling_rights
        self.ep_square = ep_square
        self.halfmove_clock = halfmove_clock
        self.fullmove_number = fullmove_number


@functools.lru_cache(maxsize=256)
def parse_fen(fen, chess960=False, strict=False) -> FenPosition:
    """The position a FEN describes; InvalidFenError naming the bad field otherwise.

    Like python-chess, any text that is a FEN is read: a board without kings or with pawns on
    the back rank, castling rights without their rook (the board drops them) and an impossible
    en-passant square are the board's `status()` to report. strict=True refuses those too,
    naming what is wrong (the 0x88 board needs it). With chess960, K/Q (k/q) name the outermost
    rook on that side of the king (X-FEN) and A-H (a-h) a rook's file (Shredder-FEN).
    Results are cached (a Board() of the same FEN costs no parsing): treat them as read-only.
    """
    if not isinstance(fen, str):
        raise TypeError(f"a FEN is a string, not {type(fen).__name__} {quoted(fen)}")
    fields = fen.split()
    if not 1 <= len(fields) <= 6:
        raise InvalidFenError(f"FEN {quoted(fen)} has {len(fields)} fields; expected 6 (or fewer: the missing ones "
                              "default to w - - 0 1, as python-chess reads them)")
    fields += ["w", "-", "-", "0", "1"][len(fields) - 1:]
    placement, side, castling_field, ep_field, halfmove_field, fullmove_field = fields
    board = parse_board_fen(placement)
    promoted = promoted_of(placement) if "~" in placement else 0
    if side not in ("w", "b"):
        raise InvalidFenError(f"side to move {quoted(side)} in FEN {quoted(fen)} is neither 'w' nor 'b'")
    turn = side == "w"
    rights = castling_rights_of(castling_field, board, fen)
    if ep_field != "-" and ep_field not in _SQUARE_NAMES:
        raise InvalidFenError(f"en-passant field {quoted(ep_field)} in FEN {quoted(fen)} is not '-' or a square")
    ep_square = None if ep_field == "-" else _SQUARE_NAMES.index(ep_field)
    halfmove = _parse_counter(halfmove_field, "half-move clock", 0, fen)
    fullmove = max(_parse_counter(fullmove_field, "full-move number", 0, fen), 1)
    fp = FenPosition(board, turn, rights, ep_square, halfmove, fullmove, promoted)
    if strict:
        check_strictly(fp, chess960, fen)
    return fp


def side_not_to_move_in_check(fen, turn) -> InvalidFenError:
    """The error a board raises when the side not to move is in check (turn: True for white)."""
    return InvalidFenError(f"the side not to move ({'black' if turn else 'white'}) is in check in FEN {quoted(fen)}")


def parse_board_fen(placement) -> list:
    """The 64 piece codes of the piece-placement field."""
    if not isinstance(placement, str):
        raise TypeError(f"a board FEN is a string, not {type(placement).__name__} {quoted(placement)}")
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise InvalidFenError(f"piece placement {quoted(placement)} has {len(ranks)} ranks; expected 8")
    board = [0] * 64
    ch: cython.Py_UCS4
    rank: cython.int
    file: cython.int
    code: cython.int
    previous_digit: cython.bint
    after_piece: cython.bint
    for i, rank_text in enumerate(ranks):
        after_piece = False
        rank = 7 - i
        file = 0
        previous_digit = False
        for ch in rank_text:
            if ch == "~":  # a promoted piece's mark (crazyhouse), after its letter
                if not after_piece:
                    raise InvalidFenError(f"'~' in rank {rank + 1} {quoted(rank_text)} follows no piece")
                after_piece = False
                continue
            after_piece = not ("1" <= ch <= "8")
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
    return board


def promoted_of(placement) -> int:
    """The bitboard of the pieces a placement marks "~" (python-chess's `promoted`)."""
    promoted = 0
    for i, rank_text in enumerate(placement.split("/")[:8]):
        file = 0
        for ch in rank_text:
            if ch == "~":
                promoted |= ONE64 << (8 * (7 - i) + file - 1)
            elif "1" <= ch <= "8":
                file += ord(ch) - 48
            else:
                file += 1
    return promoted


#: The rook of each right in standard chess, in bit order (WHITE_KINGSIDE ... BLACK_QUEENSIDE).
STANDARD_ROOKS = (7, 0, 63, 56)


def castling_rights_of(field, board, fen="") -> int:
    """python-chess's castling bitboard of a castling field (standard, X-FEN or Shredder-FEN):
    K/Q (k/q) name the outermost rook of that colour on the king's side (or the corner when
    there is none), A-H (a-h) the back-rank square of that file."""
    if field == "-":
        return 0
    if not FEN_CASTLING_REGEX.match(field):
        raise InvalidFenError(f"castling field {quoted(field)} in FEN {quoted(fen)} is not '-' or up to two of "
                              "KQ or A-H followed by up to two of kq or a-h")
    rights = 0
    for ch in field:
        color = WHITE if ch.isupper() else BLACK
        home = 0 if color == WHITE else 56
        kings = [sq for sq in range(home, home + 8) if board[sq] == piece_code(KING, color)]
        rooks = [sq for sq in range(home, home + 8) if board[sq] == piece_code(ROOK, color)]
        letter = ch.lower()
        if letter == "k":
            outer = [sq for sq in rooks if kings and sq > kings[0]]
            rights |= ONE64 << (outer[-1] if outer else home + 7)
        elif letter == "q":
            outer = [sq for sq in rooks if kings and sq < kings[0]]
            rights |= ONE64 << (outer[0] if outer else home)
        else:
            rights |= ONE64 << (home + "abcdefgh".index(letter))
    return rights


def clean_castling(board, rights, chess960) -> tuple:
    """(rights, rook squares) the move generator castles with, from python-chess's castling
    bitboard: a right needs its king on the back rank (on e1/e8 in standard chess) and a rook
    of its colour on that rank, on that side of the king (in a corner in standard chess); the
    outermost named rook of each side counts. Bits as core/encoding.py numbers them."""
    codes: bytes = board if type(board) is bytes else bytes(board)
    mask: u64 = rights
    any_file: cython.bint = chess960
    kept = 0
    rooks = [NO_SQUARE] * 4
    side: cython.int
    sq: cython.int
    home: cython.int
    king: cython.int
    first: cython.int
    last: cython.int
    for side in range(2):  # white, then black
        home = 56 * side
        king_code: cython.int = _BLACK_KING if side else _WHITE_KING
        rook_code: cython.int = _BLACK_ROOK if side else _WHITE_ROOK
        king = -1
        for sq in range(home, home + 8):
            if codes[sq] == king_code:
                king = sq  # the last, as python-chess takes it
        if king < 0 or (not any_file and codes[home + 4] != king_code):
            continue
        if not any_file:
            king = home + 4
        first, last = -1, -1  # the outermost rooks named, each side of the king
        for sq in range(home, home + 8):
            if mask >> sq & 1 and codes[sq] == rook_code and (any_file or sq == home or sq == home + 7):
                if first < 0:
                    first = sq
                last = sq
        if last > king:
            kept |= ONE64 << (2 * side)
            rooks[2 * side] = last
        if 0 <= first < king:
            kept |= ONE64 << (2 * side + 1)
            rooks[2 * side + 1] = first
    return kept, rooks


def rights_bitboard(rights, rooks) -> int:
    """python-chess's castling bitboard of (rights, rook squares) as clean_castling returns them."""
    out = 0
    for i in range(4):
        if rights >> i & 1:
            out |= ONE64 << rooks[i]
    return out


def kept_castling(fp: FenPosition, chess960) -> int:
    """The rights of `fp`'s castling field (python-chess's bitboard of their rooks) that a board
    keeps in standard chess (chess960 False) or in Chess960 (True)."""
    return rights_bitboard(*clean_castling(fp.board, fp.castling_rights, chess960))


def needs_chess960(fp: FenPosition) -> bool:
    """Whether a FEN is Chess960 by its castling field: rights that standard chess drops (a king
    off e1/e8, a rook off its corner, a file letter naming another rook) and Chess960 keeps.

    A field standard chess honours in full stays standard, however written (HAha is KQkq);
    where neither honours every right, the mode that keeps more of them, standard on a tie
    (`kept_castling` then says which rights are lost, for the caller to refuse or report).
    """
    standard = kept_castling(fp, False)
    if standard == fp.castling_rights:
        return False
    return popcount(kept_castling(fp, True)) > popcount(standard)


def rook_squares(rights) -> str:
    """The squares of python-chess's castling bitboard `rights`, for messages: "h1, f8"."""
    return ", ".join(_SQUARE_NAMES[sq] for sq in range(64) if rights >> sq & 1)


def check_strictly(fp: FenPosition, chess960, fen) -> None:
    """InvalidFenError unless the position is sound: one king a side, no pawn on the first or
    last rank, every castling right with its king and rook at home, an en-passant square that
    a pawn just passed. (The side not to move in check needs attacks: each board checks it.)"""
    board = fp.board
    for code, name in ((piece_code(KING, WHITE), "white"), (piece_code(KING, BLACK), "black")):
        kings = board.count(code)
        if kings != 1:
            raise InvalidFenError(f"FEN {quoted(fen)} has {kings} {name} kings; expected 1")
    for sq in list(range(8)) + list(range(56, 64)):
        if board[sq] in (piece_code(PAWN, WHITE), piece_code(PAWN, BLACK)):
            raise InvalidFenError(f"pawn on {_SQUARE_NAMES[sq]} in FEN {quoted(fen)} "
                                  "(pawns never stand on the first or last rank)")
    lost = fp.castling_rights & ~kept_castling(fp, chess960)
    if lost:
        sq = (lost & -lost).bit_length() - 1
        raise InvalidFenError(f"castling right for the rook on {_SQUARE_NAMES[sq]} in FEN {quoted(fen)} has no "
                              "king and rook at home to castle with")
    if fp.ep_square is not None and not ep_square_is_possible(board, fp.turn, fp.ep_square):
        raise InvalidFenError(f"en-passant square {quoted(_SQUARE_NAMES[fp.ep_square])} in FEN {quoted(fen)} is "
                              f"not the square a {'black' if fp.turn else 'white'} pawn just passed on a double push")


def ep_square_is_possible(board, turn, sq) -> bool:
    """Whether a pawn of the side not to move can just have passed `sq` on a double push: the
    square and the one it came from are empty, the pawn stands in front, on the right rank."""
    rank = sq >> 3
    behind, front = (sq - 8, sq + 8) if turn else (sq + 8, sq - 8)
    their_pawn = piece_code(PAWN, BLACK if turn else WHITE)
    return rank == (5 if turn else 2) and board[behind] == their_pawn and not board[sq] and not board[front]


def castling_xfen(board, rights, rooks) -> str:
    """The castling field, as python-chess writes it: K, Q, k, q for the outermost rook on its
    side of the king, the rook's file otherwise; '-' for none."""
    codes: bytes = board if type(board) is bytes else bytes(board)
    bits: cython.int = rights
    out = ""
    i: cython.int
    sq: cython.int
    rsq: cython.int
    home: cython.int
    rook: cython.int
    low: cython.int
    high: cython.int
    outer: cython.bint
    for i in range(4):  # white's king side, queen side, black's
        if not bits >> i & 1:
            continue
        home, rook = (0, _WHITE_ROOK) if i < 2 else (56, _BLACK_ROOK)
        rsq = rooks[i]
        outer = False  # another rook of the side beyond this one
        low = rsq + 1 if i % 2 == 0 else home
        high = home + 8 if i % 2 == 0 else rsq
        for sq in range(low, high):
            if codes[sq] == rook:
                outer = True
        if outer:
            out += "ABCDEFGH"[rsq - home] if i < 2 else "abcdefgh"[rsq - home]
        else:
            out += "KQkq"[i]
    return out or "-"


def _parse_counter(field, what, low, fen) -> int:
    if not field.isdigit() or not low <= int(field) <= MAX_COUNTER:
        raise InvalidFenError(f"{what} {quoted(field)} in FEN {quoted(fen)} is not a whole number in "
                              f"{low}..{MAX_COUNTER}")
    return int(field)


def board_fen(board, promoted: u64 = 0) -> str:
    """The piece-placement field of 64 piece codes ("~" after the pieces of `promoted`)."""
    codes: bytes = board if type(board) is bytes else bytes(board)
    out: bytearray = bytearray(144)  # 64 pieces, 64 "~", 7 "/"
    n: cython.int = 0
    rank: cython.int
    file: cython.int
    sq: cython.int
    code: cython.int
    empty: cython.int
    for rank in range(7, -1, -1):
        empty = 0
        for file in range(8):
            sq = 8 * rank + file
            code = codes[sq]
            if code:
                if empty:
                    out[n] = _ZERO + empty
                    n += 1
                    empty = 0
                out[n] = _LETTER_BY_CODE[code]
                n += 1
                if promoted >> sq & 1:
                    out[n] = _TILDE
                    n += 1
            else:
                empty += 1
        if empty:
            out[n] = _ZERO + empty
            n += 1
        if rank:
            out[n] = _SLASH
            n += 1
    return out[:n].decode("ascii")


def format_fen(board, turn, castling, ep_square, halfmove_clock, fullmove_number, rooks=STANDARD_ROOKS) -> str:
    """A full FEN; `ep_square` is written as given (the caller decides when to show it), the
    castling rights as castling_xfen writes them (`rooks`: each right's rook, in bit order)."""
    ep = _SQUARE_NAMES[ep_square] if ep_square is not None else "-"
    return (f"{board_fen(board)} {'w' if turn else 'b'} {castling_xfen(board, castling, rooks)} {ep} "
            f"{halfmove_clock} {fullmove_number}")
