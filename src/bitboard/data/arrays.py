"""PGN to NumPy arrays: the positions of every game as records, written by the reader's C columns
as it reads each move (no Python object per position), with the per-game columns beside them."""

from .pgn_reader import _Columns, _Reader
from .sources import open_pgn
from .tables import NO_MOVE, RESULT_CODES, result_code

__all__ = ["NO_MOVE", "RESULT_CODES", "to_arrays"]


def to_arrays(source, *, games: int | None = None, progress=None) -> dict:
    """Every position of every game, as NumPy arrays: the position before each move and the
    game's final position (games that cannot be read to their end: the positions up to their
    error; a game whose FEN cannot be set up has none)::

        positions  position records (bitboard.data.records.position_dtype()), one per position
        moves      uint16, the move played from it (core.encoding.dataset_move: from, to,
                   promotion), NO_MOVE (0xFFFF) at a game's final position
        game       uint32, the game it belongs to (its index in the file)
        ply        uint32, its index in its game (0: the game's first position)
        evals      float32, the eval after the move in pawns for white, NaN where none or a mate
        mates      int16, mate in N after the move (negative: black mates), 0 where none
        clocks     float32, the mover's clock after the move in seconds, NaN where none
        and per game: result (int8: 1, 0, -1; -2 "*" or none: tables.RESULT_CODES, as in
        Parquet), white_elo and black_elo (int16, -1 where absent), time_control (str), offset
        (int64, the game's byte offset), error (bool).
        `games` stops after that many games; `progress(byte offset, games read)` is called
        every 256 games.

    The positions are written by the reader as it reads each move, with no Python object per
    position. For whole files, bitboard.data.convert_files streams to Parquet in bounded memory.
    """
    import numpy as np
    columns = _Columns()
    results: list[int] = []
    white_elo, black_elo, time_control, offsets, errors = [], [], [], [], []
    stream, close = open_pgn(source)
    try:
        reader = _Reader(False, False, columns)
        for game in reader.games(stream):
            if games is not None and len(results) >= games:
                break
            results.append(result_code(game.result))
            white_elo.append(_elo(game.headers.get("WhiteElo")))
            black_elo.append(_elo(game.headers.get("BlackElo")))
            time_control.append(game.headers.get("TimeControl", ""))
            offsets.append(game.offset)
            errors.append(game.error is not None)
            if progress is not None and len(results) % 256 == 0:
                progress(game.offset, len(results))
    finally:
        if close:
            stream.close()
    out = columns.rows(len(results))
    out.update({
        "result": np.array(results, dtype=np.int8),
        "white_elo": np.array(white_elo, dtype=np.int16),
        "black_elo": np.array(black_elo, dtype=np.int16),
        "time_control": np.array(time_control, dtype=str),
        "offset": np.array(offsets, dtype=np.int64),
        "error": np.array(errors, dtype=bool),
    })
    return out


def _elo(text) -> int:
    return int(text) if text is not None and text.isdigit() and int(text) < 32768 else -1
