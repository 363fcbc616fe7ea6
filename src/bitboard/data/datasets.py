"""PGN inputs to a Parquet dataset that loses nothing, in bounded memory, on every core.

    >>> from bitboard.data import convert_files, read_arrays, write_arrays
    >>> convert_files(["2024/lichess_2024-01.pgn.zst", "2024/lichess_2024-02.pgn.zst"], "out")
    >>> # out/games/lichess_2024-01.parquet, out/positions/lichess_2024-01.parquet, ...

A dataset folder holds two tables (bitboard.data.tables; docs/datasets.md has every column):
`games`, one row per game with its tags, and `positions`, one row per position including each
game's final one. Each input becomes one shard of each table, named by the input's path relative
to the inputs' common folder (bitboard.data.sources), which is also every row's `source`.

A shard is written as the input is read, a row group at a time, under a temporary name unique to
the attempt, and renamed when complete: an interrupted run leaves no half shard. Each shard's
Parquet metadata records its input's size and modification time, bitboard's version and the
schema's version; a rerun skips a shard whose record matches, converts what is missing, and
refuses to replace a shard from another input unless asked to (`overwrite=True`).

`write_arrays` and `read_arrays` keep to_arrays' dictionary as one `.npz` file (NumPy only).
"""
import contextlib
import os
import secrets
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgumentError, ShardExistsError, quoted
from . import sources as _sources
from .game_columns import result_column
from .gil import prompt_handoffs
from .parts import Part, locate, part_stem, part_stream
from .sources import PGN_SUFFIXES, STDIN, pgn_files, shard_stems, source_names
from .tables import SCHEMA_VERSION, games_batch, games_schema, positions_batch, positions_schema

__all__ = ["PGN_SUFFIXES", "TABLES", "Shard", "convert_file", "convert_files", "dataset_folder", "pgn_files",
           "read_arrays", "shard_paths", "write_arrays"]

TABLES = ("games", "positions")
#: Positions per row group: what a worker holds before it writes (about 10 MB of columns).
ROWS_PER_GROUP = 1 << 17
#: Games per row group of the `games` table: typing their tags costs some 25 pyarrow calls a
#: batch, so the games of several positions row groups are written together (a few MB of tags).
GAMES_PER_GROUP = 1 << 13
#: The last bytes of a plain input (or of a part), whose positions row groups are an eighth of
#: the size: when the reader is done, the writer has a small row group left to write, not one of
#: up to ROWS_PER_GROUP rows (the 108 MB corpus's conversion: a tail of 0.03-0.05 s in about 1 s).
#: The first row group is an eighth too: the writer starts 0.005 s into that conversion, not 0.027 s.
LAST_STRETCH_BYTES = 8 << 20
_META = "bitboard."  # the prefix of the shards' metadata keys


@dataclass
class Shard:
    """What one input became: its name in the dataset, its games and positions, the games read
    with an error (kept, with their text) and the first of them, and whether the shard was
    already there from the same input (a resumed run skips it)."""

    source: str
    games: int = 0
    positions: int = 0
    errors: int = 0
    first_error: str | None = None
    skipped: bool = False

    @property
    def readable(self) -> bool:
        """Whether at least one game was read without an error."""
        return self.games > self.errors


Progress = Callable[[str, int, "int | None", int], None]  # (source, bytes read, bytes in all or None, games)


def shard_paths(out_dir, stem: str) -> dict[str, str]:
    """Each table's shard of the input whose shard stem is `stem` (sources.shard_stems)."""
    return {table: os.path.join(os.fspath(out_dir), table, *stem.split("/")) + ".parquet" for table in TABLES}


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ImportError("Parquet needs pyarrow: pip install 'bitboard[parquet]' (or pip install pyarrow)") from None
    return pyarrow, pyarrow.parquet


def _identity(source: str) -> dict[str, str]:
    """What the shards' metadata records of their input, to tell on a rerun whether it changed."""
    from .. import __version__
    return {"source": source, "version": __version__, "schema_version": str(SCHEMA_VERSION)}


