"""Training data on disk: a PGN file's arrays as Parquet or .npz, and many files on all cores.

    >>> from bitboard import datasets
    >>> datasets.convert_file("lichess_2024-01.pgn.zst", "lichess_2024-01.parquet")
    >>> datasets.convert_files(["a.pgn", "b.pgn.gz"], "shards/")   # one process per core
    >>> arrays = datasets.read_arrays("shards/a.parquet")

`.npz` keeps `bitboard.pgn.to_arrays`' dictionary as it is (NumPy only). Parquet (pip install
pyarrow) holds one row per position, the game's columns repeated on its rows, which Parquet's
encodings store in a few bytes: board (32 bytes, the record's packed squares), turn, castling,
ep, halfmove, fullmove, rooks (4 bytes), move, game, eval, mate, clock, result, white_elo,
black_elo, time_control, offset and error. A game without a move has no row there.
"""
import multiprocessing
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..errors import InvalidArgumentError, quoted

FORMATS = (".parquet", ".npz")
PGN_SUFFIXES = (".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.zst")
_RECORD_FIELDS = ("turn", "castling", "ep", "halfmove", "fullmove")
_PER_POSITION = ("moves", "game", "evals", "mates", "clocks")
_PER_GAME = ("result", "white_elo", "black_elo", "time_control", "offset", "error")
_PARQUET_NAMES = {"moves": "move", "evals": "eval", "mates": "mate", "clocks": "clock"}


def format_of(path) -> str:
    """The output format a path's extension names (InvalidArgumentError for any other)."""
    for suffix in FORMATS:
        if os.fspath(path).endswith(suffix):
            return suffix
    raise InvalidArgumentError(f"output {quoted(os.fspath(path))} is neither .parquet nor .npz")


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ImportError("Parquet needs pyarrow: pip install pyarrow (or write .npz)") from None
    return pyarrow, pyarrow.parquet


def _fixed_binary(rows):
    """An (N, width) uint8 array as a pyarrow fixed-size binary column, without a copy per row."""
    import numpy as np
    pa, _ = _pyarrow()
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    return pa.FixedSizeBinaryArray.from_buffers(pa.binary(rows.shape[1]), len(rows), [None, pa.py_buffer(rows)])


def _bytes_of(column, width: int):
    """A fixed-size binary column back as an (N, width) uint8 array."""
    import numpy as np
    data = np.frombuffer(column.buffers()[1], dtype=np.uint8)
    start = column.offset * width
    return data[start:start + len(column) * width].reshape(len(column), width)


def to_arrow(arrays: dict):
    """to_arrays' dictionary as a pyarrow Table, one row per position."""
    import numpy as np
    pa, _ = _pyarrow()
    positions = arrays["positions"]
    game = arrays["game"].astype(np.int64)
    columns = {"board": _fixed_binary(positions["board"])}
    for field in _RECORD_FIELDS:
        columns[field] = pa.array(np.ascontiguousarray(positions[field]))
    columns["rooks"] = _fixed_binary(positions["rooks"])
    for name in _PER_POSITION:
        columns[_PARQUET_NAMES.get(name, name)] = pa.array(arrays[name])
    for name in _PER_GAME:
        values = arrays[name][game]
        columns[name] = pa.array(values).dictionary_encode() if name == "time_control" else pa.array(values)
    return pa.table(columns)


def from_arrow(table) -> dict:
    """A Table written by `to_arrow` back into to_arrays' dictionary (the games with rows)."""
    import numpy as np

    from .records import position_dtype
    columns = {name: table.column(name).combine_chunks() for name in table.column_names}
    count = table.num_rows
    positions = np.zeros(count, dtype=position_dtype())
    positions["board"] = _bytes_of(columns["board"], 32)
    positions["rooks"] = _bytes_of(columns["rooks"], 4)
    for field in _RECORD_FIELDS:
        positions[field] = columns[field].to_numpy()
    out = {"positions": positions}
    for name in _PER_POSITION:
        out[name] = columns[_PARQUET_NAMES.get(name, name)].to_numpy()
    game = out["game"].astype(np.int64)
    first = np.flatnonzero(np.r_[True, game[1:] != game[:-1]]) if count else np.zeros(0, dtype=np.int64)
    games = int(game.max()) + 1 if count else 0
    for name in _PER_GAME:
        column = columns[name]
        values = np.asarray(column.to_pylist() if name == "time_control" else column.to_numpy(zero_copy_only=False))
        full = np.zeros(games, dtype=values.dtype)  # games without rows: zeros (they are not in the file)
        full[game[first]] = values[first]
        out[name] = full
    return out


