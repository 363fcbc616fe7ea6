"""The 0x88 board: a second, independent move generator, the one the bitboard-vs-0x88 document
builds first and then rewrites with bitboards "to compare the relative speed".

A 128-entry board, rank * 16 + file: `square & 0x88` is non-zero exactly when a step has left
the board. Pieces move by offset tables; sliders repeat their offset until blocked. Moves are
generated pseudo-legally and kept when the mover's king is not attacked after making them
(make, test, unmake). Attacks are found by looking outward from the attacked square. Castling
follows the document: the squares between king and rook empty, the king not attacked on the
square it stands on, passes or reaches.

Undo comes in two kinds. The document's: save a copy of the whole state before the move and
copy it back (`perft(depth, undo="copy")`). A lighter one: remember the captured piece and the
few state fields, and move the pieces back (`undo="incremental"`, also what push/pop use).

It shares FEN parsing, the Move type and the move-code constants with `bitboard.Board`, and
nothing of its attack code.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import (
        BISHOP,
        BLACK_KINGSIDE,
        BLACK_QUEENSIDE,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        KING,
        KNIGHT,
        MAX_MOVES,
        NO_SQUARE,
        NORMAL,
        PAWN,
        PROMOTION,
        QUEEN,
        ROOK,
        WHITE_KINGSIDE,
        WHITE_QUEENSIDE,
        code_color,
        code_type,
        color_castling,
        encode_move,
        flag_promotion,
        kingside_right,
        piece_code,
        queenside_right,
        u64,
        undo_captured,
        undo_castling,
        undo_ep,
        undo_halfmove,
        undo_record,
    )
    from ..move import Move, _move_of

from collections.abc import Iterator

from ..board.move_generators import LegalMoveGenerator
from ..core.arguments import depth_arg
from ..errors import IllegalMoveError
from ..notation.fen import STARTING_FEN, clean_castling, format_fen, parse_fen, side_not_to_move_in_check

uint_ptr = cython.typedef(cython.pointer(cython.uint))
uchar_ptr = cython.typedef(cython.pointer(cython.uchar))
int_ptr = cython.typedef(cython.pointer(cython.int))

if not cython.compiled:  # compiled, the enum of x88.pxd
    NO_SQUARE_88 = 255
    STATE_SIZE = 136  # 128 squares, turn, castling, en passant, two king squares, three spare

# Offsets on the 0x88 board: +16 is one rank up, +1 one file right.
KNIGHT_OFFSETS = cython.declare(cython.int[8], [33, 31, 18, 14, -14, -18, -31, -33])
BISHOP_OFFSETS = cython.declare(cython.int[4], [17, 15, -15, -17])
ROOK_OFFSETS = cython.declare(cython.int[4], [16, 1, -1, -16])
KING_OFFSETS = cython.declare(cython.int[8], [17, 16, 15, 1, -1, -15, -16, -17])

# Castling rights kept when a move leaves or reaches a square, on 0x88.
_CASTLING_LOST = {0x04: WHITE_KINGSIDE | WHITE_QUEENSIDE, 0x07: WHITE_KINGSIDE, 0x00: WHITE_QUEENSIDE,
                  0x74: BLACK_KINGSIDE | BLACK_QUEENSIDE, 0x77: BLACK_KINGSIDE, 0x70: BLACK_QUEENSIDE}
CASTLING_KEEP = cython.declare(cython.uchar[128], [15 & ~_CASTLING_LOST.get(sq, 0) for sq in range(128)])


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.nogil
def to64(sq: cython.int) -> cython.int:
    """0x88 square -> 0..63."""
    return (sq + (sq & 7)) >> 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.nogil
def to88(sq: cython.int) -> cython.int:
    """0..63 -> 0x88 square."""
    return sq + (sq & ~7)


@cython.embedsignature(False)  # the text signature below is what `inspect` reads
@cython.cclass
class Board:
    """Board(fen=STARTING_FEN)
