"""Position: the C state of a chess position, and making and unmaking moves on it.

Piece bitboards by type (`_pieces[PAWN]` ... `_pieces[KING]`) and by colour (`_colors[0]` black,
`_colors[1]` white, python-chess's WHITE == True), kept consistent with a 64-entry piece array
(`_board[sq]` = type | colour << 3, 0 for empty), as the bitboard-vs-0x88 document asks; side to
move, castling rights (encoding.py's four bits), the en-passant square after any double push
(NO_SQUARE for none), the two clocks and an incremental Zobrist key (zobrist.py: Polyglot's keys).

Moves are the 16-bit codes of encoding.py. `_make` returns an undo record (captured piece,
castling, en passant, half-move clock); `_unmake` takes it back together with the key from
before the move.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (the Python imports first: they are what type checkers read)
    from .attacks import PAWN_ATTACKS
    from .encoding import (
        ALL_CASTLING,
        BB_ALL,
        BLACK,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        KING,
        NO_SQUARE,
        ONE,
        PAWN,
        PROMOTION,
        ROOK,
        WHITE,
        castled_king_square,
        castled_rook_square,
        code_type,
        flag_promotion,
        move_flag,
        move_from,
        move_to,
        piece_code,
        u64,
        undo_captured,
        undo_castling,
        undo_ep,
        undo_halfmove,
        undo_record,
    )
    from .native import ctz64
    from .zobrist import CASTLING_KEYS, EP_KEYS, PIECE_KEYS, TURN_KEY
else:
    from cython.cimports.bitboard.core.attacks import PAWN_ATTACKS
    from cython.cimports.bitboard.core.encoding import (
        ALL_CASTLING,
        BB_ALL,
        BLACK,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        KING,
        NO_SQUARE,
        ONE,
        PAWN,
        PROMOTION,
        ROOK,
        WHITE,
        castled_king_square,
        castled_rook_square,
        code_type,
        flag_promotion,
        move_flag,
        move_from,
        move_to,
        piece_code,
        u64,
        undo_captured,
        undo_castling,
        undo_ep,
        undo_halfmove,
        undo_record,
    )
    from cython.cimports.bitboard.core.native import ctz64
    from cython.cimports.bitboard.core.zobrist import CASTLING_KEYS, EP_KEYS, PIECE_KEYS, TURN_KEY

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
        self._castling_rook = [NO_SQUARE] * 4
        self._castling_empty = [0] * 4
        self._castling_king_path = [0] * 4
        self._castling_beyond = [0] * 4
        self._castling_mask = [ALL_CASTLING] * 64


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _span(a: cython.int, b: cython.int) -> u64:
    """The squares from a to b on one rank, both included."""
    low: cython.int = a if a < b else b
    high: cython.int = b if a < b else a
    return (BB_ALL >> (63 - high)) & (BB_ALL << low) & BB_ALL  # (a shift by 64 would be undefined in C)


@cython.cfunc
@cython.exceptval(check=False)
def _set_castling(pos: Position, rights: cython.int, rooks: cython.pointer(cython.uchar)) -> cython.int:
    """Set the castling rights, rooks[i] being the rook square of the right 1 << i, and derive
    what the generator and make read. Returns the rights kept: a right whose king is not on
    its colour's back rank with the rook on the same rank, on the right side, is dropped."""
    i: cython.int
    color: cython.int
    king: u64
    ksq: cython.int
    rsq: cython.int
    kdest: cython.int
    rdest: cython.int
    home: cython.int
    kept: cython.int = 0
    for i in range(64):
        pos._castling_mask[i] = ALL_CASTLING
    for i in range(4):
        pos._castling_rook[i] = NO_SQUARE
        pos._castling_empty[i] = 0
        pos._castling_king_path[i] = 0
        pos._castling_beyond[i] = 0
        if not (rights >> i) & 1:
            continue
        color = WHITE if i < 2 else BLACK
        home = 0 if color == WHITE else 56
        king = pos._pieces[KING] & pos._colors[color] & _span(home, home + 7)
        rsq = rooks[i]
        if king == 0 or (king & (king - 1)) or rsq >= 64 or (rsq & ~7) != home:
            continue
        ksq = ctz64(king)
        if pos._board[rsq] != piece_code(ROOK, color) or ((rsq > ksq) != (i % 2 == 0)):
            continue
        kdest = castled_king_square(home, i % 2 == 0)
        rdest = castled_rook_square(home, i % 2 == 0)
        pos._castling_rook[i] = rsq
        pos._castling_empty[i] = (_span(ksq, kdest) | _span(rsq, rdest)) & ~((ONE << ksq) | (ONE << rsq)) & BB_ALL
        pos._castling_king_path[i] = _span(ksq, kdest)
        if rsq != kdest and rsq != home and rsq != home + 7:  # squares on the far side of the rook
            pos._castling_beyond[i] = (_span(rsq, home + 7) if rsq > kdest else _span(home, rsq)) & ~(ONE << rsq)
        pos._castling_mask[ksq] &= ~(ONE << i)
        pos._castling_mask[rsq] &= ~(ONE << i)
        kept |= ONE << i
    pos._castling = kept
    return kept


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
    if pos._turn == 1:  # Polyglot's turn key is white's
        key ^= TURN_KEY
    return key


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _castle(pos: Position, us: cython.int, king_from: cython.int, rook_from: cython.int,
            undo: cython.bint) -> cython.void:
    """Move king and rook of colour `us` for a castling (the move is king takes its own rook, as
    Chess960 writes it), or back with `undo`."""
    king_to: cython.int = castled_king_square(king_from, rook_from > king_from)
    rook_to: cython.int = castled_rook_square(king_from, rook_from > king_from)
    king: cython.int = piece_code(KING, us)
    rook: cython.int = piece_code(ROOK, us)
    a_king: cython.int = king_to if undo else king_from  # where they stand now ...
    a_rook: cython.int = rook_to if undo else rook_from
    b_king: cython.int = king_from if undo else king_to  # ... and where they go
    b_rook: cython.int = rook_from if undo else rook_to
    change: u64 = (ONE << a_king) ^ (ONE << b_king)
    pos._pieces[KING] ^= change
    pos._colors[us] ^= change
    change = (ONE << a_rook) ^ (ONE << b_rook)
    pos._pieces[ROOK] ^= change
    pos._colors[us] ^= change
    pos._board[a_king] = 0
    pos._board[a_rook] = 0
    pos._board[b_king] = king
    pos._board[b_rook] = rook


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _key_after(pos: Position, move: cython.int) -> u64:
    """The Zobrist key of the position after `move`, from this one's, without making the move:
    the key _make gives, and what perft probes its table with before making a move (most
    often instead of making it)."""
    frm: cython.int = move_from(move)
    to: cython.int = move_to(move)
    flag: cython.int = move_flag(move)
    us: cython.int = pos._turn
    piece: cython.int = pos._board[frm]
    captured: cython.int = pos._board[to]
    castling: cython.int = pos._castling & pos._castling_mask[frm] & pos._castling_mask[to]
    key: u64 = pos._key ^ TURN_KEY
    ep: cython.int
    if castling != pos._castling:  # the rights the move's squares take away
        key ^= CASTLING_KEYS[pos._castling] ^ CASTLING_KEYS[castling]
    if _ep_capturable(pos):
        key ^= EP_KEYS[pos._ep & 7]
    if flag == CASTLING:  # king takes its own rook: both to their castled squares
        return (key ^ PIECE_KEYS[64 * piece + frm] ^ PIECE_KEYS[64 * piece + castled_king_square(frm, to > frm)]
                ^ PIECE_KEYS[64 * captured + to] ^ PIECE_KEYS[64 * captured + castled_rook_square(frm, to > frm)])
    if captured:
        key ^= PIECE_KEYS[64 * captured + to]
    key ^= PIECE_KEYS[64 * piece + frm] ^ PIECE_KEYS[64 * piece + to]
    if flag == DOUBLE_PUSH:  # the en-passant file counts where a pawn can take
        ep = (frm + to) >> 1
        if PAWN_ATTACKS[64 * us + ep] & pos._pieces[PAWN] & pos._colors[us ^ 1]:
            key ^= EP_KEYS[ep & 7]
    elif flag == EN_PASSANT:  # the captured pawn stands behind the en-passant square
        key ^= PIECE_KEYS[64 * pos._board[to ^ 8] + (to ^ 8)]
    elif flag >= PROMOTION:
        key ^= PIECE_KEYS[64 * piece + to] ^ PIECE_KEYS[64 * piece_code(flag_promotion(flag), us) + to]
    return key


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _make(pos: Position, move: cython.int) -> u64:
    key: u64 = _key_after(pos, move)
    frm: cython.int = move_from(move)
    to: cython.int = move_to(move)
    flag: cython.int = move_flag(move)
    if flag == CASTLING:  # rare: its own function keeps the common path as short as it was
        return _make_castling(pos, frm, to, key)
    us: cython.int = pos._turn
    them: cython.int = us ^ 1
    piece: cython.int = pos._board[frm]
    captured: cython.int = pos._board[to]
    to_bit: u64 = ONE << to
    from_to: u64 = (ONE << frm) | to_bit
    undo: u64 = undo_record(captured, pos._castling, pos._ep, pos._halfmove)
    side: cython.int

    pos._ep = NO_SQUARE
    if captured:
        pos._pieces[code_type(captured)] ^= to_bit
        pos._colors[them] ^= to_bit
    pos._pieces[code_type(piece)] ^= from_to
    pos._colors[us] ^= from_to
    pos._board[to] = piece
    pos._board[frm] = 0
    pos._halfmove = 0 if captured or code_type(piece) == PAWN else pos._halfmove + 1

    if flag == DOUBLE_PUSH:
        pos._ep = (frm + to) >> 1
    elif flag == EN_PASSANT:
        side = to ^ 8  # the captured pawn stands behind the en-passant square
        pos._pieces[PAWN] ^= ONE << side
        pos._colors[them] ^= ONE << side
        pos._board[side] = 0
    elif flag >= PROMOTION:
        pos._pieces[PAWN] ^= to_bit
        pos._pieces[flag_promotion(flag)] ^= to_bit
        pos._board[to] = piece_code(flag_promotion(flag), us)
    return _finish_make(pos, frm, to, key, undo)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _make_castling(pos: Position, king_from: cython.int, rook_from: cython.int, key: u64) -> u64:
    """_make for a castling move (king takes its own rook)."""
    undo: u64 = undo_record(0, pos._castling, pos._ep, pos._halfmove)
    pos._ep = NO_SQUARE
    _castle(pos, pos._turn, king_from, rook_from, False)
    pos._halfmove += 1
    return _finish_make(pos, king_from, rook_from, key, undo)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _finish_make(pos: Position, frm: cython.int, to: cython.int, key: u64, undo: u64) -> u64:
    """What every move does last: the castling rights its squares take away, the move number,
    the side to move and the key (_key_after's)."""
    pos._castling &= pos._castling_mask[frm] & pos._castling_mask[to]
    _pass_turn(pos, key)
    return undo


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _pass_turn(pos: Position, key: u64) -> cython.void:
    """The other side to move, the move number counting on after black, and the new key."""
    if pos._turn == 0:
        pos._fullmove += 1
    pos._turn ^= 1
    pos._key = key


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

    pos._turn = us
    if us == 0:
        pos._fullmove -= 1
    pos._castling = undo_castling(undo)
    pos._ep = undo_ep(undo)
    pos._halfmove = undo_halfmove(undo)
    pos._key = key
    if flag == CASTLING:
        _castle(pos, us, frm, to, True)
        return
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


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _make_null(pos: Position) -> u64:
    """Pass the turn (python-chess's null move, "0000"): no en passant after it, the half-move
    clock and the move number count on. Returns the undo record, as _make."""
    undo: u64 = undo_record(0, pos._castling, pos._ep, pos._halfmove)
    key: u64 = pos._key ^ TURN_KEY
    if _ep_capturable(pos):
        key ^= EP_KEYS[pos._ep & 7]
    pos._ep = NO_SQUARE
    pos._halfmove += 1
    _pass_turn(pos, key)
    return undo


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _unmake_null(pos: Position, undo: u64, key: u64) -> cython.void:
    pos._turn ^= 1
    if pos._turn == 0:
        pos._fullmove -= 1
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
    for i in range(4):
        target._castling_rook[i] = source._castling_rook[i]
        target._castling_empty[i] = source._castling_empty[i]
        target._castling_king_path[i] = source._castling_king_path[i]
        target._castling_beyond[i] = source._castling_beyond[i]
    for i in range(64):
        target._castling_mask[i] = source._castling_mask[i]
