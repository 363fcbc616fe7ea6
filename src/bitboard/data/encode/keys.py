"""Position keys for a batch of records: Polyglot's Zobrist keys, and repetition counts.

`polyglot_keys` follows the Polyglot book format (Michel Van den Bergh, "Polyglot book format"):
a key is the XOR of table entries for each piece on its square (entry 64 * kind + square, kind
0 black pawn, 1 white pawn, 2 black knight ... 11 white king), each castling right (768 white
h-side, 769 white a-side, 770 black h-side, 771 black a-side), the en-passant file when a pawn
of the side to move stands beside the pawn that just moved two squares (772 + file), and 780
when white is to move. The table is Polyglot's 781 published random numbers, which the engine's
Zobrist keys are too (`core/polyglot_random`; another table can be passed as `table`).

`repetition_counts` needs no table: it compares the records themselves, as python-chess's
`is_repetition` compares positions.
"""
from ...core.encoding import NO_SQUARE
from ...core.polyglot_random import POLYGLOT_RANDOM_ARRAY
from ..records import bitboards, en_passant_capturable, refuse_variant_records, square_codes

__all__ = ["POLYGLOT_TABLE_SIZE", "polyglot_table", "polyglot_keys", "repetition_counts"]

POLYGLOT_TABLE_SIZE = 781
_CHUNK = 1 << 16  # rows per step, to bound the temporaries


def polyglot_table():
    """Polyglot's 781 random numbers as a uint64 array (the table bitboard's keys are made of)."""
    import numpy as np
    return np.array(POLYGLOT_RANDOM_ARRAY, dtype=np.uint64)


def polyglot_keys(positions, *, table=None):
    """(N,) uint64: the Polyglot key of each record (python-chess's chess.polyglot.zobrist_hash)."""
    import numpy as np
    table = polyglot_table() if table is None else np.asarray(table, dtype=np.uint64)
    if table.shape != (POLYGLOT_TABLE_SIZE,):
        raise ValueError(f"a Polyglot table has {POLYGLOT_TABLE_SIZE} numbers, not {table.shape}")
    positions = np.asarray(positions).reshape(-1)
    keys = np.zeros(len(positions), dtype=np.uint64)
    for start in range(0, len(positions), _CHUNK):
        chunk = positions[start:start + _CHUNK]
        codes = square_codes(chunk).astype(np.int64)
        kinds = 2 * ((codes & 7) - 1) + (codes >> 3)  # Polyglot's kind of piece, for an occupied square
        entries = np.where(codes & 7 != 0, table[np.clip(kinds, 0, 11) * 64 + np.arange(64)], np.uint64(0))
        key = np.bitwise_xor.reduce(entries, axis=1)
        castling = chunk["castling"]
        for right in range(4):
            key ^= np.where(castling >> right & 1, table[768 + right], np.uint64(0))
        capturable = en_passant_capturable(chunk, bitboards(chunk))
        key ^= np.where(capturable, table[772 + (chunk["ep"].astype(np.int64) & 7)], np.uint64(0))
        key ^= np.where(chunk["turn"] != 0, table[780], np.uint64(0))
        keys[start:start + _CHUNK] = key
    return keys


def game_column(game, count: int):
    """to_arrays' `game` column as int64 for `count` positions (all one game when None)."""
    import numpy as np
    game = np.zeros(count, dtype=np.int64) if game is None else np.asarray(game, dtype=np.int64)
    if game.shape != (count,):
        raise ValueError(f"game has shape {game.shape}, not one entry for each of the {count} positions")
    return game


def repetition_counts(positions, game=None):
    """(N,) int32: how many times each record's position has stood in its game so far, itself
    included (1 the first time), by python-chess's rule: the same pieces, side to move, castling
    rights and en-passant square where an en-passant capture is legal. `board.is_repetition(k)`
    is `count >= k`. `game` (as to_arrays writes it) keeps games apart; rows are in move order.
    Crazyhouse and three-check records raise UnsupportedVariantError: their repetitions count
    pockets and checks too, which the records alone do not hold."""
    import numpy as np

    from ..records import board_of
    positions = np.asarray(positions).reshape(-1)
    refuse_variant_records(positions, "repetition_counts")
    count = len(positions)
    game = game_column(game, count)
    ep = positions["ep"].copy()
    capturable = en_passant_capturable(positions, bitboards(positions))
    for row in np.flatnonzero(capturable):  # rare: a pawn beside it, so ask whether the capture is legal
        if not board_of(positions[row]).has_legal_en_passant():
            ep[row] = NO_SQUARE
    ep[~capturable] = NO_SQUARE
    key = np.zeros(count, dtype=[("game", "<i8"), ("board", "u1", (32,)), ("turn", "u1"), ("castling", "u1"),
                                 ("ep", "u1")])
    key["game"], key["board"], key["turn"] = game, positions["board"], positions["turn"]
    key["castling"], key["ep"] = positions["castling"], ep
    _, same = np.unique(key.view(np.dtype((np.void, key.dtype.itemsize))), return_inverse=True)
    order = np.argsort(same.reshape(-1), kind="stable")  # each position's rows, in move order
    grouped = same.reshape(-1)[order]
    run_start = np.flatnonzero(np.r_[True, grouped[1:] != grouped[:-1]])
    ranks = np.arange(count) - np.repeat(run_start, np.diff(np.r_[run_start, count]))
    counts = np.empty(count, dtype=np.int32)
    counts[order] = ranks + 1
    return counts
