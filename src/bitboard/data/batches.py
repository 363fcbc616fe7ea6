"""Training batches from a dataset folder's `positions` table: input planes, a policy target and
a value target, as NumPy arrays, read a row group at a time (memory stays bounded however large
the folder)::

    >>> from bitboard.data.batches import batches
    >>> for inputs, policy, value in batches("out", 1024, encoding="lc0", policy="lc0", shuffle_buffer=100_000):
    ...     ...   # (1024, 112, 8, 8) uint8, (1024,) int64 (-1: no move), (1024,) float32 (NaN: unknown)

How the rows are read, and why:

- Whole games. lc0's input holds the seven positions before each one and which positions
  repeat, so rows are encoded a chunk of whole games at a time, in game order, before any
  shuffle. A chunk is the games that start in one row group: the rows at a group's head that
  continue a game begun in the group before belong to that group's chunk, and the last game is
  completed from the groups after (read a few thousand rows at a time, as far as it goes).
- Sharding. `shard=(index, count)` splits by that same rule: the row groups of the folder, in
  file-name order and then file order, are dealt round-robin (group number % count == index),
  and each shard takes the games that start in its groups, whole. Shards never share a row, and
  together they hold every row; each reads about 1/count of the folder. A folder with fewer row
  groups than shards leaves some shards empty (a shard holds about 131,072 rows).
- Filters. `filter` (a pyarrow.compute Expression over any columns of the table) is computed
  while reading, but rows are dropped only after the chunk is encoded, so a kept position still
  sees the history of rows the filter drops (a game the filter keeps no row of is dropped
  first: `filter=ds.field("castling") < 16` leaves out crazyhouse and three-check games, which
  the encoders refuse); a row where the expression is null is dropped, as pyarrow's filters
  do. Policy and value targets are per row, so they are unaffected.
- Shuffle. `shuffle_buffer=N` keeps N encoded rows (packed, eight times smaller than planes)
  and sends out random ones as new rows come in; it also visits the shard's row groups in a
  random order. The order depends on `seed`, the shard's index and the epoch (`set_epoch`) only.

Without `shuffle_buffer`, rows come in file order: files by name, games and plies in order; the
last batch is smaller when the rows do not fill it.
"""
import glob
import os
from collections.abc import Iterator

from ..errors import InvalidArgumentError, quoted
from .encode import alphazero_indices, lc0_indices, leela_planes, piece_planes, unpack_planes
from .records import position_dtype
from .tables import NO_MOVE, NO_RESULT, fixed_bytes, position_records, positions_schema

__all__ = ["ENCODINGS", "POLICIES", "Batches", "batches"]

#: The input encodings: unpacked uint8 planes or the packed uint64 masks they are made from.
ENCODINGS = ("planes", "packed_planes", "lc0", "lc0_packed")
#: The policy targets (None: no policy target, the second item of each batch is None).
POLICIES = ("alphazero", "lc0", None)
_KEEP = "__keep"  # the filter's value, computed while reading as one more column
#: Rows read at a time from the groups after a chunk, to finish its last game (a game is rarely
#: longer than a few hundred plies, so one step is nearly always enough).
_CONTINUATION_ROWS = 4096


