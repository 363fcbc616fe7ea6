"""The moves and the ends of python-chess's variants, beside the standard generator.

A Position plays a variant when `_variant` is set (core/encoding's ANTICHESS ... SUICIDE);
core/legality hands such a position here, and core/position makes its moves (drops, explosions,
pockets, checks counted). The rules, as python-chess's `chess.variant` plays them:

- antichess, giveaway and suicide: captures are compulsory, the king is a piece like any other
  (no check; pawns also promote to it), castling ignores attacks; the game ends when a side has
  no pieces (and, by stalemate, counted differently in suicide);
- atomic: a capture explodes the capturing piece and every piece but pawns around the square;
  a move may not explode the own king, nor leave it attacked unless the kings touch or the
  enemy king explodes; castling may cross squares the enemy king touches;
- king of the hill: a king on d4, e4, d5 or e5 wins;
- racing kings: no move may give check; a king on the eighth rank wins (black may still tie);
- horde: white's pawns may step two squares from the first rank, and white may have no king;
- three-check: the third check wins (Position._checks counts down);
- crazyhouse: captured pieces go into the pocket and may be dropped on an empty square (pawns
  not on the first or last rank), also to block a check.

When a variant's game is over (`_variant_end`) there are no legal moves, as in python-chess.
Everything here works on the C position and writes core/encoding's move codes.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .attacks import BETWEEN, KING_ATTACKS, PAWN_ATTACKS
    from .encoding import (
        ANTICHESS,
        ATOMIC,
        BB_ALL,
        BLACK,
        CASTLING,
        CRAZYHOUSE,
        EN_PASSANT,
        HORDE,
        KING,
        KING_OF_THE_HILL,
        MAX_MOVES,
        NO_SQUARE,
        ONE,
        PAWN,
        PROMOTION,
        QUEEN,
        RACING_KINGS,
        SUICIDE,
        THREE_CHECK,
        WHITE,
        castled_king_square,
        castled_rook_square,
        drop_flag,
        encode_move,
        move_flag,
        move_from,
        move_to,
        promotion_flag,
        u64,
    )
    from .movegen import _attackers, _generate_ordered
    from .native import clz64, ctz64, popcount64
    from .position import Position, _king_attacked, _make, _unmake
    from .pseudo_legal import _one_king, _standard_pseudo_legal

ushort_ptr = cython.typedef(cython.pointer(cython.ushort))

CENTER = cython.declare(u64, 0x0000001818000000)  # d4, e4, d5, e5
RANK_1 = cython.declare(u64, 0x00000000000000FF)
RANK_8 = cython.declare(u64, 0xFF00000000000000)
BACK_RANKS = cython.declare(u64, 0xFF000000000000FF)
# odd multipliers that spread a variant's extra state over a key's 64 bits (_variant_key)
MIX_PROMOTED = cython.declare(u64, 0x9E3779B97F4A7C15)
MIX_POCKET = cython.declare(u64, 0xD6E8FEB86659FD93)
MIX_BLACK_CHECKS = cython.declare(u64, 0xA0761D6478BD642F)
MIX_WHITE_CHECKS = cython.declare(u64, 0xE7037ED1A0B428DB)

if not cython.compiled:  # compiled, the enum of variant_moves.pxd: _variant_result's answers
    VARIANT_NONE, VARIANT_WIN, VARIANT_LOSS, VARIANT_DRAW = 0, 1, 2, 3


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _antichess(pos: Position) -> cython.bint:
    return pos._variant == ANTICHESS or pos._variant == SUICIDE


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _kings_touch(pos: Position) -> cython.bint:
    """Whether a white king stands next to a black king (atomic: then neither is in check)."""
    white: u64 = pos._pieces[KING] & pos._colors[WHITE]
    black: u64 = pos._pieces[KING] & pos._colors[BLACK]
    while white:
        if KING_ATTACKS[ctz64(white)] & black:
            return True
        white &= white - 1
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _variant_in_check(pos: Position) -> cython.bint:
    """python-chess's is_check() of a variant: never in antichess, not with the kings touching
    in atomic, else the highest king of the side to move attacked."""
    if _antichess(pos):
        return False
    if pos._variant == ATOMIC and _kings_touch(pos):
        return False
    return _king_attacked(pos, pos._turn)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _variant_end(pos: Position) -> cython.bint:
    """Whether the variant's own rule has ended the game (python-chess's is_variant_end)."""
    v: cython.int = pos._variant
    kings: u64 = pos._pieces[KING]
    if v in (ANTICHESS, SUICIDE, HORDE):
        return pos._colors[WHITE] == 0 or pos._colors[BLACK] == 0
    if v == ATOMIC:
        return not (kings & pos._colors[WHITE]) or not (kings & pos._colors[BLACK])
    if v == KING_OF_THE_HILL:
        return (kings & CENTER) != 0
    if v == THREE_CHECK:
        return pos._checks[0] <= 0 or pos._checks[1] <= 0
    if v == RACING_KINGS:
        if not (kings & RANK_8):
            return False
        black: u64 = kings & pos._colors[BLACK]
        if pos._turn == WHITE or black & RANK_8 or not black:
            return True
        # white is home; black, to move, ties only by reaching an unattacked square of the 8th rank
        targets: u64 = KING_ATTACKS[63 - clz64(black)] & RANK_8 & ~pos._colors[BLACK]
        occupied: u64 = pos._colors[0] | pos._colors[1]
        while targets:
            if not _attackers(pos, ctz64(targets), WHITE, occupied):
                return False
            targets &= targets - 1
        return True
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _variant_result(pos: Position) -> cython.int:
    """The variant's verdict for the side to move: VARIANT_WIN, VARIANT_LOSS, VARIANT_DRAW or
    VARIANT_NONE (python-chess's is_variant_win, is_variant_loss and is_variant_draw)."""
    v: cython.int = pos._variant
    us: cython.int = pos._turn
    own: u64 = pos._colors[us]
    their: u64 = pos._colors[us ^ 1]
    kings: u64 = pos._pieces[KING]
    balance: cython.int
    if v in (SUICIDE, ANTICHESS):
        if not own:
            return VARIANT_WIN
        if _variant_end(pos) or _variant_legal_moves(pos, cython.NULL, BB_ALL, BB_ALL) > 0:  # not stalemate
            return VARIANT_NONE
        if v == ANTICHESS:  # giveaway: being stalemated wins
            return VARIANT_WIN
        balance = popcount64(own) - popcount64(their)
        return VARIANT_WIN if balance < 0 else VARIANT_LOSS if balance > 0 else VARIANT_DRAW
    if v == ATOMIC:
        if kings and not (kings & their):
            return VARIANT_WIN
        if kings and not (kings & own):
            return VARIANT_LOSS
        return VARIANT_NONE
    if v == KING_OF_THE_HILL:
        if kings & own & CENTER:
            return VARIANT_WIN
        return VARIANT_LOSS if kings & their & CENTER else VARIANT_NONE
    if v == HORDE:
        if not (own | their):
            return VARIANT_DRAW
        return VARIANT_LOSS if not own else VARIANT_WIN if not their else VARIANT_NONE
    if v == THREE_CHECK:
        if pos._checks[us] <= 0 < pos._checks[us ^ 1]:
            return VARIANT_WIN
        if pos._checks[us ^ 1] <= 0 < pos._checks[us]:
            return VARIANT_LOSS
        return VARIANT_DRAW if pos._checks[0] <= 0 and pos._checks[1] <= 0 else VARIANT_NONE
    if v == RACING_KINGS:
        home: u64 = kings & RANK_8
        if home & own and home & their:
            return VARIANT_DRAW
        if not _variant_end(pos):
            return VARIANT_NONE
        if not (home & own):
            return VARIANT_LOSS
        return VARIANT_WIN
    return VARIANT_NONE


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _castlings(pos: Position, buf: ushort_ptr, n: cython.int, from_mask: u64, to_mask: u64) -> cython.int:
    """The castling moves of antichess (attacks ignored) and atomic (squares next to the enemy
    king may be attacked), as python-chess generates them: the path empty but for king and
    rook, the king's path and square not attacked with the king lifted, its destination not
    attacked with the rook moved."""
    us: cython.int = pos._turn
    home: u64 = RANK_1 if us == WHITE else RANK_8
    own_kings: u64 = pos._pieces[KING] & pos._colors[us] & ~pos._promoted & home & from_mask
    if not own_kings:
        return n
    ksq: cython.int = ctz64(own_kings)
    king: u64 = ONE << ksq
    occupied: u64 = pos._colors[0] | pos._colors[1]
    touched: u64 = 0
    enemy_kings: u64 = pos._pieces[KING] & pos._colors[us ^ 1]
    while enemy_kings:
        touched |= KING_ATTACKS[ctz64(enemy_kings)]
        enemy_kings &= enemy_kings - 1
    i: cython.int
    for i in range(3, -1, -1):  # python-chess's order: the rook's square, highest first
        if not (pos._castling >> i) & 1 or (i < 2) != (us == WHITE):
            continue
        rsq: cython.int = pos._castling_rook[i]
        if not (to_mask >> rsq) & 1 or pos._castling_empty[i] & occupied:
            continue
        kingside: cython.bint = rsq > ksq
        kdest: cython.int = castled_king_square(ksq, kingside)
        rdest: cython.int = castled_rook_square(ksq, kingside)
        if pos._variant == ATOMIC:
            path: u64 = (BETWEEN[64 * ksq + kdest] | king) & ~touched
            if _attacked_any(pos, path, occupied ^ king):
                continue
            after: u64 = occupied ^ king ^ (ONE << rsq) ^ (ONE << rdest)
            if _attacked_any(pos, (ONE << kdest) & ~touched, after):
                continue
        buf[n] = encode_move(ksq, rsq, CASTLING)
        n += 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _attacked_any(pos: Position, squares: u64, occupied: u64) -> cython.bint:
    """Whether the enemy attacks any of `squares` given the occupancy."""
    while squares:
        if _attackers(pos, ctz64(squares), pos._turn ^ 1, occupied) & occupied:
            return True
        squares &= squares - 1
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _variant_pseudo_legal(pos: Position, buf: ushort_ptr, from_mask: u64, to_mask: u64) -> cython.int:
    """The variant's pseudo-legal moves (python-chess's generate_pseudo_legal_moves: drops are
    not among them); how many."""
    n: cython.int = _standard_pseudo_legal(pos, buf, from_mask, to_mask)
    if not _antichess(pos) and pos._variant != ATOMIC:
        return n
    moves = cython.declare(cython.ushort[MAX_MOVES])
    i: cython.int
    kept: cython.int = 0
    for i in range(n):
        moves[i] = buf[i]
    for i in range(n):
        if move_flag(moves[i]) == CASTLING:
            continue
        if _antichess(pos) and move_flag(moves[i]) == promotion_flag(QUEEN):  # a king too, first
            buf[kept] = encode_move(move_from(moves[i]), move_to(moves[i]), PROMOTION + KING - 2)
            kept += 1
        buf[kept] = moves[i]
        kept += 1
    return _castlings(pos, buf, kept, from_mask, to_mask)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _legal_drop_mask(pos: Position) -> u64:
    """The empty squares a piece may be dropped on (crazyhouse): any, or between the king and
    its one checker, or none in double check."""
    us: cython.int = pos._turn
    empty: u64 = ~(pos._colors[0] | pos._colors[1]) & BB_ALL
    kings: u64 = pos._pieces[KING] & pos._colors[us]
    if not kings:
        return empty
    king: cython.int = 63 - clz64(kings)
    checkers: u64 = _attackers(pos, king, us ^ 1, pos._colors[0] | pos._colors[1])
    if not checkers:
        return empty
    if checkers & (checkers - 1):
        return 0
    return BETWEEN[64 * king + ctz64(checkers)] & empty


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _legal_after(pos: Position, code: cython.int) -> cython.bint:
    """Whether the pseudo-legal move `code` is legal, by making it: the mover's highest king
    is not left attacked (atomic: it survives, and stands safe unless the enemy king exploded
    or the kings touch); racing kings: and it gives no check."""
    v: cython.int = pos._variant
    us: cython.int = pos._turn
    _make(pos, code)
    legal: cython.bint
    if v == ATOMIC:
        kings: u64 = pos._pieces[KING]
        legal = (kings & pos._colors[us]) != 0 and (
            not (kings & pos._colors[us ^ 1]) or _kings_touch(pos) or not _king_attacked(pos, us))
    else:
        legal = not _king_attacked(pos, us)
        if legal and v == RACING_KINGS:
            legal = not _king_attacked(pos, us ^ 1)
    _unmake(pos, code, 0, 0)
    return legal


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _variant_legal_moves(pos: Position, buf: ushort_ptr, from_mask: u64, to_mask: u64) -> cython.int:
    """The variant's legal moves from `from_mask` to `to_mask` into buf (drops: to a square of
    both masks), or only counted when buf is NULL; how many."""
    if _variant_end(pos):
        return 0
    moves = cython.declare(cython.ushort[MAX_MOVES])
    v: cython.int = pos._variant
    n: cython.int
    i: cython.int
    kept: cython.int = 0
    code: cython.int
    if _antichess(pos):  # captures first; only they, if there are any
        n = _variant_pseudo_legal(pos, moves, BB_ALL, BB_ALL)
        their: u64 = pos._colors[pos._turn ^ 1]
        for i in range(n):
            code = moves[i]
            if (their >> move_to(code)) & 1 or move_flag(code) == EN_PASSANT:
                if (from_mask >> move_from(code)) & 1 and (to_mask >> move_to(code)) & 1:
                    if buf != cython.NULL:
                        buf[kept] = code
                    kept += 1
                moves[i] = 0xFFFF  # taken
        if kept or any_capture(moves, n):
            return kept
        for i in range(n):
            code = moves[i]
            if (from_mask >> move_from(code)) & 1 and (to_mask >> move_to(code)) & 1:
                if buf != cython.NULL:
                    buf[kept] = code
                kept += 1
        return kept
    own: u64 = pos._colors[pos._turn]
    own_kings: u64 = pos._pieces[KING] & own
    if v == HORDE and not own_kings:  # the horde without a king: every pseudo-legal move is legal
        n = _variant_pseudo_legal(pos, moves, from_mask, to_mask)
        for i in range(n):
            if buf != cython.NULL:
                buf[kept] = moves[i]
            kept += 1
        return kept
    first_rank: u64 = RANK_8 if pos._turn == BLACK else RANK_1
    if v != ATOMIC and _one_king(pos) and own_kings and (v != HORDE or not pos._pieces[PAWN] & own & first_rank):
        # standard chess's fast generator (in horde, pawns on their first rank step two squares: not its moves)
        n = _generate_ordered(pos, moves, from_mask)
        for i in range(n):
            code = moves[i]
            if (to_mask >> move_to(code)) & 1 and (v != RACING_KINGS or _legal_after(pos, code)):
                if buf != cython.NULL:
                    buf[kept] = code
                kept += 1
    else:
        n = _variant_pseudo_legal(pos, moves, from_mask, to_mask)
        for i in range(n):
            if _legal_after(pos, moves[i]):
                if buf != cython.NULL:
                    buf[kept] = moves[i]
                kept += 1
    if v == CRAZYHOUSE:
        kept = _drops(pos, buf, kept, _legal_drop_mask(pos) & from_mask & to_mask)
    return kept


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def any_capture(moves: ushort_ptr, n: cython.int) -> cython.bint:
    """Whether some move of the list was marked taken (a capture outside the masks)."""
    i: cython.int
    for i in range(n):  # noqa: SIM110  (a C loop; any() would be a Python generator)
        if moves[i] == 0xFFFF:
            return True
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _drops(pos: Position, buf: ushort_ptr, n: cython.int, squares: u64) -> cython.int:
    """Append the drops of the pocket's pieces on `squares` (pawns not on the back ranks), by
    piece type and then square, as python-chess lists them."""
    us: cython.int = pos._turn
    piece: cython.int
    targets: u64
    for piece in range(PAWN, KING):
        if not pos._pockets[8 * us + piece]:
            continue
        targets = squares & ~BACK_RANKS if piece == PAWN else squares
        while targets:
            if buf != cython.NULL:
                buf[n] = encode_move(ctz64(targets), ctz64(targets), drop_flag(piece))
            n += 1
            targets &= targets - 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _atomic_en_passant(pos: Position) -> cython.bint:
    """Whether an atomic position has an en-passant capture as python-chess's FEN counts one
    (has_legal_en_passant): a pawn takes, and afterwards the mover's king is not attacked, or
    touches the enemy king, or is gone (python-chess then finds no king in check)."""
    if pos._ep == NO_SQUARE or _variant_end(pos):
        return False
    us: cython.int = pos._turn
    pawns: u64 = PAWN_ATTACKS[64 * (us ^ 1) + pos._ep] & pos._pieces[PAWN] & pos._colors[us]
    code: cython.int
    found: cython.bint = False
    while pawns and not found:
        code = encode_move(ctz64(pawns), pos._ep, EN_PASSANT)
        pawns &= pawns - 1
        _make(pos, code)
        found = not (pos._pieces[KING] & pos._colors[us]) or _kings_touch(pos) or not _king_attacked(pos, us)
        _unmake(pos, code, 0, 0)
    return found


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _variant_perft(pos: Position, depth: cython.int) -> u64:
    """The leaves `depth` plies below a variant position, the last ply counted in bulk."""
    moves = cython.declare(cython.ushort[MAX_MOVES])
    if depth <= 0:
        return 1
    n: cython.int = _variant_legal_moves(pos, moves, BB_ALL, BB_ALL)
    if depth == 1:
        return n
    total: u64 = 0
    i: cython.int
    for i in range(n):
        _make(pos, moves[i])
        total += _variant_perft(pos, depth - 1)
        _unmake(pos, moves[i], 0, 0)
    return total


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _variant_key(pos: Position) -> u64:
    """The key by which a variant position repeats: the Zobrist key of the placement, rights,
    en passant and side, with what the variant adds mixed in (the pockets and the promoted
    pieces in crazyhouse, the checks still to give in three-check), as python-chess's
    transposition keys count them."""
    key: u64 = pos._key
    i: cython.int
    if pos._variant == CRAZYHOUSE:
        key ^= pos._promoted * MIX_PROMOTED
        for i in range(16):
            key ^= pos._pockets[i] * (MIX_POCKET * (i + 1))
    elif pos._variant == THREE_CHECK:
        key ^= (pos._checks[0] & 0xFF) * MIX_BLACK_CHECKS ^ (pos._checks[1] & 0xFF) * MIX_WHITE_CHECKS
    return key & BB_ALL  # (uncompiled, the products are Python ints)
