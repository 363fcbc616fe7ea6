"""Perft's tree walk, specialised for counting: eight bitboards a node, no move list.

movegen.py writes move lists for the Board, which makes and unmakes them on a Position (piece
array, Zobrist key, clocks). Perft needs none of that, and its fastest form (Gigantua's) is a
different program: each node is eight bitboards (black, pawns ... kings, white), which a move
changes in place by XOR and XORs back after (a capture other than en passant, which would have
to find the piece it took, changes a copy); the generator visits each legal move where it finds
it, going straight down into the child, and at the last ply only counts, set-wise. The side to
move is a constant of every function here: `_count_white` and `_count_black` (and the two
walks) are each compiled from one inline body with that constant folded in, as Gigantua's
templates do, so no pawn shift or colour index is decided at run time.

The legality rules are movegen's, in the set-wise form that counting wants: two pin masks (the
rays from the king to each pinning rook or queen, and to each pinning bishop or queen) confine
pinned pieces with one AND; the check mask confines every other move; the king's targets are
tested against the enemy attacks with the king removed; en passant by looking again along the
king's lines after both pawns have gone. The rules that need the game's castling geometry
(Chess960 too) read it from the Position the walk started from.

The walk is for positions that a game can reach: one king each, the side not to move not in
check (`walkable` says so); perft takes movegen's general path for any other set-up board.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (the Python imports first: they are what type checkers read)
    from . import attacks
    from .attacks import _bishop_attacks, _rook_attacks
    from .encoding import (
        BB_ALL,
        BISHOP,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        KING,
        KNIGHT,
        NO_SQUARE,
        ONE,
        PAWN,
        QUEEN,
        ROOK,
        castled_king_square,
        castled_rook_square,
        code_type,
        color_castling,
        flag_promotion,
        move_flag,
        move_from,
        move_to,
        u64,
    )
    from .movegen import _attackers
    from .native import USE_PEXT, ctz64, pext64, popcount64
    from .position import Position
else:
    from cython.cimports.bitboard.core import attacks
    from cython.cimports.bitboard.core.attacks import _bishop_attacks, _rook_attacks
    from cython.cimports.bitboard.core.encoding import (
        BB_ALL,
        BISHOP,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        KING,
        KNIGHT,
        NO_SQUARE,
        ONE,
        PAWN,
        QUEEN,
        ROOK,
        castled_king_square,
        castled_rook_square,
        code_type,
        color_castling,
        flag_promotion,
        move_flag,
        move_from,
        move_to,
        u64,
    )
    from cython.cimports.bitboard.core.movegen import _attackers
    from cython.cimports.bitboard.core.native import USE_PEXT, ctz64, pext64, popcount64
    from cython.cimports.bitboard.core.position import Position

u64_ptr = cython.typedef(cython.pointer(u64))
int_ptr = cython.typedef(cython.pointer(cython.int))

#: A node: node[7 * colour] the colour's pieces (black at 0, white at 7), node[PAWN] ... node[KING].
NODE_WORDS = cython.declare(cython.int, 8)

if not cython.compiled:  # compiled, the constants of perft_kernel.pxd
    NOT_A_FILE, NOT_H_FILE = 0xFEFEFEFEFEFEFEFE, 0x7F7F7F7F7F7F7F7F
    RANK_1, RANK_3, RANK_6, RANK_8 = 0xFF, 0xFF0000, 0xFF0000000000, 0xFF00000000000000
    KNIGHT_AT, KING_AT, PAWN_AT, BISHOP_PSEUDO_AT, ROOK_PSEUDO_AT = 0, 64, 128, 256, 320
    MASK_AT, MAGIC_AT, SHIFT_AT, OFFSET_AT, BETWEEN_AT, SLIDERS_AT, TABLE_WORDS = (
        384, 512, 640, 768, 896, 4992, 112640)

# The walk's own copy of the attack tables, all in one array: compiled as position-independent
# code, each table the walk addresses apart costs a register for its base address (a table
# cimported from attacks.py, one for its pointer), and the walk has none to spare. At offsets
# (perft_kernel.pxd): the knight, king and pawn attacks (pawns 64 * colour + square), the
# bishops' and rooks' empty-board attacks, per slider (bishops' squares 0-63, rooks' 64-127)
# the relevant mask, magic, shift and offset, BETWEEN (64 * a + b), and the slider attacks.
# Sliders are looked up by PEXT where the build has it (the attacks re-ordered by the PEXT
# index: the same offsets, since each square's block has 2**bits entries), else by the magics.
TABLES = cython.declare(u64[112640])


def _copy_tables() -> None:
    i: cython.int
    sq: cython.int
    occupancy: u64
    mask: u64
    for i in range(64):
        TABLES[KNIGHT_AT + i] = attacks.KNIGHT_ATTACKS[i]
        TABLES[KING_AT + i] = attacks.KING_ATTACKS[i]
        TABLES[BISHOP_PSEUDO_AT + i] = attacks.BISHOP_PSEUDO_ATTACKS[i]
        TABLES[ROOK_PSEUDO_AT + i] = attacks.ROOK_PSEUDO_ATTACKS[i]
        TABLES[MASK_AT + i], TABLES[MASK_AT + 64 + i] = attacks.BISHOP_MASK[i], attacks.ROOK_MASK[i]
        TABLES[MAGIC_AT + i], TABLES[MAGIC_AT + 64 + i] = attacks.BISHOP_MAGIC[i], attacks.ROOK_MAGIC[i]
        TABLES[SHIFT_AT + i], TABLES[SHIFT_AT + 64 + i] = attacks.BISHOP_SHIFT[i], attacks.ROOK_SHIFT[i]
        TABLES[OFFSET_AT + i] = SLIDERS_AT + attacks.BISHOP_OFFSET[i]
        TABLES[OFFSET_AT + 64 + i] = SLIDERS_AT + attacks.ROOK_OFFSET[i]
    for i in range(128):
        TABLES[PAWN_AT + i] = attacks.PAWN_ATTACKS[i]
    for i in range(4096):
        TABLES[BETWEEN_AT + i] = attacks.BETWEEN[i]
    if not USE_PEXT:
        for i in range(TABLE_WORDS - SLIDERS_AT):
            TABLES[SLIDERS_AT + i] = attacks.SLIDER_ATTACKS[i]
        return
    for sq in range(128):  # every subset of each mask (the carry-rippler), at its PEXT index
        mask = TABLES[MASK_AT + sq]
        occupancy = 0
        while True:
            TABLES[TABLES[OFFSET_AT + sq] + pext64(occupancy, mask)] = (
                _bishop_attacks(sq, occupancy) if sq < 64 else _rook_attacks(sq - 64, occupancy))
            occupancy = (occupancy - mask) & mask
            if occupancy == 0:
                break


_copy_tables()

#: Whether this build of the kernel looks sliders up by PEXT.
USES_PEXT = bool(USE_PEXT)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _slider(index: cython.int, occupied: u64) -> u64:
    """The attacks of the bishop (index = square) or rook (64 + square) given the occupancy."""
    if USE_PEXT:
        return TABLES[TABLES[OFFSET_AT + index] + pext64(occupied, TABLES[MASK_AT + index])]
    return TABLES[TABLES[OFFSET_AT + index] + ((((occupied & TABLES[MASK_AT + index]) * TABLES[MAGIC_AT + index])
                                                & BB_ALL) >> TABLES[SHIFT_AT + index])]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _danger(node: u64_ptr, them: cython.int, occupied: u64, zone: u64) -> u64:
    """The squares colour `them` attacks given the occupancy: all of them within `zone` (the
    rest may be missing). The cheap attackers go first, and once every square of the zone is
    known to be attacked nothing more is looked up; then only sliders whose empty-board lines
    cross the zone are."""
    enemy: u64 = node[7 * them]
    pawns: u64 = node[PAWN] & enemy
    danger: u64 = TABLES[KING_AT + ctz64(node[KING] & enemy)]
    b: u64
    sq: cython.int
    if them:
        danger |= ((pawns << 7) & NOT_H_FILE) | ((pawns << 9) & NOT_A_FILE)
    else:
        danger |= ((pawns >> 9) & NOT_H_FILE) | ((pawns >> 7) & NOT_A_FILE)
    if not (zone & ~danger):
        return danger & BB_ALL
    b = node[KNIGHT] & enemy
    while b:
        danger |= TABLES[KNIGHT_AT + ctz64(b)]
        b &= b - 1
    b = (node[BISHOP] | node[QUEEN]) & enemy
    while b:
        sq = ctz64(b)
        if TABLES[BISHOP_PSEUDO_AT + sq] & zone:
            danger |= _bishop(sq, occupied)
        b &= b - 1
    b = (node[ROOK] | node[QUEEN]) & enemy
    while b:
        sq = ctz64(b)
        if TABLES[ROOK_PSEUDO_AT + sq] & zone:
            danger |= _rook(sq, occupied)
        b &= b - 1
    return danger & BB_ALL


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _safe(node: u64_ptr, us: cython.int, occupied: u64, targets: u64, enemy_orthogonal: u64,
          enemy_diagonal: u64) -> u64:
    """The squares of `targets` that colour `us`'s enemy does not attack given the occupancy,
    looked at one by one: the leapers first, then a rook and a bishop look-up from the square
    where an enemy slider stands on its lines."""
    enemy: u64 = node[7 * (us ^ 1)]
    safe: u64 = 0
    attacked: u64
    sq: cython.int
    while targets:
        sq = ctz64(targets)
        attacked = enemy & ((TABLES[KNIGHT_AT + sq] & node[KNIGHT]) | (TABLES[KING_AT + sq] & node[KING])
                            | (TABLES[PAWN_AT + 64 * us + sq] & node[PAWN]))
        if not attacked and TABLES[ROOK_PSEUDO_AT + sq] & enemy_orthogonal:
            attacked = _rook(sq, occupied) & enemy_orthogonal
        if not attacked and TABLES[BISHOP_PSEUDO_AT + sq] & enemy_diagonal:
            attacked = _bishop(sq, occupied) & enemy_diagonal
        if not attacked:
            safe |= ONE << sq
        targets &= targets - 1
    return safe


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _descend(node: u64_ptr, us: cython.int, piece: cython.int, frm: cython.int, to: cython.int,
             promoted: cython.int, ep: cython.int, castling: cython.int, depth: cython.int, pos: Position,
             stop: int_ptr) -> u64:
    """The leaves below the child that moving `piece` from `frm` to `to` makes (taking whatever
    enemy piece stands there; a pawn becoming `promoted` unless that is 0), with en-passant
    square `ep` and the castling rights left after the move. A quiet move is made in `node`
    itself and taken back, two words changed twice instead of eight copied (1.03x); a capture,
    which would need to know what it took, is made in a copy."""
    child = cython.declare(u64[8])
    i: cython.int
    total: u64
    to_bit: u64 = ONE << to
    from_to: u64 = (ONE << frm) | to_bit
    if castling:
        castling &= pos._castling_mask[frm] & pos._castling_mask[to]
    if not (node[7 * (us ^ 1)] & to_bit):
        _toggle_move(node, us, piece, from_to, to_bit, promoted)
        total = _below(node, us ^ 1, ep, castling, depth - 1, pos, stop)
        _toggle_move(node, us, piece, from_to, to_bit, promoted)
        return total
    for i in range(NODE_WORDS):
        child[i] = node[i]
    for i in range(PAWN, KING):  # whatever was taken (never a king)
        child[i] &= ~to_bit
    child[7 * (us ^ 1)] ^= to_bit
    _toggle_move(child, us, piece, from_to, to_bit, promoted)
    return _below(child, us ^ 1, ep, castling, depth - 1, pos, stop)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _toggle_move(node: u64_ptr, us: cython.int, piece: cython.int, from_to: u64, to_bit: u64,
                 promoted: cython.int) -> cython.void:
    """Move colour `us`'s `piece` across `from_to` (a pawn becoming `promoted` on `to_bit`
    unless that is 0), captures aside: all by XOR, so that doing it again takes it back."""
    node[piece] ^= from_to
    node[7 * us] ^= from_to
    if promoted:
        node[PAWN] ^= to_bit
        node[promoted] ^= to_bit


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _below(child: u64_ptr, us: cython.int, ep: cython.int, castling: cython.int, depth: cython.int, pos: Position,
           stop: int_ptr) -> u64:
    """The leaves `depth` >= 1 plies below `child`, colour `us` to move."""
    if depth == 1:
        if ep == NO_SQUARE and not (castling & color_castling(us)):  # most leaves' parents
            return _count_white_plain(child, pos) if us else _count_black_plain(child, pos)
        return _count_white(child, ep, castling, pos) if us else _count_black(child, ep, castling, pos)
    if stop[0]:
        return 0
    if us:
        return _walk_white(child, ep, castling, depth, pos, stop)
    return _walk_black(child, ep, castling, depth, pos, stop)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _targets(node: u64_ptr, us: cython.int, frm: cython.int, piece: cython.int, targets: u64, count: cython.bint,
             castling: cython.int, depth: cython.int, pos: Position, stop: int_ptr) -> u64:
    """The moves of the `piece` on `frm` to each of `targets`: counted, or each walked."""
    total: u64 = 0
    if count:
        return popcount64(targets)
    while targets:
        total += _descend(node, us, piece, frm, ctz64(targets), 0, NO_SQUARE, castling, depth, pos, stop)
        targets &= targets - 1
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _pawn_targets(node: u64_ptr, us: cython.int, targets: u64, offset: cython.int, double: cython.bint,
                  count: cython.bint, castling: cython.int, depth: cython.int, pos: Position, stop: int_ptr) -> u64:
    """Pawn moves (no promotion) to `targets`, each from `offset` squares behind its target; a
    double push leaves an en-passant square when an enemy pawn stands ready to take."""
    total: u64 = 0
    to: cython.int
    ep: cython.int
    if count:
        return popcount64(targets)
    while targets:
        to = ctz64(targets)
        ep = _en_passant_square(node, us, (2 * to - offset) >> 1) if double else NO_SQUARE
        total += _descend(node, us, PAWN, to - offset, to, 0, ep, castling, depth, pos, stop)
        targets &= targets - 1
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _en_passant_square(node: u64_ptr, us: cython.int, passed: cython.int) -> cython.int:
    """The en-passant square a double push of colour `us` over `passed` leaves: that square where
    an enemy pawn stands ready to take, else none (so that the children without a capture share
    the counters without en-passant code)."""
    if TABLES[PAWN_AT + 64 * us + passed] & node[PAWN] & node[7 * (us ^ 1)]:
        return passed
    return NO_SQUARE


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _promotion_targets(node: u64_ptr, us: cython.int, targets: u64, offset: cython.int, count: cython.bint,
                       castling: cython.int, depth: cython.int, pos: Position, stop: int_ptr) -> u64:
    """Four moves per target: promotion to knight, bishop, rook and queen."""
    total: u64 = 0
    to: cython.int
    promoted: cython.int
    if count:
        return 4 * popcount64(targets)
    while targets:
        to = ctz64(targets)
        for promoted in range(KNIGHT, KING):
            total += _descend(node, us, PAWN, to - offset, to, promoted, NO_SQUARE, castling, depth, pos, stop)
        targets &= targets - 1
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _moves(node: u64_ptr, us: cython.int, ep: cython.int, castling: cython.int, count: cython.bint,
           depth: cython.int, pos: Position, stop: int_ptr) -> u64:
    """With `count`, the number of legal moves of `node`; else the leaves `depth` >= 2 plies
    below it. `us` and `count` are constants wherever this is inlined."""
    them: cython.int = us ^ 1
    own: u64 = node[7 * us]
    enemy: u64 = node[7 * them]
    occupied: u64 = own | enemy
    king: u64 = node[KING] & own
    ksq: cython.int = ctz64(king)
    enemy_diagonal: u64 = (node[BISHOP] | node[QUEEN]) & enemy
    enemy_orthogonal: u64 = (node[ROOK] | node[QUEEN]) & enemy
    checkers: u64 = enemy & ((TABLES[KNIGHT_AT + ksq] & node[KNIGHT]) | (TABLES[PAWN_AT + 64 * us + ksq] & node[PAWN]))
    pin_orthogonal: u64 = 0
    pin_diagonal: u64 = 0
    check_mask: u64 = BB_ALL
    total: u64 = 0
    b: u64
    between: u64
    sq: cython.int

    # Checks and pins by sliders: an enemy slider on one of the king's lines checks when nothing
    # stands between, and pins when one piece of ours does; the pin mask is the ray to it.
    b = TABLES[ROOK_PSEUDO_AT + ksq] & enemy_orthogonal
    while b:
        sq = ctz64(b)
        between = TABLES[BETWEEN_AT + 64 * ksq + sq] & occupied
        if between == 0:
            checkers |= ONE << sq
        elif not (between & (between - 1)) and (between & own):
            pin_orthogonal |= TABLES[BETWEEN_AT + 64 * ksq + sq] | (ONE << sq)
        b &= b - 1
    b = TABLES[BISHOP_PSEUDO_AT + ksq] & enemy_diagonal
    while b:
        sq = ctz64(b)
        between = TABLES[BETWEEN_AT + 64 * ksq + sq] & occupied
        if between == 0:
            checkers |= ONE << sq
        elif not (between & (between - 1)) and (between & own):
            pin_diagonal |= TABLES[BETWEEN_AT + 64 * ksq + sq] | (ONE << sq)
        b &= b - 1

    # The king: its targets against the enemy attacks with the king removed, and castling
    # where the right is held, no check, and the squares between king, rook and their
    # destinations empty; the enemy attacks are looked for on those squares only.
    king_targets: u64 = TABLES[KING_AT + ksq] & ~own
    castle_zone: u64 = 0
    danger: u64
    i: cython.int
    rsq: cython.int
    if checkers == 0 and castling & color_castling(us):
        for i in range(0 if us else 2, 2 if us else 4):  # the king side, then the queen side
            if (castling >> i) & 1 and not (occupied & pos._castling_empty[i]):
                castle_zone |= pos._castling_king_path[i]
    # Where the king has one or two squares to go to (most nodes), each is looked at on its own:
    # two slider look-ups at most, where the danger map looks up every enemy slider whose lines
    # cross them (1.045-1.062x; with three or more, or castling's squares too, the map is cheaper).
    if castle_zone == 0 and king_targets and popcount64(king_targets) <= 2:
        total += _targets(node, us, ksq, KING, _safe(node, us, occupied ^ king, king_targets, enemy_orthogonal,
                                                     enemy_diagonal), count, castling, depth, pos, stop)
    elif king_targets | castle_zone:
        danger = _danger(node, them, occupied ^ king, king_targets | castle_zone)
        total += _targets(node, us, ksq, KING, king_targets & ~danger, count, castling, depth, pos, stop)
        if castle_zone:
            for i in range(0 if us else 2, 2 if us else 4):
                if not (castling >> i) & 1:
                    continue
                rsq = pos._castling_rook[i]
                if occupied & pos._castling_empty[i] or danger & pos._castling_king_path[i]:
                    continue
                if pos._castling_beyond[i] & enemy_orthogonal and enemy_orthogonal & _rook(
                        castled_king_square(ksq, i % 2 == 0), occupied ^ king ^ (ONE << rsq)):
                    continue
                total += 1 if count else _castle(node, us, ksq, rsq, i % 2 == 0, castling, depth, pos, stop)
    if checkers:
        if checkers & (checkers - 1):
            return total  # double check: only the king moves
        check_mask = TABLES[BETWEEN_AT + 64 * ksq + ctz64(checkers)] | checkers
    movable: u64 = ~own & check_mask
    pinned: u64 = pin_orthogonal | pin_diagonal

    b = node[KNIGHT] & own & ~pinned  # a pinned knight never moves
    while b:
        sq = ctz64(b)
        total += _targets(node, us, sq, KNIGHT, TABLES[KNIGHT_AT + sq] & movable, count, castling, depth, pos, stop)
        b &= b - 1
    # Bishops and queens along diagonals: a diagonally pinned one keeps to its pin ray (it can
    # never reach another), one pinned along a rank or file does not move this way. The pinned
    # (rare) have a loop of their own, so that the others' loop has no pin test. (The four loops
    # as calls of one inline helper compiled to code 1% slower.)
    diagonal: u64 = (node[BISHOP] | node[QUEEN]) & own
    orthogonal: u64 = (node[ROOK] | node[QUEEN]) & own
    b = diagonal & ~pinned
    while b:
        sq = ctz64(b)
        total += _targets(node, us, sq, BISHOP + 2 * ((node[QUEEN] >> sq) & 1), _bishop(sq, occupied) & movable,
                          count, castling, depth, pos, stop)
        b &= b - 1
    b = orthogonal & ~pinned
    while b:
        sq = ctz64(b)
        total += _targets(node, us, sq, ROOK + ((node[QUEEN] >> sq) & 1), _rook(sq, occupied) & movable,
                          count, castling, depth, pos, stop)
        b &= b - 1
    if pinned:
        b = diagonal & pin_diagonal
        while b:
            sq = ctz64(b)
            total += _targets(node, us, sq, BISHOP + 2 * ((node[QUEEN] >> sq) & 1),
                              _bishop(sq, occupied) & movable & pin_diagonal, count, castling, depth, pos, stop)
            b &= b - 1
        b = orthogonal & pin_orthogonal
        while b:
            sq = ctz64(b)
            total += _targets(node, us, sq, ROOK + ((node[QUEEN] >> sq) & 1),
                              _rook(sq, occupied) & movable & pin_orthogonal, count, castling, depth, pos, stop)
            b &= b - 1
    return total + _pawn_moves(node, us, ep, check_mask, checkers, pin_orthogonal, pin_diagonal, ksq, count,
                               castling, depth, pos, stop)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _pawn_moves(node: u64_ptr, us: cython.int, ep: cython.int, check_mask: u64, checkers: u64,
                pin_orthogonal: u64, pin_diagonal: u64, ksq: cython.int, count: cython.bint, castling: cython.int,
                depth: cython.int, pos: Position, stop: int_ptr) -> u64:
    """The pawns' moves, set-wise: a pawn pinned along a file pushes within its pin ray, one
    pinned along a diagonal takes within its ray, and no other pinned pawn moves."""
    them: cython.int = us ^ 1
    own: u64 = node[7 * us]
    enemy: u64 = node[7 * them]
    occupied: u64 = own | enemy
    empty: u64 = ~occupied & BB_ALL
    pawns: u64 = node[PAWN] & own
    pushers: u64 = pawns & ~pin_diagonal
    takers: u64 = pawns & ~pin_orthogonal
    takers_free: u64 = takers & ~pin_diagonal
    takers_pinned: u64 = takers & pin_diagonal
    last: u64 = RANK_8 if us else RANK_1
    single: u64
    double: u64
    west: u64
    east: u64
    up: cython.int = 8 if us else -8
    total: u64 = 0
    if not (pawns & (pin_orthogonal | pin_diagonal)):  # most nodes: zero masks, folded out by the compiler
        pushers = takers_free = pawns
        takers_pinned = pin_orthogonal = pin_diagonal = 0
    if us:
        single = (((pushers & ~pin_orthogonal) << 8) | (((pushers & pin_orthogonal) << 8) & pin_orthogonal)) & empty
        double = ((single & RANK_3) << 8) & empty & check_mask
        west = ((takers_free << 7) | ((takers_pinned << 7) & pin_diagonal)) & NOT_H_FILE & enemy & check_mask
        east = ((takers_free << 9) | ((takers_pinned << 9) & pin_diagonal)) & NOT_A_FILE & enemy & check_mask
    else:
        single = (((pushers & ~pin_orthogonal) >> 8) | (((pushers & pin_orthogonal) >> 8) & pin_orthogonal)) & empty
        double = ((single & RANK_6) >> 8) & empty & check_mask
        west = ((takers_free >> 9) | ((takers_pinned >> 9) & pin_diagonal)) & NOT_H_FILE & enemy & check_mask
        east = ((takers_free >> 7) | ((takers_pinned >> 7) & pin_diagonal)) & NOT_A_FILE & enemy & check_mask
    single &= check_mask
    total += _pawn_targets(node, us, single & ~last, up, False, count, castling, depth, pos, stop)
    total += _pawn_targets(node, us, double, 2 * up, True, count, castling, depth, pos, stop)
    total += _pawn_targets(node, us, west & ~last, up - 1, False, count, castling, depth, pos, stop)
    total += _pawn_targets(node, us, east & ~last, up + 1, False, count, castling, depth, pos, stop)
    if (single | west | east) & last:
        total += _promotion_targets(node, us, single & last, up, count, castling, depth, pos, stop)
        total += _promotion_targets(node, us, west & last, up - 1, count, castling, depth, pos, stop)
        total += _promotion_targets(node, us, east & last, up + 1, count, castling, depth, pos, stop)

    # En passant: the capture must resolve any check, and the king must not stand on a line
    # that the two pawns leaving their squares open (pins included).
    if ep != NO_SQUARE:
        ep_bit: u64 = ONE << ep
        captured_bit: u64 = ONE << (ep ^ 8)
        if (check_mask & ep_bit) or (checkers & captured_bit):
            candidates: u64 = TABLES[PAWN_AT + 64 * them + ep] & pawns
            after: u64
            sq: cython.int
            while candidates:
                sq = ctz64(candidates)
                after = (occupied ^ (ONE << sq) ^ captured_bit) | ep_bit
                if not (enemy & (
                        (_rook(ksq, after) & (node[ROOK] | node[QUEEN]))
                        | (_bishop(ksq, after) & (node[BISHOP] | node[QUEEN])))):
                    total += 1 if count else _en_passant(node, us, sq, ep, castling, depth, pos, stop)
                candidates &= candidates - 1
    return total


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _en_passant(node: u64_ptr, us: cython.int, frm: cython.int, ep: cython.int, castling: cython.int,
                depth: cython.int, pos: Position, stop: int_ptr) -> u64:
    """The leaves below the en-passant capture from `frm` to `ep`: made in `node` and taken back,
    as a quiet move is (the piece taken is known, a pawn)."""
    total: u64
    captured_bit: u64 = ONE << (ep ^ 8)
    from_to: u64 = (ONE << frm) | (ONE << ep)
    node[PAWN] ^= from_to | captured_bit
    node[7 * us] ^= from_to
    node[7 * (us ^ 1)] ^= captured_bit
    total = _below(node, us ^ 1, NO_SQUARE, castling, depth - 1, pos, stop)
    node[PAWN] ^= from_to | captured_bit
    node[7 * us] ^= from_to
    node[7 * (us ^ 1)] ^= captured_bit
    return total


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _castle(node: u64_ptr, us: cython.int, ksq: cython.int, rsq: cython.int, kingside: cython.bint,
            castling: cython.int, depth: cython.int, pos: Position, stop: int_ptr) -> u64:
    """The leaves below castling with the rook on `rsq` (any files: Chess960 too), made in `node`
    and taken back. XOR moves both pieces even where their squares overlap (the king landing
    where its rook stood, or not moving): the king's and rook's squares before are distinct, so
    are those after, and no other piece stands on any of them."""
    total: u64
    king_move: u64 = (ONE << ksq) ^ (ONE << castled_king_square(ksq, kingside))
    rook_move: u64 = (ONE << rsq) ^ (ONE << castled_rook_square(ksq, kingside))
    node[KING] ^= king_move
    node[ROOK] ^= rook_move
    node[7 * us] ^= king_move ^ rook_move
    total = _below(node, us ^ 1, NO_SQUARE, castling & ~color_castling(us), depth - 1, pos, stop)
    node[KING] ^= king_move
    node[ROOK] ^= rook_move
    node[7 * us] ^= king_move ^ rook_move
    return total


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _count_white(node: u64_ptr, ep: cython.int, castling: cython.int, pos: Position) -> u64:
    return _moves(node, 1, ep, castling, True, 1, pos, cython.NULL)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _count_black(node: u64_ptr, ep: cython.int, castling: cython.int, pos: Position) -> u64:
    return _moves(node, 0, ep, castling, True, 1, pos, cython.NULL)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _count_white_plain(node: u64_ptr, pos: Position) -> u64:
    """_count_white without en passant or castling rights of white's: their code compiled out."""
    return _moves(node, 1, NO_SQUARE, 0, True, 1, pos, cython.NULL)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _count_black_plain(node: u64_ptr, pos: Position) -> u64:
    return _moves(node, 0, NO_SQUARE, 0, True, 1, pos, cython.NULL)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _walk_white(node: u64_ptr, ep: cython.int, castling: cython.int, depth: cython.int, pos: Position,
                stop: int_ptr) -> u64:
    return _moves(node, 1, ep, castling, False, depth, pos, stop)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _walk_black(node: u64_ptr, ep: cython.int, castling: cython.int, depth: cython.int, pos: Position,
                stop: int_ptr) -> u64:
    return _moves(node, 0, ep, castling, False, depth, pos, stop)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _bishop(sq: cython.int, occupied: u64) -> u64:
    return _slider(sq, occupied)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _rook(sq: cython.int, occupied: u64) -> u64:
    return _slider(64 + sq, occupied)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def walkable(pos: Position) -> cython.bint:
    """Whether the walk can count `pos`: one king of each colour, the side not to move not in
    check, no pawn on its first or last rank."""
    us: cython.int = pos._turn
    kings: u64 = pos._pieces[KING]
    own_king: u64 = kings & pos._colors[us]
    their_king: u64 = kings & pos._colors[us ^ 1]
    if popcount64(own_king) != 1 or popcount64(their_king) != 1:
        return False
    if pos._pieces[PAWN] & (RANK_1 | RANK_8):
        return False
    return not _attackers(pos, ctz64(their_king), us, pos._colors[0] | pos._colors[1])


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _load(node: u64_ptr, pos: Position) -> cython.void:
    """The eight words of `pos`."""
    i: cython.int
    node[0] = pos._colors[0]
    for i in range(PAWN, KING + 1):
        node[i] = pos._pieces[i]
    node[7] = pos._colors[1]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def walk(pos: Position, depth: cython.int, stop: int_ptr) -> u64:
    """The leaves `depth` >= 1 plies below `pos` (walkable); a partial count once stop[0] is set."""
    node = cython.declare(u64[8])
    _load(node, pos)
    return _below(node, pos._turn, pos._ep, pos._castling, depth, pos, stop)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def walk_after(pos: Position, move: cython.int, depth: cython.int, stop: int_ptr) -> u64:
    """The leaves `depth` >= 1 plies below the position that `move` (movegen's code, legal in
    `pos`, which is walkable) leads to: walk() of that position with the move made on the
    walk's eight words, by the walk's own functions, instead of on the Position (its piece
    array, key and clocks made and unmade), which is what a hashed count does for each child
    it does not find."""
    node = cython.declare(u64[8])
    us: cython.int = pos._turn
    frm: cython.int = move_from(move)
    to: cython.int = move_to(move)
    flag: cython.int = move_flag(move)
    ep: cython.int = NO_SQUARE
    _load(node, pos)
    if flag == CASTLING:  # the king "takes" its rook
        return _castle(node, us, frm, to, to > frm, pos._castling, depth + 1, pos, stop)
    if flag == EN_PASSANT:
        return _en_passant(node, us, frm, to, pos._castling, depth + 1, pos, stop)
    if flag == DOUBLE_PUSH:
        ep = _en_passant_square(node, us, (frm + to) >> 1)
    return _descend(node, us, code_type(pos._board[frm]), frm, to, flag_promotion(flag), ep, pos._castling,
                    depth + 1, pos, stop)