def _input_stamp(path: str) -> dict[str, str]:
    if path == STDIN:
        return {"input_size": "", "input_mtime_ns": ""}  # never the same: standard input is read again
    status = os.stat(path)
    return {"input_size": str(status.st_size), "input_mtime_ns": str(status.st_mtime_ns)}


def _recorded(path: str) -> dict[str, str] | None:
    """The bitboard metadata of an existing shard, or None when there is none."""
    if not os.path.exists(path):
        return None
    _, pq = _pyarrow()
    try:
        meta = pq.read_schema(path).metadata or {}
    except Exception:  # noqa: BLE001  (not Parquet: another program's file, never ours to replace silently)
        return {}
    return {key.decode()[len(_META):]: value.decode() for key, value in meta.items()
            if key.decode().startswith(_META)}


def _counts(paths: dict[str, str]) -> tuple[int, int, int, str | None]:
    """(games, positions, errors, first error) of a finished shard, from its files."""
    _, pq = _pyarrow()
    errors = pq.read_table(paths["games"], columns=["game", "error"])
    failed = errors.filter(errors.column("error").is_valid())
    first = None
    if failed.num_rows:
        first = f"game {failed.column('game')[0].as_py()}: {failed.column('error')[0].as_py()}"
    return (pq.ParquetFile(paths["games"]).metadata.num_rows, pq.ParquetFile(paths["positions"]).metadata.num_rows,
            failed.num_rows, first)


def _unlike(record: dict[str, str], wanted: dict[str, str]) -> str:
    """How an existing shard's record differs from what this run would write."""
    if not record:
        return "not a shard bitboard wrote"
    if record.get("source") != wanted["source"]:
        return f"written from the input {record.get('source')!r}"
    if record.get("schema_version") != wanted["schema_version"] or record.get("version") != wanted["version"]:
        return f"written by bitboard {record.get('version')} (schema {record.get('schema_version')})"
    return f"written from {wanted['source']!r} when it had another size or modification time"


def convert_file(source, out_dir, *, name: str | None = None, stem: str | None = None, overwrite: bool = False,
                 progress: Progress | None = None, rows_per_group: int = ROWS_PER_GROUP,
                 part: "Part | None" = None) -> Shard:
    """Convert one PGN input (a path, "-" for standard input) into its shards of `out_dir`'s
    tables, streaming; `name` is its `source` (default: the file's name), `stem` its shards'
    name (default: from `name`). `progress(name, bytes read, bytes in all, games)` is called as
    it reads. A shard already there from the same input is skipped (Shard.skipped); one from
    anything else raises ShardExistsError unless `overwrite`. With `part` (bitboard.data.parts)
    only that part of the input is converted, its rows numbered as in the whole input."""
    path = os.fspath(source)
    if path != STDIN and not os.path.isfile(path):
        raise InvalidArgumentError(f"no PGN file {path!r}")
    name = name or (source_names([path])[path])
    stem = stem or shard_stems([name])[name]
    opened = None  # (a part located here: its stream, from the part's start)
    try:
        if part is not None and not part.located:
            with prompt_handoffs():  # (a compressed input's unpacking thread gets the GIL back at once)
                found, opened = locate(path, part)
            if found is None:
                return _empty_part(out_dir, name, stem, part, overwrite)
            part = found
        return _converted(path, out_dir, name, stem, overwrite, progress, rows_per_group, part, opened)
    finally:
        if opened is not None:
            opened.close()


def _empty_part(out_dir, name: str, stem: str, part: Part, overwrite: bool) -> Shard:
    """A part with no game of its own (the next part starts where it would): it has no shard,
    and one left there by another input is removed with `overwrite` (else ShardExistsError).
    Skipped, as a shard already there is: it writes nothing."""
    for path in shard_paths(out_dir, part_stem(stem, part.index, part.count)).values():
        if os.path.exists(path):
            if not overwrite:
                raise ShardExistsError(f"{path!r} is already there, from another input: this part of the input "
                                       "has no game: overwrite=True (--overwrite) removes it")
            os.remove(path)
    return Shard(name, skipped=True)


