"""Position: the C state of a chess position, and making and unmaking moves on it.

Piece bitboards by type (`_pieces[PAWN]` ... `_pieces[KING]`) and by colour (`_colors[0]` black,
`_colors[1]` white, python-chess's WHITE == True), kept consistent with a 64-entry piece array
(`_board[sq]` = type | colour << 3, 0 for empty), as the bitboard-vs-0x88 document asks; side to
move, castling rights (encoding.py's four bits), the en-passant square after any double push
(NO_SQUARE for none), the two clocks and an incremental Zobrist key (zobrist.py: Polyglot's keys).

Moves are the 16-bit codes of encoding.py. `_make` returns an undo record (captured piece,
castling, en passant, half-move clock); `_unmake` takes it back together with the key from
before the move.

A variant position (`_variant`, encoding's STANDARD ... CRAZYHOUSE) makes its moves by copy:
`_make` saves the whole state (placement, rights, clocks, key, promoted pieces, pockets, checks)
on the position's own stack and plays the move with the variant's additions (`_make_variant`:
drops, explosions, pockets, checks counted), and `_unmake` restores what it saved, so every
caller of make and unmake (the Board, SAN, legality, perft) plays variants unchanged.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .attacks import KING_ATTACKS, PAWN_ATTACKS, _attackers_on
    from .encoding import (
        ALL_CASTLING,
        ATOMIC,
        BB_ALL,
        BISHOP,
        BLACK,
        CASTLING,
        COLOR_SHIFT,
        CRAZYHOUSE,
        DOUBLE_PUSH,
        DROP,
        EN_PASSANT,
        KING,
        KNIGHT,
        NO_SQUARE,
        ONE,
        PAWN,
        PROMOTION,
        QUEEN,
        ROOK,
        THREE_CHECK,
        WHITE,
        castled_king_square,
        castled_rook_square,
        code_type,
        flag_drop,
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
    from .native import clz64, ctz64, popcount64
    from .zobrist import CASTLING_KEYS, EP_KEYS, PIECE_KEYS, TURN_KEY

    Saved = None  # compiled, position.pxd's struct of a saved state (uncompiled, a tuple)

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.libc.stdlib import abort, free, realloc
    from cython.cimports.libc.string import memcpy

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
        self._variant = 0
        self._promoted = 0
        self._pockets = [0] * 16
        self._checks = [3, 3]
        if not cython.compiled:  # (compiled, a C pointer: NULL until the first variant move)
            self._saved = []
        self._saved_count = 0
        self._saved_room = 0

    def __dealloc__(self):
        if cython.compiled:
            free(self._saved)


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
@cython.exceptval(check=False)
def _castling_tables_serve(pos: Position, rights: cython.int, rooks: cython.pointer(cython.uchar)) -> cython.bint:
    """Whether the castling tables _set_castling derived before serve `rights` with `rooks`:
    each right's rook and king squares are those the tables were made for. Then only the
    rights need setting, and the tables stay those of the positions on the move stack (which
    pop gives back their rights), where deriving them anew would lose the rights given up."""
    i: cython.int
    king: u64
    for i in range(4):
        if not (rights >> i) & 1:
            continue
        king = pos._pieces[KING] & pos._colors[WHITE if i < 2 else BLACK] & _span(56 * (i >> 1), 56 * (i >> 1) + 7)
        if rooks[i] != pos._castling_rook[i] or king == 0 or (king & (king - 1)) \
                or (pos._castling_mask[ctz64(king)] >> i) & 1:
            return False
    return True


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
    if pos._variant:
        return _make_variant(pos, move)
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
    if pos._variant:
        _restore(pos)
        return
    frm: cython.int = move_from(move)
    to: cython.int = move_to(move)
    flag: cython.int = move_flag(move)
    piece: cython.int = pos._board[to]
    # the mover is the colour of the piece that moved, not the side to move, which a Board's
    # owner may have set since (python-chess's pop puts back the position as it was)
    us: cython.int = (pos._board[castled_king_square(frm, to > frm)] if flag == CASTLING else piece) >> COLOR_SHIFT
    them: cython.int = us ^ 1
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
    if pos._variant:
        _save(pos)  # (a variant board's stack of saved states keeps one per move, null moves too)
    # (no piece is captured: the captured field keeps the side that passed, 8 | colour, for unmake)
    undo: u64 = undo_record(8 | pos._turn, pos._castling, pos._ep, pos._halfmove)
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
    if pos._variant:
        _restore(pos)
        return
    pos._turn = undo_captured(undo) & 1  # the side that passed (_make_null's record)
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
    target._variant = source._variant
    target._promoted = source._promoted
    for i in range(16):
        target._pockets[i] = source._pockets[i]
    target._checks[0] = source._checks[0]
    target._checks[1] = source._checks[1]


# --- variant moves, made by copy -----------------------------------------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _save(pos: Position) -> cython.void:
    """Push the whole state onto the position's stack of saved states."""
    if cython.compiled:
        if pos._saved_count == pos._saved_room:
            room: cython.int = 2 * pos._saved_room + 16
            grown = cython.cast(cython.pointer(Saved), realloc(pos._saved, room * cython.sizeof(Saved)))
            if grown == cython.NULL:
                abort()  # out of memory in the middle of a move, where nothing can be raised
            pos._saved = grown
            pos._saved_room = room
        s: cython.pointer(Saved) = pos._saved + pos._saved_count
        memcpy(s.pieces, pos._pieces, cython.sizeof(s.pieces))
        memcpy(s.colors, pos._colors, cython.sizeof(s.colors))
        memcpy(s.board, pos._board, cython.sizeof(s.board))
        memcpy(s.pockets, pos._pockets, cython.sizeof(s.pockets))
        s.turn, s.castling, s.ep = pos._turn, pos._castling, pos._ep
        s.halfmove, s.fullmove, s.key, s.promoted = pos._halfmove, pos._fullmove, pos._key, pos._promoted
        s.checks[0], s.checks[1] = pos._checks[0], pos._checks[1]
    else:
        pos._saved.append((list(pos._pieces), list(pos._colors), list(pos._board), list(pos._pockets),
                           pos._turn, pos._castling, pos._ep, pos._halfmove, pos._fullmove, pos._key,
                           pos._promoted, list(pos._checks)))
    pos._saved_count += 1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _restore(pos: Position) -> cython.void:
    """Pop the last saved state back into the position (_unmake of a variant move)."""
    pos._saved_count -= 1
    if cython.compiled:
        s: cython.pointer(Saved) = pos._saved + pos._saved_count
        memcpy(pos._pieces, s.pieces, cython.sizeof(s.pieces))
        memcpy(pos._colors, s.colors, cython.sizeof(s.colors))
        memcpy(pos._board, s.board, cython.sizeof(s.board))
        memcpy(pos._pockets, s.pockets, cython.sizeof(s.pockets))
        pos._turn, pos._castling, pos._ep = s.turn, s.castling, s.ep
        pos._halfmove, pos._fullmove, pos._key, pos._promoted = s.halfmove, s.fullmove, s.key, s.promoted
        pos._checks[0], pos._checks[1] = s.checks[0], s.checks[1]
    else:
        (pos._pieces, pos._colors, pos._board, pos._pockets, pos._turn, pos._castling, pos._ep, pos._halfmove,
         pos._fullmove, pos._key, pos._promoted, pos._checks) = pos._saved.pop()


