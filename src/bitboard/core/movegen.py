"""Legal move generation on bitboards.

`_generate(pos, buf, n, from_mask, count_only)` writes the legal moves of the pieces on
`from_mask` into `buf` from index n (the 16-bit codes of encoding.py) and returns the new n, or,
with count_only, only counts them (legal_moves.count(), and perft's last ply on a set-up board
that no game reaches; perft counts every other position with perft_kernel's walk, the same rules
in the form that counting wants). It writes them piece kind by piece kind, which SAN, perft and
counting want. `_generate_ordered(pos, buf, from_mask)` writes the same moves in python-chess's
order (see its section below), for the Board's lists. Legality is decided in the generator,
never by making a move and testing:

- checkers and pinned pieces are computed first, without a slider look-up: every enemy slider
  on one of the king's empty-board lines is a checker when nothing stands between, and pins
  our piece when that piece stands alone between;
- in double check only the king moves; in single check every other move must land on the
  check mask (the checker's square or a square between it and the king);
- a pinned piece moves only along the line through its king;
- the king's targets and its castling path are tested against one map of the enemy attacks,
  computed with the king removed;
- en passant is tested by recomputing the slider attacks on the king after both pawns leave
  their squares (the horizontally pinned case);
- castling needs the rights, an empty path, and the king not in, through or into check.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .attacks import (
        BETWEEN,
        BISHOP_PSEUDO_ATTACKS,
        KING_ATTACKS,
        KNIGHT_ATTACKS,
        LINE,
        PAWN_ATTACKS,
        ROOK_PSEUDO_ATTACKS,
        _attackers_on,
        _bishop_attacks,
        _rook_attacks,
    )
    from .encoding import (
        BB_ALL,
        BISHOP,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        KING,
        KNIGHT,
        NO_SQUARE,
        NORMAL,
        ONE,
        PAWN,
        QUEEN,
        ROOK,
        castled_king_square,
        code_type,
        color_castling,
        encode_move,
        promotion_flag,
        u64,
    )
    from .native import clz64, ctz64, popcount64
    from .position import Position

ushort_ptr = cython.typedef(cython.pointer(cython.ushort))
u64_ptr = cython.typedef(cython.pointer(cython.ulonglong))

NOT_A_FILE = cython.declare(u64, 0xFEFEFEFEFEFEFEFE)
NOT_H_FILE = cython.declare(u64, 0x7F7F7F7F7F7F7F7F)
RANK_1 = cython.declare(u64, 0x00000000000000FF)
RANK_2 = cython.declare(u64, 0x000000000000FF00)
RANK_3 = cython.declare(u64, 0x0000000000FF0000)
RANK_6 = cython.declare(u64, 0x0000FF0000000000)
RANK_7 = cython.declare(u64, 0x00FF000000000000)
RANK_8 = cython.declare(u64, 0xFF00000000000000)
FILE_A = cython.declare(u64, 0x0101010101010101)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _add(buf: ushort_ptr, n: cython.int, frm: cython.int, targets: u64, count_only: cython.bint) -> cython.int:
    """The moves from `frm` to each of `targets` (the serialization document's packed loop)."""
    if count_only:
        return n + popcount64(targets)
    while targets:
        buf[n] = encode_move(frm, ctz64(targets), NORMAL)
        n += 1
        targets &= targets - 1
    return n


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
        buf[n] = encode_move(to - offset, to, flag)
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
    if count_only:
        return n + 4 * popcount64(targets)
    while targets:
        to = ctz64(targets)
        buf[n] = encode_move(to - offset, to, promotion_flag(QUEEN))
        buf[n + 1] = encode_move(to - offset, to, promotion_flag(ROOK))
        buf[n + 2] = encode_move(to - offset, to, promotion_flag(BISHOP))
        buf[n + 3] = encode_move(to - offset, to, promotion_flag(KNIGHT))
        n += 4
        targets &= targets - 1
    return n


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _slider_moves(buf: ushort_ptr, n: cython.int, sliders: u64, diagonal: cython.bint, occupied: u64, destinations: u64,
                  pinned: u64, ksq: cython.int, count_only: cython.bint) -> cython.int:
    """Bishop-like (diagonal) or rook-like moves of `sliders` to `destinations`; a pinned one keeps to
    its pin line."""
    sq: cython.int
    targets: u64
    while sliders:
        sq = ctz64(sliders)
        targets = (_bishop_attacks(sq, occupied) if diagonal else _rook_attacks(sq, occupied)) & destinations
        if (pinned >> sq) & 1:
            targets &= LINE[64 * ksq + sq]
        n = _add(buf, n, sq, targets, count_only)
        sliders &= sliders - 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _pawn_moves(pos: Position, buf: ushort_ptr, n: cython.int, pawns: u64, pinned: u64, check_mask: u64,
                checkers: u64, ksq: cython.int, count_only: cython.bint) -> cython.int:
    us: cython.int = pos._turn
    them: cython.int = us ^ 1
    enemy: u64 = pos._colors[them]
    occupied: u64 = pos._colors[us] | enemy
    empty: u64 = ~occupied & BB_ALL
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
        single = (free << 8) & BB_ALL & empty
        double = ((single & RANK_3) << 8) & BB_ALL & empty & check_mask
        west = (free << 7) & NOT_H_FILE & enemy & check_mask
        east = (free << 9) & NOT_A_FILE & enemy & check_mask
        up, west_offset, east_offset = 8, 7, 9
    else:
        single = (free >> 8) & empty
        double = ((single & RANK_6) >> 8) & empty & check_mask
        west = (free >> 9) & NOT_H_FILE & enemy & check_mask
        east = (free >> 7) & NOT_A_FILE & enemy & check_mask
        up, west_offset, east_offset = -8, -9, -7
    if pawns & (RANK_1 if us else RANK_8):  # a set-up pawn on its first rank: python-chess also lets
        # it step two squares (a plain move: no en-passant square), as its double push allows
        far: u64 = (((single & RANK_2) << 8) & BB_ALL if us else (single & RANK_7) >> 8) & empty & check_mask
        n = _add_pawns(buf, n, far, 2 * up, NORMAL, count_only)
    single &= check_mask
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
        if step & (RANK_3 | RANK_2 if us else RANK_6 | RANK_7):
            n = _add_pawns(buf, n, (((step << 8) & BB_ALL) if us else (step >> 8)) & empty & line, 2 * up,
                           DOUBLE_PUSH if step & (RANK_3 | RANK_6) else NORMAL, count_only)
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
        if (check_mask & ep_bit) or (checkers & captured_bit):
            candidates: u64 = PAWN_ATTACKS[64 * them + ep] & pawns
            after: u64
            while candidates:
                sq = ctz64(candidates)
                after = (occupied ^ (ONE << sq) ^ captured_bit) | ep_bit
                if ksq == NO_SQUARE or not (enemy & (
                        (_rook_attacks(ksq, after) & (pos._pieces[ROOK] | pos._pieces[QUEEN]))
                        | (_bishop_attacks(ksq, after) & (pos._pieces[BISHOP] | pos._pieces[QUEEN])))):
                    if count_only:
                        n += 1
                    else:
                        buf[n] = encode_move(sq, ep, EN_PASSANT)
                        n += 1
                candidates &= candidates - 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _castling_moves(pos: Position, buf: ushort_ptr, n: cython.int, ksq: cython.int, danger: u64,
                    count_only: cython.bint) -> cython.int:
    """Castling for any rook files (Chess960 included), written as king takes its own rook: the
    right, the squares between king, rook and their destinations empty, the king's way
    unattacked, and no enemy rook or queen on the rank that the castling rook was hiding."""
    us: cython.int = pos._turn
    occupied: u64 = pos._colors[0] | pos._colors[1]
    enemy_orthogonal: u64 = pos._colors[us ^ 1] & (pos._pieces[ROOK] | pos._pieces[QUEEN])
    i: cython.int
    rsq: cython.int
    for i in range(0 if us else 2, 2 if us else 4):  # the king side, then the queen side
        if not (pos._castling >> i) & 1:
            continue
        rsq = pos._castling_rook[i]
        if occupied & pos._castling_empty[i] or danger & pos._castling_king_path[i]:
            continue
        if pos._castling_beyond[i] & enemy_orthogonal and enemy_orthogonal & _rook_attacks(
                castled_king_square(ksq, i % 2 == 0), occupied ^ (ONE << ksq) ^ (ONE << rsq)):
            continue
        if not count_only:
            buf[n] = encode_move(ksq, rsq, CASTLING)
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
    b = pos._pieces[KING] & enemy  # none, or several, on a board set up piece by piece
    while b:
        danger |= KING_ATTACKS[ctz64(b)]
        b &= b - 1
    b = pos._pieces[KNIGHT] & enemy
    while b:
        danger |= KNIGHT_ATTACKS[ctz64(b)]
        b &= b - 1
    sq: cython.int
    b = (pos._pieces[BISHOP] | pos._pieces[QUEEN]) & enemy
    while b:
        sq = ctz64(b)
        if BISHOP_PSEUDO_ATTACKS[sq] & zone:
            danger |= _bishop_attacks(sq, occupied)
        b &= b - 1
    b = (pos._pieces[ROOK] | pos._pieces[QUEEN]) & enemy
    while b:
        sq = ctz64(b)
        if ROOK_PSEUDO_ATTACKS[sq] & zone:
            danger |= _rook_attacks(sq, occupied)
        b &= b - 1
    return danger


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _attackers(pos: Position, sq: cython.int, by: cython.int, occupied: u64) -> u64:
    """Pieces of colour `by` that attack `sq` given the occupancy."""
    return _attackers_on(pos._pieces, pos._colors, sq, by, occupied)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _checks_and_pins(pos: Position, ksq: cython.int, found: u64_ptr) -> cython.void:
    """The enemy pieces that check our king on `ksq` into found[0], and our pieces pinned to it
    into found[1] (none of either without a king, NO_SQUARE), without a slider look-up: every
    enemy slider on one of the king's empty-board lines checks when nothing stands between,
    and pins our piece when that piece stands alone between."""
    us: cython.int = pos._turn
    own: u64 = pos._colors[us]
    enemy: u64 = pos._colors[us ^ 1]
    occupied: u64 = own | enemy
    checkers: u64 = 0
    pinned: u64 = 0
    between: u64
    b: u64
    sq: cython.int
    if ksq != NO_SQUARE:
        checkers = enemy & ((KNIGHT_ATTACKS[ksq] & pos._pieces[KNIGHT])
                            | (PAWN_ATTACKS[64 * us + ksq] & pos._pieces[PAWN])
                            | (KING_ATTACKS[ksq] & pos._pieces[KING]))  # (only on boards set up so)
        b = enemy & ((BISHOP_PSEUDO_ATTACKS[ksq] & (pos._pieces[BISHOP] | pos._pieces[QUEEN]))
                     | (ROOK_PSEUDO_ATTACKS[ksq] & (pos._pieces[ROOK] | pos._pieces[QUEEN])))
        while b:
            sq = ctz64(b)
            between = BETWEEN[64 * ksq + sq] & occupied
            if between == 0:
                checkers |= ONE << sq
            elif not (between & (between - 1)) and (between & own):
                pinned |= between
            b &= b - 1
    found[0] = checkers
    found[1] = pinned


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
    ksq: cython.int = ctz64(king) if king else NO_SQUARE  # no king: no check, no pin (a set-up board)
    diagonal: u64 = pos._pieces[BISHOP] | pos._pieces[QUEEN]
    orthogonal: u64 = pos._pieces[ROOK] | pos._pieces[QUEEN]
    checkers: u64
    pinned: u64
    king_targets: u64
    check_mask: u64
    destinations: u64
    danger: u64 = 0
    b: u64
    sq: cython.int
    castling: cython.bint
    zone: u64

    found = cython.declare(u64[2])
    _checks_and_pins(pos, ksq, found)
    checkers = found[0]
    pinned = found[1]

    if king & from_mask:
        king_targets = KING_ATTACKS[ksq] & ~own
        castling = checkers == 0 and (pos._castling & color_castling(us)) != 0
        if king_targets or castling:
            zone = king_targets
            if castling:
                zone |= (pos._castling_king_path[0 if us else 2] | pos._castling_king_path[1 if us else 3])
            danger = _danger(pos, them, occupied ^ king, zone)
            n = _add(buf, n, ksq, king_targets & ~danger, count_only)
            if castling:
                n = _castling_moves(pos, buf, n, ksq, danger, count_only)
    if checkers & (checkers - 1):
        return n  # double check: only the king moves

    # The check mask: the squares where a move other than the king's resolves the check (all of
    # them when there is none).
    check_mask = BETWEEN[64 * ksq + ctz64(checkers)] | checkers if checkers else BB_ALL
    destinations = check_mask & ~own

    movers: u64 = own & from_mask
    b = movers & pos._pieces[KNIGHT] & ~pinned
    while b:
        sq = ctz64(b)
        n = _add(buf, n, sq, KNIGHT_ATTACKS[sq] & destinations, count_only)
        b &= b - 1
    n = _slider_moves(buf, n, movers & diagonal, True, occupied, destinations, pinned, ksq, count_only)
    n = _slider_moves(buf, n, movers & orthogonal, False, occupied, destinations, pinned, ksq, count_only)
    return _pawn_moves(pos, buf, n, movers & pos._pieces[PAWN], pinned, check_mask, checkers, ksq, count_only)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _count(pos: Position) -> cython.int:
    """The number of legal moves, counted set-wise without writing a move."""
    return _generate(pos, cython.NULL, 0, BB_ALL, True)


# python-chess's order. The Board lists its moves in the order python-chess yields them, so that
# a seeded program (random.choice(list(board.legal_moves))) plays the same game on either. That
# order is by piece, not by kind: every piece but the pawns by its square, highest first, each
# with its targets highest first (the king among them; in check, the king's moves come before
# all others), then castling (the rook's square highest first: the king side), then pawn
# captures (by pawn, highest first, then by target), single steps, two-square steps (each by
# target, highest first) and en passant (by pawn, highest first); a promotion is four moves,
# queen, rook, bishop, knight. _generate_ordered writes that order straight away, with the
# legality of _generate: perft, SAN and counting, which need no order, keep _generate.


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _add_down(buf: ushort_ptr, n: cython.int, frm: cython.int, targets: u64) -> cython.int:
    """The moves from `frm` to each of `targets`, the highest target first."""
    to: cython.int
    while targets:
        to = 63 - clz64(targets)
        buf[n] = encode_move(frm, to, NORMAL)
        n += 1
        targets ^= ONE << to
    return n


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _add_pawns_down(buf: ushort_ptr, n: cython.int, targets: u64, offset: cython.int, flag: cython.int,
                    last: u64) -> cython.int:
    """Pawn moves to `targets`, each from `offset` squares behind its target, the highest target
    first; one to the last rank (`last`) is four promotions, queen first."""
    to: cython.int
    while targets:
        to = 63 - clz64(targets)
        targets ^= ONE << to
        if (last >> to) & 1:
            n = _add_promotions(buf, n, ONE << to, offset, False)
        else:
            buf[n] = encode_move(to - offset, to, flag)
            n += 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _pawn_moves_ordered(pos: Position, buf: ushort_ptr, n: cython.int, pawns: u64, pinned: u64, check_mask: u64,
                        checkers: u64, ksq: cython.int) -> cython.int:
    """The pawns' legal moves in python-chess's order: captures, single steps, two-square steps,
    en passant. A pinned pawn keeps to its pin line (and in check, no move of a pinned piece
    lands on the check mask)."""
    us: cython.int = pos._turn
    them: cython.int = us ^ 1
    enemy: u64 = pos._colors[them]
    occupied: u64 = pos._colors[us] | enemy
    empty: u64 = ~occupied & BB_ALL
    last: u64 = RANK_8 if us else RANK_1
    prey: u64 = enemy & check_mask
    capturers: u64
    pushers: u64 = pawns & ~pinned
    single: u64
    double: u64
    far: u64
    targets: u64
    sq: cython.int
    to: cython.int
    up: cython.int = 8 if us else -8
    # the pawns with a capture (the squares they attack, seen backwards)
    if us:
        capturers = pawns & (((prey & NOT_H_FILE) >> 7) | ((prey & NOT_A_FILE) >> 9))
    else:
        capturers = pawns & (((prey & NOT_H_FILE) << 9) | ((prey & NOT_A_FILE) << 7)) & BB_ALL
    while capturers:
        sq = 63 - clz64(capturers)
        capturers ^= ONE << sq
        targets = PAWN_ATTACKS[64 * us + sq] & prey
        if (pinned >> sq) & 1:
            targets &= LINE[64 * ksq + sq]
        while targets:
            to = 63 - clz64(targets)
            targets ^= ONE << to
            if (last >> to) & 1:
                n = _add_promotions(buf, n, ONE << to, to - sq, False)
            else:
                buf[n] = encode_move(sq, to, NORMAL)
                n += 1
    if pinned & pawns:  # a pawn pinned along the king's file still steps along it
        pushers |= pawns & pinned & (FILE_A << (ksq & 7))
    if us:
        single = (pushers << 8) & BB_ALL & empty
        double = ((single & RANK_3) << 8) & BB_ALL & empty & check_mask
        far = ((single & RANK_2) << 8) & BB_ALL & empty & check_mask  # a set-up pawn on its first rank
    else:
        single = (pushers >> 8) & empty
        double = ((single & RANK_6) >> 8) & empty & check_mask
        far = ((single & RANK_7) >> 8) & empty & check_mask
    n = _add_pawns_down(buf, n, single & check_mask, up, NORMAL, last)
    if us:  # by target, highest first: white's two steps from the second rank come first
        n = _add_pawns_down(buf, n, double, 2 * up, DOUBLE_PUSH, 0)
        n = _add_pawns_down(buf, n, far, 2 * up, NORMAL, 0)
    else:
        n = _add_pawns_down(buf, n, far, 2 * up, NORMAL, 0)
        n = _add_pawns_down(buf, n, double, 2 * up, DOUBLE_PUSH, 0)

    # En passant, as _pawn_moves decides it, by pawn, highest first.
    ep: cython.int = pos._ep
    if ep != NO_SQUARE:
        ep_bit: u64 = ONE << ep
        captured_bit: u64 = ONE << (ep ^ 8)
        if (check_mask & ep_bit) or (checkers & captured_bit):
            candidates: u64 = PAWN_ATTACKS[64 * them + ep] & pawns
            after: u64
            while candidates:
                sq = 63 - clz64(candidates)
                candidates ^= ONE << sq
                after = (occupied ^ (ONE << sq) ^ captured_bit) | ep_bit
                if ksq == NO_SQUARE or not (enemy & (
                        (_rook_attacks(ksq, after) & (pos._pieces[ROOK] | pos._pieces[QUEEN]))
                        | (_bishop_attacks(ksq, after) & (pos._pieces[BISHOP] | pos._pieces[QUEEN])))):
                    buf[n] = encode_move(sq, ep, EN_PASSANT)
                    n += 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _generate_ordered(pos: Position, buf: ushort_ptr, from_mask: u64) -> cython.int:
    """The legal moves of the pieces on `from_mask` (one king or none, as _generate), in
    python-chess's order (see above), into buf; how many."""
    us: cython.int = pos._turn
    them: cython.int = us ^ 1
    own: u64 = pos._colors[us]
    enemy: u64 = pos._colors[them]
    occupied: u64 = own | enemy
    king: u64 = pos._pieces[KING] & own
    ksq: cython.int = ctz64(king) if king else NO_SQUARE
    n: cython.int = 0
    king_targets: u64 = 0
    danger: u64 = 0
    castling: cython.bint = False
    check_mask: u64
    destinations: u64
    targets: u64
    pieces: u64
    sq: cython.int
    kind: cython.int
    zone: u64

    found = cython.declare(u64[2])
    _checks_and_pins(pos, ksq, found)
    checkers: u64 = found[0]
    pinned: u64 = found[1]

    if king & from_mask:
        king_targets = KING_ATTACKS[ksq] & ~own
        castling = checkers == 0 and (pos._castling & color_castling(us)) != 0
        if king_targets or castling:
            zone = king_targets
            if castling:
                zone |= (pos._castling_king_path[0 if us else 2] | pos._castling_king_path[1 if us else 3])
            danger = _danger(pos, them, occupied ^ king, zone)
            king_targets &= ~danger
    pieces = own & from_mask & ~pos._pieces[PAWN]
    if checkers:  # the king's escapes first, then (single check) the captures and blocks
        n = _add_down(buf, n, ksq, king_targets)
        if checkers & (checkers - 1):
            return n
        pieces &= ~king
        check_mask = BETWEEN[64 * ksq + ctz64(checkers)] | checkers
    else:
        check_mask = BB_ALL
    destinations = check_mask & ~own

    while pieces:
        sq = 63 - clz64(pieces)
        pieces ^= ONE << sq
        kind = code_type(pos._board[sq])
        if kind == KING:
            targets = king_targets
        elif kind == KNIGHT:
            targets = 0 if (pinned >> sq) & 1 else KNIGHT_ATTACKS[sq] & destinations
        else:
            targets = 0
            if kind != ROOK:
                targets = _bishop_attacks(sq, occupied)
            if kind != BISHOP:
                targets |= _rook_attacks(sq, occupied)
            targets &= destinations
            if (pinned >> sq) & 1:
                targets &= LINE[64 * ksq + sq]
        n = _add_down(buf, n, sq, targets)
    if castling:
        n = _castling_moves(pos, buf, n, ksq, danger, False)
    return _pawn_moves_ordered(pos, buf, n, own & from_mask & pos._pieces[PAWN], pinned, check_mask, checkers, ksq)
