# cython: boundscheck=False, wraparound=False
"""Action numberings of the 8 x 8 x 73 = 4,672 policies that reinforcement-learning libraries use.

Each numbers a move from the side to move's view (ranks flipped when black moves), by its
from-square and one of 73 planes: 56 queen-like moves (a queen promotion and castling, the king's
two-square step, among them), 8 knight jumps, 9 underpromotions (knight, bishop, rook; straight
on or capturing to either side). A pawn that reaches the last rank by a queen-like plane promotes
to a queen. The three numberings differ in the order:

``"pettingzoo"`` (PettingZoo's classic chess_v6, its chess_utils): action = (file * 8 + rank) *
73 + plane, where with dx the file step and dy the rank step of the move::

    queen-like    plane = 8 * (distance - 1) + direction, directions in the order (dx, dy) =
                  (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)
    knight        plane = 56 + jump, jumps (dx, dy) = (-2, -1), (-2, 1), (-1, -2), (-1, 2),
                  (1, -2), (1, 2), (2, -1), (2, 1)
    underpromote  plane = 64 + 3 * (dx + 1) + piece, piece 0 knight, 1 bishop, 2 rook

``"pgx"`` (pgx's chess, its Action labels): action = (file * 8 + rank) * 73 + plane, where::

    underpromote  plane = 3 * piece + step, piece 0 rook, 1 bishop, 2 knight; step 0 straight
                  on, 1 capturing towards the h-file, 2 towards the a-file
    queen-like    plane = 9 + 7 * ray + k along the rays down, up, left, right, down-left,
                  up-right, up-left, down-right (down: towards the first rank, left: towards the
                  a-file), k = 0 ... 6 the distances in the order of the target's index file *
                  8 + rank (down, left, down-left and up-left farthest first, the others
                  nearest first)
    knight        plane = 65 + jump, jumps (dy, dx) = (-1, -2), (1, -2), (-2, -1), (2, -1),
                  (-1, 2), (1, 2), (-2, 1), (2, 1)

``"alphazero"``: the AlphaZero paper's, as `policy.alphazero_index` numbers it: plane * 64 +
from-square (its home is policy.py; this module only lays it out for C).

`action_index(move, turn, numbering)` and `action_move(index, board, numbering)` convert one
move; the C tables (`ACTIONS`, `UNDERPROMOTIONS`) and `_action` serve the environments' loops
(bitboard.env).
"""
from ..._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ...core.encoding import (
        BISHOP,
        CASTLING,
        KING,
        KNIGHT,
        PAWN,
        QUEEN,
        ROOK,
        castled_king_square,
        flag_promotion,
        move_flag,
        move_from,
        move_to,
    )

    PETTINGZOO, PGX, ALPHAZERO, NUMBERING_COUNT, ACTION_COUNT, MASK_BYTES = 0, 1, 2, 3, 4672, 584

from ...errors import InvalidArgumentError, UnsupportedVariantError
from .policy import ALPHAZERO_POLICY_SIZE, alphazero_index, alphazero_move

#: The numberings by name, in the order of their C codes (PETTINGZOO, PGX, ALPHAZERO).
NUMBERINGS = ("pettingzoo", "pgx", "alphazero")

_QUEEN_DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]  # chess_v6: (dx, dy)
_KNIGHT_JUMPS = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)]  # chess_v6: (dx, dy)
_PGX_RAYS = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (1, -1), (-1, 1)]  # pgx: (dy, dx)
_PGX_JUMPS = [(-1, -2), (1, -2), (-2, -1), (2, -1), (-1, 2), (1, 2), (-2, 1), (2, 1)]  # pgx: (dy, dx)
_UNDER = (KNIGHT, BISHOP, ROOK)


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def _pettingzoo_plane(dx: int, dy: int) -> int:
    """chess_v6's plane of a step (dx files, dy ranks) that is no underpromotion; -1 if none."""
    if (dx, dy) in _KNIGHT_JUMPS:
        return 56 + _KNIGHT_JUMPS.index((dx, dy))
    if (dx == 0 or dy == 0 or abs(dx) == abs(dy)) and (dx or dy):
        return 8 * (max(abs(dx), abs(dy)) - 1) + _QUEEN_DIRECTIONS.index((_sign(dx), _sign(dy)))
    return -1


