"""PGN to NumPy arrays: the positions of every game as records, written by the reader's C columns
as it reads each move (no Python object per position), with the per-game columns beside them."""

import contextlib
import io
import os

from .game_columns import elo_column, result_column
from .gil import prompt_handoffs
from .pgn_reader import _Columns, _Reader
from .sources import STDIN, is_compressed, open_pgn
from .tables import NO_MOVE, RESULT_CODES

__all__ = ["NO_MOVE", "RESULT_CODES", "to_arrays"]

# What to_arrays guesses a file holds, to make its arrays big enough at once: a position for
# every 32 bytes of PGN text (lichess's games with a clock on every move take about 31, with an
# eval too about 41; bare movetext takes fewer, and then the arrays grow), and a compressed
# file's text 4 times its size (zstd, gzip, bz2 and xz pack PGN 5 to 8 times).
_TEXT_PER_POSITION = 32
_PACKING = 4


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
    rows = _positions_expected(source)
    columns = _Columns(("WhiteElo", "BlackElo", "TimeControl", "Variant"),
                       min(rows, 128 * games) if games is not None else rows)
    count = 0
    stream, close = open_pgn(source)
    try:
        with prompt_handoffs():  # (a compressed input's unpacking thread gets the GIL back at once)
            if games is None or games > 0:
                reader = _Reader(False, False, columns)
                for _ in reader.read(stream, games=-1 if games is None else games):  # (every 256 games)
                    if progress is not None:
                        progress(reader.offset, reader.finished)
                count = reader.finished
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


def _positions_expected(source) -> int:
    """About how many positions a PGN file or a stream in memory holds, from its size (0 where
    it is not known: standard input, another stream; _Columns then starts at its fewest rows).
    to_arrays makes its arrays that big at once: each time they grow, every row so far is copied
    into new memory (the 108 MB corpus grown from 16,384 rows: eight times, 12-14% of to_arrays'
    time). Guessed too few, the arrays grow; too many, the rest is memory never touched, which
    costs nothing."""
    size = 0
    if isinstance(source, (str, os.PathLike)):
        if os.fspath(source) != STDIN and os.path.isfile(source):
            size = os.path.getsize(source) * (_PACKING if is_compressed(source) else 1)
    elif isinstance(source, (io.BytesIO, io.StringIO)) or (isinstance(source, io.BufferedReader)
                                                            and isinstance(source.raw, io.FileIO)):
        with contextlib.suppress(OSError, ValueError):  # (what is left of it: seeking these costs nothing)
            here = source.tell()
            size = source.seek(0, os.SEEK_END) - here
            source.seek(here)
    return min(size // _TEXT_PER_POSITION, _most_rows())


def _most_rows() -> int:
    """The rows (about 64 bytes each) of a quarter of the machine's memory: a guess never asks
    more at once, so that one too high for its file (long comments) fails no allocation that
    growing the arrays would have made."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 4 // 64
    except (AttributeError, ValueError, OSError):  # (no sysconf: Windows)
        return 0x1000000  # (16,777,216 rows)
