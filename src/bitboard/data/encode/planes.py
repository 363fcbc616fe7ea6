"""Input planes: each position of a batch as 8 x 8 planes, the board as networks see it.

Every plane is built as a 64-bit mask first (bit k: square k, a1 = 0), `packed=True` returns
those masks, and `unpack_planes` turns masks into uint8 planes indexed [rank, file] (rank 0 is
the first rank): one NumPy call, eight times less memory in between.

`piece_planes(positions)`: 18 planes per position::

    0-5    white pawn, knight, bishop, rook, queen, king
    6-11   black pawn ... king
    12     side to move (all ones when white is to move)
    13-16  castling rights: white h-side, white a-side, black h-side, black a-side (all ones)
    17     the en-passant square (one square set)

With `flip_for_black=True` a position with black to move is seen from black's side, as
AlphaZero's input is: ranks flipped, black's pieces in planes 0-5 and its rights in 13-14, the
en-passant square flipped; plane 12 still says who is to move.

`leela_planes(positions, game)`: Leela Chess Zero's classical 112-plane input, as lc0 defines
it (INPUT_CLASSICAL_112_PLANE), always from the side to move (ranks flipped when black moves)::

    13 * i + 0-5    position i plies ago (i = 0 ... 7): the mover's pawn ... king
    13 * i + 6-11   the opponent's pawn ... king
    13 * i + 12     all ones if that position stood earlier in the game (a repetition)
    104, 105        all ones if the mover may castle a-side, h-side
    106, 107        the same for the opponent
    108             all ones when black is to move
    109             the half-move clock (every square holds it; 255 at most in uint8)
    110             zeros;  111  all ones

Plies before the game's first position are filled as lc0's `history_fill` says: "no" leaves
them empty, "fen_only" (lc0's default) repeats the first position unless it is the standard
start, "always" repeats it; a repeated first position has the pawn that had just moved two
squares put back, where lc0's en-passant flag shows that move.

Neither input has planes for crazyhouse's pockets or three-check's counters: both raise
UnsupportedVariantError, naming the row, on such a record instead of encoding its board alone.
"""
from ...core.encoding import ALL_CASTLING, BLACK_KINGSIDE, BLACK_QUEENSIDE, NO_SQUARE, WHITE_KINGSIDE, WHITE_QUEENSIDE
from ..records import bitboards, en_passant_capturable, mirrored_castling, refuse_variant_records

PIECE_PLANES = 18
LEELA_PLANES = 112
LEELA_HISTORY = 8
HISTORY_FILLS = ("no", "fen_only", "always")
_ALL = 0xFFFFFFFFFFFFFFFF
_SWAP_COLOURS = [6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5]


def unpack_planes(masks, dtype=None):
    """(..., P) masks of 64 bits to (..., P, 8, 8) planes, uint8 unless `dtype` says otherwise."""
    import numpy as np
    masks = np.ascontiguousarray(masks, dtype="<u8")
    planes = np.unpackbits(masks.view(np.uint8), axis=-1, bitorder="little").reshape(masks.shape + (8, 8))
    return planes if dtype is None else planes.astype(dtype)


def _ones_where(condition):
    import numpy as np
    return np.where(condition, np.uint64(_ALL), np.uint64(0))


def _from_black(boards, black):
    """The bitboards of the rows in `black` seen from black's side: colours swapped, ranks flipped."""
    boards = boards.copy()
    boards[black] = boards[black][:, _SWAP_COLOURS].byteswap()
    return boards


def piece_planes(positions, *, packed: bool = False, flip_for_black: bool = False, dtype=None):
    """(N, 18, 8, 8) planes of N position records (uint8 unless `dtype` says otherwise), or with
    `packed` the (N, 18) uint64 masks."""
    import numpy as np
    positions = np.asarray(positions).reshape(-1)
    refuse_variant_records(positions, "piece_planes")
    boards = bitboards(positions)
    white = positions["turn"] != 0
    castling = positions["castling"].astype(np.uint8)
    ep = positions["ep"].astype(np.uint64)
    if flip_for_black:
        black = ~white
        boards = _from_black(boards, black)
        castling = np.where(black, mirrored_castling(castling), castling)
        ep = np.where(black & (ep < NO_SQUARE), ep ^ np.uint64(56), ep)
    masks = np.empty((len(positions), PIECE_PLANES), dtype=np.uint64)
    masks[:, :12] = boards
    masks[:, 12] = _ones_where(white)
    for i, right in enumerate((WHITE_KINGSIDE, WHITE_QUEENSIDE, BLACK_KINGSIDE, BLACK_QUEENSIDE)):
        masks[:, 13 + i] = _ones_where(castling & right)
    has_ep = ep < NO_SQUARE
    masks[:, 17] = np.where(has_ep, np.uint64(1) << np.where(has_ep, ep, 0), np.uint64(0))
    return masks if packed else unpack_planes(masks, dtype)