def _converted(path: str, out_dir, name: str, stem: str, overwrite: bool, progress: Progress | None,
               rows_per_group: int, part: "Part | None", opened) -> Shard:
    paths = shard_paths(out_dir, stem if part is None else part_stem(stem, part.index, part.count))
    wanted = {**_identity(name), **_input_stamp(path), **({"part": part.stamp()} if part is not None else {})}
    recorded = {table: _recorded(paths[table]) for table in TABLES}
    if all(record == wanted for record in recorded.values()) and not overwrite:
        return Shard(name, *_counts(paths), skipped=True)
    for table, record in recorded.items():
        if record is not None and record != wanted and not overwrite:
            raise ShardExistsError(f"{paths[table]!r} is already there, {_unlike(record, wanted)}: "
                                   "overwrite=True (--overwrite) replaces it")
    others = _other_cuts(out_dir, stem, part)
    if others and not overwrite:
        raise ShardExistsError(f"{others[0]!r} is already there, the same input cut into parts another way: "
                               "overwrite=True (--overwrite) replaces it")
    with prompt_handoffs():  # (the writer and unpacker threads get the GIL back at once)
        shard = _write_shards(path, name, paths, wanted, progress, rows_per_group, part, opened)
    for other in others:  # (after the new shard is complete: a stopped run loses nothing)
        with contextlib.suppress(FileNotFoundError):
            os.remove(other)
    return shard


def _other_cuts(out_dir, stem: str, part: Part | None) -> list[str]:
    """The shards of the input with shard stem `stem` that belong to another cut of it than
    `part`'s: the whole input's shard for a part, parts of another count, parts for a whole."""
    found = []
    for path in shard_paths(out_dir, stem).values():
        folder, whole = os.path.split(path)
        prefix = whole[:-len(".parquet")] + ".part-"
        mine = f"-of-{part.count:05d}.parquet" if part is not None else None
        for entry in os.listdir(folder) if os.path.isdir(folder) else ():
            other_part = entry.startswith(prefix) and entry.endswith(".parquet") and not (mine and entry.endswith(mine))
            if other_part or (entry == whole and part is not None):
                found.append(os.path.join(folder, entry))
    return sorted(found)


_HOST = socket.gethostname().replace("-", "_") or "host"


def _remove_abandoned(path: str) -> None:
    """Remove the temporary files of `path` that an attempt on this machine left when its
    process was killed outright (SIGKILL, a lost Dask worker): hidden, never read as shards,
    but space. Another machine's, or a living process's, are left alone."""
    folder, name = os.path.split(path)
    prefix = f".{name}.tmp-{_HOST}-"
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return
    for leftover in names:
        if leftover.startswith(prefix):
            pid = leftover[len(prefix):].split("-")[0]
            if pid.isdigit() and not _alive(int(pid)):
                with contextlib.suppress(FileNotFoundError):
                    os.remove(os.path.join(folder, leftover))


