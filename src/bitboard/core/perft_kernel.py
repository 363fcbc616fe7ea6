"""Perft's tree walk, specialised for counting: eight bitboards a node, no move list.

A node is eight bitboards (black, pawns ... kings, white), which a move changes in place by XOR
and XORs back after (a capture other than en passant, a copy); the generator visits each legal
move where it finds it and goes straight down into the child. The side to move is a constant of
every function here: each side's counters and walks are compiled from one inline body with that
constant folded in, as Gigantua's templates do. The legality rules are movegen's, set-wise: two
pin masks confine pinned pieces with one AND, the check mask every other move, the king's targets
are tested against the enemy attacks with the king removed, en passant by looking again along the
king's lines; castling's squares (Chess960 too) come from the Position the walk started from.

The last two plies are counted without making most moves (_walk2). The replies to a move are
mostly those the other side would have if the side to move passed: that base is counted once,
part by part (knights, sliders, pawns, king), and a move changes only the parts whose squares it
touches. A move that touches none has the base's number of replies, counted set-wise for all such
moves of a piece; one that touches the sliders' or pawns' squares (or, quiet, the king's) counts
those parts again; checks, en passant, captures beside the king and the special moves are made.

The walk is for positions that a game can reach: one king each, the side not to move not in
check (core.perft's `walkable` says so); perft takes movegen's general path for any other.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (the Python names; compiled, perft_kernel.pxd cimports the C ones)
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
    from .native import USE_PEXT, ctz64, pext64, popcount64
    from .perft_layout import (
        BETWEEN_AT,
        BISHOP_PSEUDO_AT,
        KING_AT,
        KNIGHT_AT,
        MAGIC_AT,
        MASK_AT,
        OFFSET_AT,
        PAWN_AT,
        ROOK_PSEUDO_AT,
        SHIFT_AT,
        fill_tables,
    )
    from .position import Position

u64_ptr = cython.typedef(cython.pointer(u64))
int_ptr = cython.typedef(cython.pointer(cython.int))

#: A node: node[7 * colour] the colour's pieces (black at 0, white at 7), node[PAWN] ... node[KING].
NODE_WORDS = cython.declare(cython.int, 8)

if not cython.compiled:  # compiled, the constants of perft_kernel.pxd
    NOT_A_FILE, NOT_H_FILE = 0xFEFEFEFEFEFEFEFE, 0x7F7F7F7F7F7F7F7F
    RANK_1, RANK_2, RANK_3, RANK_6, RANK_7, RANK_8 = (0xFF, 0xFF00, 0xFF0000, 0xFF0000000000, 0xFF000000000000,
                                                     0xFF00000000000000)
    PAWN_KIND, DOUBLE_KIND = 1, 2
    GATHER_AT, INDEX_AT, KEEP_AT, COUNT_AT, SHELTER_AT, CHECKS_AT, TOUCH_AT, TOTAL_AT, CONTEXT_AT, SCRATCH_WORDS = (
        0, 49, 73, 97, 121, 129, 137, 201, 202, 220)
    (KSQ_AT, OWN_AT, OCCUPIED_AT, ENEMY_AT, ORTHOGONAL_AT, DIAGONAL_AT, LINES_AT, PAWNS_AT, FREE_KNIGHTS_AT,
     PIN_ORTHOGONAL_AT, PIN_DIAGONAL_AT, PIECES_AT, KING_MOVES_AT, KNIGHTS_AT, N_SLIDERS_AT, PAWN_REACH_AT,
     PAWN_MOVES_AT) = range(17)

# The attack tables the walk reads, in one array (core/perft_layout.py says why).
TABLES = cython.declare(u64[112640])
fill_tables(TABLES, USE_PEXT)

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
    if them:
        danger |= ((pawns << 7) & NOT_H_FILE) | ((pawns << 9) & NOT_A_FILE)
    else:
        danger |= ((pawns >> 9) & NOT_H_FILE) | ((pawns >> 7) & NOT_A_FILE)
    if not (zone & ~danger):
        return danger & BB_ALL
    b: u64 = node[KNIGHT] & enemy
    while b:
        danger |= TABLES[KNIGHT_AT + ctz64(b)]
        b &= b - 1
    b = (node[BISHOP] | node[QUEEN]) & enemy
    while b:
        sq: cython.int = ctz64(b)
        if TABLES[BISHOP_PSEUDO_AT + sq] & zone:
            danger |= _slider(sq, occupied)
        b &= b - 1
    b = (node[ROOK] | node[QUEEN]) & enemy
    while b:
        sq = ctz64(b)
        if TABLES[ROOK_PSEUDO_AT + sq] & zone:
            danger |= _slider(64 + sq, occupied)
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
    while targets:
        sq: cython.int = ctz64(targets)
        attacked: u64 = enemy & ((TABLES[KNIGHT_AT + sq] & node[KNIGHT]) | (TABLES[KING_AT + sq] & node[KING])
                            | (TABLES[PAWN_AT + 64 * us + sq] & node[PAWN]))
        if not attacked and TABLES[ROOK_PSEUDO_AT + sq] & enemy_orthogonal:
            attacked = _slider(64 + sq, occupied) & enemy_orthogonal
        if not attacked and TABLES[BISHOP_PSEUDO_AT + sq] & enemy_diagonal:
            attacked = _slider(sq, occupied) & enemy_diagonal
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
    to_bit: u64 = ONE << to
    from_to: u64 = (ONE << frm) | to_bit
    if castling:
        castling &= pos._castling_mask[frm] & pos._castling_mask[to]
    if not (node[7 * (us ^ 1)] & to_bit):
        _toggle_move(node, us, piece, from_to, to_bit, promoted)
        total: u64 = _below(node, us ^ 1, ep, castling, depth - 1, pos, stop)
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
    if depth == 2:
        return _walk2_white(child, ep, castling, pos, stop) if us else _walk2_black(child, ep, castling, pos, stop)
    if us:
        return _walk_white(child, ep, castling, depth, pos, stop)
    return _walk_black(child, ep, castling, depth, pos, stop)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _targets(node: u64_ptr, us: cython.int, frm: cython.int, piece: cython.int, targets: u64, count: cython.bint,
             castling: cython.int, depth: cython.int, pos: Position, stop: int_ptr, gather: u64_ptr) -> u64:
    """The moves of the `piece` on `frm` to each of `targets`: counted, gathered, or each walked."""
    total: u64 = 0
    if count:
        return popcount64(targets)
    if gather:  # (word 0: the list's length; each entry the targets and where they come from)
        if targets:
            n: u64 = gather[0]
            gather[1 + 2 * n] = targets
            gather[2 + 2 * n] = piece | (frm << 8)
            gather[0] = n + 1
        return 0
    while targets:
        total += _descend(node, us, piece, frm, ctz64(targets), 0, NO_SQUARE, castling, depth, pos, stop)
        targets &= targets - 1
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _pawn_targets(node: u64_ptr, us: cython.int, targets: u64, offset: cython.int, double: cython.bint,
                  count: cython.bint, castling: cython.int, depth: cython.int, pos: Position, stop: int_ptr,
                  gather: u64_ptr) -> u64:
    """Pawn moves (no promotion) to `targets`, each from `offset` squares behind its target; a
    double push leaves an en-passant square when an enemy pawn stands ready to take."""
    total: u64 = 0
    if count:
        return popcount64(targets)
    if gather:  # pawns: `offset` + 32 in place of the square they come from, and their kind
        if targets:
            n: u64 = gather[0]
            gather[1 + 2 * n] = targets
            gather[2 + 2 * n] = PAWN | ((offset + 32) << 8) | ((DOUBLE_KIND if double else PAWN_KIND) << 16)
            gather[0] = n + 1
        return 0
    while targets:
        to: cython.int = ctz64(targets)
        ep: cython.int = _en_passant_square(node, us, (2 * to - offset) >> 1) if double else NO_SQUARE
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
    promoted: cython.int
    if count:
        return 4 * popcount64(targets)
    while targets:
        to: cython.int = ctz64(targets)
        for promoted in range(KNIGHT, KING):
            total += _descend(node, us, PAWN, to - offset, to, promoted, NO_SQUARE, castling, depth, pos, stop)
        targets &= targets - 1
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _king_moves(node: u64_ptr, us: cython.int, ksq: cython.int, king: u64, own: u64, occupied: u64, checkers: u64,
                enemy_orthogonal: u64, enemy_diagonal: u64, count: cython.bint, castling: cython.int,
                depth: cython.int, pos: Position, stop: int_ptr, gather: u64_ptr) -> u64:
    """The king's moves of colour `us` (its square `ksq`, its bit `king`): its targets against the
    enemy attacks with the king removed, and castling where the right is held, no check, and the
    squares between king, rook and their destinations empty; the enemy attacks are looked for on
    those squares only."""
    total: u64 = 0
    king_targets: u64 = TABLES[KING_AT + ksq] & ~own
    castle_zone: u64 = 0
    i: cython.int
    if checkers == 0 and castling & color_castling(us):
        for i in range(0 if us else 2, 2 if us else 4):  # the king side, then the queen side
            if (castling >> i) & 1 and not (occupied & pos._castling_empty[i]):
                castle_zone |= pos._castling_king_path[i]
    # Where the king has one or two squares to go to (most nodes), each is looked at on its own:
    # two slider look-ups at most, where the danger map looks up every enemy slider whose lines
    # cross them (1.045-1.062x; with three or more, or castling's squares too, the map is cheaper).
    if castle_zone == 0 and king_targets and popcount64(king_targets) <= 2:
        total += _targets(node, us, ksq, KING, _safe(node, us, occupied ^ king, king_targets, enemy_orthogonal,
                                                     enemy_diagonal), count, castling, depth, pos, stop, gather)
    elif king_targets | castle_zone:
        danger: u64 = _danger(node, us ^ 1, occupied ^ king, king_targets | castle_zone)
        total += _targets(node, us, ksq, KING, king_targets & ~danger, count, castling, depth, pos, stop, gather)
        if castle_zone:
            for i in range(0 if us else 2, 2 if us else 4):
                if not (castling >> i) & 1:
                    continue
                rsq: cython.int = pos._castling_rook[i]
                if occupied & pos._castling_empty[i] or danger & pos._castling_king_path[i]:
                    continue
                if pos._castling_beyond[i] & enemy_orthogonal and enemy_orthogonal & _slider(
                        64 + castled_king_square(ksq, i % 2 == 0), occupied ^ king ^ (ONE << rsq)):
                    continue
                total += 1 if count else _castle(node, us, ksq, rsq, i % 2 == 0, castling, depth, pos, stop)
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _moves(node: u64_ptr, us: cython.int, ep: cython.int, castling: cython.int, count: cython.bint,
           depth: cython.int, pos: Position, stop: int_ptr, gather: u64_ptr) -> u64:
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
    pins = cython.declare(u64[3])
    check_mask: u64 = BB_ALL
    total: u64 = 0
    _pins(ksq, occupied, own, enemy_orthogonal, enemy_diagonal, pins)
    pin_orthogonal: u64 = pins[0]
    pin_diagonal: u64 = pins[1]
    checkers: u64 = pins[2] | (enemy & ((TABLES[KNIGHT_AT + ksq] & node[KNIGHT]) | (
        TABLES[PAWN_AT + 64 * us + ksq] & node[PAWN])))

    total += _king_moves(node, us, ksq, king, own, occupied, checkers, enemy_orthogonal, enemy_diagonal, count,
                         castling, depth, pos, stop, gather)
    if checkers:
        if checkers & (checkers - 1):
            return total  # double check: only the king moves
        check_mask = TABLES[BETWEEN_AT + 64 * ksq + ctz64(checkers)] | checkers
    movable: u64 = ~own & check_mask
    pinned: u64 = pin_orthogonal | pin_diagonal

    b: u64 = node[KNIGHT] & own & ~pinned  # a pinned knight never moves
    while b:
        sq: cython.int = ctz64(b)
        total += _targets(node, us, sq, KNIGHT, TABLES[KNIGHT_AT + sq] & movable, count, castling, depth, pos, stop,
                          gather)
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
        total += _targets(node, us, sq, BISHOP + 2 * ((node[QUEEN] >> sq) & 1), _slider(sq, occupied) & movable,
                          count, castling, depth, pos, stop, gather)
        b &= b - 1
    b = orthogonal & ~pinned
    while b:
        sq = ctz64(b)
        total += _targets(node, us, sq, ROOK + ((node[QUEEN] >> sq) & 1), _slider(64 + sq, occupied) & movable,
                          count, castling, depth, pos, stop, gather)
        b &= b - 1
    if pinned:
        b = diagonal & pin_diagonal
        while b:
            sq = ctz64(b)
            total += _targets(node, us, sq, BISHOP + 2 * ((node[QUEEN] >> sq) & 1),
                              _slider(sq, occupied) & movable & pin_diagonal, count, castling, depth, pos, stop, gather)
            b &= b - 1
        b = orthogonal & pin_orthogonal
        while b:
            sq = ctz64(b)
            total += _targets(node, us, sq, ROOK + ((node[QUEEN] >> sq) & 1), _slider(64 + sq, occupied) & movable
                              & pin_orthogonal, count, castling, depth, pos, stop, gather)
            b &= b - 1
    return total + _pawn_moves(node, us, ep, check_mask, checkers, pin_orthogonal, pin_diagonal, ksq, count,
                               castling, depth, pos, stop, gather)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _pawn_moves(node: u64_ptr, us: cython.int, ep: cython.int, check_mask: u64, checkers: u64,
                pin_orthogonal: u64, pin_diagonal: u64, ksq: cython.int, count: cython.bint, castling: cython.int,
                depth: cython.int, pos: Position, stop: int_ptr, gather: u64_ptr) -> u64:
    """The pawns' moves, set-wise: a pawn pinned along a file pushes within its pin ray, one
    pinned along a diagonal takes within its ray, and no other pinned pawn moves."""
    them: cython.int = us ^ 1
    own: u64 = node[7 * us]
    enemy: u64 = node[7 * them]
    occupied: u64 = own | enemy
    pawns: u64 = node[PAWN] & own
    sets = cython.declare(u64[4])
    last: u64 = RANK_8 if us else RANK_1
    up: cython.int = 8 if us else -8
    total: u64 = 0
    _pawn_sets(us, pawns, occupied, enemy, check_mask, pin_orthogonal, pin_diagonal, sets)
    single: u64 = sets[0]
    west: u64 = sets[2]
    east: u64 = sets[3]
    total += _pawn_targets(node, us, single & ~last, up, False, count, castling, depth, pos, stop, gather)
    total += _pawn_targets(node, us, sets[1], 2 * up, True, count, castling, depth, pos, stop, gather)
    total += _pawn_targets(node, us, west & ~last, up - 1, False, count, castling, depth, pos, stop, gather)
    total += _pawn_targets(node, us, east & ~last, up + 1, False, count, castling, depth, pos, stop, gather)
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
                        (_slider(64 + ksq, after) & (node[ROOK] | node[QUEEN]))
                        | (_slider(ksq, after) & (node[BISHOP] | node[QUEEN])))):
                    total += 1 if count else _en_passant(node, us, sq, ep, castling, depth, pos, stop)
                candidates &= candidates - 1
    return total


def _en_passant(node: u64_ptr, us: cython.int, frm: cython.int, ep: cython.int, castling: cython.int,
                depth: cython.int, pos: Position, stop: int_ptr) -> u64:
    """The leaves below the en-passant capture from `frm` to `ep`: made in `node` and taken back,
    as a quiet move is (the piece taken is known, a pawn)."""
    captured_bit: u64 = ONE << (ep ^ 8)
    from_to: u64 = (ONE << frm) | (ONE << ep)
    node[PAWN] ^= from_to | captured_bit
    node[7 * us] ^= from_to
    node[7 * (us ^ 1)] ^= captured_bit
    total: u64 = _below(node, us ^ 1, NO_SQUARE, castling, depth - 1, pos, stop)
    node[PAWN] ^= from_to | captured_bit
    node[7 * us] ^= from_to
    node[7 * (us ^ 1)] ^= captured_bit
    return total


def _castle(node: u64_ptr, us: cython.int, ksq: cython.int, rsq: cython.int, kingside: cython.bint,
            castling: cython.int, depth: cython.int, pos: Position, stop: int_ptr) -> u64:
    """The leaves below castling with the rook on `rsq` (any files: Chess960 too), made in `node`
    and taken back. XOR moves both pieces even where their squares overlap (the king landing
    where its rook stood, or not moving): the king's and rook's squares before are distinct, so
    are those after, and no other piece stands on any of them."""
    king_move: u64 = (ONE << ksq) ^ (ONE << castled_king_square(ksq, kingside))
    rook_move: u64 = (ONE << rsq) ^ (ONE << castled_rook_square(ksq, kingside))
    node[KING] ^= king_move
    node[ROOK] ^= rook_move
    node[7 * us] ^= king_move ^ rook_move
    total: u64 = _below(node, us ^ 1, NO_SQUARE, castling & ~color_castling(us), depth - 1, pos, stop)
    node[KING] ^= king_move
    node[ROOK] ^= rook_move
    node[7 * us] ^= king_move ^ rook_move
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _pins(ksq: cython.int, occupied: u64, own: u64, enemy_orthogonal: u64, enemy_diagonal: u64,
          out: u64_ptr) -> cython.void:
    """The checks and pins of the king on `ksq` (its side's pieces `own`) by the enemy sliders:
    out[0] the rays of the pins along ranks and files, out[1] along diagonals, out[2] the checkers."""
    pin_orthogonal: u64 = 0
    pin_diagonal: u64 = 0
    checkers: u64 = 0
    orthogonal: u64 = TABLES[ROOK_PSEUDO_AT + ksq] & enemy_orthogonal  # (a square is on one kind of line)
    b: u64 = orthogonal | (TABLES[BISHOP_PSEUDO_AT + ksq] & enemy_diagonal)
    while b:
        sq: cython.int = ctz64(b)
        between: u64 = TABLES[BETWEEN_AT + 64 * ksq + sq] & occupied
        if between == 0:
            checkers |= ONE << sq
        elif not (between & (between - 1)) and (between & own):
            if orthogonal & (ONE << sq):
                pin_orthogonal |= TABLES[BETWEEN_AT + 64 * ksq + sq] | (ONE << sq)
            else:
                pin_diagonal |= TABLES[BETWEEN_AT + 64 * ksq + sq] | (ONE << sq)
        b &= b - 1
    out[0] = pin_orthogonal
    out[1] = pin_diagonal
    out[2] = checkers


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _pawn_sets(us: cython.int, pawns: u64, occupied: u64, enemy: u64, check_mask: u64, pin_orthogonal: u64,
               pin_diagonal: u64, out: u64_ptr) -> cython.void:
    """The targets of colour `us`'s `pawns` (no en passant) within `check_mask`, set-wise: out[0]
    single pushes, out[1] double, out[2] captures towards the a-file, out[3] towards the h-file.
    A pawn pinned along a file pushes within its pin ray, one pinned along a diagonal takes within
    its ray, no other pinned pawn moves. Where none is pinned (most nodes), the pin masks are set
    to zero for the compiler to fold."""
    empty: u64 = ~occupied & BB_ALL
    pushers: u64 = pawns & ~pin_diagonal
    takers: u64 = pawns & ~pin_orthogonal
    takers_free: u64 = takers & ~pin_diagonal
    takers_pinned: u64 = takers & pin_diagonal
    if not (pawns & (pin_orthogonal | pin_diagonal)):
        pushers = takers_free = pawns
        takers_pinned = pin_orthogonal = pin_diagonal = 0
    single: u64
    if us:
        single = (((pushers & ~pin_orthogonal) << 8) | (((pushers & pin_orthogonal) << 8) & pin_orthogonal)) & empty
        out[1] = ((single & RANK_3) << 8) & empty & check_mask
        out[2] = ((takers_free << 7) | ((takers_pinned << 7) & pin_diagonal)) & NOT_H_FILE & enemy & check_mask
        out[3] = ((takers_free << 9) | ((takers_pinned << 9) & pin_diagonal)) & NOT_A_FILE & enemy & check_mask
    else:
        single = (((pushers & ~pin_orthogonal) >> 8) | (((pushers & pin_orthogonal) >> 8) & pin_orthogonal)) & empty
        out[1] = ((single & RANK_6) >> 8) & empty & check_mask
        out[2] = ((takers_free >> 9) | ((takers_pinned >> 9) & pin_diagonal)) & NOT_H_FILE & enemy & check_mask
        out[3] = ((takers_free >> 7) | ((takers_pinned >> 7) & pin_diagonal)) & NOT_A_FILE & enemy & check_mask
    out[0] = single & check_mask


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _pawn_count(us: cython.int, pawns: u64, occupied: u64, enemy: u64, pin_orthogonal: u64, pin_diagonal: u64) -> u64:
    """The moves of colour `us`'s `pawns` given the occupancy and the enemy's pieces, no check and
    no en passant (_pawn_sets), a promotion four moves."""
    sets = cython.declare(u64[4])
    last: u64 = RANK_8 if us else RANK_1
    _pawn_sets(us, pawns, occupied, enemy, BB_ALL, pin_orthogonal, pin_diagonal, sets)
    total: u64 = popcount64(sets[0]) + popcount64(sets[1]) + popcount64(sets[2]) + popcount64(sets[3])
    if (sets[0] | sets[2] | sets[3]) & last:
        total += 3 * (popcount64(sets[0] & last) + popcount64(sets[2] & last) + popcount64(sets[3] & last))
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _knight_sum(knights: u64, own: u64) -> u64:
    """The moves of `knights` (none of them pinned, no check) beside own pieces `own`."""
    total: u64 = 0
    while knights:
        total += popcount64(TABLES[KNIGHT_AT + ctz64(knights)] & ~own)
        knights &= knights - 1
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _pinned_again(scratch: u64_ptr, them: cython.int, to: cython.int, taken: u64, occupied: u64, from_to: u64,
                  pin_orthogonal: u64, pin_diagonal: u64) -> u64:
    """For _again, a move that changes the pins: the knights', sliders' and pawns' replies counted
    again under the new pins (the piece on `to`, where `taken`, left out)."""
    own: u64 = scratch[CONTEXT_AT + OWN_AT] ^ taken
    total: u64 = _knight_sum(scratch[CONTEXT_AT + KNIGHTS_AT] & ~taken & ~(pin_orthogonal | pin_diagonal), own)
    total += _pawn_count(them, scratch[CONTEXT_AT + PAWNS_AT] & ~taken, occupied,
                         scratch[CONTEXT_AT + ENEMY_AT] ^ from_to, pin_orthogonal, pin_diagonal)
    j: cython.int
    for j in range(cython.cast(cython.int, scratch[CONTEXT_AT + N_SLIDERS_AT])):
        sq: cython.int = cython.cast(cython.int, scratch[INDEX_AT + j] & 63)
        if sq == to:
            continue
        if scratch[INDEX_AT + j] < 64:  # along diagonals
            if not (ONE << sq) & pin_orthogonal:
                total += popcount64(_slider(sq, occupied) & ~own & (
                    pin_diagonal if (ONE << sq) & pin_diagonal else BB_ALL))
        elif not (ONE << sq) & pin_diagonal:
            total += popcount64(_slider(64 + sq, occupied) & ~own & (
                pin_orthogonal if (ONE << sq) & pin_orthogonal else BB_ALL))
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _again(node: u64_ptr, scratch: u64_ptr, us: cython.int, targets: u64, taking: cython.bint, king_too: cython.bint,
           piece: cython.int, frm: cython.int, pawn_moved: cython.int, castling: cython.int, pos: Position,
           stop: int_ptr) -> u64:
    """_walk2's moves of the `piece` on `frm` (pawns: to - `pawn_moved`) to `targets`, captures all
    or none (`taking`), that give no check by the piece moved: their replies counted from the
    base's parts (scratch's context), the pawns' moves again, the sliders' that the move touches,
    and with `king_too` (quiet moves only) the king's, its move made in `node` for that; into
    scratch[TOTAL_AT]. Returns the moves that change the pins, to be made instead."""
    pins = cython.declare(u64[3])
    them: cython.int = us ^ 1
    ksq: cython.int = cython.cast(cython.int, scratch[CONTEXT_AT + KSQ_AT])
    own: u64 = scratch[CONTEXT_AT + OWN_AT]
    total: u64 = 0
    made: u64 = 0
    while targets:
        to: cython.int = ctz64(targets)
        from_to: u64 = (ONE << (frm + (to & pawn_moved))) | (ONE << to)
        taken: u64 = (ONE << to) if taking else 0
        child_occupied: u64 = scratch[CONTEXT_AT + OCCUPIED_AT] ^ (from_to & ~taken)
        if from_to & scratch[CONTEXT_AT + LINES_AT]:
            _pins(ksq, child_occupied, own ^ taken, scratch[CONTEXT_AT + ORTHOGONAL_AT] ^ (
                from_to if piece in (ROOK, QUEEN) else 0), scratch[CONTEXT_AT + DIAGONAL_AT] ^ (
                from_to if piece in (BISHOP, QUEEN) else 0), pins)
            if pins[2]:  # a check: made
                made |= ONE << to
                targets &= targets - 1
                continue
            if pins[0] != scratch[CONTEXT_AT + PIN_ORTHOGONAL_AT] or pins[1] != scratch[CONTEXT_AT + PIN_DIAGONAL_AT]:
                counted: u64 = _pinned_again(scratch, them, to, taken, child_occupied, from_to, pins[0], pins[1])
                if king_too:
                    _toggle_move(node, us, piece, from_to, ONE << to, 0)
                    counted += _king_moves(node, them, ksq, ONE << ksq, own, child_occupied, 0,
                                           (node[ROOK] | node[QUEEN]) & node[7 * us],
                                           (node[BISHOP] | node[QUEEN]) & node[7 * us], True, castling, 1, pos, stop,
                                           cython.NULL)
                    _toggle_move(node, us, piece, from_to, ONE << to, 0)
                else:
                    counted += scratch[CONTEXT_AT + KING_MOVES_AT]
                total += counted
                targets &= targets - 1
                continue
        counted = scratch[CONTEXT_AT + PIECES_AT]
        if from_to & scratch[CONTEXT_AT + PAWN_REACH_AT]:
            counted += _pawn_count(them, scratch[CONTEXT_AT + PAWNS_AT] & ~taken, child_occupied,
                                   scratch[CONTEXT_AT + ENEMY_AT] ^ from_to, scratch[CONTEXT_AT + PIN_ORTHOGONAL_AT],
                                   scratch[CONTEXT_AT + PIN_DIAGONAL_AT])
        else:
            counted += scratch[CONTEXT_AT + PAWN_MOVES_AT]
        if taking:  # a knight gains the square taken, and a knight taken loses its moves
            counted += popcount64(TABLES[KNIGHT_AT + to] & scratch[CONTEXT_AT + FREE_KNIGHTS_AT])
            if (ONE << to) & scratch[CONTEXT_AT + FREE_KNIGHTS_AT]:
                counted -= popcount64(TABLES[KNIGHT_AT + to] & ~own)
        if king_too:
            _toggle_move(node, us, piece, from_to, ONE << to, 0)
            counted += _king_moves(node, them, ksq, ONE << ksq, own, child_occupied, 0,
                                   (node[ROOK] | node[QUEEN]) & node[7 * us],
                                   (node[BISHOP] | node[QUEEN]) & node[7 * us], True, castling, 1, pos, stop,
                                   cython.NULL)
            _toggle_move(node, us, piece, from_to, ONE << to, 0)
        else:
            counted += scratch[CONTEXT_AT + KING_MOVES_AT]
        touched: u64 = scratch[TOUCH_AT + frm + (to & pawn_moved)] | scratch[TOUCH_AT + to]
        while touched:  # the sliders whose moves the move touches (one taken: none left)
            j: cython.int = ctz64(touched)
            counted -= scratch[COUNT_AT + j]
            if not taking or (scratch[INDEX_AT + j] & 63) != cython.cast(u64, to):
                counted += popcount64(_slider(scratch[INDEX_AT + j], child_occupied) & ~(own ^ taken)
                                      & scratch[KEEP_AT + j])
            touched &= touched - 1
        total += counted
        targets &= targets - 1
    scratch[TOTAL_AT] = total
    return made


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _walk2(node: u64_ptr, us: cython.int, ep: cython.int, castling: cython.int, pos: Position, stop: int_ptr,
           scratch: u64_ptr) -> u64:
    """The leaves two plies below `node`, colour `us` to move. Most moves leave most of the
    replies as they were: those of `them` in `node`, where `us` had passed (the base), counted
    once, part by part. A move that takes nothing and gives no check keeps the knights' part;
    where it touches no square of the king's `shelter` (its targets and castling squares and
    every square from which a piece might attack them), the king's; where it touches no square of
    `reach` either (the enemy king's lines up to their second piece, the enemy sliders' and pawns'
    moves), every part: such moves have the base's number of replies, counted set-wise, piece
    by piece. The moves that touch `reach` alone count the sliders' and pawns' moves again
    (where the pins stay as they were: else, as every other move (a capture, a check, castling,
    en passant, a promotion), made and its replies counted, as above the last two plies).
    (The lists are the caller's: GCC inlines no function with a stack frame that large.)"""
    them: cython.int = us ^ 1
    scratch[GATHER_AT] = 0  # (at 0: the gathered list is `scratch` itself)
    total: u64 = _moves(node, us, ep, castling, False, 2, pos, stop, scratch)
    if scratch[GATHER_AT] == 0:
        return total

    # The base, part by part, and the squares where a change may change each: `them` is never in
    # check (`us` is to move).
    pins = cython.declare(u64[3])
    own: u64 = node[7 * them]
    enemy: u64 = node[7 * us]
    occupied: u64 = own | enemy
    king: u64 = node[KING] & own
    ksq: cython.int = ctz64(king)
    enemy_orthogonal: u64 = (node[ROOK] | node[QUEEN]) & enemy
    enemy_diagonal: u64 = (node[BISHOP] | node[QUEEN]) & enemy
    k: cython.int
    j: cython.int
    _pins(ksq, occupied, own, enemy_orthogonal, enemy_diagonal, pins)
    pin_orthogonal: u64 = pins[0]
    pin_diagonal: u64 = pins[1]
    lines: u64 = _slider(64 + ksq, occupied) | _slider(ksq, occupied)  # the king's lines to their second piece
    lines |= _slider(64 + ksq, occupied & ~lines) | _slider(ksq, occupied & ~lines)
    knight_moves: u64 = _knight_sum(node[KNIGHT] & own & ~(pin_orthogonal | pin_diagonal), own)
    n_sliders: cython.int = 0
    sliders: u64 = 0
    reach: u64 = lines
    for k in range(2):  # each slider's look-up index (_slider: bishops, then rooks) and squares it may go to
        b: u64 = (node[BISHOP + k] | node[QUEEN]) & own
        while b:
            sq: cython.int = ctz64(b)
            scratch[INDEX_AT + n_sliders] = 64 * k + sq
            scratch[KEEP_AT + n_sliders] = 0 if (ONE << sq) & pins[k] else (  # pins: [orthogonal, diagonal]
                pins[1 - k] if (ONE << sq) & pins[1 - k] else BB_ALL)
            n_sliders += 1
            b &= b - 1
    for sq in range(64):  # (compiled: a memset)
        scratch[TOUCH_AT + sq] = 0
    for j in range(n_sliders):  # each slider's moves, and on each square the sliders that reach it (or stand there)
        attacks: u64 = _slider(scratch[INDEX_AT + j], occupied)
        scratch[COUNT_AT + j] = popcount64(attacks & ~own & scratch[KEEP_AT + j])
        sliders += scratch[COUNT_AT + j]
        attacks |= ONE << (scratch[INDEX_AT + j] & 63)
        reach |= attacks
        while attacks:
            scratch[TOUCH_AT + ctz64(attacks)] |= ONE << j
            attacks &= attacks - 1
    pawns: u64 = node[PAWN] & own
    pawn_moves: u64 = _pawn_count(them, pawns, occupied, enemy, pin_orthogonal, pin_diagonal)
    beside: u64 = ((pawns & NOT_H_FILE) << 1) | ((pawns & NOT_A_FILE) >> 1)  # a double push there leaves en passant
    if them:
        pawn_reach: u64 = (pawns | (pawns << 8) | ((pawns & RANK_2) << 16) | ((pawns << 7) & NOT_H_FILE)
                      | ((pawns << 9) & NOT_A_FILE)) & BB_ALL
    else:
        pawn_reach = pawns | (pawns >> 8) | ((pawns & RANK_7) >> 16) | ((pawns >> 9) & NOT_H_FILE) | (
            (pawns >> 7) & NOT_A_FILE)
    reach |= pawn_reach
    king_moves: u64 = _king_moves(node, them, ksq, king, own, occupied, 0, enemy_orthogonal, enemy_diagonal, True,
                                  castling, 1, pos, stop, cython.NULL)
    # The king's shelter, by the kind of piece that moves there or away: the squares a piece of
    # that kind attacks one of the king's squares from (its targets, and its castling path where
    # that is empty), those squares themselves, the castling squares, and the squares between
    # one of them and an enemy slider that attacks it or would without the one piece between.
    common: u64 = 0
    by_knights: u64 = 0
    by_bishops: u64 = 0
    by_rooks: u64 = 0
    by_king: u64 = 0
    by_pawns: u64 = 0
    zone: u64 = TABLES[KING_AT + ksq] & ~own  # the squares whose attackers decide the king's moves
    open_king: u64 = BB_ALL if popcount64(zone) > 2 else 0  # its moves counted again as dear as all
    touchy: u64 = own & TABLES[KING_AT + ksq]  # a capture there gives the king a square
    if castling & color_castling(them):
        for k in range(0 if them else 2, 2 if them else 4):
            if (castling >> k) & 1:
                common |= pos._castling_empty[k]
                touchy |= ONE << pos._castling_rook[k]
                if not (occupied & pos._castling_empty[k]):
                    zone |= pos._castling_king_path[k]
                    common |= _slider(64 + castled_king_square(ksq, k % 2 == 0),
                                      occupied ^ king ^ (ONE << pos._castling_rook[k]))
    while zone:
        sq = ctz64(zone)
        attacks = _slider(64 + sq, occupied ^ king)
        ray: u64 = _slider(sq, occupied ^ king)
        by_knights |= TABLES[KNIGHT_AT + sq]
        by_bishops |= ray
        by_rooks |= attacks
        by_king |= TABLES[KING_AT + sq]
        by_pawns |= TABLES[PAWN_AT + 64 * them + sq]
        common |= ONE << sq
        b = (attacks & enemy_orthogonal) | (ray & enemy_diagonal)  # what stops them: a piece between
        while b:
            common |= TABLES[BETWEEN_AT + 64 * sq + ctz64(b)]
            b &= b - 1
        b = (_slider(64 + sq, occupied & ~attacks) & enemy_orthogonal) | (_slider(sq, occupied & ~ray) & enemy_diagonal)
        while b:  # what would let them: the piece between going
            common |= TABLES[BETWEEN_AT + 64 * sq + ctz64(b)] & enemy
            b &= b - 1
        zone &= zone - 1
    scratch[SHELTER_AT + KNIGHT] = common | by_knights
    scratch[SHELTER_AT + BISHOP] = common | by_bishops
    scratch[SHELTER_AT + ROOK] = common | by_rooks
    scratch[SHELTER_AT + QUEEN] = common | by_bishops | by_rooks
    scratch[SHELTER_AT + KING] = common | by_king
    scratch[SHELTER_AT + PAWN] = common | by_pawns
    base: u64 = knight_moves + king_moves + sliders + pawn_moves
    for k in range(BISHOP, KING + 1):  # where a piece of that kind gives check
        scratch[CHECKS_AT + k] = 0
    scratch[CHECKS_AT + KNIGHT] = TABLES[KNIGHT_AT + ksq]
    scratch[CHECKS_AT + PAWN] = TABLES[PAWN_AT + 64 * them + ksq]
    scratch[CONTEXT_AT + KSQ_AT] = ksq
    scratch[CONTEXT_AT + OWN_AT] = own
    scratch[CONTEXT_AT + OCCUPIED_AT] = occupied
    scratch[CONTEXT_AT + ENEMY_AT] = enemy
    scratch[CONTEXT_AT + ORTHOGONAL_AT] = enemy_orthogonal
    scratch[CONTEXT_AT + DIAGONAL_AT] = enemy_diagonal
    scratch[CONTEXT_AT + LINES_AT] = lines
    scratch[CONTEXT_AT + PAWNS_AT] = pawns
    scratch[CONTEXT_AT + FREE_KNIGHTS_AT] = node[KNIGHT] & own & ~(pin_orthogonal | pin_diagonal)
    scratch[CONTEXT_AT + KNIGHTS_AT] = node[KNIGHT] & own
    scratch[CONTEXT_AT + N_SLIDERS_AT] = n_sliders
    scratch[CONTEXT_AT + PAWN_REACH_AT] = pawn_reach
    scratch[CONTEXT_AT + PAWN_MOVES_AT] = pawn_moves
    scratch[CONTEXT_AT + PIN_ORTHOGONAL_AT] = pin_orthogonal
    scratch[CONTEXT_AT + PIN_DIAGONAL_AT] = pin_diagonal
    scratch[CONTEXT_AT + PIECES_AT] = knight_moves + sliders
    scratch[CONTEXT_AT + KING_MOVES_AT] = king_moves

    # The moves, piece by piece: those that leave the base counted at once, those that leave the
    # king's part counting the others again, the rest made.
    i: u64
    sheltered: u64
    for i in range(scratch[GATHER_AT]):
        targets: u64 = scratch[GATHER_AT + 1 + 2 * i]
        info: u64 = scratch[GATHER_AT + 2 + 2 * i]
        piece: cython.int = info & 15
        kind: cython.int = info >> 16
        frm: cython.int = cython.cast(cython.int, (info >> 8) & 255)
        offset: cython.int = frm - 32
        pawn_moved: cython.int = -1 if kind else 0  # a move's from square: frm + (to & pawn_moved), without a branch
        if kind:
            frm = -offset
        # made: checks by the piece moved, en passant, captures that change the king's moves;
        # again_king: quiet moves that change them; again: the others that change a part
        if kind == 0:  # a piece on `frm`
            sheltered = targets if (ONE << frm) & scratch[SHELTER_AT + piece] else targets & scratch[SHELTER_AT + piece]
            again: u64 = targets if (ONE << frm) & reach else targets & (reach | own)
        else:  # pawns, each `offset` squares from its target
            sheltered = targets & scratch[SHELTER_AT + PAWN]
            again = targets & (reach | own)
            if offset > 0:
                sheltered |= ((targets >> offset) & scratch[SHELTER_AT + PAWN]) << offset
                again |= ((targets >> offset) & reach) << offset
            else:
                sheltered |= ((targets << -offset) & scratch[SHELTER_AT + PAWN]) >> -offset
                again |= ((targets << -offset) & reach) >> -offset
        made: u64 = targets & (scratch[CHECKS_AT + piece] | (own & (sheltered | touchy)) | (
            beside if kind == DOUBLE_KIND else 0))
        made |= sheltered & open_king
        again_king: u64 = sheltered & ~made
        again &= ~(made | again_king)
        total += popcount64(targets & ~(made | again | again_king)) * base
        made |= _again(node, scratch, us, again & ~own, False, False, piece, frm, pawn_moved, castling, pos, stop)
        total += scratch[TOTAL_AT]
        made |= _again(node, scratch, us, again & own, True, False, piece, frm, pawn_moved, castling, pos, stop)
        total += scratch[TOTAL_AT]
        made |= _again(node, scratch, us, again_king, False, True, piece, frm, pawn_moved, castling, pos, stop)
        total += scratch[TOTAL_AT]
        while made:
            to: cython.int = ctz64(made)
            total += _descend(node, us, piece, frm + (to & pawn_moved), to, 0, _en_passant_square(
                node, us, (frm + (to & pawn_moved) + to) >> 1) if kind == DOUBLE_KIND else NO_SQUARE, castling, 2, pos,
                              stop)
            made &= made - 1
    return total


def _walk2_white(node: u64_ptr, ep: cython.int, castling: cython.int, pos: Position, stop: int_ptr) -> u64:
    scratch = cython.declare(u64[SCRATCH_WORDS])
    return _walk2(node, 1, ep, castling, pos, stop, scratch)


def _walk2_black(node: u64_ptr, ep: cython.int, castling: cython.int, pos: Position, stop: int_ptr) -> u64:
    scratch = cython.declare(u64[SCRATCH_WORDS])
    return _walk2(node, 0, ep, castling, pos, stop, scratch)


def _count_white(node: u64_ptr, ep: cython.int, castling: cython.int, pos: Position) -> u64:
    return _moves(node, 1, ep, castling, True, 1, pos, cython.NULL, cython.NULL)


def _count_black(node: u64_ptr, ep: cython.int, castling: cython.int, pos: Position) -> u64:
    return _moves(node, 0, ep, castling, True, 1, pos, cython.NULL, cython.NULL)


def _count_white_plain(node: u64_ptr, pos: Position) -> u64:
    """_count_white without en passant or castling rights of white's: their code compiled out."""
    return _moves(node, 1, NO_SQUARE, 0, True, 1, pos, cython.NULL, cython.NULL)


def _count_black_plain(node: u64_ptr, pos: Position) -> u64:
    return _moves(node, 0, NO_SQUARE, 0, True, 1, pos, cython.NULL, cython.NULL)


def _walk_white(node: u64_ptr, ep: cython.int, castling: cython.int, depth: cython.int, pos: Position,
                stop: int_ptr) -> u64:
    return _moves(node, 1, ep, castling, False, depth, pos, stop, cython.NULL)


def _walk_black(node: u64_ptr, ep: cython.int, castling: cython.int, depth: cython.int, pos: Position,
                stop: int_ptr) -> u64:
    return _moves(node, 0, ep, castling, False, depth, pos, stop, cython.NULL)


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


def walk(pos: Position, depth: cython.int, stop: int_ptr) -> u64:
    """The leaves `depth` >= 1 plies below `pos` (walkable); a partial count once stop[0] is set."""
    node = cython.declare(u64[8])
    _load(node, pos)
    return _below(node, pos._turn, pos._ep, pos._castling, depth, pos, stop)


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