@cython.cfunc
@cython.exceptval(check=False)
def _copy_saved(target: Position, source: Position) -> cython.void:
    """Give `target` a copy of the saved states of `source` (a copied variant board pops too)."""
    _drop_saved(target, target._saved_count)
    if cython.compiled:
        if source._saved_count > target._saved_room:
            size: cython.size_t = source._saved_count * cython.sizeof(Saved)
            grown = cython.cast(cython.pointer(Saved), realloc(target._saved, size))
            if grown == cython.NULL:
                raise MemoryError()
            target._saved = grown
            target._saved_room = source._saved_count
        memcpy(target._saved, source._saved, source._saved_count * cython.sizeof(Saved))
    else:
        target._saved = list(source._saved)
    target._saved_count = source._saved_count


@cython.cfunc
@cython.exceptval(check=False)
def _drop_saved(pos: Position, count: cython.int) -> cython.void:
    """Forget the oldest `count` saved states (a stack cleared, or cut to its last moves)."""
    if count <= 0:
        return
    count = min(count, pos._saved_count)
    if cython.compiled:
        memcpy(pos._saved, pos._saved + count, (pos._saved_count - count) * cython.sizeof(Saved))
    else:
        del pos._saved[:count]
    pos._saved_count -= count


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _king_attacked(pos: Position, color: cython.int) -> cython.bint:
    """Whether the highest king of `color` is attacked (python-chess's check, as king() finds
    the king): the Board's is_check, the variants' legality and three-check's count ask here."""
    kings: u64 = pos._pieces[KING] & pos._colors[color]
    if not kings:
        return False
    return _attackers_on(pos._pieces, pos._colors, 63 - clz64(kings), color ^ 1, pos._colors[0] | pos._colors[1]) != 0