def _pgx_plane(dx: int, dy: int) -> int:
    """pgx's plane of a step that is no underpromotion; -1 if none."""
    if (dy, dx) in _PGX_JUMPS:
        return 65 + _PGX_JUMPS.index((dy, dx))
    if (dx == 0 or dy == 0 or abs(dx) == abs(dy)) and (dx or dy):
        ray = _PGX_RAYS.index((_sign(dy), _sign(dx)))
        distance = max(abs(dx), abs(dy))
        lower = 8 * _sign(dx) + _sign(dy) < 0  # the ray runs to lower indices file * 8 + rank
        return 9 + 7 * ray + (7 - distance if lower else distance - 1)
    return -1


def _tables() -> tuple:
    """(ACTIONS, UNDERPROMOTIONS) as lists, from the definitions above (AlphaZero's from policy.py)."""
    from ...move import Move
    actions = [-1] * (NUMBERING_COUNT * 4096)
    under = [-1] * (NUMBERING_COUNT * 72)
    for frm in range(64):
        for to in range(64):
            dx, dy = (to & 7) - (frm & 7), (to >> 3) - (frm >> 3)
            column = (frm & 7) * 8 + (frm >> 3)  # chess_v6's and pgx's index of the from-square
            plane = _pettingzoo_plane(dx, dy)
            if plane >= 0:
                actions[PETTINGZOO * 4096 + frm * 64 + to] = column * 73 + plane
                actions[PGX * 4096 + frm * 64 + to] = column * 73 + _pgx_plane(dx, dy)
                actions[ALPHAZERO * 4096 + frm * 64 + to] = alphazero_index(Move(frm, to), True)
    for file in range(8):
        frm = 48 + file
        for dx in (-1, 0, 1):
            if not 0 <= file + dx < 8:
                continue
            for piece in _UNDER:
                slot = file * 9 + (dx + 1) * 3 + piece - KNIGHT
                column = file * 8 + 6
                under[PETTINGZOO * 72 + slot] = column * 73 + 64 + 3 * (dx + 1) + piece - KNIGHT
                under[PGX * 72 + slot] = column * 73 + 3 * (ROOK - piece) + {0: 0, 1: 1, -1: 2}[dx]
                under[ALPHAZERO * 72 + slot] = alphazero_index(Move(frm, frm + 8 + dx, piece), True)
    return actions, under


_LISTS = _tables()
ACTIONS = _LISTS[0]
UNDERPROMOTIONS = _LISTS[1]


def _decoders() -> list:
    """For each numbering, each action's (from, to, underpromotion piece or 0) seen from the mover,
    None where the action names no move."""
    decoders: list = [[None] * ACTION_COUNT for _ in NUMBERINGS]
    for numbering in range(NUMBERING_COUNT):
        for frm in range(64):
            for to in range(64):
                action = ACTIONS[numbering * 4096 + frm * 64 + to]
                if action >= 0:
                    decoders[numbering][action] = (frm, to, 0)
        for slot in range(72):
            action = UNDERPROMOTIONS[numbering * 72 + slot]
            if action >= 0:
                file, rest = divmod(slot, 9)
                dx, piece = rest // 3 - 1, rest % 3 + KNIGHT
                decoders[numbering][action] = (48 + file, 56 + file + dx, piece)
    return decoders


_DECODERS: list = []


