# cython: boundscheck=False, wraparound=False
"""Observation planes of the reinforcement-learning chess environments: PettingZoo's chess_v6
(8 x 8 x 111, bool) and pgx's chess (8 x 8 x 119, float32), written in C from a game's history.

Both lay a plane out as an image of the board seen from a player: [row, column, plane], row 0 the
far rank (the eighth for white, the first for black), column 0 the a-file. A square s (a1 = 0)
is cell s ^ 56 for white and cell s for black; `packed` planes are 64-bit masks of the cells
(bit row * 8 + column), which `np.unpackbits(..., bitorder="little")` turns back into the image.

chess_v6 (PettingZoo's chess_utils.get_observation and raw_env.observe), for the player `white`::

    0-3    all ones if that player may castle h-side, a-side; the opponent h-side, a-side
    4      all ones when the player is black
    5      the half-move clock: one cell, the clock // 2 as a square of the player's view
    6      all ones
    7 + 13 * i + 0-5   the position after the move i plies ago (i = 0 ... 7): the player's
                       pawn ... king, then 6-11 the opponent's, 12 all ones where that position
                       had stood before when it arose; a position after a two-square pawn step
                       shows that pawn on its colour's first rank instead (lc0's en-passant flag)

The game's start is never in the history (chess_v6 records a position after each move): planes
of plies before the first move are zeros.

pgx (pgx's chess Game.observe), for the player to move::

    14 * i + 0-5    the position i plies ago (i = 0 ... 7, the start included): the mover's pawn
                    ... king, 6-11 the opponent's
    14 * i + 12     all ones if no other position of the game so far is the same (pgx's key:
                    a position just after a two-square pawn step is never the same as another)
    14 * i + 13     all ones if one or more are; plies before the start: 12 ones, 13 zeros
    112             all ones when black moves
    113             the plies so far / 512
    114-117         castling: the mover a-side, h-side, the opponent a-side, h-side
    118             the half-move clock / 100 (as pgx's XLA computes it: times 0.01 in float32)

The history (HISTORY_WORDS uint64 words from `base` in a row of the environment's state) holds
the last 8 positions; `_push_history` adds one, `_write_*` write the planes.
"""
from ..._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ...core.encoding import (
        BB_ALL,
        BLACK,
        BLACK_KINGSIDE,
        BLACK_QUEENSIDE,
        NO_SQUARE,
        ONE,
        PAWN,
        WHITE,
        WHITE_KINGSIDE,
        WHITE_QUEENSIDE,
        u64,
    )
    from ...core.native import bswap64, ctz64
    from ...core.position import Position

    HISTORY_LENGTH, ENTRY_WORDS, HISTORY_WORDS = 8, 17, 138
    ENTRY_EP, ENTRY_KEY, ENTRY_REPEATED, ENTRY_OTHERS, ENTRY_PLY = 12, 13, 14, 15, 16
    PETTINGZOO_PLANES, PGX_PLANES, PETTINGZOO_CELLS, PGX_CELLS, PGX_MAX_STEPS = 111, 119, 7104, 7616, 512

    def _float32_product(a, b) -> float:
        """a * b in float32, as the compiled build's C computes it."""
        import numpy as np
        return float(np.float32(a) * np.float32(b))

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.libc.string import memset

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _slot(st: cython.ulonglong[:, ::1], row: cython.Py_ssize_t, base: cython.int, age: cython.int) -> cython.int:
    """The first word of the entry `age` plies old (0: the newest)."""
    return base + 2 + ((st[row, base + 1] - age) & (HISTORY_LENGTH - 1)) * ENTRY_WORDS


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _clear_history(st: cython.ulonglong[:, ::1], row: cython.Py_ssize_t, base: cython.int) -> cython.void:
    st[row, base] = 0
    st[row, base + 1] = 0


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _push_history(st: cython.ulonglong[:, ::1], row: cython.Py_ssize_t, base: cython.int, pos: Position,
                  ply: cython.longlong, key: u64, repeated: cython.bint, others: cython.longlong) -> cython.void:
    """Add the position `pos` reached at `ply`: `key` its identity as pgx counts positions, whether
    it stood before (`repeated`) and how many earlier positions pgx counts as it (`others`); the
    entries it repeats count one more."""
    count: cython.int = st[row, base]
    age: cython.int
    at: cython.int
    k: cython.int
    for age in range(count if count < HISTORY_LENGTH else HISTORY_LENGTH - 1):
        at = _slot(st, row, base, age)
        if st[row, at + ENTRY_KEY] == key:
            st[row, at + ENTRY_OTHERS] += 1
    st[row, base + 1] = (st[row, base + 1] + 1) & (HISTORY_LENGTH - 1)
    if count < HISTORY_LENGTH:
        st[row, base] = count + 1
    at = _slot(st, row, base, 0)
    for k in range(6):
        st[row, at + k] = pos._pieces[PAWN + k] & pos._colors[WHITE]  # pawn ... king
        st[row, at + 6 + k] = pos._pieces[PAWN + k] & pos._colors[BLACK]
    st[row, at + ENTRY_EP] = pos._ep
    st[row, at + ENTRY_KEY] = key
    st[row, at + ENTRY_REPEATED] = repeated
    st[row, at + ENTRY_OTHERS] = others
    st[row, at + ENTRY_PLY] = ply


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _seen(mask: u64, white: cython.bint) -> u64:
    """A mask of squares as cells of `white`'s image (the ranks flipped for white)."""
    return bswap64(mask) if white else mask


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _all_if(condition: cython.int) -> u64:
    return BB_ALL if condition else 0


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _pettingzoo_masks(st: cython.ulonglong[:, ::1], row: cython.Py_ssize_t, base: cython.int, pos: Position,
                      white: cython.bint, masks: cython.pointer(u64)) -> cython.void:  # type: ignore[valid-type]
    """chess_v6's 111 planes seen by the player `white` (True: white), as masks of cells."""
    castling: cython.int = pos._castling
    clock: cython.longlong = pos._halfmove // 2
    count: cython.int = st[row, base]
    age: cython.int
    at: cython.int
    k: cython.int
    ep: cython.int
    own: cython.int
    plane: cython.int
    pawns: cython.int
    if white:
        masks[0] = _all_if(castling & WHITE_KINGSIDE)
        masks[1] = _all_if(castling & WHITE_QUEENSIDE)
        masks[2] = _all_if(castling & BLACK_KINGSIDE)
        masks[3] = _all_if(castling & BLACK_QUEENSIDE)
    else:
        masks[0] = _all_if(castling & BLACK_KINGSIDE)
        masks[1] = _all_if(castling & BLACK_QUEENSIDE)
        masks[2] = _all_if(castling & WHITE_KINGSIDE)
        masks[3] = _all_if(castling & WHITE_QUEENSIDE)
    masks[4] = _all_if(not white)
    masks[5] = _seen(ONE << clock, white) if 0 <= clock < 64 else 0
    masks[6] = BB_ALL
    own = 0 if white else 6  # the player's pieces first: white's are the entry's first six
    for age in range(HISTORY_LENGTH):
        plane = 7 + 13 * age
        at = _slot(st, row, base, age)
        if age >= count or st[row, at + ENTRY_PLY] == 0:  # chess_v6 records no position before a move
            for k in range(13):
                masks[plane + k] = 0
            continue
        for k in range(6):
            masks[plane + k] = st[row, at + own + k]
            masks[plane + 6 + k] = st[row, at + 6 - own + k]
        ep = st[row, at + ENTRY_EP]
        if ep != NO_SQUARE and ep != 0:  # the pawn that just passed, shown on its first rank
            if ep < 32:
                pawns = plane + own  # white's pawns
                masks[pawns] = (masks[pawns] & ~(ONE << (ep + 8)) & BB_ALL) | (ONE << (ep & 7))
            else:
                pawns = plane + 6 - own
                masks[pawns] = (masks[pawns] & ~(ONE << (ep - 8)) & BB_ALL) | (ONE << (56 + (ep & 7)))
        if white:
            for k in range(12):
                masks[plane + k] = bswap64(masks[plane + k])
        masks[plane + 12] = _all_if(st[row, at + ENTRY_REPEATED] != 0)


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _write_pettingzoo(st: cython.ulonglong[:, ::1], row: cython.Py_ssize_t, base: cython.int, pos: Position,
                      white: cython.bint, out: cython.uchar[:, ::1], out_row: cython.Py_ssize_t) -> cython.void:
    """chess_v6's observation seen by `white` into out[out_row] (7,104 bytes: [cell, plane])."""
    masks = cython.declare(u64[111])  # type: ignore[misc, valid-type]  # a C array
    plane: cython.int
    cell: cython.int
    mask: u64
    _pettingzoo_masks(st, row, base, pos, white, masks)
    if cython.compiled:
        memset(cython.address(out[out_row, 0]), 0, PETTINGZOO_CELLS)
    else:
        for cell in range(PETTINGZOO_CELLS):
            out[out_row, cell] = 0
    for plane in range(PETTINGZOO_PLANES):
        mask = masks[plane]
        if mask == BB_ALL:
            for cell in range(64):
                out[out_row, cell * PETTINGZOO_PLANES + plane] = 1
        else:
            while mask:
                out[out_row, ctz64(mask) * PETTINGZOO_PLANES + plane] = 1
                mask &= mask - 1


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _write_pettingzoo_packed(st: cython.ulonglong[:, ::1], row: cython.Py_ssize_t, base: cython.int,
                             pos: Position, white: cython.bint, out: cython.ulonglong[:, ::1],
                             out_row: cython.Py_ssize_t) -> cython.void:
    """chess_v6's observation seen by `white` into out[out_row] as 111 masks of cells."""
    masks = cython.declare(u64[111])  # type: ignore[misc, valid-type]  # a C array
    plane: cython.int
    _pettingzoo_masks(st, row, base, pos, white, masks)
    for plane in range(PETTINGZOO_PLANES):
        out[out_row, plane] = masks[plane]


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _fill(out: cython.float[:, ::1], out_row: cython.Py_ssize_t, plane: cython.int, value: cython.float) -> cython.void:
    """Every cell of one of pgx's planes set to `value`."""
    cell: cython.int
    for cell in range(64):
        out[out_row, cell * PGX_PLANES + plane] = value


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cdivision(True)
@cython.exceptval(check=False)
def _write_pgx(st: cython.ulonglong[:, ::1], row: cython.Py_ssize_t, base: cython.int, pos: Position,
               ply: cython.longlong, out: cython.float[:, ::1], out_row: cython.Py_ssize_t) -> cython.void:
    """pgx's observation of the player to move into out[out_row] (7,616 float32: [cell, plane])."""
    white: cython.bint = pos._turn == WHITE
    count: cython.int = st[row, base]
    castling: cython.int = pos._castling
    age: cython.int
    at: cython.int
    k: cython.int
    own: cython.int
    plane: cython.int
    cell: cython.int
    mask: u64
    if cython.compiled:
        memset(cython.address(out[out_row, 0]), 0, PGX_CELLS * cython.sizeof(cython.float))
    else:
        for cell in range(PGX_CELLS):
            out[out_row, cell] = 0.0
    for age in range(HISTORY_LENGTH):
        plane = 14 * age
        if age >= count:
            _fill(out, out_row, plane + 12, 1.0)
            continue
        at = _slot(st, row, base, age)
        for k in range(12):
            own = k if white else (k + 6) % 12  # the mover's pieces first
            mask = _seen(st[row, at + own], white)
            while mask:
                out[out_row, ctz64(mask) * PGX_PLANES + plane + k] = 1.0
                mask &= mask - 1
        _fill(out, out_row, plane + (13 if st[row, at + ENTRY_OTHERS] else 12), 1.0)
    if not white:
        _fill(out, out_row, 112, 1.0)
    if ply:
        _fill(out, out_row, 113, cython.cast(cython.float, ply) / PGX_MAX_STEPS)
    if castling & (WHITE_QUEENSIDE if white else BLACK_QUEENSIDE):
        _fill(out, out_row, 114, 1.0)
    if castling & (WHITE_KINGSIDE if white else BLACK_KINGSIDE):
        _fill(out, out_row, 115, 1.0)
    if castling & (BLACK_QUEENSIDE if white else WHITE_QUEENSIDE):
        _fill(out, out_row, 116, 1.0)
    if castling & (BLACK_KINGSIDE if white else WHITE_KINGSIDE):
        _fill(out, out_row, 117, 1.0)
    if pos._halfmove:  # pgx's clock / 100, which XLA computes as a float32 product by 0.01
        if cython.compiled:
            _fill(out, out_row, 118, cython.cast(cython.float, pos._halfmove) * cython.cast(cython.float, 0.01))
        else:
            _fill(out, out_row, 118, _float32_product(pos._halfmove, 0.01))
