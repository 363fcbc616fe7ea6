"""Policy encodings: a move as an index into a network's output, and back.

AlphaZero's 8 x 8 x 73 planes (4,672 indices) and Leela Chess Zero's 1,858 moves, each seen from
the side to move (ranks flipped when black moves), with a batch form over `to_arrays` moves and
legal-move masks over a batch of position records. Neither policy has an index for a
crazyhouse drop: a drop, and a crazyhouse or three-check record where the whole position is
needed (lc0's castling, legal-move masks), raise UnsupportedVariantError naming it.
"""
from ...core.encoding import (
    BISHOP,
    DATASET_NO_MOVE,
    KING,
    KNIGHT,
    NO_SQUARE,
    PAWN,
    QUEEN,
    ROOK,
    castled_king_square,
    dataset_drop_piece,
    dataset_move_parts,
)
from ...errors import UnsupportedVariantError
from ..records import nibble_of, refuse_variant_records

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
    _no_drop(move, "AlphaZero")
    if move.promotion == KING:
        raise UnsupportedVariantError(f"the king promotion {move.uci()} (antichess) has no AlphaZero policy index")
    if not turn:
        frm, to = frm ^ 56, to ^ 56
    if move.promotion in (KNIGHT, BISHOP, ROOK):
        return (64 + 3 * (move.promotion - KNIGHT) + (to & 7) - (frm & 7) + 1) * 64 + frm
    plane = _ALPHAZERO_PLANES[frm][to]
    if plane < 0:
        raise ValueError(f"move {move.uci()} is no queen, knight or pawn move, so it has no AlphaZero index")
    return plane * 64 + frm


def alphazero_move(index: int, board):
    """The move of a policy index on `board` (its side to move; a pawn reaching the last rank by
    a queen-like plane promotes to a queen)."""
    from ...move import Move
    if not 0 <= index < ALPHAZERO_POLICY_SIZE:
        raise ValueError(f"AlphaZero policy index {index!r} is not in 0..{ALPHAZERO_POLICY_SIZE - 1}")
    plane, frm = divmod(index, 64)
    promotion = None
    if plane >= 64:
        piece, direction = divmod(plane - 64, 3)
        to = frm + 8 + direction - 1
        promotion = KNIGHT + piece
        if not 48 <= frm < 56:
            raise ValueError(f"AlphaZero policy index {index} underpromotes from a square off the seventh rank")
    else:
        found = _ALPHAZERO_MOVES.get((plane, frm))
        if found is None:
            raise ValueError(f"AlphaZero policy index {index} leaves the board")
        to = found
    if not board.turn:
        frm, to = frm ^ 56, to ^ 56
    if promotion is None and board.piece_type_at(frm) == PAWN and to >> 3 in (0, 7):
        promotion = QUEEN
    return Move(frm, to, promotion)


def alphazero_indices(moves, turns):
    """AlphaZero policy indices of a batch: `moves` as to_arrays writes them (dataset move codes,
    core.encoding.dataset_move), `turns` 1 where white moved; int16 array, -1 for a move that
    has none (a move no piece could make, and DATASET_NO_MOVE: a game's final position)."""
    import numpy as np
    global _PLANE_TABLE
    if _PLANE_TABLE is None:
        _PLANE_TABLE = np.array(_ALPHAZERO_PLANES, dtype=np.int16)
    moves = np.asarray(moves, dtype=np.int64)
    flip = np.where(np.asarray(turns) != 0, 0, 56)
    frm, to, promotion = dataset_move_parts(moves)
    _no_drops(moves, "AlphaZero")
    _no_king_promotions(promotion, "AlphaZero")
    frm, to = frm ^ flip, to ^ flip
    planes = _PLANE_TABLE[frm, to].astype(np.int64)
    under = (promotion >= KNIGHT) & (promotion <= ROOK)
    planes[under] = 64 + 3 * (promotion[under] - KNIGHT) + (to[under] & 7) - (frm[under] & 7) + 1
    return np.where((planes >= 0) & (moves != DATASET_NO_MOVE), planes * 64 + frm, -1).astype(np.int16)


_PLANE_TABLE = None


def _no_drop(move, policy: str) -> None:
    if getattr(move, "drop", None):
        raise UnsupportedVariantError(f"the drop {move.uci()} (crazyhouse) has no {policy} policy index")


def _no_drops(moves, policy: str) -> None:
    """A named error for the batch's first drop (crazyhouse), which no policy head has."""
    import numpy as np
    drops = np.flatnonzero(dataset_drop_piece(moves))
    if len(drops):
        raise UnsupportedVariantError(f"row {int(drops[0])} is a drop (crazyhouse), which has no {policy} policy "
                                      "index")


def _no_king_promotions(promotion, policy: str) -> None:
    """A named error for the batch's first king promotion (antichess): no policy head has one,
    and counting it as another move would train on a wrong label."""
    import numpy as np
    kings = np.flatnonzero(promotion == KING)
    if len(kings):
        raise UnsupportedVariantError(f"row {int(kings[0])} is a king promotion (antichess), which has no "
                                      f"{policy} policy index")


# --- Leela Chess Zero's policy: 1,858 moves -------------------------------------------------------
#
# As lc0 defines its policy head ("Leela Chess Zero", the policy map of its classical networks),
# seen from the side to move (ranks flipped for black): first every queen-like and knight move,
# ordered by from-square and then to-square (a1 = 0 ... h8 = 63), 1,792 moves; then the 66
# promotions from the seventh rank to the eighth, by from-square and to-square, each to a queen,
# a rook and a bishop in that order. A promotion to a knight is the plain move; castling is the
# king taking its own rook (e1h1), in Chess960 and standard chess alike.

