"""PGN to NumPy arrays: the positions of every game as records, written by the reader's C columns
as it reads each move (no Python object per position), with the per-game columns beside them."""

from .game_columns import elo_column, result_column
from .gil import prompt_handoffs
from .pgn_reader import _Columns, _Reader
from .sources import open_pgn
from .tables import NO_MOVE, RESULT_CODES

__all__ = ["NO_MOVE", "RESULT_CODES", "to_arrays"]


def to_arrays(source, *, games: int | None = None, progress=None) -> dict:
    """Every position of every game, as NumPy arrays: the position before each move and the
    game's final position (games that cannot be read to their end: the positions up to their
    error; a game whose FEN cannot be set up has none)::

        positions  position records (bitboard.data.records.position_dtype()), one per position
        extras     each position's extras record (records.extras_dtype(): crazyhouse's pockets
                   and promoted pieces, three-check's checks), zeros where the record is whole
        moves      uint16, the move played from it (core.encoding.dataset_move: from, to,
                   promotion; a drop: dataset_drop), NO_MOVE (0xFFFF) at a game's final position
        game       uint32, the game it belongs to (its index in the file)
        ply        uint32, its index in its game (0: the game's first position)
        evals      float32, the eval after the move in pawns for white, NaN where none or a mate
        mates      int16, mate in N after the move (negative: black mates), 0 where none
        clocks     float32, the mover's clock after the move in seconds, NaN where none
        and per game: result (int8: 1, 0, -1; -2 "*" or none: tables.RESULT_CODES, as in
        Parquet), white_elo and black_elo (int16, -1 where absent), time_control and variant
        (str, the tags as written, "" where absent), offset (int64, the game's byte offset),
        error (bool).
        `games` stops after that many games; `progress(byte offset, games read)` is called
        every 256 games.

    The positions are written by the reader as it reads each move, with no Python object per
    position. A game with a Variant tag is played by its variant's rules (python-chess's names).
    For whole files, bitboard.data.convert_files streams to Parquet in bounded memory.
    """
    import numpy as np
    columns = _Columns(("WhiteElo", "BlackElo", "TimeControl", "Variant"))
    count = 0
    stream, close = open_pgn(source)
    try:
        with prompt_handoffs():  # (a compressed input's unpacking thread gets the GIL back at once)
            if games is None or games > 0:
                reader = _Reader(False, False, columns)
                for game in reader.games(stream):  # (each game's columns are kept by the reader, in C)
                    count += 1
                    if progress is not None and count % 256 == 0:
                        progress(game.offset, count)
                    if count == games:
                        break
    finally:
        if close:
            stream.close()
    out = columns.rows(count)
    offsets, results, errors, headers = columns.games.lists(count)
    out.update({
        "result": result_column(results),
        "white_elo": elo_column(headers, "WhiteElo"),
        "black_elo": elo_column(headers, "BlackElo"),
        "time_control": np.array([tags.get("TimeControl", "") for tags in headers], dtype=str),
        "variant": np.array([tags.get("Variant", "") for tags in headers], dtype=str),
        "offset": np.array(offsets, dtype=np.int64),
        "error": np.array([error is not None for error in errors], dtype=bool),
    })
    return out