class Batches:
    """The batches of `batches()` as an iterable: each `iter()` is a new pass over the rows (an
    epoch). It holds only its arguments and the file list, so it pickles to DataLoader workers::

        import torch

        class Positions(torch.utils.data.IterableDataset):
            def __init__(self, folder, **options):
                self.folder, self.options = folder, options
                self.epoch = 0

            def __iter__(self):
                info = torch.utils.data.get_worker_info()
                rank, ranks = 0, 1  # under DDP: torch.distributed.get_rank(), get_world_size()
                worker, workers = (info.id, info.num_workers) if info else (0, 1)
                shard = (rank * workers + worker, ranks * workers)
                batches = Batches(self.folder, 1024, shard=shard, **self.options)
                batches.set_epoch(self.epoch)
                for inputs, policy, value in batches:
                    yield torch.from_numpy(inputs), torch.from_numpy(policy), torch.from_numpy(value)

        loader = torch.utils.data.DataLoader(Positions("out", encoding="lc0", policy="lc0"),
                                             batch_size=None, num_workers=4)

    `batch_size=None` because the batches come made. DataLoader workers are processes, so each
    worker must be given its own `shard`, as above, or every worker yields every row. Set
    `loader.dataset.epoch = n` before each epoch to shuffle each differently (workers are made
    afresh each epoch unless persistent_workers=True). Ranks may get a few more or fewer batches
    than each other (whole games, whole row groups): under DDP, stop every rank at the same step."""

    def __init__(self, folder, batch_size: int, *, encoding: str = "planes", policy: str | None = "alphazero",
                 shuffle_buffer: int = 0, seed: int = 0, shard: tuple[int, int] = (0, 1), filter=None,
                 columns=None):
        if not _is_int(batch_size) or batch_size < 1:
            raise InvalidArgumentError(f"batch_size must be a positive int, not {quoted(batch_size)}")
        if encoding not in ENCODINGS:
            raise InvalidArgumentError(f"encoding {quoted(encoding)} is not one of {', '.join(ENCODINGS)}")
        if policy not in POLICIES:
            raise InvalidArgumentError(f"policy {quoted(policy)} is not 'alphazero', 'lc0' or None")
        if not _is_int(shuffle_buffer) or shuffle_buffer < 0:
            raise InvalidArgumentError(f"shuffle_buffer must be an int of 0 or more, not {quoted(shuffle_buffer)}")
        if not _is_int(seed) or seed < 0:
            raise InvalidArgumentError(f"seed must be an int of 0 or more, not {quoted(seed)}")
        if (not isinstance(shard, (tuple, list)) or len(shard) != 2 or not all(_is_int(n) for n in shard)
                or not 0 <= shard[0] < shard[1]):
            raise InvalidArgumentError(f"shard must be (index, count) with 0 <= index < count, not {quoted(shard)}")
        names = positions_schema().names
        extra = [] if columns is None else ([columns] if isinstance(columns, str) else list(columns))
        unknown = [name for name in extra if name not in names]
        if unknown or len(set(extra)) != len(extra):
            raise InvalidArgumentError(f"columns {quoted(columns)} must name distinct columns of the positions "
                                       f"table ({', '.join(names)})")
        self.files = positions_files(folder)
        self.batch_size = int(batch_size)
        self.encoding = encoding
        self.policy = policy
        self.shuffle_buffer = int(shuffle_buffer)
        self.seed = int(seed)
        self.shard = (int(shard[0]), int(shard[1]))
        self.filter = _checked_filter(filter, self.files[0])
        self.columns = extra
        self.epoch = 0

    def set_epoch(self, epoch: int) -> None:
        """Shuffle differently in each epoch (as DistributedSampler.set_epoch does)."""
        if not _is_int(epoch) or epoch < 0:
            raise InvalidArgumentError(f"epoch must be an int of 0 or more, not {quoted(epoch)}")
        self.epoch = int(epoch)

    def __iter__(self) -> Iterator[tuple]:
        import numpy as np
        rng = np.random.default_rng([self.seed, self.epoch, self.shard[0]])
        chunks: Iterator[dict] = (self._encoded(chunk) for chunk in _chunks(self._groups(rng), self._read_columns()))
        if self.shuffle_buffer:
            chunks = _shuffled(chunks, self.shuffle_buffer, rng)
        for rows in _rebatched(chunks, self.batch_size):
            yield self._finished(rows)

    def _groups(self, rng) -> list:
        """[(the file's row-group fragments, group number)] of this shard, in the order to read."""
        import pyarrow.dataset as ds
        import pyarrow.fs as fs
        parquet, local = ds.ParquetFileFormat(), fs.LocalFileSystem()
        owned, number = [], 0
        index, count = self.shard
        for path in self.files:
            groups = parquet.make_fragment(path, filesystem=local).split_by_row_group()
            for group in range(len(groups)):
                if number % count == index:
                    owned.append((groups, group))
                number += 1
        if self.shuffle_buffer:
            owned = [owned[i] for i in rng.permutation(len(owned))]
        return owned

    def _read_columns(self) -> dict:
        """{name: expression} of the columns read: the key, the record, the targets' columns, the
        asked-for ones and the filter's value."""
        import pyarrow.compute as pc
        names = ["game", "ply", *position_dtype().names, "result"]
        if self.policy is not None:
            names.append("move")
        names += [name for name in self.columns if name not in names]
        read = {name: pc.field(name) for name in names}
        if self.filter is not None:
            read[_KEEP] = self.filter
        return read

    def _encoded(self, table) -> dict:
        """A chunk of whole games as {name: array} of equal length: the packed inputs, the
        targets and the asked-for columns, the filter's rows only."""
        import numpy as np
        records = position_records(table)
        keep = None
        if self.filter is not None:
            keep = table.column(_KEEP).fill_null(False).to_numpy(zero_copy_only=False)
        history = self.encoding.startswith("lc0")
        if keep is not None and not history:  # without history a row needs no other: drop before the work
            table, records, keep = table.filter(keep), records[keep], None
        elif keep is not None:  # with history: drop the games the filter keeps no row of (crazyhouse ones too)
            game = table.column("game").to_numpy()
            wanted = np.isin(game, game[keep])
            if not wanted.all():
                table, records, keep = table.filter(wanted), records[wanted], keep[wanted]
        out: dict = {}
        if history:
            out["inputs"], out["clocks"] = leela_planes(records, table.column("game").to_numpy(), packed=True)
        else:
            out["inputs"] = piece_planes(records, packed=True)
        if self.policy is not None:
            moves = table.column("move").fill_null(NO_MOVE).to_numpy()
            out["policy"] = (alphazero_indices(moves, records["turn"]) if self.policy == "alphazero"
                             else lc0_indices(moves, records))
        result = table.column("result").to_numpy().astype(np.float32)
        mover = np.where(records["turn"] != 0, np.float32(1), np.float32(-1))
        out["value"] = np.where(result == NO_RESULT, np.float32("nan"), result * mover).astype(np.float32)
        for name in self.columns:
            out["column " + name] = _column_array(table.column(name), name)
        if keep is not None:
            out = {name: array[keep] for name, array in out.items()}
        return out

    def _finished(self, rows: dict) -> tuple:
        """A batch as it is handed out: planes unpacked where asked, C-contiguous arrays."""
        import numpy as np
        inputs = rows["inputs"]
        if self.encoding == "planes":
            inputs = unpack_planes(inputs)
        elif self.encoding == "lc0":
            inputs = unpack_planes(inputs)
            inputs[:, 109] = np.minimum(rows["clocks"], 255)[:, None, None]  # as leela_planes fills it
        elif self.encoding == "lc0_packed":
            inputs = (np.ascontiguousarray(inputs), np.ascontiguousarray(rows["clocks"]))
        if not isinstance(inputs, tuple):
            inputs = np.ascontiguousarray(inputs)
        policy = None if self.policy is None else rows["policy"].astype(np.int64)
        value = np.ascontiguousarray(rows["value"])
        if self.columns:
            return inputs, policy, value, {name: np.ascontiguousarray(rows["column " + name]) for name in self.columns}
        return inputs, policy, value


