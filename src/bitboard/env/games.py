# cython: boundscheck=False, wraparound=False
"""The games of the environments, stepped in C: one row of uint64 words a game (its position, its
history, its legal actions as bits and the keys of the positions a repetition may match), one row
of bytes (the piece on each square) and one row of legal move codes.

A step loads a game into a scratch `Position` (one per thread), makes the move, generates the
new position's legal moves, counts its repetitions, records it in the history of the observation
planes (data/encode/observations), decides whether the game is over by the rules asked for, and
writes the observation and the legal-action mask into the caller's arrays: no Python object per
game, and the GIL released for the whole batch.

The rules (python-chess's, which the tests take as the oracle):

- always: checkmate, stalemate, insufficient material (python-chess's is_insufficient_material);
- DRAWS_CLAIM: a draw as soon as one can be claimed (can_claim_draw: fifty moves, now or after a
  move; threefold repetition, now or after a move), as PettingZoo's chess_v6 plays;
- DRAWS_AUTOMATIC: the automatic draws, fivefold repetition and seventy-five moves;
- DRAWS_PGX: pgx's, threefold repetition and fifty moves as they happen, a position just after a
  two-square pawn step never the same as another;
- a ply limit (max_plies > 0) truncates a game that no rule ended.

Repetitions are python-chess's: the same pieces, side to move, castling rights and en-passant
square where an en-passant capture is legal, looked for among the positions since the last
capture, pawn move or lost castling right (the window).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import (
        BB_ALL,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        MAX_MOVES,
        NO_SQUARE,
        ONE,
        PAWN,
        castled_king_square,
        code_type,
        flag_promotion,
        move_flag,
        move_from,
        move_to,
        u64,
    )
    from ..core.movegen import _count, _generate
    from ..core.position import (
        Position,
        _copy_position,
        _ep_capturable,
        _insufficient,
        _key_after,
        _king_attacked,
        _make,
        _unmake,
    )
    from ..core.xorshift import _next
    from ..core.zobrist import EP_KEYS
    from ..data.encode.actions import _action

    ACTION_COUNT = 4672
    from ..data.encode.observations import (
        _clear_history,
        _push_history,
        _write_pettingzoo,
        _write_pettingzoo_packed,
        _write_pgx,
    )

    W_PIECES, W_COLORS, W_TURN, W_CASTLING, W_EP, W_HALFMOVE, W_FULLMOVE, W_KEY = 0, 7, 9, 10, 11, 12, 13, 14
    W_PLY, W_MOVES, W_STATUS, W_TRUNCATED, W_DONE, W_WINDOW, W_HEAD = 15, 16, 17, 18, 19, 20, 21
    W_SINCE_PUSH, W_COUNT, W_OTHERS, W_RNG, W_HISTORY, W_CHOSEN, W_RING = 22, 23, 24, 25, 32, 176, 256
    RING, WORDS, B_RING, BYTES, MOVE_ROOM, MOVE_WIDTH = 256, 512, 64, 320, 256, 512
    DRAWS_CLAIM, DRAWS_AUTOMATIC, DRAWS_PGX = 0, 1, 2
    CHECKMATE, STALEMATE, INSUFFICIENT_MATERIAL, SEVENTYFIVE_MOVES = 1, 2, 3, 4
    FIVEFOLD_REPETITION, FIFTY_MOVES, THREEFOLD_REPETITION = 5, 6, 7
    OBSERVE_PETTINGZOO, OBSERVE_PGX, OBSERVE_PACKED = 0, 1, 2
    NEXT_STEP, SAME_STEP, DISABLED = 0, 1, 2

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.libc.string import memset


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _load(pos: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], row: cython.Py_ssize_t) -> cython.void:
    """The game of `row` into the scratch position."""
    i: cython.int
    for i in range(7):
        pos._pieces[i] = st[row, W_PIECES + i]
    pos._colors[0] = st[row, W_COLORS]
    pos._colors[1] = st[row, W_COLORS + 1]
    for i in range(64):
        pos._board[i] = sq[row, i]
    pos._turn = st[row, W_TURN]
    pos._castling = st[row, W_CASTLING]
    pos._ep = st[row, W_EP]
    pos._halfmove = st[row, W_HALFMOVE]
    pos._fullmove = st[row, W_FULLMOVE]
    pos._key = st[row, W_KEY]


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _store(pos: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1],
           row: cython.Py_ssize_t) -> cython.void:
    """The scratch position into the game of `row`."""
    i: cython.int
    for i in range(7):
        st[row, W_PIECES + i] = pos._pieces[i]
    st[row, W_COLORS] = pos._colors[0]
    st[row, W_COLORS + 1] = pos._colors[1]
    for i in range(64):
        sq[row, i] = pos._board[i]
    st[row, W_TURN] = pos._turn
    st[row, W_CASTLING] = pos._castling
    st[row, W_EP] = pos._ep
    st[row, W_HALFMOVE] = pos._halfmove
    st[row, W_FULLMOVE] = pos._fullmove
    st[row, W_KEY] = pos._key


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _claims_threefold(pos: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1],
                      moves: cython.ushort[:, ::1], row: cython.Py_ssize_t) -> cython.bint:
    """python-chess's can_claim_threefold_repetition beyond the position now: a legal move reaches
    a position that stood twice in the window already."""
    window: cython.int = st[row, W_WINDOW]
    head: cython.int = st[row, W_HEAD]
    back: cython.int
    slot: cython.int
    i: cython.int
    code: cython.int
    after: u64
    twice: cython.bint = False
    for back in range(1, window, 2):  # the positions with the other side to move
        if sq[row, B_RING + ((head - back) & (RING - 1))] >= 2:
            twice = True
            break
    if not twice:
        return False
    for i in range(st[row, W_MOVES]):
        code = moves[row, i]
        if move_flag(code) == DOUBLE_PUSH:  # starts a window of its own
            continue
        after = _key_after(pos, code)
        for back in range(1, window, 2):
            slot = (head - back) & (RING - 1)
            if st[row, W_RING + slot] == after and sq[row, B_RING + slot] >= 2:
                return True
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _claims_fifty(pos: Position, st: cython.ulonglong[:, ::1], moves: cython.ushort[:, ::1],
                  row: cython.Py_ssize_t) -> cython.bint:
    """python-chess's can_claim_fifty_moves: fifty moves now, or after a legal move that neither
    captures nor moves a pawn and leaves the opponent a move."""
    i: cython.int
    code: cython.int
    undo: u64
    key: u64 = pos._key
    found: cython.bint = False
    count: cython.int = st[row, W_MOVES]
    if pos._halfmove >= 100 and count > 0:
        return True
    if pos._halfmove < 99:
        return False
    for i in range(count):
        code = moves[row, i]
        if (move_flag(code) != CASTLING and pos._board[move_to(code)] != 0) \
                or code_type(pos._board[move_from(code)]) == PAWN:
            continue
        undo = _make(pos, code)
        found = _count(pos) > 0
        _unmake(pos, code, undo, key)
        if found:
            return True
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _status(pos: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], moves: cython.ushort[:, ::1],
            row: cython.Py_ssize_t, draws: cython.int) -> cython.int:
    """The Termination number of the position now by the rules (python-chess's outcome order), 0
    while the game goes on."""
    count: cython.int = st[row, W_MOVES]
    if count == 0 and _king_attacked(pos, pos._turn):
        return CHECKMATE
    if _insufficient(pos, 1) and _insufficient(pos, 0):
        return INSUFFICIENT_MATERIAL
    if count == 0:
        return STALEMATE
    if draws != DRAWS_PGX:
        if pos._halfmove >= 150:
            return SEVENTYFIVE_MOVES
        if st[row, W_COUNT] >= 5:
            return FIVEFOLD_REPETITION
    if draws == DRAWS_CLAIM:
        if _claims_fifty(pos, st, moves, row):
            return FIFTY_MOVES
        if st[row, W_COUNT] >= 3 or _claims_threefold(pos, st, sq, moves, row):
            return THREEFOLD_REPETITION
    elif draws == DRAWS_PGX:
        if pos._halfmove >= 100:
            return FIFTY_MOVES
        if st[row, W_OTHERS] >= 2:
            return THREEFOLD_REPETITION
    return 0


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _settle(pos: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], moves: cython.ushort[:, ::1],
            row: cython.Py_ssize_t, numbering: cython.int, draws: cython.int, max_plies: cython.longlong,
            fresh: cython.bint) -> cython.int:
    """Everything about the position now that the step leaves in the row: its legal moves and
    their bits, its repetitions, its history entry, whether the game is over. `fresh`: the first
    position of a game (its window starts here). Returns the number of legal moves, or -1 where
    they do not fit the row."""
    buf = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]  # a C array
    count: cython.int = _generate(pos, buf, 0, BB_ALL, False)
    ep: cython.int = pos._ep
    white: cython.bint = pos._turn == 1
    i: cython.int
    back: cython.int
    slot: cython.int
    head: cython.int
    window: cython.int
    repeats: cython.int = 1
    others: cython.int = 0
    legal_ep: cython.bint = False
    key: u64 = pos._key
    pgx_key: u64
    if count > MOVE_ROOM:
        return -1
    for i in range(count):
        moves[row, i] = buf[i]
        if move_flag(buf[i]) == EN_PASSANT:
            legal_ep = True
    st[row, W_MOVES] = count
    for i in range(count):
        moves[row, MOVE_ROOM + i] = _action(numbering, buf[i], white)
    # the keys: python-chess's (the en-passant file where the capture is legal) and pgx's (where
    # any pawn just made a two-square step)
    if _ep_capturable(pos):
        key ^= EP_KEYS[ep & 7]
    pgx_key = key ^ EP_KEYS[ep & 7] if ep != NO_SQUARE else key
    if legal_ep:
        key ^= EP_KEYS[ep & 7]
    if fresh or pos._halfmove == 0 or pos._castling != st[row, W_CASTLING]:
        head = 0
        window = 1
        st[row, W_SINCE_PUSH] = ep != NO_SQUARE
    else:
        head = (st[row, W_HEAD] + 1) & (RING - 1)
        window = st[row, W_WINDOW] + 1
        for back in range(2, window, 2):
            slot = (head - back) & (RING - 1)
            if st[row, W_RING + slot] == key:
                repeats += 1
                if not (back == window - 1 and st[row, W_SINCE_PUSH]):
                    others += 1
    st[row, W_HEAD] = head
    st[row, W_WINDOW] = window
    st[row, W_RING + head] = key
    sq[row, B_RING + head] = repeats if repeats < 255 else 255
    st[row, W_COUNT] = repeats
    st[row, W_OTHERS] = others
    if fresh:
        _clear_history(st, row, W_HISTORY)
    _push_history(st, row, W_HISTORY, pos, st[row, W_PLY], pgx_key, repeats >= 2, others)
    _store(pos, st, sq, row)
    st[row, W_STATUS] = _status(pos, st, sq, moves, row, draws)
    st[row, W_TRUNCATED] = st[row, W_STATUS] == 0 and max_plies > 0 and st[row, W_PLY] >= max_plies
    st[row, W_DONE] = st[row, W_STATUS] != 0 or st[row, W_TRUNCATED] != 0
    return count


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _index(st: cython.ulonglong[:, ::1], moves: cython.ushort[:, ::1], row: cython.Py_ssize_t,
           action: cython.longlong) -> cython.int:
    """The index of the legal move numbered `action` in the game of `row`, -1 if none (or the game
    is over)."""
    i: cython.int
    if st[row, W_DONE]:
        return -1
    for i in range(st[row, W_MOVES]):
        if moves[row, MOVE_ROOM + i] == action:
            return i
    return -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _advance(pos: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], moves: cython.ushort[:, ::1],
             row: cython.Py_ssize_t, index: cython.int, numbering: cython.int, draws: cython.int,
             max_plies: cython.longlong) -> cython.int:
    """Play the legal move `index` of the game of `row`; its status after (or -1: too many moves).
    The position after stays in `pos`."""
    _load(pos, st, sq, row)
    _make(pos, moves[row, index])
    st[row, W_PLY] += 1
    if _settle(pos, st, sq, moves, row, numbering, draws, max_plies, False) < 0:
        return -1
    return st[row, W_STATUS]


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _copy_row(st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], moves: cython.ushort[:, ::1],
              row: cython.Py_ssize_t, src: cython.ulonglong[:, ::1], src_sq: cython.uchar[:, ::1],
              src_moves: cython.ushort[:, ::1], src_row: cython.Py_ssize_t) -> cython.void:
    """A game's row from another's (its random stream kept)."""
    i: cython.int
    rng: u64 = st[row, W_RNG]
    for i in range(WORDS):
        st[row, i] = src[src_row, i]
    for i in range(BYTES):
        sq[row, i] = src_sq[src_row, i]
    for i in range(src[src_row, W_MOVES]):
        moves[row, i] = src_moves[src_row, i]
        moves[row, MOVE_ROOM + i] = src_moves[src_row, MOVE_ROOM + i]
    st[row, W_RNG] = rng


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _observe(pos: Position, st: cython.ulonglong[:, ::1], row: cython.Py_ssize_t, kind: cython.int, white: cython.bint,
             numbering: cython.int, moves: cython.ushort[:, ::1], obs8: cython.uchar[:, ::1],
             obs32: cython.float[:, ::1], obs64: cython.ulonglong[:, ::1], mask: cython.uchar[:, ::1],
             out_row: cython.Py_ssize_t, with_mask: cython.bint) -> cython.void:
    """The observation of the game of `row` (loaded in `pos`) seen by `white`, into the output
    arrays of its kind, and the legal-action mask where `with_mask` (else zeros)."""
    i: cython.int
    action: cython.int
    width: cython.int = mask.shape[1]
    if kind == OBSERVE_PETTINGZOO:
        _write_pettingzoo(st, row, W_HISTORY, pos, white, obs8, out_row)
    elif kind == OBSERVE_PGX:
        _write_pgx(st, row, W_HISTORY, pos, st[row, W_PLY], obs32, out_row)
    else:
        _write_pettingzoo_packed(st, row, W_HISTORY, pos, white, obs64, out_row)
    if cython.compiled:
        memset(cython.address(mask[out_row, 0]), 0, width)
    else:
        for i in range(width):
            mask[out_row, i] = 0
    if with_mask and kind == OBSERVE_PGX and st[row, W_DONE]:  # pgx's mask at a game's end: every action
        for i in range(width):
            mask[out_row, i] = 1
    elif with_mask:
        for i in range(st[row, W_MOVES]):
            action = moves[row, MOVE_ROOM + i]
            if kind == OBSERVE_PACKED:
                mask[out_row, action >> 3] |= cython.cast(cython.uchar, ONE << (action & 7))
            else:
                mask[out_row, action] = 1


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _run(pos: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], moves: cython.ushort[:, ::1],
         start_st: cython.ulonglong[:, ::1], start_sq: cython.uchar[:, ::1], start_moves: cython.ushort[:, ::1],
         actions: cython.longlong[::1], first: cython.Py_ssize_t, stop: cython.Py_ssize_t, kind: cython.int,
         numbering: cython.int, draws: cython.int, max_plies: cython.longlong, mode: cython.int,
         obs8: cython.uchar[:, ::1], obs32: cython.float[:, ::1], obs64: cython.ulonglong[:, ::1],
         mask: cython.uchar[:, ::1], rewards: cython.float[::1], ended: cython.uchar[:, ::1],
         final8: cython.uchar[:, ::1], final32: cython.float[:, ::1], final64: cython.ulonglong[:, ::1],
         final_mask: cython.uchar[:, ::1]) -> cython.Py_ssize_t:
    """Step the games first ... stop - 1 (their moves found by `legal` before). `ended[i]`: terminated,
    truncated, final observation written (SAME_STEP). Returns -1, or a game whose position has
    more legal moves than its row holds."""
    i: cython.Py_ssize_t
    status: cython.int
    for i in range(first, stop):
        rewards[i] = 0.0
        ended[i, 0] = 0
        ended[i, 1] = 0
        ended[i, 2] = 0
        if st[i, W_DONE] and mode == NEXT_STEP:
            _copy_row(st, sq, moves, i, start_st, start_sq, start_moves, 0)
            _load(pos, st, sq, i)
        else:
            status = _advance(pos, st, sq, moves, i, st[i, W_CHOSEN], numbering, draws, max_plies)
            if status < 0:
                return i
            rewards[i] = 1.0 if status == CHECKMATE else 0.0
            ended[i, 0] = status != 0
            ended[i, 1] = st[i, W_TRUNCATED] != 0
            if st[i, W_DONE] and mode == SAME_STEP:
                _observe(pos, st, i, kind, pos._turn == 1, numbering, moves, final8, final32, final64, final_mask,
                         i, True)
                ended[i, 2] = 1
                _copy_row(st, sq, moves, i, start_st, start_sq, start_moves, 0)
                _load(pos, st, sq, i)
        _observe(pos, st, i, kind, pos._turn == 1, numbering, moves, obs8, obs32, obs64, mask, i, True)
    return -1


# --- what Python calls ----------------------------------------------------------------------------

def setup(position: Position, scratch: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1],
          moves: cython.ushort[:, ::1], row: cython.Py_ssize_t, numbering: cython.int, draws: cython.int,
          max_plies: cython.longlong) -> int:
    """A game's row set to start from `position` (its legal moves, history, status); the number
    of legal moves, -1 if they do not fit the row."""
    _copy_position(scratch, position)
    st[row, W_PLY] = 0
    return _settle(scratch, st, sq, moves, row, numbering, draws, max_plies, True)


def push_code(scratch: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], moves: cython.ushort[:, ::1],
              row: cython.Py_ssize_t, frm: cython.int, to: cython.int, promotion: cython.int, numbering: cython.int,
              draws: cython.int, max_plies: cython.longlong) -> int:
    """Play the legal move from `frm` to `to` (castling as the king's two-square step or the king
    taking its rook), promoting to `promotion` (0 for none); -2 if it is not legal, -1 if the
    position after has too many moves, else the status after."""
    i: cython.int
    code: cython.int
    target: cython.int
    flag: cython.int
    _load(scratch, st, sq, row)
    for i in range(st[row, W_MOVES]):
        code = moves[row, i]
        target = move_to(code)
        flag = move_flag(code)
        if flag == CASTLING and target != to:
            target = castled_king_square(move_from(code), target > move_from(code))
        if move_from(code) == frm and target == to and flag_promotion(flag) == promotion:
            _make(scratch, code)
            st[row, W_PLY] += 1
            if _settle(scratch, st, sq, moves, row, numbering, draws, max_plies, False) < 0:
                return -1
            return st[row, W_STATUS]
    return -2


def legal(st: cython.ulonglong[:, ::1], moves: cython.ushort[:, ::1], actions: cython.longlong[::1],
          first: cython.Py_ssize_t, stop: cython.Py_ssize_t, mode: cython.int) -> int:
    """The first game of first ... stop - 1 whose action is not legal, -1 if none; each legal
    action's move found for the step (a game that ended waits for its reset in NEXT_STEP mode,
    whatever its action)."""
    i: cython.Py_ssize_t
    index: cython.int
    found: cython.Py_ssize_t = -1
    with cython.nogil:
        for i in range(first, stop):
            if st[i, W_DONE] and mode == NEXT_STEP:
                continue
            index = _index(st, moves, i, actions[i])
            if index < 0:
                found = i
                break
            st[i, W_CHOSEN] = index
    return found


def observe(pos: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], moves: cython.ushort[:, ::1],
            rows: cython.longlong[::1], out_rows: cython.longlong[::1], kind: cython.int, viewer: cython.int,
            with_mask: cython.bint, numbering: cython.int, obs8: cython.uchar[:, ::1], obs32: cython.float[:, ::1],
            obs64: cython.ulonglong[:, ::1], mask: cython.uchar[:, ::1]) -> None:
    """The observations of the games rows[j] into rows out_rows[j] of the outputs, seen by the
    player to move (viewer -1) or by white (1) or black (0); the mask (the legal actions of the
    player to move) where `with_mask`, else zeros."""
    j: cython.Py_ssize_t
    row: cython.Py_ssize_t
    white: cython.bint
    with cython.nogil:
        for j in range(rows.shape[0]):
            row = rows[j]
            _load(pos, st, sq, row)
            white = pos._turn == 1 if viewer < 0 else viewer == 1
            _observe(pos, st, row, kind, white, numbering, moves, obs8, obs32, obs64, mask, out_rows[j], with_mask)


def step_one(scratch: Position, st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], moves: cython.ushort[:, ::1],
             row: cython.Py_ssize_t, action: cython.longlong, numbering: cython.int, draws: cython.int,
             max_plies: cython.longlong) -> int:
    """Play `action` in the game of `row`: its status after (0 while it goes on), -2 if the action
    is not legal there (or the game is over), -1 if the position after has too many moves."""
    index: cython.int = _index(st, moves, row, action)
    if index < 0:
        return -2
    return _advance(scratch, st, sq, moves, row, index, numbering, draws, max_plies)


def restart(st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], moves: cython.ushort[:, ::1],
            rows: cython.longlong[::1], start_st: cython.ulonglong[:, ::1], start_sq: cython.uchar[:, ::1],
            start_moves: cython.ushort[:, ::1]) -> None:
    """The games `rows` back to the start row (their random streams kept)."""
    j: cython.Py_ssize_t
    with cython.nogil:
        for j in range(rows.shape[0]):
            _copy_row(st, sq, moves, rows[j], start_st, start_sq, start_moves, 0)


def copy_rows(st: cython.ulonglong[:, ::1], sq: cython.uchar[:, ::1], moves: cython.ushort[:, ::1],
              rows: cython.longlong[::1], src_st: cython.ulonglong[:, ::1], src_sq: cython.uchar[:, ::1],
              src_moves: cython.ushort[:, ::1], src_rows: cython.longlong[::1]) -> None:
    """Each game rows[j] made a copy of the game src_rows[j] (the search trees' expansions)."""
    j: cython.Py_ssize_t
    with cython.nogil:
        for j in range(rows.shape[0]):
            _copy_row(st, sq, moves, rows[j], src_st, src_sq, src_moves, src_rows[j])


def sample(st: cython.ulonglong[:, ::1], moves: cython.ushort[:, ::1], numbering: cython.int,
           out: cython.longlong[::1]) -> None:
    """A uniformly drawn legal action of each game, from the game's own random stream (0 for a
    game without one)."""
    i: cython.Py_ssize_t
    count: cython.int
    state = cython.declare(u64[1])  # type: ignore[misc, valid-type]  # a C array
    with cython.nogil:
        for i in range(st.shape[0]):
            count = st[i, W_MOVES]
            if count == 0 or st[i, W_DONE]:
                out[i] = 0
                continue
            state[0] = st[i, W_RNG]
            out[i] = moves[i, MOVE_ROOM + _next(state) % count]
            st[i, W_RNG] = state[0]


def legal_actions(st: cython.ulonglong[:, ::1], moves: cython.ushort[:, ::1], row: cython.Py_ssize_t,
                  numbering: cython.int) -> list:
    """The legal actions of a game, in the order of its move codes."""
    return [moves[row, MOVE_ROOM + i] for i in range(st[row, W_MOVES])]


def action_codes(st: cython.ulonglong[:, ::1], moves: cython.ushort[:, ::1], row: cython.Py_ssize_t,
                 numbering: cython.int) -> dict:
    """{legal action: its move code} of a game."""
    return {moves[row, MOVE_ROOM + i]: moves[row, i] for i in range(st[row, W_MOVES])}


@cython.cclass
class Single:
    """One game (row 0 of `rows`, a (words, bytes, moves) triple of views) stepped by action and
    observed as chess_v6 sees it, the views held so that a call converts only its outputs: the
    AEC environment's game."""

    def __init__(self, scratch: Position, rows: tuple, start: tuple, dummies: tuple, numbering: cython.int,
                 draws: cython.int, max_plies: cython.longlong):
        self.scratch = scratch
        self.st, self.sq, self.moves = rows
        self.start_st, self.start_sq, self.start_moves = start
        self.dummy32, self.dummy64 = dummies
        self.numbering = numbering
        self.draws = draws
        self.max_plies = max_plies

    def observe(self, planes: cython.uchar[:, ::1], mask: cython.uchar[:, ::1], white: cython.bint,
                with_mask: cython.bint) -> None:
        """chess_v6's planes seen by `white` into planes[0], the mask into mask[0] (zeros unless
        `with_mask`)."""
        _load(self.scratch, self.st, self.sq, 0)
        _observe(self.scratch, self.st, 0, OBSERVE_PETTINGZOO, white, self.numbering, self.moves, planes,
                 self.dummy32, self.dummy64, mask, 0, with_mask)

    def step(self, action: cython.longlong) -> int:
        """step_one's: the status after, -2 for an action that is not legal, -1 for too many moves."""
        index: cython.int = _index(self.st, self.moves, 0, action)
        if index < 0:
            return -2
        return _advance(self.scratch, self.st, self.sq, self.moves, 0, index, self.numbering, self.draws,
                        self.max_plies)

    def restart(self) -> None:
        """Back to the start."""
        _copy_row(self.st, self.sq, self.moves, 0, self.start_st, self.start_sq, self.start_moves, 0)

    def turn(self) -> int:
        """The side to move (1 white)."""
        return self.st[0, W_TURN]


@cython.cclass
class Batch:
    """The vector environment's arrays held as views (rows, start row, outputs, final outputs,
    rewards, ended, sampled actions) and its rules: a step converts only its actions."""

    def __init__(self, rows: tuple, start: tuple, outputs: tuple, finals: tuple, rewards, ended, sampled,
                 kind: cython.int, numbering: cython.int, draws: cython.int, max_plies: cython.longlong,
                 mode: cython.int):
        self.st, self.sq, self.moves = rows
        self.start_st, self.start_sq, self.start_moves = start
        self.obs8, self.obs32, self.obs64, self.mask = outputs
        self.final8, self.final32, self.final64, self.final_mask = finals
        self.rewards = rewards
        self.ended = ended
        self.sampled = sampled
        self.kind = kind
        self.numbering = numbering
        self.draws = draws
        self.max_plies = max_plies
        self.mode = mode

    def legal(self, actions: cython.longlong[::1]) -> int:
        """legal()'s: the first game whose action is not legal, -1 if none, the moves found."""
        return legal(self.st, self.moves, actions, 0, self.st.shape[0], self.mode)

    def run(self, pos: Position, actions: cython.longlong[::1], first: cython.Py_ssize_t,
            stop: cython.Py_ssize_t) -> int:
        """Step the games first ... stop - 1 without the GIL (_run)."""
        found: cython.Py_ssize_t
        with cython.nogil:
            found = _run(pos, self.st, self.sq, self.moves, self.start_st, self.start_sq, self.start_moves, actions,
                         first, stop, self.kind, self.numbering, self.draws, self.max_plies, self.mode, self.obs8,
                         self.obs32, self.obs64, self.mask, self.rewards, self.ended, self.final8, self.final32,
                         self.final64, self.final_mask)
        return found

    def sample(self) -> None:
        """sample()'s, into the sampled actions."""
        sample(self.st, self.moves, self.numbering, self.sampled)