--

    A chess position on a 0x88 board, with the same interface as bitboard.Board."""

    def __init__(self, fen=STARTING_FEN):
        self._blank()
        self.set_fen(fen)

    def _blank(self) -> None:
        self._squares = [0] * 128
        self._king = [0, 0]
        self._moves = []
        self._undo = []

    def set_fen(self, fen) -> None:
        """Set up a FEN (InvalidFenError naming the bad field otherwise, and the board unchanged)."""
        fp = parse_fen(fen, False, True)
        board: Board = Board.__new__(Board)
        board._blank()
        sq: cython.int
        for sq in range(64):
            board._squares[to88(sq)] = fp.board[sq]
            if code_type(fp.board[sq]) == KING:
                board._king[code_color(fp.board[sq])] = to88(sq)
        board._turn = 1 if fp.turn else 0
        board._castling = clean_castling(fp.board, fp.castling_rights, False)[0]
        board._ep = NO_SQUARE_88 if fp.ep_square is None else to88(fp.ep_square)
        board._halfmove = fp.halfmove_clock
        board._fullmove = fp.fullmove_number
        if _attacked(board, board._king[board._turn ^ 1], board._turn):
            raise side_not_to_move_in_check(fen, fp.turn)
        _copy_state(self, board)
        self._moves = []
        self._undo = []

    def fen(self, *, en_passant="legal") -> str:
        """The FEN; en_passant "legal" (default), "always" (or "fen") as bitboard.Board.fen."""
        ep = None
        if self._ep != NO_SQUARE_88:
            if en_passant in ("always", "fen"):
                ep = to64(self._ep)
            elif en_passant == "legal":
                ep = to64(self._ep) if any(code >> 16 == EN_PASSANT for code in self._legal_codes()) else None
            else:
                raise ValueError(f"en_passant {en_passant!r} is not one of legal, always, fen")
        return format_fen([self._squares[to88(sq)] for sq in range(64)], self._turn == 1, self._castling, ep,
                          self._halfmove, self._fullmove)

    def _legal_codes(self) -> list:
        buf = cython.declare(cython.uint[MAX_MOVES])
        n: cython.int = _legal(self, buf, False)
        return [buf[i] for i in range(n)]

    @property
    def legal_moves(self) -> LegalMoveGenerator:
        """The legal moves, as python-chess's generator object (iterate it, count() it)."""
        return LegalMoveGenerator(self)

    def generate_legal_moves(self) -> Iterator[Move]:
        """The legal moves, as bitboard Moves."""
        buf = cython.declare(cython.uint[MAX_MOVES])
        n: cython.int = _legal(self, buf, False)
        return iter([_move_of(_move_code(buf[i])) for i in range(n)])

    def is_legal(self, move) -> bool:
        """Whether `move` is legal here."""
        return move in list(self.generate_legal_moves())

    def push(self, move) -> None:
        """Make a legal move; IllegalMoveError (and the board unchanged) otherwise."""
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, not {type(move).__name__} {move!r}")
        for code in self._legal_codes():
            if _move_of(_move_code(code)) == move:
                self._moves.append(move)
                self._undo.append((code, _make(self, code)))
                return
        raise IllegalMoveError(f"illegal move {move.uci()} in {self.fen()}")

    def push_uci(self, uci) -> Move:
        move = Move.from_uci(uci)
        self.push(move)
        return move

    def pop(self) -> Move:
        """Take back the last move and return it (IndexError when there is none)."""
        if not self._moves:
            raise IndexError("pop from a board without moves")
        code, undo = self._undo.pop()
        _unmake(self, code, undo)
        return self._moves.pop()

    @property
    def move_stack(self) -> list:
        return list(self._moves)

    @property
    def turn(self) -> bool:
        return self._turn == 1

    def perft(self, depth, *, undo="incremental") -> int:
        """Leaf count to `depth` (bulk counted at the last ply, GIL released). undo: "copy" (save
        and restore the whole state, as the document does) or "incremental"."""
        d: cython.int = depth_arg(depth)
        if undo not in ("copy", "incremental"):
            raise ValueError(f"undo {undo!r} is neither 'copy' nor 'incremental'")
        copy: cython.bint = undo == "copy"
        result: u64 = 1
        if d > 0:
            with cython.nogil:
                result = _perft(self, d, copy)
        return result

    def divide(self, depth) -> dict:
        """{move: perft(depth - 1) after it} for every legal move (depth >= 1)."""
        if depth_arg(depth) < 1:
            raise ValueError(f"divide needs depth >= 1, not {depth}")
        out = {}
        for move in self.generate_legal_moves():
            self.push(move)
            out[move] = self.perft(depth - 1)
            self.pop()
        return out

    def __repr__(self) -> str:
        return f"x88.Board({self.fen()!r})"


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.nogil
def _move_code(code: cython.uint) -> cython.int:
    """The 16-bit code of bitboard.Move's cache (64-square numbering) for a 0x88 move."""
    return encode_move(to64(code & 0xFF), to64((code >> 8) & 0xFF), code >> 16)


