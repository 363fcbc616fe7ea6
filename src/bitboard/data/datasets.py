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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgumentError, ShardExistsError, quoted
from . import sources as _sources
from .game_columns import result_column
from .gil import prompt_handoffs
from .parts import Part, part_stem
from .sources import PGN_SUFFIXES, STDIN, pgn_files, shard_stems, source_names
from .tables import SCHEMA_VERSION, games_batch, games_schema, positions_batch, positions_schema

__all__ = ["PGN_SUFFIXES", "SHARD_COMPRESSIONS", "TABLES", "Shard", "compression_options", "convert_file",
           "convert_parts", "dataset_folder", "pgn_files", "read_arrays", "shard_paths", "write_arrays"]

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
    from ..installation import __version__
    return {"source": source, "version": __version__, "schema_version": str(SCHEMA_VERSION)}


def _input_stamp(path: str) -> dict[str, str]:
    if path == STDIN:
        return {"input_size": "", "input_mtime_ns": ""}  # never the same: standard input is read again
    status = os.stat(path)
    return {"input_size": str(status.st_size), "input_mtime_ns": str(status.st_mtime_ns)}


def _recorded(path: str) -> dict[str, str] | None:
    """The bitboard metadata of an existing shard that says what it was written from, or None
    when there is none (what it says of its content, `first_error`, is left out: _counts)."""
    meta = _metadata(path)
    return None if meta is None else {key: value for key, value in meta.items() if key not in _SUMMARY}


#: The metadata keys that sum a shard up rather than say what it was written from.
_SUMMARY = ("first_error",)


def _metadata(path: str) -> dict[str, str] | None:
    """Every bitboard key of an existing shard's metadata (without the prefix), or None when
    there is no such file."""
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
    """(games, positions, errors, first error) of a finished shard, from its files: the first
    error as the run that wrote it said it, with its line."""
    _, pq = _pyarrow()
    errors = pq.read_table(paths["games"], columns=["game", "error"])
    failed = errors.filter(errors.column("error").is_valid())
    first = (_metadata(paths["games"]) or {}).get("first_error")
    if failed.num_rows and not first:
        first = f"game {failed.column('game')[0].as_py()}: {failed.column('error')[0].as_py()}"
    return (pq.ParquetFile(paths["games"]).metadata.num_rows, pq.ParquetFile(paths["positions"]).metadata.num_rows,
            failed.num_rows, first if failed.num_rows else None)


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
                 part: "Part | None" = None, compression: str = "zstd") -> Shard:
    """Convert one PGN input (a path, "-" for standard input) into its shards of `out_dir`'s
    tables, streaming; `name` is its `source` (default: the file's name), `stem` its shards'
    name (default: from `name`). `progress(name, bytes read, bytes in all, games)` is called as
    it reads. A shard already there from the same input is skipped (Shard.skipped); one from
    anything else raises ShardExistsError unless `overwrite`. With `part` (bitboard.data.parts)
    only that part of the input is converted, its rows numbered as in the whole input.
    `compression`: "zstd" (the default), "zstd:LEVEL", "lz4" or "none" (compression_options)."""
    path = os.fspath(source)
    if part is not None:
        return convert_parts(path, out_dir, [part], name=name, stem=stem, overwrite=overwrite, progress=progress,
                             rows_per_group=rows_per_group, compression=compression)[0]
    name, stem = _named(path, name, stem)
    options = compression_options(compression)
    return _converted(path, out_dir, name, stem, overwrite, progress, rows_per_group, None, None, options)


def _named(path: str, name: str | None, stem: str | None) -> tuple[str, str]:
    """The input's source name and shard stem (given, or from its path), once it is known to exist."""
    if path != STDIN and not os.path.isfile(path):
        raise InvalidArgumentError(f"no PGN file {path!r}")
    name = name or (source_names([path])[path])
    return name, stem or shard_stems([name])[name]