if not cython.compiled:  # compiled, the inline function of actions.pxd
    def _action(numbering, code, white):
        """The action of a move code (core/encoding) of the side `white` in a numbering."""
        frm, to, flag = move_from(code), move_to(code), move_flag(code)
        piece = flag_promotion(flag)
        if flag == CASTLING:  # the king takes its own rook: the king's two-square step
            to = castled_king_square(frm, to > frm)
        if not white:
            frm ^= 56
            to ^= 56
        if piece != 0 and piece != QUEEN:
            return UNDERPROMOTIONS[numbering * 72 + (frm & 7) * 9 + ((to & 7) - (frm & 7) + 1) * 3 + piece - KNIGHT]
        return ACTIONS[numbering * 4096 + frm * 64 + to]


def numbering_code(numbering: str) -> int:
    """The C code of a numbering's name (NUMBERINGS), or a ValueError naming it."""
    if numbering not in NUMBERINGS:
        raise InvalidArgumentError(f"numbering {numbering!r} is not one of {', '.join(map(repr, NUMBERINGS))}")
    return NUMBERINGS.index(numbering)


def action_index(move, turn, numbering: str = "pettingzoo") -> int:
    """The action (0 .. 4,671) of `move` made by the side `turn` (True for white) in a numbering."""
    code = numbering_code(numbering)
    if code == ALPHAZERO:
        return alphazero_index(move, turn)
    if getattr(move, "drop", None):
        raise UnsupportedVariantError(f"the drop {move.uci()} (crazyhouse) has no {numbering} action")
    frm, to, promotion = move.from_square, move.to_square, move.promotion
    if promotion == KING:
        raise UnsupportedVariantError(f"the king promotion {move.uci()} (antichess) has no {numbering} action")
    if not turn:
        frm, to = frm ^ 56, to ^ 56
    if promotion in _UNDER:
        action = -1
        if frm >> 3 == 6 and to >> 3 == 7 and abs((to & 7) - (frm & 7)) <= 1:
            action = UNDERPROMOTIONS[code * 72 + (frm & 7) * 9 + ((to & 7) - (frm & 7) + 1) * 3 + promotion - KNIGHT]
    else:
        action = ACTIONS[code * 4096 + frm * 64 + to]
    if action < 0:
        raise ValueError(f"move {move.uci()} is no queen, knight or pawn move, so it has no {numbering} action")
    return action


def action_move(index: int, board, numbering: str = "pettingzoo"):
    """The move of action `index` on `board` (its side to move; a pawn reaching the last rank by
    a queen-like plane promotes to a queen), as chess_v6's action_to_move and pgx read actions."""
    from ...move import Move
    code = numbering_code(numbering)
    if code == ALPHAZERO:
        return alphazero_move(index, board)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < ACTION_COUNT:
        raise ValueError(f"{numbering} action {index!r} is not in 0..{ACTION_COUNT - 1}")
    if not _DECODERS:
        _DECODERS.extend(_decoders())
    found = _DECODERS[code][index]
    if found is None:
        raise ValueError(f"{numbering} action {index} leaves the board")
    frm, to, promotion = found
    if not board.turn:
        frm, to = frm ^ 56, to ^ 56
    if not promotion and board.piece_type_at(frm) == PAWN and to >> 3 in (0, 7):
        promotion = QUEEN
    return Move(frm, to, promotion or None)


def pettingzoo_index(move, turn) -> int:
    """chess_v6's action of a move made by the side `turn` (True for white)."""
    return action_index(move, turn, "pettingzoo")


def pettingzoo_move(index: int, board):
    """The move of chess_v6's action `index` on `board`."""
    return action_move(index, board, "pettingzoo")


def pgx_index(move, turn) -> int:
    """pgx's action of a move made by the side `turn` (True for white)."""
    return action_index(move, turn, "pgx")


def pgx_move(index: int, board):
    """The move of pgx's action `index` on `board`."""
    return action_move(index, board, "pgx")


assert ALPHAZERO_POLICY_SIZE == ACTION_COUNT
