"""Legality for every position a Board may hold, and for python-chess's pseudo-legal API.

The fast generator (`movegen._generate`) decides legality for a side with one king or none,
which is every position a game reaches. Everything else the library asks of legality comes
here, so that SAN, the Board API and the variants ask the core and decide nothing themselves:

- `_legal_moves(pos, buf, from_mask, to_mask)`: the legal moves of any position, in
  python-chess's order. One king or none: the generator's moves (`_generate_ordered`). Several
  kings of the side to move (a board set up piece by piece): python-chess's rule, the
  pseudo-legal moves that leave the highest king unattacked, found by make and test, and when
  that king is in check none of another king (and its moves first).
- `_pseudo_legal(pos, buf, from_mask, to_mask)`: the pseudo-legal moves in python-chess's order
  (castling only when legal, as python-chess lists it; a pawn on its first rank steps two
  squares as a plain move).
- `_exposes_king(pos, code)`: whether a pseudo-legal move leaves the mover's (highest) king
  attacked, by make and test.
- `_leaves_king_safe(pos, frm, to, is_king)`: the one-look test SAN's fast path needs for a
  plain move (not en passant, not castling) of a side with one king.

All write the 16-bit move codes of core/encoding into `buf` (room for MAX_MOVES) and return how
many; none touches a Python object.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .encoding import (
        BB_ALL,
        CASTLING,
        KING,
        MAX_MOVES,
        ONE,
        castled_king_square,
        move_flag,
        move_from,
        move_to,
        u64,
    )
    from .movegen import _attackers, _generate_ordered
    from .native import clz64, ctz64
    from .position import Position, _make, _unmake
    from .pseudo_legal import _one_king, _standard_pseudo_legal
    from .variant_moves import _variant_legal_moves, _variant_pseudo_legal

ushort_ptr = cython.typedef(cython.pointer(cython.ushort))


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _pseudo_legal(pos: Position, buf: ushort_ptr, from_mask: u64, to_mask: u64) -> cython.int:
    """The pseudo-legal moves from `from_mask` to `to_mask` into buf, in python-chess's order, by
    the rules the position plays; how many."""
    if pos._variant:
        return _variant_pseudo_legal(pos, buf, from_mask, to_mask)
    return _standard_pseudo_legal(pos, buf, from_mask, to_mask)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _exposes_king(pos: Position, code: cython.int) -> cython.bint:
    """Whether the pseudo-legal move `code` leaves the mover's king attacked: the highest king,
    wherever it goes, as python-chess judges a side with several."""
    kings: u64 = pos._pieces[KING] & pos._colors[pos._turn]
    if not kings:
        return False
    ksq: cython.int = 63 - clz64(kings)
    if move_flag(code) == CASTLING:
        ksq = castled_king_square(ksq, move_to(code) > ksq)
    elif move_from(code) == ksq:
        ksq = move_to(code)
    key: u64 = pos._key
    undo: u64 = _make(pos, code)
    attacked: cython.bint = _attackers(pos, ksq, pos._turn, pos._colors[0] | pos._colors[1]) != 0
    _unmake(pos, code, undo, key)
    return attacked


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _legal_moves(pos: Position, buf: ushort_ptr, from_mask: u64, to_mask: u64) -> cython.int:
    """The legal moves of any position from `from_mask` to `to_mask` into buf, in python-chess's
    order (in check, the king's moves first); how many. A variant's are its own (variant_moves)."""
    if pos._variant:
        return _variant_legal_moves(pos, buf, from_mask, to_mask)
    n: cython.int
    i: cython.int
    kept: cython.int = 0
    if _one_king(pos):
        n = _generate_ordered(pos, buf, from_mask)
        if to_mask == BB_ALL:
            return n
        for i in range(n):
            if (to_mask >> move_to(buf[i])) & 1:
                buf[kept] = buf[i]
                kept += 1
        return kept
    kings: u64 = pos._pieces[KING] & pos._colors[pos._turn]
    highest: cython.int = 63 - clz64(kings)
    others: u64 = kings & ~(ONE << highest)
    in_check: cython.bint = _attackers(pos, highest, pos._turn ^ 1, pos._colors[0] | pos._colors[1]) != 0
    n = _pseudo_legal(pos, buf, from_mask, to_mask)
    if in_check:  # python-chess's evasions: the highest king's moves first, no other king's
        later = cython.declare(cython.ushort[MAX_MOVES])
        rest: cython.int = 0
        for i in range(n):
            if (others >> move_from(buf[i])) & 1 or _exposes_king(pos, buf[i]):
                continue
            if move_from(buf[i]) == highest:
                buf[kept] = buf[i]
                kept += 1
            else:
                later[rest] = buf[i]
                rest += 1
        for i in range(rest):
            buf[kept + i] = later[i]
        return kept + rest
    for i in range(n):
        if not _exposes_king(pos, buf[i]):
            buf[kept] = buf[i]
            kept += 1
    return kept


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _leaves_king_safe(pos: Position, frm: cython.int, to: cython.int, is_king: cython.bint) -> cython.bint:
    """Whether moving our piece from `frm` to `to` (capturing what stands there, not en passant,
    not castling) leaves our one king unattacked: one look from the king's square with the board
    as it would be."""
    us: cython.int = pos._turn
    occupied: u64 = (pos._colors[0] | pos._colors[1]) & ~(ONE << frm)
    if is_king:
        return _attackers(pos, to, us ^ 1, occupied) == 0
    king: u64 = pos._pieces[KING] & pos._colors[us]
    if not king:
        return True
    target: u64 = ONE << to
    return (_attackers(pos, ctz64(king), us ^ 1, occupied | target) & ~target) == 0