def batches(folder, batch_size: int, *, encoding: str = "planes", policy: str | None = "alphazero",
            shuffle_buffer: int = 0, seed: int = 0, shard: tuple[int, int] = (0, 1), filter=None,
            columns=None) -> Iterator[tuple]:
    """Batches of `batch_size` rows of the positions table of a dataset folder (`folder`, or its
    `positions` folder itself): (inputs, policy_target, value_target), NumPy arrays::

        inputs   encoding="planes": (B, 18, 8, 8) uint8, piece_planes; "packed_planes": (B, 18)
                 uint64, its masks; "lc0": (B, 112, 8, 8) uint8, leela_planes with the seven
                 positions before each in its game; "lc0_packed": leela_planes(packed=True)'s
                 ((B, 112) uint64 masks, (B,) uint16 half-move clocks)
        policy   (B,) int64, the move played as an index of policy="alphazero" (4,672) or "lc0"
                 (1,858); -1 where there is none (a game's final position); None if policy=None
        value    (B,) float32, the game's result for the side to move: 1 won, 0 drawn, -1 lost;
                 NaN where the result is unknown

    `columns` names further columns of the table to hand out as a fourth item, {name: array}:
    fixed-size binaries as (B, width) uint8, strings as objects, a null float as NaN, a null
    `move` as NO_MOVE (0xFFFF) and another null int as 0 (to_arrays' conventions).
    `shuffle_buffer`, `seed`, `shard` and `filter` are the module's: whole games, sharded by
    the row group each starts in, filtered after encoding. Every iteration of `Batches`, with
    the same arguments, is a pass over the rows; this is one pass."""
    return iter(Batches(folder, batch_size, encoding=encoding, policy=policy, shuffle_buffer=shuffle_buffer,
                        seed=seed, shard=shard, filter=filter, columns=columns))


def positions_files(folder) -> list:
    """The positions shards of a dataset folder (or of its `positions` folder), in its subfolders
    too (an input's shard is named by its relative path), sorted by name; hidden unfinished
    files are not shards."""
    path = os.fspath(folder)
    if not os.path.isdir(path):
        raise InvalidArgumentError(f"no dataset folder {quoted(path)}")
    inner = os.path.join(path, "positions")
    found = sorted(glob.glob(os.path.join(glob.escape(inner if os.path.isdir(inner) else path), "**", "*.parquet"),
                             recursive=True))
    if not found:
        raise InvalidArgumentError(f"no positions shards in {quoted(path)}: a dataset folder holds "
                                   "positions/**/*.parquet (bitboard pgn to-parquet, convert_files)")
    return [os.path.abspath(name) for name in found]