def convert_parts(source, out_dir, parts: "list[Part]", *, name: str | None = None, stem: str | None = None,
                  overwrite: bool = False, progress: Progress | None = None, rows_per_group: int = ROWS_PER_GROUP,
                  compression: str = "zstd", finished: "Callable[[Part, Shard], None] | None" = None,
                  packing: float = 1.0) -> list[Shard]:
    """Convert consecutive parts of one input (bitboard.data.parts: `cut_parts`, or counted
    ones), each into its own shards, reading the input once (a parts.Run: each part goes on from
    where the part before stopped, and the first is found by a reader that skips the moves);
    a Shard a part, `finished(part, shard)` as each is done. A part with no game of its own has
    no shard (its Shard is skipped, with no games). `progress` names each part "NAME (part K of
    N)", in the input's bytes (`packing`: a compressed input's bytes per byte of text)."""
    from .parts import Run
    path = os.fspath(source)
    name, stem = _named(path, name, stem)
    options = compression_options(compression)
    shards = []
    with Run(path) as run:
        for part in parts:
            located = run.locate(part)
            if located is None:
                shard = _empty_part(out_dir, name, stem, part, overwrite)
            else:
                shard = _converted(path, out_dir, name, stem, overwrite, _part_progress(progress, part, packing),
                                   rows_per_group, located, run, options)
            shards.append(shard)
            if finished is not None:
                finished(part, shard)
    return shards


def _part_progress(progress: Progress | None, part: "Part", packing: float) -> Progress | None:
    """A part's progress as its own line of the display, "NAME (part K of N)", in the input's
    bytes (`packing`: a compressed input's bytes per byte of text)."""
    if progress is None:
        return None

    def report(name: str, done: int, total: int | None, games: int) -> None:
        progress(f"{name} (part {part.index + 1} of {part.count})", round(done * packing),
                 None if total is None else round(total * packing), games)

    return report


def _empty_part(out_dir, name: str, stem: str, part: Part, overwrite: bool) -> Shard:
    """A part with no game of its own (the next part starts where it would): it has no shard,
    and one left there by another input is removed with `overwrite` (else ShardExistsError).
    Skipped, as a shard already there is: it writes nothing."""
    for path in shard_paths(out_dir, part_stem(stem, part.index, part.count)).values():
        if os.path.exists(path):
            if not overwrite:
                raise ShardExistsError(f"{path!r} is already there, from another input: this part of the input "
                                       f"has no game: {OVERWRITE} removes it")
            os.remove(path)
    return Shard(name, skipped=True)


#: How a refusal to replace a shard names the way to replace it (the command line says --overwrite).
OVERWRITE = "overwrite=True"


def _converted(path: str, out_dir, name: str, stem: str, overwrite: bool, progress: Progress | None,
               rows_per_group: int, part: "Part | None", run, options: dict) -> Shard:
    paths = shard_paths(out_dir, stem if part is None else part_stem(stem, part.index, part.count))
    wanted = {**_identity(name), **_input_stamp(path), **({"part": part.stamp()} if part is not None else {})}
    recorded = {table: _recorded(paths[table]) for table in TABLES}
    if path == STDIN:  # no size or time tells one standard input from another: never taken as already there
        for table, record in recorded.items():
            if record is not None and not overwrite:
                raise ShardExistsError(f"{paths[table]!r} is already there, from {_from(record)}: standard input "
                                       "cannot be told from the input it was written from, so it is never skipped "
                                       f"as already converted: {OVERWRITE} replaces it (or convert the input as a "
                                       "file)")
    elif all(record == wanted for record in recorded.values()) and not overwrite:
        return Shard(name, *_counts(paths), skipped=True)
    for table, record in recorded.items():
        if record is not None and record != wanted and not overwrite:
            raise ShardExistsError(f"{paths[table]!r} is already there, {_unlike(record, wanted)}: "
                                   f"{OVERWRITE} replaces it")
    others = _other_cuts(out_dir, stem, part)
    if others and not overwrite:
        raise ShardExistsError(f"{others[0]!r} is already there, the same input cut into parts another way: "
                               f"{OVERWRITE} replaces it")
    with prompt_handoffs():  # (the writer and unpacker threads get the GIL back at once)
        shard = _write_shards(path, name, paths, wanted, progress, rows_per_group, part, run, options)
    for other in others:  # (after the new shard is complete: a stopped run loses nothing)
        with contextlib.suppress(FileNotFoundError):
            os.remove(other)
    return shard