def write_arrays(arrays: dict, path) -> None:
    """Write to_arrays' dictionary to `path`, Parquet or .npz by its extension."""
    import numpy as np
    if format_of(path) == ".npz":
        columns = {name: np.asarray(value) for name, value in arrays.items()}
        np.savez(path, **columns)  # type: ignore[arg-type]  # numpy's stub: a name could be allow_pickle
        return
    _, pq = _pyarrow()
    pq.write_table(to_arrow(arrays), os.fspath(path), compression="zstd")


def read_arrays(path) -> dict:
    """Read a file `write_arrays` wrote back into to_arrays' dictionary."""
    import numpy as np
    if format_of(path) == ".npz":
        with np.load(path) as data:
            return {name: data[name] for name in data.files}
    _, pq = _pyarrow()
    return from_arrow(pq.read_table(os.fspath(path)))


def convert_file(source, out, progress: Callable[[int, int], None] | None = None) -> tuple[int, int]:
    """Read the PGN file `source` and write its arrays to `out` (.parquet or .npz); (games,
    positions). `progress(bytes read, games)` is called as the reading goes on."""
    from .arrays import to_arrays
    format_of(out)
    arrays = to_arrays(source, progress=progress)
    write_arrays(arrays, out)
    return len(arrays["result"]), len(arrays["moves"])


def pgn_files(paths: Iterable) -> list[str]:
    """The PGN files named (one path or several): files as given, folders by their .pgn,
    .pgn.gz, .pgn.bz2 and .pgn.zst files."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out = []
    for path in map(os.fspath, paths):
        if os.path.isdir(path):
            out += sorted(os.path.join(path, name) for name in os.listdir(path) if name.endswith(PGN_SUFFIXES))
        elif os.path.isfile(path):
            out.append(path)
        else:
            raise InvalidArgumentError(f"no PGN file or folder {quoted(path)}")
    return out


def shard_name(source, out_dir, suffix: str = ".parquet") -> str:
    """The output of one input file: its name without the PGN suffixes, in `out_dir`."""
    name = os.path.basename(os.fspath(source))
    for ending in (".gz", ".bz2", ".zst", ".pgn"):
        if name.endswith(ending):
            name = name[:-len(ending)]
    return os.path.join(os.fspath(out_dir), name + suffix)


def convert_files(sources: Iterable, out_dir, *, suffix: str = ".parquet", processes: int | None = None,
                  progress: Callable[[str, int, int], None] | None = None) -> dict[str, tuple[int, int]]:
    """Convert many PGN files, one process per core (or `processes`), each to a shard in
    `out_dir`; {source: (games, positions)}. `progress(source, games, positions)` is called as
    each file is done. Ctrl-C cancels the files not started."""
    sources = pgn_files(sources)
    format_of("x" + suffix)
    processes = min(processes or os.cpu_count() or 1, max(len(sources), 1))
    os.makedirs(out_dir, exist_ok=True)
    done: dict[str, tuple[int, int]] = {}
    if processes == 1:
        for source in sources:
            done[source] = convert_file(source, shard_name(source, out_dir, suffix))
            if progress:
                progress(source, *done[source])
        return done
    # Spawned, not forked: forking a process that runs threads can deadlock the child.
    pool = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"))
    try:
        futures = {pool.submit(convert_file, source, shard_name(source, out_dir, suffix)): source
                   for source in sources}
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            if progress:
                progress(futures[future], *done[futures[future]])
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return done