def _alive(pid: int) -> bool:
    if os.name == "nt":  # (os.kill there would end the process): never taken for dead
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _write_shards(path: str, name: str, paths: dict[str, str], wanted: dict[str, str],
                  progress: Progress | None, rows_per_group: int, part: "Part | None" = None,
                  opened=None) -> Shard:
    import numpy as np

    from .pgn_reader import _Columns, _Reader
    pa, pq = _pyarrow()
    metadata = {(_META + key).encode(): value.encode() for key, value in wanted.items()}
    # hidden (a leading dot: pyarrow.dataset, Dask and globs skip it) and unique to the attempt
    attempt = f".tmp-{_HOST}-{os.getpid()}-{secrets.token_hex(4)}"
    temporary = {table: os.path.join(os.path.dirname(paths[table]), "." + os.path.basename(paths[table]) + attempt)
                 for table in TABLES}
    for table in TABLES:
        _remove_abandoned(paths[table])
    writers = {}
    background = None
    shard = Shard(name)
    raw = stream = None
    try:
        for table, schema in (("games", games_schema()), ("positions", positions_schema(source_dictionary=True))):
            os.makedirs(os.path.dirname(paths[table]), exist_ok=True)
            writers[table] = _parquet_writer(pq, temporary[table], schema, table, metadata)
        background = _BackgroundWriter(writers)
        raw = open(path, "rb") if path != STDIN and part is None else None  # noqa: SIM115  (closed below)
        total: int | None
        if part is not None:
            raw = stream = opened if opened is not None else part_stream(path, part)
            total = part.stop - part.start if part.stop >= 0 else None  # (the last part of a local cut: to the end)
        else:
            stream = _sources.decompressed(raw, path) if raw is not None else _sources.open_pgn(STDIN)[0]
            total = os.fstat(raw.fileno()).st_size if raw is not None else None
        columns = _Columns(None, rows_per_group + 4096)  # (a row group and a long game: made once, never grown)
        reader = _Reader(False, False, columns)
        base = 0 if part is None else part.first_game  # the number of the part's first game
        first_game = base  # the number of the first game whose positions are not yet written
        games_first = base  # the number of the first game whose `games` row is not yet written
        plies: list = []  # the plies of those games, one array a flush
        # rows a positions row group: an eighth at each end of the input, so that the writer starts
        # soon after the reader, and has little left to write when the reader is done
        small = max(1, rows_per_group >> 3)
        group = small
        text_total = total if part is not None or stream is raw else None  # (in bytes of text: not packed)

        def flush(upto: int, last: bool = False) -> None:
            nonlocal first_game, games_first
            rows = columns.rows(upto, extras=False)  # (views: the batch copies what it keeps)
            per_game = np.bincount(rows["game"] - np.uint32(first_game), minlength=upto - first_game)
            results = columns.games.lists(upto)[1][first_game - games_first:]
            batches = {"positions": positions_batch(name, rows, result_column(results), first_game, per_game)}
            columns.drop(upto)
            plies.append(np.maximum(per_game - 1, 0))
            if last or upto - games_first >= GAMES_PER_GROUP:
                offsets, results, errors, tags = columns.games.take(upto)
                batches["games"] = games_batch(name, games_first, offsets, results, errors, tags,
                                               np.concatenate(plies))
                plies.clear()
                games_first = upto
            background.put(batches)
            shard.positions += len(rows["game"])
            first_game = upto

        reader.rows_due = group
        # (the reader yields every 256 games and once the columns hold `group` rows: no Python per game)
        for finished in (reader.read(stream) if part is None else
                         reader.read(stream, part.start, part.first_game, part.lines_before,
                                     cuts=[part.stop] if part.stop >= 0 else None, stop=True)):
            if columns.held() >= group:
                flush(finished)
                group = reader.rows_due = rows_per_group
            done = _read_so_far(raw, part, reader.offset)
            if text_total is not None and text_total - done < LAST_STRETCH_BYTES:
                group = reader.rows_due = small
            if progress is not None:
                progress(name, done, total, reader.finished)
        shard.games, shard.errors, shard.first_error = reader.finished, reader.errors, reader.first_error
        flush(base + shard.games, last=True)
        background.close()
        for writer in writers.values():
            writer.close()
        for table in TABLES:
            os.replace(temporary[table], paths[table])
        if progress is not None:
            progress(name, total if total is not None else 0, total, shard.games)
        return shard
    finally:
        if stream is not None and stream is not raw:
            stream.close()  # (a compressed input's unpacking thread stops)
        if raw is not None:
            raw.close()
        if background is not None:
            background.stop()
        for table in TABLES:  # stopped: the unfinished file goes, then its writer (if it got one:
            if os.path.exists(temporary[table]):  # an interrupt can land between the two)
                os.remove(temporary[table])
                if table in writers:
                    writers[table].close()


def _read_so_far(raw, part: Part | None, offset: int) -> int:
    """The bytes of the input (of the part) read so far, for the progress display (`offset`:
    the game's being read)."""
    if part is not None:
        return offset - part.start
    return raw.tell() if raw is not None else offset