#: The dark squares (a1 is dark) and the light ones: bishops that all stand on one colour.
DARK_SQUARES = cython.declare(u64, 0xAA55AA55AA55AA55)
LIGHT_SQUARES = cython.declare(u64, 0x55AA55AA55AA55AA)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _insufficient(pos: Position, color: cython.int) -> cython.bint:
    """python-chess's has_insufficient_material of the colour index `color` (1: white), on the
    bitboards (standard chess): what the Board and the environments (bitboard.env) ask."""
    own: u64 = pos._colors[color]
    other: u64 = pos._colors[color ^ 1]
    if own & (pos._pieces[PAWN] | pos._pieces[ROOK] | pos._pieces[QUEEN]):
        return False
    if own & pos._pieces[KNIGHT]:
        # a lone knight, and an opponent with nothing to block its own king with
        return popcount64(own) <= 2 and not (other & ~pos._pieces[KING] & ~pos._pieces[QUEEN])
    if own & pos._pieces[BISHOP]:
        # bishops all on one square colour, and no pawn or knight that could block
        bishops: u64 = pos._pieces[BISHOP]
        return ((not (bishops & DARK_SQUARES) or not (bishops & LIGHT_SQUARES))
                and not pos._pieces[PAWN] and not pos._pieces[KNIGHT])
    return True


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _remove(pos: Position, sq: cython.int) -> cython.void:
    code: cython.int = pos._board[sq]
    if code:
        pos._pieces[code_type(code)] &= ~(ONE << sq)
        pos._colors[code >> 3] &= ~(ONE << sq)
        pos._board[sq] = 0
    pos._promoted &= ~(ONE << sq)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _make_variant(pos: Position, move: cython.int) -> u64:
    """_make of a variant position: save the state, then play the move as python-chess's
    variants do. A drop puts a piece from the pocket (the half-move clock counts on); other
    moves are standard chess moves, after which the promoted pieces follow their moves, a
    capture goes into the pocket (crazyhouse: a promoted piece as a pawn) or explodes (atomic:
    the capturing piece and every piece but pawns around the square, with the castling rights
    of rooks and kings there), and a check given is counted (three-check)."""
    _save(pos)
    us: cython.int = pos._turn
    frm: cython.int = move_from(move)
    to: cython.int = move_to(move)
    flag: cython.int = move_flag(move)
    i: cython.int
    if flag >= DROP:
        dropped: cython.int = flag_drop(flag)
        pos._board[to] = piece_code(dropped, us)
        pos._pieces[dropped] |= ONE << to
        pos._colors[us] |= ONE << to
        pos._pockets[8 * us + dropped] -= 1
        pos._ep = NO_SQUARE
        pos._halfmove += 1
        _pass_turn(pos, 0)
        pos._key = _compute_key(pos)
        return 0
    captured_at: cython.int = (to ^ 8) if flag == EN_PASSANT else to
    captured: cython.int = 0 if flag == CASTLING else pos._board[captured_at]
    captured_promoted: cython.bint = (pos._promoted >> captured_at) & 1
    moved_promoted: cython.bint = (pos._promoted >> frm) & 1
    variant: cython.int = pos._variant
    pos._variant = 0  # the standard move, with its own key
    _make(pos, move)
    pos._variant = variant
    if flag == CASTLING:
        pos._promoted &= ~((ONE << frm) | (ONE << to))
    else:
        pos._promoted &= ~((ONE << frm) | (ONE << to))
        if moved_promoted or flag_promotion(flag):
            pos._promoted |= ONE << to
    if captured and variant == CRAZYHOUSE:
        pos._pockets[8 * us + (PAWN if captured_promoted else code_type(captured))] += 1
    elif captured and variant == ATOMIC:
        blast: u64 = KING_ATTACKS[to] & ~pos._pieces[PAWN] & (pos._colors[0] | pos._colors[1])
        for i in range(4):
            if pos._castling_rook[i] < 64 and (blast >> pos._castling_rook[i]) & 1:
                pos._castling &= ~(ONE << i)
        if blast & pos._pieces[KING] & pos._colors[WHITE] & ~pos._promoted:
            pos._castling &= ~3
        if blast & pos._pieces[KING] & pos._colors[BLACK] & ~pos._promoted:
            pos._castling &= ~12
        _remove(pos, to)
        while blast:
            i = ctz64(blast)
            blast &= blast - 1
            _remove(pos, i)
        pos._key = _compute_key(pos)
    elif variant == THREE_CHECK and _king_attacked(pos, pos._turn):
        pos._checks[us] -= 1
    return 0