@cython.cfunc
@cython.exceptval(check=False)
def _copy_state(target: Board, source: Board) -> cython.void:
    sq: cython.int
    for sq in range(128):
        target._squares[sq] = source._squares[sq]
    target._king[0] = source._king[0]
    target._king[1] = source._king[1]
    target._turn = source._turn
    target._castling = source._castling
    target._ep = source._ep
    target._halfmove = source._halfmove
    target._fullmove = source._fullmove


# --- attacks, looking outward from the square -------------------------------------------------


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _attacked(b: Board, sq: cython.int, by: cython.int) -> cython.bint:
    """Whether colour `by` attacks 0x88 square `sq`."""
    i: cython.int
    t: cython.int
    piece: cython.int
    step: cython.int
    # a pawn of `by` attacks from one rank behind (white from below), one file either side
    t = sq - 15 if by else sq + 15
    if not (t & 0x88) and b._squares[t] == piece_code(PAWN, by):
        return True
    t = sq - 17 if by else sq + 17
    if not (t & 0x88) and b._squares[t] == piece_code(PAWN, by):
        return True
    for i in range(8):
        t = sq + KNIGHT_OFFSETS[i]
        if not (t & 0x88) and b._squares[t] == piece_code(KNIGHT, by):
            return True
        t = sq + KING_OFFSETS[i]
        if not (t & 0x88) and b._squares[t] == piece_code(KING, by):
            return True
    for i in range(4):
        step = BISHOP_OFFSETS[i]
        t = sq + step
        while not (t & 0x88):
            piece = b._squares[t]
            if piece:
                if piece == piece_code(BISHOP, by) or piece == piece_code(QUEEN, by):
                    return True
                break
            t += step
        step = ROOK_OFFSETS[i]
        t = sq + step
        while not (t & 0x88):
            piece = b._squares[t]
            if piece:
                if piece == piece_code(ROOK, by) or piece == piece_code(QUEEN, by):
                    return True
                break
            t += step
    return False


