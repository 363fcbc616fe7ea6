"""The encodings networks train on, vectorised over arrays of position records.

`piece_planes(positions)` gives each position as 18 planes of 8 x 8, uint8 (float on request)::

    0-5    white pawn, knight, bishop, rook, queen, king      plane[rank, file], rank 0 = rank 1
    6-11   black pawn ... king
    12     side to move (all ones when white is to move)
    13-16  castling rights: white h-side, white a-side, black h-side, black a-side (all ones)
    17     the en-passant square (one square set)

NumPy is needed (pip install numpy). The records are bitboard.records' position_dtype().
"""
PLANES = 18


def _tables():
    import numpy as np
    codes = np.array([t | 8 for t in range(1, 7)] + list(range(1, 7)), dtype=np.uint8)  # white first
    return codes, np.arange(4, dtype=np.uint8)


_PIECE_CODES = _BITS = None


def piece_planes(positions, *, dtype=None):
    """(N, 18, 8, 8) planes of N position records; uint8 unless `dtype` says otherwise."""
    import numpy as np
    global _PIECE_CODES, _BITS
    if _PIECE_CODES is None:
        _PIECE_CODES, _BITS = _tables()
    board = np.asarray(positions["board"], dtype=np.uint8)
    count = board.shape[0]
    codes = np.empty((count, 64), dtype=np.uint8)
    codes[:, 0::2] = board & 15
    codes[:, 1::2] = board >> 4
    planes = np.empty((count, PLANES, 64), dtype=np.uint8)
    # the twelve piece planes in one broadcast comparison, written straight into the output
    np.equal(codes[:, None, :], _PIECE_CODES[None, :, None], out=planes[:, :12].view(bool))
    planes[:, 12] = np.asarray(positions["turn"], dtype=np.uint8)[:, None]
    castling = np.asarray(positions["castling"], dtype=np.uint8)
    np.bitwise_and(castling[:, None, None] >> _BITS[None, :, None], 1, out=planes[:, 13:17], casting="unsafe")
    planes[:, 17] = 0
    ep = np.asarray(positions["ep"], dtype=np.int64)
    has_ep = ep < 64
    planes[np.nonzero(has_ep)[0], 17, ep[has_ep]] = 1
    planes = planes.reshape(count, PLANES, 8, 8)
    return planes if dtype is None else planes.astype(dtype)


# --- AlphaZero's policy: 73 planes of 8 x 8 moves (4,672 indices) ------------------------------
#
# As the AlphaZero paper (Silver et al., "A general reinforcement learning algorithm that masters
# chess, shogi and Go through self-play", 2018) defines it, seen from the side to move (ranks
# flipped for black): planes 0-55 are queen-like moves, 7 distances in each of 8 directions
# (N, NE, E, SE, S, SW, W, NW; plane = 7 * direction + distance - 1), promotions to a queen
# included; planes 56-63 knight moves; planes 64-72 underpromotions to knight, bishop and rook
# (plane = 64 + 3 * piece + direction, direction 0 capturing towards the a-file, 1 straight on,
# 2 towards the h-file). A move's index is plane * 64 + its from-square.