def _is_int(value) -> bool:
    import numbers
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _checked_filter(expression, path: str):
    """The filter, checked against the first shard's columns now rather than at the first read."""
    if expression is None:
        return None
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq
    if not isinstance(expression, pc.Expression):
        raise InvalidArgumentError(f"filter must be a pyarrow.compute Expression (pc.field('result') != -2), "
                                   f"not {quoted(expression)}")
    try:
        kept = pq.read_schema(path).empty_table().filter(expression)
    except (pa.ArrowException, TypeError) as error:
        raise InvalidArgumentError(f"filter {quoted(str(expression))} does not apply to the positions table: "
                                   f"{error}") from None
    del kept
    return expression


def _chunks(groups: list, columns: dict) -> Iterator:
    """Each owned row group's games, whole, as one pyarrow Table: its rows less the head that
    continues the group before's last game, and with its own last game read to its end."""
    import numpy as np
    import pyarrow as pa
    for fragments, group in groups:
        table = fragments[group].to_table(columns=columns)
        if not table.num_rows:
            continue
        game = table.column("game").to_numpy()
        if group > 0 and table.column("ply")[0].as_py() != 0:  # the head of a game begun before: not ours
            head = int(np.argmax(game != game[0])) if (game != game[0]).any() else len(game)
            table, game = table.slice(head), game[head:]
            if not table.num_rows:
                continue
        tail = _continuation(fragments, group + 1, int(game[-1]), columns)
        if tail:
            table = pa.concat_tables([table, pa.Table.from_batches(tail, schema=table.schema)])
        yield table


def _continuation(fragments: list, group: int, game: int, columns: dict) -> list:
    """The record batches of game `game` at the head of row group `group` and the groups after."""
    import numpy as np
    pieces: list = []
    first = True
    for fragment in fragments[group:]:
        for batch in fragment.to_batches(columns=columns, batch_size=_CONTINUATION_ROWS, batch_readahead=0,
                                         fragment_readahead=0):
            if not batch.num_rows:
                continue
            if first and (batch.column("ply")[0].as_py() == 0 or batch.column("game")[0].as_py() != game):
                return pieces
            first = False
            other = batch.column("game").to_numpy() != game
            if other.any():
                pieces.append(batch.slice(0, int(np.argmax(other))))
                return pieces
            pieces.append(batch)
    return pieces


def _column_array(column, name: str):
    """A further column as NumPy, nulls as to_arrays writes them (the batches() docstring)."""
    import numpy as np
    import pyarrow as pa
    kind = column.type
    if pa.types.is_fixed_size_binary(kind):
        return fixed_bytes(column).copy()
    if pa.types.is_floating(kind):
        return column.fill_null(float("nan")).to_numpy()
    if pa.types.is_integer(kind):
        return column.fill_null(NO_MOVE if name == "move" else 0).to_numpy()
    return np.asarray(column.to_numpy(zero_copy_only=False))


def _take(rows: dict, index) -> dict:
    return {name: array[index] for name, array in rows.items()}


def _length(rows: dict) -> int:
    return len(rows["value"])


def _shuffled(chunks: Iterator[dict], capacity: int, rng) -> Iterator[dict]:
    """The rows of the chunks in a random order: a buffer of `capacity` rows, each row that comes
    in taking the place of a random one that goes out; what is left goes out shuffled at the end."""
    import numpy as np
    buffer: dict | None = None
    filled = 0
    for rows in chunks:
        count = _length(rows)
        if buffer is None:
            buffer = {name: np.empty((capacity,) + array.shape[1:], dtype=array.dtype) for name, array in rows.items()}
        start = min(capacity - filled, count)  # filling the buffer first
        for name, array in rows.items():
            buffer[name][filled:filled + start] = array[:start]
        filled += start
        while start < count:
            step = min(count - start, capacity)
            slots = rng.choice(capacity, step, replace=False)
            yield _take(buffer, slots)
            for name, array in rows.items():
                buffer[name][slots] = array[start:start + step]
            start += step
    if buffer is not None and filled:
        yield _take(buffer, rng.permutation(filled))


def _rebatched(chunks: Iterator[dict], size: int) -> Iterator[dict]:
    """The rows of the chunks cut into batches of `size` rows, the last one whatever is left."""
    import numpy as np
    pending: list[dict] = []
    held = 0
    for rows in chunks:
        count = _length(rows)
        if not count:
            continue
        pending.append(rows)
        held += count
        if held < size:
            continue
        joined = pending[0] if len(pending) == 1 else {
            name: np.concatenate([part[name] for part in pending]) for name in pending[0]}
        start = 0
        while held - start >= size:
            yield _take(joined, slice(start, start + size))
            start += size
        pending = [_take(joined, slice(start, held))] if start < held else []
        held -= start
    if held:
        yield pending[0] if len(pending) == 1 else {
            name: np.concatenate([part[name] for part in pending]) for name in pending[0]}