# --- pseudo-legal generation: 32-bit moves, from | to << 8 | flag << 16 (0x88 squares) ----------


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.nogil
def _add(buf: uint_ptr, n: cython.int, frm: cython.int, to: cython.int, flag: cython.int) -> cython.int:
    buf[n] = frm | (to << 8) | (flag << 16)
    return n + 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _pawn_moves(b: Board, buf: uint_ptr, n: cython.int, frm: cython.int) -> cython.int:
    us: cython.int = b._turn
    up: cython.int = 16 if us else -16
    last: cython.int = 7 if us else 0
    start: cython.int = 1 if us else 6
    to: cython.int = frm + up
    side: cython.int
    target: cython.int
    k: cython.int
    if not (to & 0x88) and b._squares[to] == 0:
        if to >> 4 == last:
            for k in range(3, -1, -1):
                n = _add(buf, n, frm, to, PROMOTION + k)
        else:
            n = _add(buf, n, frm, to, NORMAL)
            if frm >> 4 == start and b._squares[to + up] == 0:
                n = _add(buf, n, frm, to + up, DOUBLE_PUSH)
    for side in range(2):
        target = to - 1 if side == 0 else to + 1
        if target & 0x88:
            continue
        if target == b._ep:
            n = _add(buf, n, frm, target, EN_PASSANT)
        elif b._squares[target] and code_color(b._squares[target]) != us:
            if target >> 4 == last:
                for k in range(3, -1, -1):
                    n = _add(buf, n, frm, target, PROMOTION + k)
            else:
                n = _add(buf, n, frm, target, NORMAL)
    return n


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _piece_moves(b: Board, buf: uint_ptr, n: cython.int, frm: cython.int, offsets: int_ptr,
                 count: cython.int, slides: cython.bint) -> cython.int:
    """The document's table-driven moves: each offset once, or repeated until blocked."""
    us: cython.int = b._turn
    i: cython.int
    to: cython.int
    piece: cython.int
    for i in range(count):
        to = frm + offsets[i]
        while not (to & 0x88):
            piece = b._squares[to]
            if piece:
                if code_color(piece) != us:
                    n = _add(buf, n, frm, to, NORMAL)
                break
            n = _add(buf, n, frm, to, NORMAL)
            if not slides:
                break
            to += offsets[i]
    return n


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _castling_moves(b: Board, buf: uint_ptr, n: cython.int) -> cython.int:
    us: cython.int = b._turn
    them: cython.int = us ^ 1
    home: cython.int = 0x04 if us else 0x74
    if (b._castling & color_castling(us)) == 0 or _attacked(b, home, them):
        return n
    if (b._castling & kingside_right(us) and b._squares[home + 1] == 0 and b._squares[home + 2] == 0
            and not _attacked(b, home + 1, them) and not _attacked(b, home + 2, them)):
        n = _add(buf, n, home, home + 2, CASTLING)
    if (b._castling & queenside_right(us) and b._squares[home - 1] == 0 and b._squares[home - 2] == 0
            and b._squares[home - 3] == 0 and not _attacked(b, home - 1, them) and not _attacked(b, home - 2, them)):
        n = _add(buf, n, home, home - 2, CASTLING)
    return n


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _pseudo(b: Board, buf: uint_ptr) -> cython.int:
    """Every pseudo-legal move of the side to move, from a scan of the board's 64 squares."""
    us: cython.int = b._turn
    n: cython.int = 0
    sq: cython.int = 0
    piece: cython.int
    kind: cython.int
    while sq < 128:
        if sq & 0x88:
            sq += 8  # skip the off-board half of the rank
            continue
        piece = b._squares[sq]
        if piece and code_color(piece) == us:
            kind = code_type(piece)
            if kind == PAWN:
                n = _pawn_moves(b, buf, n, sq)
            elif kind == KNIGHT:
                n = _piece_moves(b, buf, n, sq, KNIGHT_OFFSETS, 8, False)
            elif kind == BISHOP:
                n = _piece_moves(b, buf, n, sq, BISHOP_OFFSETS, 4, True)
            elif kind == ROOK:
                n = _piece_moves(b, buf, n, sq, ROOK_OFFSETS, 4, True)
            elif kind == QUEEN:
                n = _piece_moves(b, buf, n, sq, KING_OFFSETS, 8, True)
            else:
                n = _piece_moves(b, buf, n, sq, KING_OFFSETS, 8, False)
        sq += 1
    return _castling_moves(b, buf, n)