ALPHAZERO_POLICY_SIZE = 73 * 64
_DIRECTIONS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]  # (rank, file) steps
_KNIGHT_JUMPS = [(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]


def _alphazero_planes() -> list:
    """planes[from][to]: the plane of a move between two squares (white's view), -1 if none."""
    planes = [[-1] * 64 for _ in range(64)]
    for frm in range(64):
        rank, file = frm >> 3, frm & 7
        for direction, (dr, df) in enumerate(_DIRECTIONS):
            for distance in range(1, 8):
                r, f = rank + dr * distance, file + df * distance
                if 0 <= r < 8 and 0 <= f < 8:
                    planes[frm][8 * r + f] = 7 * direction + distance - 1
        for jump, (dr, df) in enumerate(_KNIGHT_JUMPS):
            r, f = rank + dr, file + df
            if 0 <= r < 8 and 0 <= f < 8:
                planes[frm][8 * r + f] = 56 + jump
    return planes


_ALPHAZERO_PLANES = _alphazero_planes()
_ALPHAZERO_MOVES = {(plane, frm): to for frm in range(64) for to, plane in enumerate(_ALPHAZERO_PLANES[frm])
                    if plane >= 0}


def alphazero_index(move, turn) -> int:
    """The policy index (0 .. 4,671) of a move made by the side `turn` (True for white)."""
    frm, to = move.from_square, move.to_square
    if not turn:
        frm, to = frm ^ 56, to ^ 56
    if move.promotion in (2, 3, 4):  # knight, bishop, rook
        return (64 + 3 * (move.promotion - 2) + (to & 7) - (frm & 7) + 1) * 64 + frm
    plane = _ALPHAZERO_PLANES[frm][to]
    if plane < 0:
        raise ValueError(f"move {move.uci()} is no queen, knight or pawn move, so it has no AlphaZero index")
    return plane * 64 + frm


def alphazero_move(index: int, board):
    """The move of a policy index on `board` (its side to move; a pawn reaching the last rank by
    a queen-like plane promotes to a queen)."""
    from .move import Move
    if not 0 <= index < ALPHAZERO_POLICY_SIZE:
        raise ValueError(f"AlphaZero policy index {index!r} is not in 0..{ALPHAZERO_POLICY_SIZE - 1}")
    plane, frm = divmod(index, 64)
    promotion = None
    if plane >= 64:
        piece, direction = divmod(plane - 64, 3)
        to = frm + 8 + direction - 1
        promotion = 2 + piece
        if not 48 <= frm < 56:
            raise ValueError(f"AlphaZero policy index {index} underpromotes from a square off the seventh rank")
    else:
        to = _ALPHAZERO_MOVES.get((plane, frm))
        if to is None:
            raise ValueError(f"AlphaZero policy index {index} leaves the board")
    if not board.turn:
        frm, to = frm ^ 56, to ^ 56
    if promotion is None and board.piece_type_at(frm) == 1 and to >> 3 in (0, 7):
        promotion = 5
    return Move(frm, to, promotion)


def alphazero_indices(moves, turns):
    """AlphaZero policy indices of a batch: `moves` as to_arrays writes them (from + 64 * to +
    4096 * promotion piece type), `turns` 1 where white moved; int16 array, -1 for a move that
    has none (a move no piece could make)."""
    import numpy as np
    global _PLANE_TABLE
    if _PLANE_TABLE is None:
        _PLANE_TABLE = np.array(_ALPHAZERO_PLANES, dtype=np.int16)
    moves = np.asarray(moves, dtype=np.int64)
    flip = np.where(np.asarray(turns) != 0, 0, 56)
    frm, to, promotion = (moves % 64) ^ flip, (moves // 64 % 64) ^ flip, moves // 4096  # to_arrays' encoding
    planes = _PLANE_TABLE[frm, to].astype(np.int64)
    under = (promotion >= 2) & (promotion <= 4)
    planes[under] = 64 + 3 * (promotion[under] - 2) + (to[under] & 7) - (frm[under] & 7) + 1
    return np.where(planes >= 0, planes * 64 + frm, -1).astype(np.int16)


_PLANE_TABLE = None


def legal_move_masks(positions):
    """(N, 4672) booleans: the AlphaZero policy indices of each record's legal moves."""
    import numpy as np

    from .records import board_of
    masks = np.zeros((len(positions), ALPHAZERO_POLICY_SIZE), dtype=bool)
    for row, record in enumerate(positions):
        board = board_of(record)
        for move in board.legal_moves:  # every legal move has an index (castling: the king's move)
            masks[row, alphazero_index(move, board.turn)] = True
    return masks