# How each table is written. positions, the big one: zstd; dictionary encoding only where it
# pays (`source` comes as a dictionary already, `mate` is almost all null: elsewhere pyarrow
# hashes every value and gains little after zstd); byte-stream split for the two float columns
# (smaller and faster to compress); data pages of version 2.0, whose levels are left uncompressed
# (the writer 3-6% faster, the file 0.5% bigger); statistics where a filter may use them; no Arrow schema
# stored (positions_schema's types all come back from Parquet's own, and `source`, written as
# a dictionary, reads back as the string it is). games: small, zstd, its Arrow schema kept
# (utc_time's time32[s] has no Parquet type of its own).
_WRITE_OPTIONS: dict[str, dict[str, Any]] = {
    "games": {"compression": "zstd"},
    "positions": {"compression": "zstd", "use_dictionary": ["source", "mate"], "data_page_version": "2.0",
                  "use_byte_stream_split": ["eval", "clock"],
                  "write_statistics": ["source", "game", "ply", "turn", "result"], "store_schema": False},
}


def _parquet_writer(pq, path: str, schema, table: str, metadata: dict):
    """A ParquetWriter of `table` with the shard's bitboard `metadata` in its key-value
    metadata: through the stored Arrow schema, or for a table stored without one, added to the
    file (which pyarrow.parquet.read_schema reads alike)."""
    options = _WRITE_OPTIONS[table]
    if options.get("store_schema", True):
        return pq.ParquetWriter(path, schema.with_metadata(metadata), **options)
    writer = pq.ParquetWriter(path, schema, **options)
    writer.add_key_value_metadata(metadata)
    return writer


class _BackgroundWriter:
    """Writes each flush's record batches on a thread of its own: pyarrow encodes and compresses
    Parquet without the GIL, so the reader goes on meanwhile (building the batches is Python's,
    and stays with the reader: in the thread it would take the GIL from it). At most two flushes
    wait (memory stays bounded); an error in the thread is raised at the next put or at close."""

    def __init__(self, writers: dict):
        import queue
        import threading
        self.writers = writers
        self.queue: queue.Queue = queue.Queue(maxsize=2)
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="bitboard parquet writer", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            batches = self.queue.get()
            if batches is None:
                return
            if self.error is None:
                try:
                    for table, batch in batches.items():
                        self.writers[table].write_batch(batch)
                except BaseException as error:  # noqa: BLE001  (raised in the reading thread)
                    self.error = error

    def put(self, batches: dict) -> None:
        if self.error is not None:
            raise self.error
        self.queue.put(batches)

    def close(self) -> None:
        """Wait until every batch is written (raising the thread's error, if any)."""
        self.stop()
        if self.error is not None:
            raise self.error

    def stop(self) -> None:
        if self.thread.is_alive():
            self.queue.put(None)
            self.thread.join()


def dataset_folder(out_dir) -> str:
    """`out_dir` as a dataset folder's path: InvalidArgumentError for a file's name or a file."""
    out = os.fspath(out_dir)
    if out.endswith((".parquet", ".npz")) or os.path.isfile(out):
        raise InvalidArgumentError(f"the output {out!r} names a file: a dataset is a folder "
                                   "(it gets games/ and positions/), and .npz holds one input's arrays")
    return out