def _first_rows(game):
    """For each row, the row where its game starts (rows of a game are consecutive)."""
    import numpy as np
    new = np.ones(len(game), dtype=bool)
    new[1:] = game[1:] != game[:-1]
    return np.flatnonzero(new)[np.cumsum(new) - 1]


def _before_first(positions, boards):
    """The bitboards lc0 fills history with: each position with the pawn that had just moved two
    squares put back (where the en-passant flag is set), and whether that flag is set."""
    import numpy as np
    flagged = en_passant_capturable(positions, boards)
    out = boards.copy()
    ep = positions["ep"].astype(np.int64)
    for row in np.flatnonzero(flagged):
        white_moved = positions["turn"][row] == 0
        slot, now, then = (0, ep[row] + 8, ep[row] - 8) if white_moved else (6, ep[row] - 8, ep[row] + 8)
        out[row, slot] = (int(out[row, slot]) & ~(1 << int(now))) | (1 << int(then))
    return out, flagged


def leela_planes(positions, game=None, *, history_fill: str = "fen_only", packed: bool = False, dtype=None):
    """(N, 112, 8, 8) lc0 input planes of each record with the seven before it in its game
    (uint8 unless `dtype` says otherwise); with `packed`, the (N, 112) uint64 masks (plane 109
    left empty) and the (N,) half-move clocks. Rows are consecutive positions of their games, as
    to_arrays writes them; `game` tells the games apart (all one game when None)."""
    import numpy as np

    from ...board import Board
    from ..records import record_of
    from .keys import game_column, repetition_counts
    if history_fill not in HISTORY_FILLS:
        raise ValueError(f"history_fill {history_fill!r} is not one of {', '.join(HISTORY_FILLS)}")
    positions = np.asarray(positions).reshape(-1)
    refuse_variant_records(positions, "leela_planes")
    count = len(positions)
    game = game_column(game, count)
    boards = bitboards(positions)
    repeated = repetition_counts(positions, game) > 1
    first = _first_rows(game)
    starts, of_row = np.unique(first, return_inverse=True)  # each game's first row, once
    filler, flagged = _before_first(positions[starts], boards[starts])
    filler, flagged = filler[of_row], flagged[of_row]
    start = record_of(Board())[0]  # lc0 compares boards from the mover's side: either side to move
    from_start = ((positions["board"][first] == start["board"]).all(axis=1)
                  & (positions["castling"][first] == ALL_CASTLING))
    white = positions["turn"] != 0
    rows = np.arange(count)
    masks = np.zeros((count, LEELA_PLANES), dtype=np.uint64)
    for ply in range(LEELA_HISTORY):
        source = rows - ply
        real = source >= first
        if history_fill == "no":
            fill = ~real & (source == first - 1) & flagged
        elif history_fill == "fen_only":
            fill = ~real & ~from_start
        else:
            fill = ~real
        history = np.where(real[:, None], boards[np.maximum(source, 0)], np.where(fill[:, None], filler, 0))
        masks[:, 13 * ply:13 * ply + 12] = _from_black(history, ~white)
        masks[:, 13 * ply + 12] = _ones_where(real & repeated[np.maximum(source, 0)])
    castling = np.where(white, positions["castling"], mirrored_castling(positions["castling"]))
    # the mover's rights now sit in white's bits, the opponent's in black's
    masks[:, 104], masks[:, 105] = _ones_where(castling & WHITE_QUEENSIDE), _ones_where(castling & WHITE_KINGSIDE)
    masks[:, 106], masks[:, 107] = _ones_where(castling & BLACK_QUEENSIDE), _ones_where(castling & BLACK_KINGSIDE)
    masks[:, 108] = _ones_where(~white)
    masks[:, 111] = np.uint64(_ALL)
    clocks = positions["halfmove"]
    if packed:
        return masks, clocks
    planes = unpack_planes(masks, dtype)
    planes[:, 109] = (np.minimum(clocks, 255) if planes.dtype == np.uint8 else clocks)[:, None, None]
    return planes