LC0_POLICY_SIZE = 1858
_LC0_PROMOTIONS = (QUEEN, ROOK, BISHOP)


def _lc0_moves() -> list:
    """[(from, to, promotion or None)] in lc0's order, from the definition above."""
    moves: list[tuple[int, int, int | None]] = [
        (frm, to, None) for frm in range(64) for to in range(64) if _ALPHAZERO_PLANES[frm][to] >= 0]
    for frm in range(48, 56):
        for to in range(56, 64):
            if abs((to & 7) - (frm & 7)) <= 1:
                moves.extend((frm, to, promotion) for promotion in _LC0_PROMOTIONS)
    return moves


LC0_MOVES = _lc0_moves()
_LC0_INDEX = {move: index for index, move in enumerate(LC0_MOVES)}


def _lc0_to_square(move, board) -> int:
    """The to-square lc0 gives a move: castling as the king taking its rook."""
    to = move.to_square
    if board.is_castling(move) and board.color_at(to) != board.turn:  # e1g1: the rook that castles
        kingside = (to & 7) > (move.from_square & 7)
        to = board._rook_squares()[(0 if board.turn else 2) + (0 if kingside else 1)]
    return to


def lc0_index(move, board) -> int:
    """The lc0 policy index (0 .. 1,857) of a legal move on `board`."""
    _no_drop(move, "lc0")
    frm, to = move.from_square, _lc0_to_square(move, board)
    if move.promotion == KING:
        raise UnsupportedVariantError(f"the king promotion {move.uci()} (antichess) has no lc0 policy index")
    if not board.turn:
        frm, to = frm ^ 56, to ^ 56
    promotion = None if move.promotion in (None, KNIGHT) else move.promotion
    index = _LC0_INDEX.get((frm, to, promotion))
    if index is None:
        raise ValueError(f"move {move.uci()} has no lc0 policy index")
    return index


def lc0_move(index: int, board):
    """The move of an lc0 policy index on `board` (castling as the board writes it; a pawn that
    reaches the last rank by a plain move promotes to a knight)."""
    from ...move import Move
    if not 0 <= index < LC0_POLICY_SIZE:
        raise ValueError(f"lc0 policy index {index!r} is not in 0..{LC0_POLICY_SIZE - 1}")
    frm, to, promotion = LC0_MOVES[index]
    if not board.turn:
        frm, to = frm ^ 56, to ^ 56
    piece = board.piece_type_at(frm)
    if promotion is None and piece == PAWN and to >> 3 in (0, 7):
        promotion = KNIGHT
    if piece == KING and board.color_at(to) == board.turn and not board.chess960 and frm & 7 == 4:
        to = castled_king_square(frm, to & 7 > 4)  # the king's two-file step of standard notation
    return Move(frm, to, promotion)


_LC0_TABLE = None


def lc0_indices(moves, positions):
    """lc0 policy indices of a batch: `moves` as to_arrays writes them, `positions` the records
    they were played from; int16 array, -1 for a move that has none (DATASET_NO_MOVE: a game's
    final position)."""
    import numpy as np
    global _LC0_TABLE
    if _LC0_TABLE is None:
        _LC0_TABLE = np.full((4, 64, 64), -1, dtype=np.int16)  # [promotion slot, from, to]
        for index, (frm, to, promotion) in enumerate(LC0_MOVES):
            _LC0_TABLE[0 if promotion is None else 1 + _LC0_PROMOTIONS.index(promotion), frm, to] = index
    moves = np.asarray(moves, dtype=np.int64)
    positions = np.asarray(positions).reshape(-1)
    refuse_variant_records(positions, "lc0_indices")
    frm, to, promotion = dataset_move_parts(moves)
    _no_drops(moves, "lc0")
    _no_king_promotions(promotion, "lc0")
    board = positions["board"].astype(np.int64)
    rows = np.arange(len(moves))
    piece = nibble_of(board[rows, frm >> 1], frm)
    target = nibble_of(board[rows, to >> 1], to)
    # standard castling notation (the king's two-file step onto no rook of its own): the rook's square
    castles = ((piece & 7) == KING) & (np.abs((to & 7) - (frm & 7)) == 2) & ((target & 7) != ROOK)
    white = positions["turn"].astype(bool)
    side = np.where(white, 0, 2) + np.where((to & 7) > (frm & 7), 0, 1)
    rooks = positions["rooks"].astype(np.int64)[rows, side]
    to = np.where(castles & (rooks < NO_SQUARE), rooks, to)
    flip = np.where(white, 0, 56)
    slot = np.select([promotion == QUEEN, promotion == ROOK, promotion == BISHOP], [1, 2, 3], 0)
    return np.where(moves != DATASET_NO_MOVE, _LC0_TABLE[slot, frm ^ flip, to ^ flip], -1).astype(np.int16)


def legal_move_masks(positions, policy: str = "alphazero"):
    """(N, 4,672) booleans, or (N, 1,858) with policy="lc0": the policy indices of each record's
    legal moves."""
    import numpy as np

    from ..records import board_of
    if policy not in ("alphazero", "lc0"):
        raise ValueError(f"policy {policy!r} is not 'alphazero' or 'lc0'")
    positions = np.asarray(positions).reshape(-1)
    refuse_variant_records(positions, "legal_move_masks")
    size = ALPHAZERO_POLICY_SIZE if policy == "alphazero" else LC0_POLICY_SIZE
    masks = np.zeros((len(positions), size), dtype=bool)
    for row, record in enumerate(positions):
        board = board_of(record)
        for move in board.legal_moves:  # every legal move has an index
            masks[row, alphazero_index(move, board.turn) if policy == "alphazero" else lc0_index(move, board)] = True
    return masks