def convert_files(sources: Iterable | str | os.PathLike, out_dir, *, overwrite: bool = False,
                  processes: int | None = None, progress: Progress | None = None,
                  finished: Callable[[Shard], None] | None = None) -> dict[str, Shard]:
    """Convert PGN inputs (files, folders of them, "-") into the dataset folder `out_dir`,
    one worker process per core (or `processes`), each input streamed into its own shards (with
    fewer inputs than workers, a big input is cut into parts, one shard each, so that a lichess
    month on its own uses every core);
    {source name: Shard}. `progress` is convert_file's, `finished(shard)` is called as each input
    is done. Ctrl-C stops every worker; finished shards stay, unfinished ones leave nothing.

    The workers are fresh interpreters running `python -m bitboard.data.workers`: they never
    import the calling script, so a script without `if __name__ == "__main__":` works."""
    paths = pgn_files(sources)
    if not paths:
        raise InvalidArgumentError(f"no PGN inputs in {quoted(sources)}")
    out = dataset_folder(out_dir)
    names = source_names(paths)
    stems = shard_stems(names.values())
    processes = processes or _cores()
    if processes < 1:
        raise InvalidArgumentError(f"processes must be at least 1, not {quoted(processes)}")
    done: dict[str, Shard] = {}
    if processes == 1 or any(path == STDIN for path in paths):
        for path in paths:
            name = names[path]
            done[name] = convert_file(path, out, name=name, stem=stems[name], overwrite=overwrite, progress=progress)
            if finished is not None:
                finished(done[name])
        return done
    from .workers import Task, run_tasks
    cut, packing = _local_cuts(paths, processes)
    parts: dict[str, list] = {}
    tasks = [Task(path, names[path], stems[names[path]]) for path in paths]
    for task, shard in run_tasks(tasks, out, overwrite=overwrite, processes=processes, progress=progress, cut=cut,
                                 packing=packing):
        if task.part is None:
            done[shard.source] = shard
        else:  # (finished once all its parts are: how many is known at the end)
            parts.setdefault(task.path, []).append((task.part.index, shard))
            continue
        if finished is not None:
            finished(done[shard.source])
    for path, pieces in parts.items():
        done[names[path]] = parts_added(pieces)
        if finished is not None:
            finished(done[names[path]])
    return done


def _cores() -> int:
    """The cores this process may run on (taskset, a container's CPU set), else the machine's."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


#: The smallest part of an input that convert_files cuts for its workers (of text).
LOCAL_PART_BYTES = 64 << 20


def _local_cuts(paths: list[str], processes: int) -> tuple[dict[str, list[int]], dict[str, float]]:
    """Where the inputs are cut for `processes` workers ({path: cuts}, parts.local_cuts): with
    fewer inputs than workers, each input of two LOCAL_PART_BYTES or more is cut into as many
    parts as it has workers, so that one big input (a lichess month) uses every core; and each
    compressed input's packing, its bytes per byte of text."""
    from .parts import local_cuts, text_size_estimate
    cut: dict[str, list[int]] = {}
    packing: dict[str, float] = {}
    share = processes // len(paths)
    if share < 2:
        return cut, packing
    for path in paths:
        size = text_size_estimate(path)
        count = min(share, size // LOCAL_PART_BYTES)
        if count >= 2:
            cut[path] = local_cuts(size, count)
            packing[path] = os.path.getsize(path) / max(size, 1)
    return cut, packing


def parts_added(pieces: list) -> Shard:
    """The Shard of an input converted as parts: [(part index, Shard)] added up, the first
    error the earliest part's (convert_files here, pgn_to_parquet on a cluster)."""
    shards = [shard for _, shard in sorted(pieces, key=lambda pair: pair[0])]
    first_error = next((shard.first_error for shard in shards if shard.first_error), None)
    return Shard(shards[0].source, sum(s.games for s in shards), sum(s.positions for s in shards),
                 sum(s.errors for s in shards), first_error, all(s.skipped for s in shards))


def write_arrays(arrays: dict, path) -> None:
    """Write to_arrays' dictionary to the `.npz` file `path`, every array as it is, but `extras`
    when it is all zeros (no crazyhouse or three-check position: read_arrays makes the zeros)."""
    import numpy as np
    if not os.fspath(path).endswith(".npz"):
        raise InvalidArgumentError(f"arrays are written to a .npz file, not {os.fspath(path)!r} "
                                   "(Parquet: convert_file / convert_files)")
    columns = {name: np.asarray(value) for name, value in arrays.items()}
    extras = columns.get("extras")
    if extras is not None and "positions" in columns and not extras.view(np.uint8).any():
        del columns["extras"]
    np.savez(path, **columns)  # type: ignore[arg-type]  # numpy's stub: a name could be allow_pickle


def read_arrays(path) -> dict:
    """Read a `.npz` file `write_arrays` wrote back into to_arrays' dictionary."""
    import numpy as np

    from .records import extras_dtype
    with np.load(path) as data:
        arrays = {name: data[name] for name in data.files}
    if "positions" in arrays and "extras" not in arrays:  # all zeros, or a file from before extras
        arrays["extras"] = np.zeros(len(arrays["positions"]), dtype=extras_dtype())
    return arrays
