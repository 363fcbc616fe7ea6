"""Position: the C state of a chess position, and making and unmaking moves on it.

Piece bitboards by type (`_pieces[PAWN]` ... `_pieces[KING]`) and by colour (`_colors[0]` black,
`_colors[1]` white, python-chess's WHITE == True), kept consistent with a 64-entry piece array
(`_board[sq]` = type | colour << 3, 0 for empty), as the bitboard-vs-0x88 document asks; side to
move, castling rights (encoding.py's four bits), the en-passant square after any double push
(NO_SQUARE for none), the two clocks and an incremental Zobrist key (zobrist.py).

Moves are the 16-bit codes of encoding.py. `_make` returns an undo record (captured piece,
castling, en passant, half-move clock); `_unmake` takes it back together with the key from
before the move.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (the Python imports first: they are what type checkers read)
    from .attacks import PAWN_ATTACKS
    from .encoding import (ALL_CASTLING, BLACK_KINGSIDE, BLACK_QUEENSIDE, CASTLING, DOUBLE_PUSH, EN_PASSANT,
                           NO_SQUARE, ONE, PAWN, PROMOTION, ROOK, WHITE_KINGSIDE, WHITE_QUEENSIDE, code_type,
                           flag_promotion, move_flag, move_from, move_to, piece_code, u64, undo_captured,
                           undo_castling, undo_ep, undo_halfmove, undo_record)
    from .zobrist import CASTLING_KEYS, EP_KEYS, PIECE_KEYS, TURN_KEY
else:
    from cython.cimports.bitboard.core.attacks import PAWN_ATTACKS
    from cython.cimports.bitboard.core.encoding import (ALL_CASTLING, BLACK_KINGSIDE, BLACK_QUEENSIDE, CASTLING,
                                                        DOUBLE_PUSH, EN_PASSANT, NO_SQUARE, ONE, PAWN, PROMOTION,
                                                        ROOK, WHITE_KINGSIDE, WHITE_QUEENSIDE, code_type,
                                                        flag_promotion, move_flag, move_from, move_to, piece_code,
                                                        u64, undo_captured, undo_castling, undo_ep,
                                                        undo_halfmove, undo_record)
    from cython.cimports.bitboard.core.zobrist import CASTLING_KEYS, EP_KEYS, PIECE_KEYS, TURN_KEY

# The castling rights that survive a move from or to a square: moving the king or a rook, or
# capturing a rook on its square, removes the rights that depend on it.
CASTLING_MASK = [ALL_CASTLING] * 64
CASTLING_MASK[4] = ALL_CASTLING & ~(WHITE_KINGSIDE | WHITE_QUEENSIDE)
CASTLING_MASK[7] = ALL_CASTLING & ~WHITE_KINGSIDE
CASTLING_MASK[0] = ALL_CASTLING & ~WHITE_QUEENSIDE
CASTLING_MASK[60] = ALL_CASTLING & ~(BLACK_KINGSIDE | BLACK_QUEENSIDE)
CASTLING_MASK[63] = ALL_CASTLING & ~BLACK_KINGSIDE
CASTLING_MASK[56] = ALL_CASTLING & ~BLACK_QUEENSIDE


@cython.cclass
class Position:
    """The C state; `bitboard.Board` adds the Python API on top of it."""

    def __init__(self):
        self._pieces = [0] * 7
        self._colors = [0] * 2
        self._board = [0] * 64
        self._turn = 1
        self._castling = 0
        self._ep = NO_SQUARE
        self._halfmove = 0
        self._fullmove = 1
        self._key = 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _ep_capturable(pos: Position) -> cython.bint:
    """Whether a pawn of the side to move stands next to the en-passant square's pawn."""
    if pos._ep == NO_SQUARE:
        return False
    return (PAWN_ATTACKS[64 * (pos._turn ^ 1) + pos._ep] & pos._pieces[PAWN] & pos._colors[pos._turn]) != 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _compute_key(pos: Position) -> u64:
    """The Zobrist key from scratch (the incremental one must always equal it)."""
    key: u64 = CASTLING_KEYS[pos._castling]
    sq: cython.int
    for sq in range(64):
        if pos._board[sq]:
            key ^= PIECE_KEYS[64 * pos._board[sq] + sq]
    if _ep_capturable(pos):
        key ^= EP_KEYS[pos._ep & 7]
    if pos._turn == 0:
        key ^= TURN_KEY
    return key


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _castling_rook(king_from: cython.int, king_to: cython.int) -> tuple[cython.int, cython.int]:
    """(from, to) of the rook when the king castles from king_from to king_to."""
    return (king_to + 1, king_to - 1) if king_to > king_from else (king_to - 2, king_to + 1)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _make(pos: Position, move: cython.int) -> u64:
    frm: cython.int = move_from(move)
    to: cython.int = move_to(move)
    flag: cython.int = move_flag(move)
    us: cython.int = pos._turn
    them: cython.int = us ^ 1
    piece: cython.int = pos._board[frm]
    captured: cython.int = pos._board[to]
    to_bit: u64 = ONE << to
    from_to: u64 = (ONE << frm) | to_bit
    key: u64 = pos._key ^ TURN_KEY
    undo: u64 = undo_record(captured, pos._castling, pos._ep, pos._halfmove)
    side: cython.int
    rook_from: cython.int
    rook_to: cython.int
    promoted: cython.int
    castling: cython.int

    if _ep_capturable(pos):
        key ^= EP_KEYS[pos._ep & 7]
    pos._ep = NO_SQUARE
    if captured:
        pos._pieces[code_type(captured)] ^= to_bit
        pos._colors[them] ^= to_bit
        key ^= PIECE_KEYS[64 * captured + to]
    pos._pieces[code_type(piece)] ^= from_to
    pos._colors[us] ^= from_to
    pos._board[to] = piece
    pos._board[frm] = 0
    key ^= PIECE_KEYS[64 * piece + frm] ^ PIECE_KEYS[64 * piece + to]
    pos._halfmove = 0 if captured or code_type(piece) == PAWN else pos._halfmove + 1

    if flag == DOUBLE_PUSH:
        pos._ep = (frm + to) >> 1
        if PAWN_ATTACKS[64 * us + pos._ep] & pos._pieces[PAWN] & pos._colors[them]:
            key ^= EP_KEYS[pos._ep & 7]
    elif flag == EN_PASSANT:
        side = to ^ 8  # the captured pawn stands behind the en-passant square
        pos._pieces[PAWN] ^= ONE << side
        pos._colors[them] ^= ONE << side
        key ^= PIECE_KEYS[64 * pos._board[side] + side]
        pos._board[side] = 0
    elif flag == CASTLING:
        rook_from, rook_to = _castling_rook(frm, to)
        pos._pieces[ROOK] ^= (ONE << rook_from) | (ONE << rook_to)
        pos._colors[us] ^= (ONE << rook_from) | (ONE << rook_to)
        key ^= PIECE_KEYS[64 * pos._board[rook_from] + rook_from] ^ PIECE_KEYS[64 * pos._board[rook_from] + rook_to]
        pos._board[rook_to] = pos._board[rook_from]
        pos._board[rook_from] = 0
    elif flag >= PROMOTION:
        promoted = piece_code(flag_promotion(flag), us)
        pos._pieces[PAWN] ^= to_bit
        pos._pieces[flag_promotion(flag)] ^= to_bit
        pos._board[to] = promoted
        key ^= PIECE_KEYS[64 * piece + to] ^ PIECE_KEYS[64 * promoted + to]

    castling = pos._castling & CASTLING_MASK[frm] & CASTLING_MASK[to]
    if castling != pos._castling:
        key ^= CASTLING_KEYS[pos._castling] ^ CASTLING_KEYS[castling]
        pos._castling = castling
    if us == 0:
        pos._fullmove += 1
    pos._turn = them
    pos._key = key
    return undo


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _unmake(pos: Position, move: cython.int, undo: u64, key: u64) -> cython.void:
    frm: cython.int = move_from(move)
    to: cython.int = move_to(move)
    flag: cython.int = move_flag(move)
    them: cython.int = pos._turn
    us: cython.int = them ^ 1
    piece: cython.int = pos._board[to]
    captured: cython.int = undo_captured(undo)
    to_bit: u64 = ONE << to
    from_to: u64 = (ONE << frm) | to_bit
    side: cython.int
    rook_from: cython.int
    rook_to: cython.int

    pos._turn = us
    if us == 0:
        pos._fullmove -= 1
    if flag >= PROMOTION:
        pos._pieces[code_type(piece)] ^= to_bit
        pos._pieces[PAWN] ^= to_bit
        piece = piece_code(PAWN, us)
    pos._pieces[code_type(piece)] ^= from_to
    pos._colors[us] ^= from_to
    pos._board[frm] = piece
    pos._board[to] = captured
    if captured:
        pos._pieces[code_type(captured)] ^= to_bit
        pos._colors[them] ^= to_bit
    if flag == EN_PASSANT:
        side = to ^ 8
        pos._pieces[PAWN] ^= ONE << side
        pos._colors[them] ^= ONE << side
        pos._board[side] = piece_code(PAWN, them)
    elif flag == CASTLING:
        rook_from, rook_to = _castling_rook(frm, to)
        pos._pieces[ROOK] ^= (ONE << rook_from) | (ONE << rook_to)
        pos._colors[us] ^= (ONE << rook_from) | (ONE << rook_to)
        pos._board[rook_from] = pos._board[rook_to]
        pos._board[rook_to] = 0
    pos._castling = undo_castling(undo)
    pos._ep = undo_ep(undo)
    pos._halfmove = undo_halfmove(undo)
    pos._key = key


@cython.cfunc
@cython.exceptval(check=False)
def _copy_position(target: Position, source: Position) -> cython.void:
    i: cython.int
    for i in range(7):
        target._pieces[i] = source._pieces[i]
    for i in range(64):
        target._board[i] = source._board[i]
    target._colors[0] = source._colors[0]
    target._colors[1] = source._colors[1]
    target._turn = source._turn
    target._castling = source._castling
    target._ep = source._ep
    target._halfmove = source._halfmove
    target._fullmove = source._fullmove
    target._key = source._key
