"""The pseudo-legal moves of standard chess, in python-chess's order: the moves each piece can
make by its movement alone (castling only when legal, as python-chess lists it), which the
Board's pseudo-legal API, the legality of boards with several kings and the variants' move
generators start from (core/legality, core/variant_moves).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .attacks import KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, _bishop_attacks, _rook_attacks
    from .encoding import (
        BB_ALL,
        BISHOP,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        KING,
        KNIGHT,
        MAX_PIECE_MOVES,
        NO_SQUARE,
        NORMAL,
        ONE,
        PAWN,
        QUEEN,
        ROOK,
        code_type,
        encode_move,
        move_flag,
        move_to,
        promotion_flag,
        u64,
    )
    from .movegen import _generate
    from .native import clz64
    from .position import Position

ushort_ptr = cython.typedef(cython.pointer(cython.ushort))

RANK_2_3 = cython.declare(u64, 0x0000000000FFFF00)  # where a white pawn's single step may go on
RANK_6_7 = cython.declare(u64, 0x00FFFF0000000000)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _one_king(pos: Position) -> cython.bint:
    """Whether the side to move has at most one king: the fast generator's case."""
    kings: u64 = pos._pieces[KING] & pos._colors[pos._turn]
    return (kings & (kings - 1)) == 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _piece_attacks(pos: Position, sq: cython.int, occupied: u64) -> u64:
    """The squares the piece on `sq` attacks (0 for an empty square)."""
    code: cython.int = pos._board[sq]
    kind: cython.int = code_type(code)
    if kind == PAWN:
        return PAWN_ATTACKS[64 * (code >> 3) + sq]
    if kind == KNIGHT:
        return KNIGHT_ATTACKS[sq]
    if kind == KING:
        return KING_ATTACKS[sq]
    out: u64 = 0
    if kind in (BISHOP, QUEEN):
        out |= _bishop_attacks(sq, occupied)
    if kind in (ROOK, QUEEN):
        out |= _rook_attacks(sq, occupied)
    return out


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _add_pawn_move(buf: ushort_ptr, n: cython.int, frm: cython.int, to: cython.int, flag: cython.int) -> cython.int:
    """A pawn's move, or its four promotions on the last rank (queen first, as python-chess lists them)."""
    piece: cython.int
    if 0 < (to >> 3) < 7:
        buf[n] = encode_move(frm, to, flag)
        return n + 1
    for piece in range(QUEEN, KNIGHT - 1, -1):
        buf[n] = encode_move(frm, to, promotion_flag(piece))
        n += 1
    return n


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _standard_pseudo_legal(pos: Position, buf: ushort_ptr, from_mask: u64, to_mask: u64) -> cython.int:
    """The pseudo-legal moves from `from_mask` to `to_mask` into buf, in python-chess's order
    (every piece but the pawns by square, highest first, each with its targets highest first;
    castling; pawn captures by pawn; single steps and two-square steps by target; en passant by
    pawn); how many."""
    us: cython.int = pos._turn
    own: u64 = pos._colors[us]
    enemy: u64 = pos._colors[us ^ 1]
    occupied: u64 = own | enemy
    empty: u64 = ~occupied & BB_ALL
    n: cython.int = 0
    pawns: u64 = own & from_mask & pos._pieces[PAWN]
    b: u64 = own & from_mask & ~pawns
    sq: cython.int
    to: cython.int
    targets: u64
    single: u64
    double: u64
    while b:
        sq = 63 - clz64(b)
        b ^= ONE << sq
        targets = _piece_attacks(pos, sq, occupied) & ~own & to_mask
        while targets:
            to = 63 - clz64(targets)
            targets ^= ONE << to
            buf[n] = encode_move(sq, to, NORMAL)
            n += 1
    if _one_king(pos) and pos._pieces[KING] & own & from_mask:  # castling, when legal (python-chess lists no other)
        kings = cython.declare(cython.ushort[MAX_PIECE_MOVES])
        count: cython.int = _generate(pos, kings, 0, pos._pieces[KING] & own & from_mask, False)
        i: cython.int
        for i in range(count):
            if move_flag(kings[i]) == CASTLING and (to_mask >> move_to(kings[i])) & 1:
                buf[n] = kings[i]
                n += 1
    b = pawns
    while b:
        sq = 63 - clz64(b)
        b ^= ONE << sq
        targets = PAWN_ATTACKS[64 * us + sq] & enemy & to_mask
        while targets:
            to = 63 - clz64(targets)
            targets ^= ONE << to
            n = _add_pawn_move(buf, n, sq, to, NORMAL)
    # single steps, then two squares (from the second rank, and from the first too, as python-chess)
    single = ((pawns << 8) & BB_ALL if us else pawns >> 8) & empty
    double = (((single & RANK_2_3) << 8) & BB_ALL if us else (single & RANK_6_7) >> 8) & empty & to_mask
    single &= to_mask
    forward: cython.int = 8 if us else -8
    while single:
        to = 63 - clz64(single)
        single ^= ONE << to
        n = _add_pawn_move(buf, n, to - forward, to, NORMAL)
    while double:
        to = 63 - clz64(double)
        double ^= ONE << to
        sq = to - 2 * forward
        buf[n] = encode_move(sq, to, DOUBLE_PUSH if (sq >> 3) == (1 if us else 6) else NORMAL)
        n += 1
    if pos._ep != NO_SQUARE and (to_mask >> pos._ep) & 1:
        b = PAWN_ATTACKS[64 * (us ^ 1) + pos._ep] & pawns
        while b:
            sq = 63 - clz64(b)
            b ^= ONE << sq
            buf[n] = encode_move(sq, pos._ep, EN_PASSANT)
            n += 1
    return n
