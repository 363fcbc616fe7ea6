"""Standard Algebraic Notation: writing and reading moves as "Nf3", "exd5", "e8=Q+", "O-O".

Written as python-chess writes it: the piece letter (none for pawns), the file and/or rank of
the from-square when another piece of the same kind could also go there (the file by
preference, the rank when the file is shared, both when both are), "x" for captures (a pawn
capture starts with its file), "=Q" for promotions, "O-O" and "O-O-O" for castling, then "+"
for check or "#" for mate.

Read as python-chess reads it: the same text, with "0-0" for castling, "-" in place of "x",
the "=" of a promotion and the check signs optional, a fully given from-square ("e2e4",
"Ng1f3") for any move, and "--" for the null move. A text that is not SAN raises
InvalidMoveError; one that names no legal move, IllegalMoveError; one that names several,
AmbiguousMoveError: all ValueErrors with the text in the message.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.attacks import KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, _bishop_attacks, _rook_attacks
    from ..core.encoding import (
        BB_ALL,
        BISHOP,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        KING,
        KNIGHT,
        MAX_MOVES,
        NORMAL,
        ONE,
        PAWN,
        QUEEN,
        ROOK,
        code_type,
        encode_move,
        flag_drop,
        flag_promotion,
        move_flag,
        move_from,
        move_to,
        promotion_flag,
        u64,
    )
    from ..core.legality import _leaves_king_safe, _legal_moves
    from ..core.movegen import _attackers, _generate
    from ..core.native import clz64, ctz64
    from ..core.position import Position, _make, _unmake
    from ..core.pseudo_legal import _one_king
    from ..core.variant_moves import VARIANT_LOSS, VARIANT_WIN, _variant_in_check, _variant_result

import re

from ..errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, quoted
from ..piece import PIECE_SYMBOLS
from ..squares import BB_FILES, BB_RANKS, FILE_NAMES, RANK_NAMES, SQUARE_NAMES

# piece letter, from-file, from-rank, target square, promotion piece (group 5, its letter only)
SAN_REGEX = re.compile(r"\A([KQRBN])?([a-h])?([1-8])?[x-]?([a-h][1-8])(?:=?([KQRBNkqrbn]))?[+#]?\Z")
_CASTLES = {"O-O": 2, "O-O-O": -2, "0-0": 2, "0-0-0": -2}
_NULL_MOVES = ("--", "Z0", "0000", "@@@@")


ushort_ptr = cython.typedef(cython.pointer(cython.ushort))
_FILE_A = cython.declare(u64, 0x0101010101010101)
_RANK_1 = cython.declare(u64, 0xFF)


@cython.cfunc
@cython.exceptval(check=False)
def _piece_of(letter: cython.int) -> cython.int:
    """The piece type of an uppercase SAN letter (N B R Q K), 0 for any other byte."""
    if letter == ord("N"):
        return KNIGHT
    if letter == ord("B"):
        return BISHOP
    if letter == ord("R"):
        return ROOK
    if letter == ord("Q"):
        return QUEEN
    return KING if letter == ord("K") else 0


@cython.cfunc
@cython.exceptval(check=False)
def _castling_side(text: cython.p_char, start: cython.Py_ssize_t, end: cython.Py_ssize_t) -> cython.int:
    """1 for "O-O" or "0-0", -1 for "O-O-O" or "0-0-0", 0 for any other text[start:end]."""
    letter: cython.int = text[start]
    if (end - start != 3 and end - start != 5) or (letter != ord("O") and letter != ord("0")):
        return 0
    k: cython.Py_ssize_t
    for k in range(1, end - start):
        if text[start + k] != (ord("-") if k % 2 else letter):
            return 0
    return 1 if end - start == 3 else -1


@cython.cfunc
@cython.exceptval(check=False)
def _reaching(piece: cython.int, to: cython.int, us: cython.int, occupied: u64) -> u64:
    """The squares from which a piece of the kind (of colour `us`) attacks `to`: the one attack
    table that matters, rather than all of them."""
    if piece == KNIGHT:
        return KNIGHT_ATTACKS[to]
    if piece == BISHOP:
        return _bishop_attacks(to, occupied)
    if piece == ROOK:
        return _rook_attacks(to, occupied)
    if piece == QUEEN:
        return _bishop_attacks(to, occupied) | _rook_attacks(to, occupied)
    if piece == KING:
        return KING_ATTACKS[to]
    return PAWN_ATTACKS[64 * (us ^ 1) + to]  # a pawn: where a pawn of ours would capture on `to` from


@cython.cfunc
@cython.exceptval(check=False)
def _one_move(pos: Position, piece: cython.int, to: cython.int, from_mask: u64, promotion: cython.int,
              push: cython.bint) -> cython.int:
    """The code of the move when one piece of the kind can make it and it is legal, found from
    the attack tables without generating moves; -1 when that does not settle it (several
    candidates, en passant, anything unusual), and the generator then decides."""
    us: cython.int = pos._turn
    target: u64 = ONE << to
    occupied: u64 = pos._colors[0] | pos._colors[1]
    ours: u64 = pos._pieces[piece] & pos._colors[us]
    frm: cython.int
    flag: cython.int = NORMAL
    candidates: u64
    if pos._colors[us] & target:
        return -1
    if piece != PAWN:
        if promotion:
            return -1
        candidates = _reaching(piece, to, us, occupied) & ours & from_mask
        if candidates == 0 or (candidates & (candidates - 1)) != 0:
            return -1
        frm = ctz64(candidates)
        return encode_move(frm, to, NORMAL) if _leaves_king_safe(pos, frm, to, piece == KING) else -1
    if push:
        if occupied & target:
            return -1
        frm = to - 8 if us else to + 8
        if frm < 0 or frm > 63:
            return -1
        if not (ours & (ONE << frm)):
            if occupied & (ONE << frm) or (to >> 3) != (3 if us else 4):
                return -1
            frm = frm - 8 if us else frm + 8
            if not (ours & (ONE << frm)):
                return -1
            flag = DOUBLE_PUSH
    else:
        if not (pos._colors[us ^ 1] & target):
            return -1  # (en passant, or no capture: the generator decides)
        candidates = _reaching(PAWN, to, us, occupied) & ours & from_mask
        if candidates == 0 or (candidates & (candidates - 1)) != 0:
            return -1
        frm = ctz64(candidates)
    if (to >> 3) == (7 if us else 0):
        if not promotion:
            return -1
        flag = promotion_flag(promotion)
    elif promotion:
        return -1
    return encode_move(frm, to, flag) if _leaves_king_safe(pos, frm, to, False) else -1


@cython.cfunc
@cython.exceptval(check=False)
def plain_san_code(pos: Position, text: cython.p_char, start: cython.Py_ssize_t, end: cython.Py_ssize_t) -> cython.int:
    """The generator's code of the one legal move a plain SAN names ("Nf3", "exd5", "Rae1",
    "e8=Q+", "O-O"), read byte by byte in C from text[start:end]; -1 for anything else (long
    algebraic, null moves, no such move, ambiguity, a side with several kings, a variant's
    position: its rules are not these), which `san_code` then takes. Board.push_san and the PGN
    readers share it."""
    if pos._variant:
        return -1
    while end > start and (text[end - 1] == ord("+") or text[end - 1] == ord("#") or text[end - 1] == ord("!")
                           or text[end - 1] == ord("?")):
        end -= 1
    kings: u64 = pos._pieces[KING] & pos._colors[pos._turn]
    if end - start < 2 or (kings & (kings - 1)) != 0:
        return -1
    buf = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]  # a C array
    count: cython.int
    k: cython.int
    code: cython.int
    side: cython.int = _castling_side(text, start, end)
    if side:
        count = _generate(pos, buf, 0, kings, False)
        for k in range(count):
            code = buf[k]
            if move_flag(code) == CASTLING and (move_to(code) > move_from(code)) == (side > 0):
                return code
        return -1
    piece: cython.int = _piece_of(text[start])
    i: cython.Py_ssize_t = start + 1 if piece else start  # past the piece letter
    promotion: cython.int = 0
    if not piece:
        piece = PAWN
        promotion = _piece_of(text[end - 1])
        if promotion == KING:
            return -1
        if promotion:
            end -= 2 if end - start >= 4 and text[end - 2] == ord("=") else 1
    if end - i < 2:
        return -1
    file_ch: cython.int = text[end - 2]
    rank_ch: cython.int = text[end - 1]
    if not (ord("a") <= file_ch <= ord("h") and ord("1") <= rank_ch <= ord("8")):
        return -1
    to: cython.int = (rank_ch - ord("1")) * 8 + (file_ch - ord("a"))
    from_mask: u64 = ~cython.cast(u64, 0)
    square_at: cython.Py_ssize_t = end - 2
    plain: cython.bint = i == square_at  # no from-file, no rank, no "x"
    no_file: cython.bint = True
    if i < square_at and ord("a") <= text[i] <= ord("h"):
        from_mask &= _FILE_A << (text[i] - ord("a"))
        no_file = False
        i += 1
    if i < square_at and ord("1") <= text[i] <= ord("8"):
        from_mask &= _RANK_1 << (8 * (text[i] - ord("1")))
        i += 1
    if i < square_at and text[i] == ord("x"):
        i += 1
    if i != square_at:
        return -1
    if piece == PAWN and no_file:  # a pawn without its file keeps to the file (python-chess: no capture)
        from_mask &= _FILE_A << (to & 7)
    code = _one_move(pos, piece, to, from_mask, promotion, plain)
    if code >= 0:
        return code
    count = _generate(pos, buf, 0, pos._colors[pos._turn] & pos._pieces[piece] & from_mask, False)
    found: cython.int = -1
    for k in range(count):
        code = buf[k]
        if move_to(code) == to and move_flag(code) != CASTLING and flag_promotion(move_flag(code)) == promotion:
            if found >= 0:
                return -1  # ambiguous: the full reader says so
            found = code
    return found


_LETTERS = b" PNBRQK"  # by piece type


@cython.cfunc
def san_of_code(pos: Position, code: cython.int, long: cython.bint) -> str:
    """The SAN (or, with `long`, the long algebraic notation) of the legal move `code`, written
    in C (the Board's san() and lan()). With several kings a side, the legal moves and the
    check are python-chess's: those that keep the highest king safe, and that king's."""
    out: bytearray = bytearray(16)
    n: cython.int = 0
    frm: cython.int = move_from(code)
    to: cython.int = move_to(code)
    flag: cython.int = move_flag(code)
    piece: cython.int = code_type(pos._board[frm])
    buf = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]  # a C array
    i: cython.int
    other: cython.int
    if flag_drop(flag):  # crazyhouse: "@e6" for a pawn, "N@f3"
        if flag_drop(flag) != PAWN:
            out[n] = _LETTERS[flag_drop(flag)]
            n += 1
        out[n], out[n + 1], out[n + 2] = _AT, _LETTER_A + (to & 7), _DIGIT_1 + (to >> 3)
        n += 3
    elif flag == CASTLING:
        out[0], out[1], out[2] = _LETTER_O, _DASH, _LETTER_O
        n = 3
        if to < frm:
            out[3], out[4] = _DASH, _LETTER_O
            n = 5
    else:
        capture: cython.bint = pos._board[to] != 0 or flag == EN_PASSANT
        if piece != PAWN:
            out[n] = _LETTERS[piece]
            n += 1
        if long:
            out[n], out[n + 1] = _LETTER_A + (frm & 7), _DIGIT_1 + (frm >> 3)
            out[n + 2] = _LETTER_X if capture else _DASH
            n += 3
        elif piece == PAWN:
            if capture:
                out[n], out[n + 1] = _LETTER_A + (frm & 7), _LETTER_X
                n += 2
        else:
            rivals: cython.bint = False
            same_file: cython.bint = False
            same_rank: cython.bint = False
            count: cython.int = _legal_count(pos, buf, False)
            for i in range(count):
                other = move_from(buf[i])
                if (move_to(buf[i]) == to and other != frm and move_flag(buf[i]) != CASTLING
                        and code_type(pos._board[other]) == piece):
                    rivals = True
                    same_file = same_file or (other & 7) == (frm & 7)
                    same_rank = same_rank or (other >> 3) == (frm >> 3)
            if rivals and (same_rank or not same_file):
                out[n] = _LETTER_A + (frm & 7)
                n += 1
            if rivals and same_file:
                out[n] = _DIGIT_1 + (frm >> 3)
                n += 1
            if capture:
                out[n] = _LETTER_X
                n += 1
        out[n], out[n + 1] = _LETTER_A + (to & 7), _DIGIT_1 + (to >> 3)
        n += 2
        if flag_promotion(flag):
            out[n], out[n + 1] = _EQUALS, _LETTERS[flag_promotion(flag)]
            n += 2
    key: u64 = pos._key
    undo: u64 = _make(pos, code)
    kings: u64 = pos._pieces[KING] & pos._colors[pos._turn]
    if pos._variant:  # python-chess's: mate, or any variant end that someone wins
        check: cython.bint = _variant_in_check(pos)
        if (check and _legal_count(pos, buf, True) == 0) or _variant_result(pos) in (VARIANT_WIN, VARIANT_LOSS):
            out[n] = _HASH
            n += 1
        elif check:
            out[n] = _PLUS
            n += 1
    elif kings and _attackers(pos, 63 - clz64(kings), 1 - pos._turn, pos._colors[0] | pos._colors[1]):
        out[n] = _HASH if _legal_count(pos, buf, True) == 0 else _PLUS
        n += 1
    _unmake(pos, code, undo, key)
    return out[:n].decode("ascii")


@cython.cfunc
@cython.exceptval(check=False)
def _legal_count(pos: Position, buf: ushort_ptr, count_only: cython.bint) -> cython.int:  # type: ignore[valid-type]  # a C pointer
    """The legal moves of `pos` into `buf` (or only counted): the fast generator with one king a
    side, python-chess's rule for several."""
    if _one_king(pos) and not pos._variant:
        return _generate(pos, buf, 0, BB_ALL, count_only)
    return _legal_moves(pos, buf, BB_ALL, BB_ALL)


_LETTER_O = cython.declare(cython.int, ord("O"))
_AT = cython.declare(cython.int, ord("@"))
_LETTER_X = cython.declare(cython.int, ord("x"))
_DASH = cython.declare(cython.int, ord("-"))
_EQUALS = cython.declare(cython.int, ord("="))
_HASH = cython.declare(cython.int, ord("#"))
_PLUS = cython.declare(cython.int, ord("+"))
_LETTER_A = cython.declare(cython.int, ord("a"))
_DIGIT_1 = cython.declare(cython.int, ord("1"))


_DROP_REGEX = re.compile(r"^([PNBRQpnbrq])?@([a-h][1-8])[+#]?\Z")


def parse_san(board, text):
    """The legal Move that `text` names in SAN (the null move for "--", "Z0", "0000", "@@@@")."""
    return board._move_for_code(san_code(board, text))


def san_code(board, text) -> int:
    """The generator's code of the legal move `text` names (-1 for the null move): the grammar
    here, the matching against the legal moves in C (Board._san_codes)."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"SAN must be a string, not {type(text).__name__} {quoted(text)}")
    if text.rstrip("+#") in _CASTLES and text[len(text.rstrip("+#")):] in ("", "+", "#"):
        kingside = _CASTLES[text.rstrip("+#")] > 0
        for code in board._san_codes(0, 0, -1, 0):  # the castling moves
            if (board._code_to(code) > board._code_from(code)) == kingside:
                return code
        raise IllegalMoveError(f"illegal san: {quoted(text)} in {board.fen()}")
    if "@" in text and getattr(board, "uci_variant", "") == "crazyhouse":  # a drop: "@e6" (a pawn), "N@f3"
        drop = _DROP_REGEX.match(text)
        if not drop:
            raise InvalidMoveError(f"invalid san: {quoted(text)}")
        code = board._drop_code_of(PIECE_SYMBOLS.index((drop.group(1) or "P").lower()),
                                   SQUARE_NAMES.index(drop.group(2)))
        if code < 0:
            raise IllegalMoveError(f"illegal drop san: {quoted(text)} in {board.fen()}")
        return code
    match = SAN_REGEX.match(text)
    if not match:
        if text in _NULL_MOVES:
            return -1
        raise InvalidMoveError(f"invalid san: {quoted(text)}")
    letter, file, rank, target, promotion = match.groups()
    to_square = SQUARE_NAMES.index(target)
    promotion_type = PIECE_SYMBOLS.index(promotion.lower()) if promotion else 0
    from_mask = BB_ALL
    if file:
        from_mask &= BB_FILES[FILE_NAMES.index(file)]
    if rank:
        from_mask &= BB_RANKS[RANK_NAMES.index(rank)]
    if letter:
        piece = PIECE_SYMBOLS.index(letter.lower())
    elif file and rank:  # a fully given from-square names any piece's move, castling included
        codes = board._san_codes(0, from_mask, to_square, -1)
        chosen = [code for code in codes if board._code_promotion(code) == promotion_type]
        if chosen:
            return chosen[0]
        frm = SQUARE_NAMES.index(file + rank)
        for code in board._san_codes(0, 0, -1, 0):  # a castling, as king takes rook or e1g1
            if board._code_from(code) == frm and not promotion_type and (
                    board._code_to(code) == to_square or board._move_for_code(code).to_square == to_square):
                return code
        raise IllegalMoveError(f"{'missing promotion piece type' if codes else 'illegal san'}: "
                               f"{quoted(text)} in {board.fen()}")
    else:
        piece = PAWN
        if file is None:
            from_mask &= BB_FILES[to_square & 7]  # a pawn move without a file goes straight ahead
    found = board._san_codes(piece, from_mask, to_square, promotion_type)
    if not found:
        raise IllegalMoveError(f"illegal san: {quoted(text)} in {board.fen()}")
    if len(found) > 1:
        raise AmbiguousMoveError(f"ambiguous san: {quoted(text)} in {board.fen()}")
    return found[0]
