"""Legal move generation on bitboards.

One generator serves every caller: `_generate(pos, buf, n, from_mask, count_only)` writes the
legal moves of the pieces on `from_mask` into `buf` from index n (16-bit codes, position.py)
and returns the new n, or, with count_only, only counts them (the bulk counting at perft's last
ply). Legality is decided in the generator, never by making a move and testing:

- checkers and pinned pieces are computed first, without a slider look-up: every enemy slider
  on one of the king's empty-board lines is a checker when nothing stands between, and pins
  our piece when that piece stands alone between;
- in double check only the king moves; in single check every other move must capture the
  checker or block between it and the king;
- a pinned piece moves only along the line through its king;
- the king's targets and its castling path are tested against one map of the enemy attacks,
  computed with the king removed;
- en passant is tested by recomputing the slider attacks on the king after both pawns leave
  their squares (the horizontally pinned case);
- castling needs the rights, an empty path, and the king not in, through or into check.
"""
try:
    import cython
except ImportError:  # the uncompiled build on a machine without Cython
    from ._cython_shim import cython
else:
    if not cython.compiled:  # uncompiled, the same light shim whether or not Cython is installed
        from ._cython_shim import cython

if cython.compiled:
    from cython.cimports.bitboard._native import ctz64, popcount64
    from cython.cimports.bitboard.attacks import (BETWEEN, BISHOP_RAYS, KING_ATTACKS, KNIGHT_ATTACKS, LINE,
                                                  PAWN_ATTACKS, ROOK_RAYS, _bishop_attacks, _rook_attacks)
    from cython.cimports.bitboard.position import (BISHOP, CASTLING, DOUBLE_PUSH, EN_PASSANT, KING, KNIGHT,
                                                   NO_SQUARE, NORMAL, PAWN, PROMOTION, QUEEN, ROOK, Position)
    from cython.cimports.bitboard.serialize import _serialize_moves
else:
    from ._native import ctz64, popcount64
    from .attacks import (BETWEEN, BISHOP_RAYS, KING_ATTACKS, KNIGHT_ATTACKS, LINE, PAWN_ATTACKS, ROOK_RAYS,
                          _bishop_attacks, _rook_attacks)
    from .position import (BISHOP, CASTLING, DOUBLE_PUSH, EN_PASSANT, KING, KNIGHT, NO_SQUARE, NORMAL, PAWN,
                           PROMOTION, QUEEN, ROOK, Position)
    from .serialize import _serialize_moves

u64 = cython.typedef(cython.ulonglong)
ushort_ptr = cython.typedef(cython.pointer(cython.ushort))

ONE = cython.declare(u64, 1)
ALL = cython.declare(u64, 0xFFFFFFFFFFFFFFFF)
NOT_A_FILE = cython.declare(u64, 0xFEFEFEFEFEFEFEFE)
NOT_H_FILE = cython.declare(u64, 0x7F7F7F7F7F7F7F7F)
RANK_1 = cython.declare(u64, 0x00000000000000FF)
RANK_3 = cython.declare(u64, 0x0000000000FF0000)
RANK_6 = cython.declare(u64, 0x0000FF0000000000)
RANK_8 = cython.declare(u64, 0xFF00000000000000)
# The squares a castling king passes or reaches: c, d, f, g of its home rank (black, white).
CASTLING_PATHS = cython.declare(u64[2], [0x6C00000000000000, 0x000000000000006C])