# --- make and unmake ---------------------------------------------------------------------------


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _make(b: Board, move: cython.uint) -> u64:
    """Make a pseudo-legal move; returns the undo record of the lighter undo."""
    frm: cython.int = move & 0xFF
    to: cython.int = (move >> 8) & 0xFF
    flag: cython.int = move >> 16
    us: cython.int = b._turn
    piece: cython.int = b._squares[frm]
    captured: cython.int = b._squares[to]
    undo: u64 = undo_record(captured, b._castling, NO_SQUARE if b._ep == NO_SQUARE_88 else to64(b._ep), b._halfmove)
    b._squares[to] = piece
    b._squares[frm] = 0
    b._ep = NO_SQUARE_88
    b._halfmove = 0 if captured or code_type(piece) == PAWN else b._halfmove + 1
    if code_type(piece) == KING:
        b._king[us] = to
    if flag == DOUBLE_PUSH:
        b._ep = (frm + to) >> 1
    elif flag == EN_PASSANT:
        b._squares[to - 16 if us else to + 16] = 0
    elif flag == CASTLING:
        if to > frm:
            b._squares[to - 1] = b._squares[to + 1]
            b._squares[to + 1] = 0
        else:
            b._squares[to + 1] = b._squares[to - 2]
            b._squares[to - 2] = 0
    elif flag >= PROMOTION:
        b._squares[to] = piece_code(flag_promotion(flag), us)
    b._castling &= CASTLING_KEEP[frm] & CASTLING_KEEP[to]
    if us == 0:
        b._fullmove += 1
    b._turn = us ^ 1
    return undo


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _unmake(b: Board, move: cython.uint, undo: u64) -> cython.void:
    frm: cython.int = move & 0xFF
    to: cython.int = (move >> 8) & 0xFF
    flag: cython.int = move >> 16
    us: cython.int = b._turn ^ 1
    piece: cython.int = b._squares[to]
    b._turn = us
    if us == 0:
        b._fullmove -= 1
    if flag >= PROMOTION:
        piece = piece_code(PAWN, us)
    b._squares[frm] = piece
    b._squares[to] = undo_captured(undo)
    if code_type(piece) == KING:
        b._king[us] = frm
    if flag == EN_PASSANT:
        b._squares[to - 16 if us else to + 16] = piece_code(PAWN, us ^ 1)
    elif flag == CASTLING:
        if to > frm:
            b._squares[to + 1] = b._squares[to - 1]
            b._squares[to - 1] = 0
        else:
            b._squares[to - 2] = b._squares[to + 1]
            b._squares[to + 1] = 0
    b._castling = undo_castling(undo)
    b._ep = NO_SQUARE_88 if undo_ep(undo) == NO_SQUARE else to88(undo_ep(undo))
    b._halfmove = undo_halfmove(undo)


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _save(b: Board, saved: uchar_ptr) -> cython.void:
    """The document's undo: a copy of the whole state (squares and the small fields)."""
    i: cython.int
    for i in range(128):
        saved[i] = b._squares[i]
    saved[128] = b._turn
    saved[129] = b._castling
    saved[130] = b._ep
    saved[131] = b._king[0]
    saved[132] = b._king[1]


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _restore(b: Board, saved: uchar_ptr, halfmove: cython.longlong, fullmove: cython.longlong) -> cython.void:
    i: cython.int
    for i in range(128):
        b._squares[i] = saved[i]
    b._turn = saved[128]
    b._castling = saved[129]
    b._ep = saved[130]
    b._king[0] = saved[131]
    b._king[1] = saved[132]
    b._halfmove = halfmove
    b._fullmove = fullmove


# --- legal moves and perft -----------------------------------------------------------------------


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _legal(b: Board, buf: uint_ptr, copy: cython.bint) -> cython.int:
    """The legal moves into `buf` (make each pseudo-legal move, keep it if our king is safe)."""
    n: cython.int = _pseudo(b, buf)
    kept: cython.int = 0
    i: cython.int
    us: cython.int = b._turn
    undo: u64
    halfmove: cython.longlong = b._halfmove
    fullmove: cython.longlong = b._fullmove
    saved = cython.declare(cython.uchar[STATE_SIZE])
    safe: cython.bint
    for i in range(n):
        if copy:
            _save(b, saved)
            _make(b, buf[i])
            safe = not _attacked(b, b._king[us], us ^ 1)
            _restore(b, saved, halfmove, fullmove)
        else:
            undo = _make(b, buf[i])
            safe = not _attacked(b, b._king[us], us ^ 1)
            _unmake(b, buf[i], undo)
        if safe:
            buf[kept] = buf[i]
            kept += 1
    return kept


@cython.cfunc
@cython.exceptval(check=False)
@cython.nogil
def _perft(b: Board, depth: cython.int, copy: cython.bint) -> u64:
    moves = cython.declare(cython.uint[MAX_MOVES])
    n: cython.int = _legal(b, moves, copy)
    if depth == 1:
        return n
    total: u64 = 0
    i: cython.int
    undo: u64
    halfmove: cython.longlong = b._halfmove
    fullmove: cython.longlong = b._fullmove
    saved = cython.declare(cython.uchar[STATE_SIZE])
    for i in range(n):
        if copy:
            _save(b, saved)
            _make(b, moves[i])
            total += _perft(b, depth - 1, copy)
            _restore(b, saved, halfmove, fullmove)
        else:
            undo = _make(b, moves[i])
            total += _perft(b, depth - 1, copy)
            _unmake(b, moves[i], undo)
    return total
