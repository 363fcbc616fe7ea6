"""The arrays that hold games for the environments and `Game`, and the rule arguments' checks."""
from ..core.bits import compiled
from ..errors import InvalidArgumentError
from . import games

#: The observations an environment writes: name -> (games.pxd's OBSERVE_ code, its actions' numbering).
OBSERVATIONS = {"pettingzoo": (0, "pettingzoo"), "alphazero": (1, "pgx"), "packed": (2, "pettingzoo")}
#: The draw rules: name -> games.pxd's DRAWS_ code.
DRAWS = {"claim": 0, "automatic": 1, "pgx": 2}
#: gymnasium.vector's autoreset modes by their names (AutoresetMode's values are accepted too).
AUTORESET_MODES = {"next_step": 0, "same_step": 1, "disabled": 2}
_AUTORESET_VALUES = {"NextStep": "next_step", "SameStep": "same_step", "Disabled": "disabled"}

# the row sizes (games.pxd's WORDS, BYTES, MOVE_ROOM)
WORDS, BYTES, MOVE_ROOM, MOVE_WIDTH = 512, 320, 256, 512
W_TURN, W_PLY, W_MOVES, W_STATUS, W_TRUNCATED, W_DONE, W_RNG = 9, 15, 16, 17, 18, 19, 25


def view(array):
    """What the C functions take: the array itself compiled, a memoryview uncompiled (whose items
    are Python ints, as the uncompiled engine's arithmetic wants)."""
    return array if compiled else memoryview(array)


def draws_code(draws: str) -> int:
    if draws not in DRAWS:
        raise InvalidArgumentError(f"draws {draws!r} is not one of {', '.join(map(repr, DRAWS))}")
    return DRAWS[draws]


def max_plies_value(max_plies) -> int:
    if max_plies is None:
        return 0
    if isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 1:
        raise InvalidArgumentError(f"max_plies {max_plies!r} is not a positive int (or None: no limit)")
    return max_plies


def autoreset_code(mode) -> int:
    value = getattr(mode, "value", None)
    name = _AUTORESET_VALUES.get(value, mode) if isinstance(value, str) else mode
    if name not in AUTORESET_MODES:
        raise InvalidArgumentError(f"autoreset_mode {mode!r} is not one of {', '.join(map(repr, AUTORESET_MODES))} "
                                   "(or gymnasium.vector.AutoresetMode)")
    return AUTORESET_MODES[name]


class Rows:
    """`count` games' rows: words (count, WORDS) uint64, bytes (count, BYTES) uint8 and moves
    (count, MOVE_WIDTH) uint16 (the legal moves' codes, then their actions), with their views for
    the C functions."""

    def __init__(self, count: int):
        import numpy as np
        self.words = np.zeros((count, WORDS), dtype=np.uint64)
        self.bytes = np.zeros((count, BYTES), dtype=np.uint8)
        self.moves = np.zeros((count, MOVE_WIDTH), dtype=np.uint16)
        self.views = (view(self.words), view(self.bytes), view(self.moves))

    def __len__(self) -> int:
        return len(self.words)


def start_rows(board, scratch, numbering: int, draws: int, max_plies: int) -> Rows:
    """One row set to start from `board`'s position."""
    from ..errors import InvalidPositionError
    rows = Rows(1)
    if games.setup(board, scratch, *rows.views, 0, numbering, draws, max_plies) < 0:
        raise InvalidPositionError(f"the position {board.fen()} has more than {MOVE_ROOM} legal moves")
    return rows


def standard_scratch():
    """A scratch position for stepping games of standard chess (its castling squares)."""
    from ..board import Board
    return Board()