def _from(record: dict[str, str]) -> str:
    """What an existing shard was written from, by its record."""
    if not record:
        return "a program other than bitboard"
    return "standard input" if record.get("input_size") == "" else f"the input {record.get('source')!r}"


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
                  progress: Progress | None, rows_per_group: int, part: "Part | None", run, options: dict) -> Shard:
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
    raw = stream = None  # (what this function opened and closes: a part's stream is its Run's)
    try:
        for table, schema in (("games", games_schema()), ("positions", positions_schema(source_dictionary=True))):
            os.makedirs(os.path.dirname(paths[table]), exist_ok=True)
            writers[table] = _parquet_writer(pq, temporary[table], schema, table, metadata, options)
        background = _BackgroundWriter({"positions": writers["positions"]})
        found: list = []  # (a part: where the next part starts, found by the reader as it stops)
        total: int | None
        if part is not None:
            source = run.reading()
            total = part.stop - part.start if part.stop >= 0 else None  # (a part read to the end: not known)
            text_total = total
        else:
            raw = open(path, "rb") if path != STDIN else None  # noqa: SIM115  (closed below)
            source = stream = _sources.decompressed(raw, path) if raw is not None else _sources.open_pgn(STDIN)[0]
            total = os.fstat(raw.fileno()).st_size if raw is not None else None
            text_total = total if stream is raw else None  # (in bytes of text: not packed)
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

        def flush(upto: int, last: bool = False) -> None:
            nonlocal first_game, games_first
            rows = columns.rows(upto, extras=False)  # (views: the batch copies what it keeps)
            per_game = np.bincount(rows["game"] - np.uint32(first_game), minlength=upto - first_game)
            results = columns.games.lists(upto)[1][first_game - games_first:]
            background.put({"positions": positions_batch(name, rows, result_column(results), first_game, per_game)})
            columns.drop(upto)
            plies.append(np.maximum(per_game - 1, 0))
            if last or upto - games_first >= GAMES_PER_GROUP:
                offsets, results, errors, tags = columns.games.take(upto)
                # written here, on the reader's thread, while the writer's thread writes the positions:
                # a twentieth of the writing, which the reader would otherwise spend waiting for it
                writers["games"].write_batch(games_batch(name, games_first, offsets, result_column(results), errors,
                                                         tags, np.concatenate(plies)))
                plies.clear()
                games_first = upto
            shard.positions += len(rows["game"])
            first_game = upto

        reader.rows_due = group
        # (the reader yields every 256 games and once the columns hold `group` rows: no Python per game)
        for finished in (reader.read(source) if part is None else
                         reader.read(source, part.start, part.first_game, part.lines_before,
                                     cuts=[part.stop] if part.stop >= 0 else None, found=found, stop=True)):
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
        if shard.first_error is not None:  # (with its line: a rerun that skips the shard says it alike)
            writers["games"].add_key_value_metadata({_META + "first_error": shard.first_error})
        for writer in writers.values():
            writer.close()
        if progress is not None:  # (before the shard is there: an interrupt in it leaves none)
            progress(name, total if total is not None else 0, total, shard.games)
        if part is not None:
            run.read_to(found)
        for table in TABLES:
            os.replace(temporary[table], paths[table])
        return shard
    finally:
        if stream is not None and stream is not raw:
            stream.close()  # (a compressed input's unpacking thread stops)
        if raw is not None:
            raw.close()
        if background is not None:
            background.stop()
        left = [table for table in TABLES if os.path.exists(temporary[table])]
        for table in left:  # stopped: the unfinished files go, then their writers (if they got one:
            os.remove(temporary[table])  # an interrupt can land between the two)
        for table in left:
            if table in writers:  # (a file given up half written: what its writer says of it is moot)
                with contextlib.suppress(Exception):
                    writers[table].close()


def _read_so_far(raw, part: Part | None, offset: int) -> int:
    """The bytes of the input (of the part) read so far, for the progress display (`offset`:
    the game's being read)."""
    if part is not None:
        return offset - part.start
    return raw.tell() if raw is not None else offset


# How each table is written (compressed as `compression` says: compression_options). positions,
# the big one: dictionary encoding only where it pays (`source` comes as a dictionary already,
# `mate` is almost all null: elsewhere pyarrow hashes every value and gains little after zstd);
# byte-stream split for the two float columns (smaller and faster to compress); data pages of
# version 2.0, whose levels are left uncompressed (the writer 3-6% faster, the file 0.5% bigger);
# statistics where a filter may use them; a whole batch handed to each column's encoder at once
# (write_batch_size: pyarrow's 1,024 rows at a time cost the writer 6% more instructions, for the
# same file). Neither table stores its Arrow schema: every type of
# positions_schema and games_schema comes back from Parquet's own (`source`, written as a
# dictionary, reads back as the string it is; utc_time is time32[ms], Parquet's TIME(MILLIS)),
# and the shards' bitboard metadata is then the file's, which read_schema shows whole.
_WRITE_OPTIONS: dict[str, dict[str, Any]] = {
    "games": {"store_schema": False, "write_batch_size": GAMES_PER_GROUP},
    "positions": {"write_batch_size": ROWS_PER_GROUP, "use_dictionary": ["source", "mate"], "data_page_version": "2.0",
                  "use_byte_stream_split": ["eval", "clock"],
                  "write_statistics": ["source", "game", "ply", "turn", "result"], "store_schema": False},
}