# MAX_MOVES: no position has more legal moves than this. A to-square is reached from at most 8
# lines and 8 knight squares, and only promotions (8 squares, 3 pawns each, 3 more pieces) add
# moves: 64 * 16 + 72 = 1096, so buffers of MAX_MOVES cannot overflow, whatever the FEN.
# MAX_PIECE_MOVES: one piece has at most 27 moves (a queen), 12 (a pawn) or 10 (a king).
if not cython.compiled:  # compiled, the enum of movegen.pxd
    MAX_MOVES = 1100
    MAX_PIECE_MOVES = 32


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _add(buf: ushort_ptr, n: cython.int, frm: cython.int, targets: u64, count_only: cython.bint) -> cython.int:
    if count_only:
        return n + popcount64(targets)
    return _serialize_moves(buf, n, frm, targets)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _add_pawns(buf: ushort_ptr, n: cython.int, targets: u64, offset: cython.int, flag: cython.int,
               count_only: cython.bint) -> cython.int:
    """Pawn moves to `targets`, each from `offset` squares behind its target."""
    to: cython.int
    if count_only:
        return n + popcount64(targets)
    while targets:
        to = ctz64(targets)
        buf[n] = (to - offset) | (to << 6) | (flag << 12)
        n += 1
        targets &= targets - 1
    return n


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _add_promotions(buf: ushort_ptr, n: cython.int, targets: u64, offset: cython.int,
                    count_only: cython.bint) -> cython.int:
    """Four moves per target: promotion to queen, rook, bishop and knight."""
    to: cython.int
    base: cython.int
    if count_only:
        return n + 4 * popcount64(targets)
    while targets:
        to = ctz64(targets)
        base = (to - offset) | (to << 6)
        buf[n] = base | ((PROMOTION + 3) << 12)
        buf[n + 1] = base | ((PROMOTION + 2) << 12)
        buf[n + 2] = base | ((PROMOTION + 1) << 12)
        buf[n + 3] = base | (PROMOTION << 12)
        n += 4
        targets &= targets - 1
    return n


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _slider_moves(buf: ushort_ptr, n: cython.int, sliders: u64, diagonal: cython.bint, occupied: u64, target: u64,
                  pinned: u64, ksq: cython.int, count_only: cython.bint) -> cython.int:
    """Bishop-like (diagonal) or rook-like moves of `sliders`; a pinned one keeps to its pin line."""
    sq: cython.int
    targets: u64
    while sliders:
        sq = ctz64(sliders)
        targets = (_bishop_attacks(sq, occupied) if diagonal else _rook_attacks(sq, occupied)) & target
        if (pinned >> sq) & 1:
            targets &= LINE[64 * ksq + sq]
        n = _add(buf, n, sq, targets, count_only)
        sliders &= sliders - 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _pawn_moves(pos: Position, buf: ushort_ptr, n: cython.int, pawns: u64, pinned: u64, target: u64,
                checkers: u64, ksq: cython.int, count_only: cython.bint) -> cython.int:
    us: cython.int = pos._turn
    them: cython.int = us ^ 1
    enemy: u64 = pos._colors[them]
    occupied: u64 = pos._colors[us] | enemy
    empty: u64 = ~occupied & ALL
    free: u64 = pawns & ~pinned
    last: u64 = RANK_8 if us else RANK_1
    single: u64
    double: u64
    west: u64
    east: u64
    up: cython.int
    west_offset: cython.int
    east_offset: cython.int
    if us:
        single = (free << 8) & ALL & empty
        double = ((single & RANK_3) << 8) & ALL & empty & target
        west = (free << 7) & NOT_H_FILE & enemy & target
        east = (free << 9) & NOT_A_FILE & enemy & target
        up, west_offset, east_offset = 8, 7, 9
    else:
        single = (free >> 8) & empty
        double = ((single & RANK_6) >> 8) & empty & target
        west = (free >> 9) & NOT_H_FILE & enemy & target
        east = (free >> 7) & NOT_A_FILE & enemy & target
        up, west_offset, east_offset = -8, -9, -7
    single &= target
    n = _add_pawns(buf, n, single & ~last, up, NORMAL, count_only)
    n = _add_pawns(buf, n, double, 2 * up, DOUBLE_PUSH, count_only)
    n = _add_pawns(buf, n, west & ~last, west_offset, NORMAL, count_only)
    n = _add_pawns(buf, n, east & ~last, east_offset, NORMAL, count_only)
    if (single | west | east) & last:
        n = _add_promotions(buf, n, single & last, up, count_only)
        n = _add_promotions(buf, n, west & last, west_offset, count_only)
        n = _add_promotions(buf, n, east & last, east_offset, count_only)

    # Pinned pawns move along the pin line only, and not at all in check.
    b: u64 = pawns & pinned if checkers == 0 else 0
    sq: cython.int
    line: u64
    step: u64
    captures: u64
    while b:
        sq = ctz64(b)
        line = LINE[64 * ksq + sq]
        step = ((ONE << (sq + 8)) if us else (ONE << (sq - 8))) & empty & line
        n = _add_pawns(buf, n, step & ~last, up, NORMAL, count_only)
        n = _add_promotions(buf, n, step & last, up, count_only)
        if step & (RANK_3 if us else RANK_6):
            n = _add_pawns(buf, n, (((step << 8) & ALL) if us else (step >> 8)) & empty, 2 * up, DOUBLE_PUSH,
                           count_only)
        captures = PAWN_ATTACKS[64 * us + sq] & enemy & line
        if captures:
            n = _add_pawns(buf, n, captures & ~last, ctz64(captures) - sq, NORMAL, count_only)
            n = _add_promotions(buf, n, captures & last, ctz64(captures) - sq, count_only)
        b &= b - 1

    # En passant: the capture must resolve any check, and the king must not stand on a line
    # that the two pawns leaving their squares open.
    ep: cython.int = pos._ep
    if ep != NO_SQUARE:
        ep_bit: u64 = ONE << ep
        captured_bit: u64 = ONE << (ep ^ 8)
        if (target & ep_bit) or (checkers & captured_bit):
            candidates: u64 = PAWN_ATTACKS[64 * them + ep] & pawns
            after: u64
            while candidates:
                sq = ctz64(candidates)
                after = (occupied ^ (ONE << sq) ^ captured_bit) | ep_bit
                if not (enemy & ((_rook_attacks(ksq, after) & (pos._pieces[ROOK] | pos._pieces[QUEEN]))
                                 | (_bishop_attacks(ksq, after) & (pos._pieces[BISHOP] | pos._pieces[QUEEN])))):
                    if count_only:
                        n += 1
                    else:
                        buf[n] = sq | (ep << 6) | (EN_PASSANT << 12)
                        n += 1
                candidates &= candidates - 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _castling_moves(pos: Position, buf: ushort_ptr, n: cython.int, danger: u64, count_only: cython.bint) -> cython.int:
    us: cython.int = pos._turn
    occupied: u64 = pos._colors[0] | pos._colors[1]
    home: cython.int = 4 if us else 60  # e1 or e8; the rights guarantee king and rook are home
    rights: cython.int = (pos._castling if us else pos._castling >> 2) & 3
    king_side: u64 = (ONE << (home + 1)) | (ONE << (home + 2))
    queen_side: u64 = (ONE << (home - 1)) | (ONE << (home - 2))
    if rights & 1 and not (occupied & king_side) and not (danger & king_side):
        if not count_only:
            buf[n] = home | ((home + 2) << 6) | (CASTLING << 12)
        n += 1
    if rights & 2 and not (occupied & (queen_side | (ONE << (home - 3)))) and not (danger & queen_side):
        if not count_only:
            buf[n] = home | ((home - 2) << 6) | (CASTLING << 12)
        n += 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _danger(pos: Position, them: cython.int, occupied: u64, zone: u64) -> u64:
    """The squares colour `them` attacks, given the occupancy: all of them within `zone`, and
    only sliders whose empty-board lines cross the zone are looked up."""
    enemy: u64 = pos._colors[them]
    pawns: u64 = pos._pieces[PAWN] & enemy
    danger: u64
    b: u64
    if them:
        danger = ((pawns << 7) & NOT_H_FILE) | ((pawns << 9) & NOT_A_FILE)
    else:
        danger = ((pawns >> 9) & NOT_H_FILE) | ((pawns >> 7) & NOT_A_FILE)
    danger |= KING_ATTACKS[ctz64(pos._pieces[KING] & enemy)]
    b = pos._pieces[KNIGHT] & enemy
    while b:
        danger |= KNIGHT_ATTACKS[ctz64(b)]
        b &= b - 1
    sq: cython.int
    b = (pos._pieces[BISHOP] | pos._pieces[QUEEN]) & enemy
    while b:
        sq = ctz64(b)
        if BISHOP_RAYS[sq] & zone:
            danger |= _bishop_attacks(sq, occupied)
        b &= b - 1
    b = (pos._pieces[ROOK] | pos._pieces[QUEEN]) & enemy
    while b:
        sq = ctz64(b)
        if ROOK_RAYS[sq] & zone:
            danger |= _rook_attacks(sq, occupied)
        b &= b - 1
    return danger


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _attackers(pos: Position, sq: cython.int, by: cython.int, occupied: u64) -> u64:
    """Pieces of colour `by` that attack `sq` given the occupancy."""
    return pos._colors[by] & ((KNIGHT_ATTACKS[sq] & pos._pieces[KNIGHT])
                              | (PAWN_ATTACKS[64 * (by ^ 1) + sq] & pos._pieces[PAWN])
                              | (KING_ATTACKS[sq] & pos._pieces[KING])
                              | (_bishop_attacks(sq, occupied) & (pos._pieces[BISHOP] | pos._pieces[QUEEN]))
                              | (_rook_attacks(sq, occupied) & (pos._pieces[ROOK] | pos._pieces[QUEEN])))


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _generate(pos: Position, buf: ushort_ptr, n: cython.int, from_mask: u64, count_only: cython.bint) -> cython.int:
    us: cython.int = pos._turn
    them: cython.int = us ^ 1
    own: u64 = pos._colors[us]
    enemy: u64 = pos._colors[them]
    occupied: u64 = own | enemy
    king: u64 = pos._pieces[KING] & own
    ksq: cython.int = ctz64(king)
    diagonal: u64 = pos._pieces[BISHOP] | pos._pieces[QUEEN]
    orthogonal: u64 = pos._pieces[ROOK] | pos._pieces[QUEEN]
    checkers: u64 = enemy & ((KNIGHT_ATTACKS[ksq] & pos._pieces[KNIGHT])
                             | (PAWN_ATTACKS[64 * us + ksq] & pos._pieces[PAWN]))
    pinned: u64 = 0
    targets: u64
    target: u64
    between: u64
    danger: u64 = 0
    b: u64
    sq: cython.int
    castling: cython.bint

    b = enemy & ((BISHOP_RAYS[ksq] & diagonal) | (ROOK_RAYS[ksq] & orthogonal))
    while b:  # enemy sliders on the king's lines: nothing between checks, one of ours is pinned
        sq = ctz64(b)
        between = BETWEEN[64 * ksq + sq] & occupied
        if between == 0:
            checkers |= ONE << sq
        elif not (between & (between - 1)) and (between & own):
            pinned |= between
        b &= b - 1

    if king & from_mask:
        targets = KING_ATTACKS[ksq] & ~own
        castling = checkers == 0 and (pos._castling & (3 if us else 12)) != 0
        if targets or castling:
            danger = _danger(pos, them, occupied ^ king, targets | (CASTLING_PATHS[us] if castling else 0))
            n = _add(buf, n, ksq, targets & ~danger, count_only)
            if castling:
                n = _castling_moves(pos, buf, n, danger, count_only)
    if checkers & (checkers - 1):
        return n  # double check: only the king moves

    if checkers:
        target = BETWEEN[64 * ksq + ctz64(checkers)] | checkers
    else:
        target = ~own & ALL

    movers: u64 = own & from_mask
    b = movers & pos._pieces[KNIGHT] & ~pinned
    while b:
        sq = ctz64(b)
        n = _add(buf, n, sq, KNIGHT_ATTACKS[sq] & target, count_only)
        b &= b - 1
    n = _slider_moves(buf, n, movers & diagonal, True, occupied, target, pinned, ksq, count_only)
    n = _slider_moves(buf, n, movers & orthogonal, False, occupied, target, pinned, ksq, count_only)
    return _pawn_moves(pos, buf, n, movers & pos._pieces[PAWN], pinned, target, checkers, ksq, count_only)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _count(pos: Position) -> cython.int:
    """The number of legal moves, counted set-wise without writing a move."""
    return _generate(pos, cython.NULL, 0, ALL, True)