def _parquet_writer(pq, path: str, schema, table: str, metadata: dict, compression: dict):
    """A ParquetWriter of `table` with the shard's bitboard `metadata` in its key-value
    metadata: through the stored Arrow schema, or for a table stored without one, added to the
    file (which pyarrow.parquet.read_schema reads alike); `compression` (compression_options)."""
    options = {**_WRITE_OPTIONS[table], **compression}
    if options.get("store_schema", True):
        return pq.ParquetWriter(path, schema.with_metadata(metadata), **options)
    writer = pq.ParquetWriter(path, schema, **options)
    writer.add_key_value_metadata(metadata)
    return writer


#: The compressions a dataset's shards are written with (`compression`): zstd, at pyarrow's
#: default level unless "zstd:LEVEL" gives one, lz4, or none.
SHARD_COMPRESSIONS = ("zstd", "lz4", "none")


def compression_options(compression: str) -> dict:
    """pyarrow's writer options for a `compression` of SHARD_COMPRESSIONS ("zstd:3": zstd at level 3);
    InvalidArgumentError naming anything else."""
    codec, _, level = compression.partition(":") if isinstance(compression, str) else ("", "", "")
    if codec not in SHARD_COMPRESSIONS or (level and codec != "zstd"):
        raise InvalidArgumentError(f"compression {quoted(compression)} is not zstd, zstd:LEVEL, lz4 or none")
    if not level:
        return {"compression": codec}
    pa, _ = _pyarrow()
    low, high = pa.Codec.minimum_compression_level("zstd"), pa.Codec.maximum_compression_level("zstd")
    if not level.lstrip("-").isdigit() or not low <= int(level) <= high:
        raise InvalidArgumentError(f"compression {quoted(compression)}: zstd's level is a whole number from "
                                   f"{low} to {high}")
    return {"compression": "zstd", "compression_level": int(level)}


class _BackgroundWriter:
    """Writes each flush's record batches (the positions table's) on a thread of its own:
    pyarrow encodes and compresses Parquet without the GIL, so the reader goes on meanwhile
    (building the batches is Python's, and stays with the reader: in the thread it would take
    the GIL from it). At most two flushes wait (memory stays bounded); an error in the thread is
    raised at the next put or at close."""

    def __init__(self, writers: dict):
        import queue
        import threading
        self.writers = writers
        self.queue: queue.Queue = queue.Queue(maxsize=2)
        self.error: BaseException | None = None
        # (set as the thread ends: Thread.join interrupted by Ctrl-C can mark a thread still
        # writing as stopped, and a later join would then not wait for it)
        self.ended = threading.Event()
        self.thread = threading.Thread(target=self._run, name="bitboard parquet writer", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
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
        finally:
            self.ended.set()

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
        """Wait until the thread has written what it was given and ended (again after an
        interrupt: it ends at the first None)."""
        if not self.ended.is_set():
            self.queue.put(None)
            self.ended.wait()


def dataset_folder(out_dir) -> str:
    """`out_dir` as a dataset folder's path: InvalidArgumentError for a file's name or a file."""
    out = os.fspath(out_dir)
    if out.endswith((".parquet", ".npz")) or os.path.isfile(out):
        raise InvalidArgumentError(f"the output {out!r} names a file: a dataset is a folder "
                                   "(it gets games/ and positions/), and .npz holds one input's arrays")
    return out


def shards_there(out: str, path: str, name: str, stem: str, part: "Part | None") -> bool:
    """Whether the shards of the input `path` (or of a part of it), named `name` and `stem`, are
    in `out`, written from it as it is (convert_files asks, for what an interruption kept)."""
    if path == STDIN:  # (another standard input's would look the same: told by convert_files alone)
        return False
    paths = shard_paths(out, stem if part is None else part_stem(stem, part.index, part.count))
    wanted = {**_identity(name), **_input_stamp(path)}
    for table in TABLES:
        record = _recorded(paths[table])
        if record is None or any(record.get(key) != value for key, value in wanted.items()):
            return False
        if (part is None) != ("part" not in record) or (
                part is not None and not record["part"].startswith(f"{part.index}/{part.count} ")):
            return False
    return True


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
