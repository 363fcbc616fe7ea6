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
  first); a row where the expression is null is dropped, as pyarrow's filters do. Policy and
  value targets are per row, so they are unaffected.
- Rows no encoding holds. No input plane holds a crazyhouse or three-check position (pockets,
  check counters), and no policy head a king promotion (antichess): such rows are left out,
  counted in the pass's `skipped` ({"crazyhouse positions": n, ...}), with one
  SkippedRowsWarning a pass, never an error in mid-epoch. `filter=pc.field("castling") < 16`
  leaves crazyhouse and three-check games out unread (their records name the variant in the
  castling byte's high bits), and then nothing is counted.
- Shuffle. `shuffle_buffer=N` keeps N encoded rows (packed, eight times smaller than planes)
  and sends out random ones as new rows come in; it also visits the shard's row groups in a
  random order. The order depends on `seed`, the shard's index and the epoch (`set_epoch`) only.

Without `shuffle_buffer`, rows come in file order: files by name, games and plies in order; the
last batch is smaller when the rows do not fill it.
"""
import glob
import os
from collections.abc import Iterator

from ..core.encoding import KING, dataset_move_parts
from ..errors import InvalidArgumentError, quoted
from .encode import alphazero_indices, lc0_indices, leela_planes, piece_planes, unpack_planes
from .records import RECORD_VARIANTS, position_dtype, record_variant
from .tables import NO_MOVE, NO_RESULT, fixed_bytes, position_records, positions_schema

__all__ = ["ENCODINGS", "POLICIES", "Batches", "Pass", "SkippedRowsWarning", "batches"]

#: The input encodings: unpacked uint8 planes or the packed uint64 masks they are made from.
ENCODINGS = ("planes", "packed_planes", "lc0", "lc0_packed")
#: The policy targets (None: no policy target, the second item of each batch is None).
POLICIES = ("alphazero", "lc0", None)
_KEEP = "__keep"  # the filter's value, computed while reading as one more column
#: Rows read at a time from the groups after a chunk, to finish its last game (a game is rarely
#: longer than a few hundred plies, so one step is nearly always enough).
_CONTINUATION_ROWS = 4096
#: The filter that leaves out the games whose positions no input plane holds (crazyhouse and
#: three-check: their records name the variant in the castling byte's bits 4-7).
WHOLE_RECORDS_FILTER = 'pc.field("castling") < 16'


class SkippedRowsWarning(UserWarning):
    """A pass of `batches` left out rows that its encoding cannot hold (counted in `skipped`)."""


class Pass:
    """One pass over the rows of a `Batches` (an iterator of its batches), and what it left out:
    `skipped`, {what: rows} of the rows no encoding could hold (crazyhouse and three-check
    positions, king promotions with a policy), counted as the pass reads them."""

    def __init__(self, batches: "Batches"):
        import collections
        self.skipped: collections.Counter = collections.Counter()
        self._batches = batches._batches(self.skipped)

    def __iter__(self) -> "Pass":
        return self

    def __next__(self) -> tuple:
        return next(self._batches)


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

    def __iter__(self) -> Pass:
        """A pass over the rows (its `skipped` counts what no encoding could hold; so does this
        Batches' `skipped`, of the last pass begun)."""
        self.last = Pass(self)
        return self.last

    @property
    def skipped(self):
        """{what: rows} that the last pass begun left out: rows no encoding could hold (Pass)."""
        import collections
        return self.last.skipped if hasattr(self, "last") else collections.Counter()

    def _batches(self, skipped) -> Iterator[tuple]:
        import numpy as np
        rng = np.random.default_rng([self.seed, self.epoch, self.shard[0]])
        warned: set = set()
        chunks: Iterator[dict] = (self._encoded(chunk, skipped, warned)
                                  for chunk in _chunks(self._groups(rng), self._read_columns()))
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

    def _encoded(self, table, skipped, warned: set) -> dict:
        """A chunk of whole games as {name: array} of equal length: the packed inputs, the
        targets and the asked-for columns, the filter's rows only, less the rows no encoding
        holds (counted in `skipped`)."""
        import numpy as np
        records = position_records(table)
        keep = None
        if self.filter is not None:
            keep = table.column(_KEEP).fill_null(False).to_numpy(zero_copy_only=False)
        moves = None if self.policy is None else table.column("move").fill_null(NO_MOVE).to_numpy()
        unheld = self._unheld(table, records, moves, keep, skipped, warned)
        if unheld is not None:
            keep = ~unheld if keep is None else keep & ~unheld
        history = self.encoding.startswith("lc0")
        if keep is not None and not history:  # without history a row needs no other: drop before the work
            table, records, moves = table.filter(keep), records[keep], None if moves is None else moves[keep]
            keep = None
        elif keep is not None:  # with history: drop the games the filter keeps no row of, and a variant's
            game = table.column("game").to_numpy()  # (crazyhouse, three-check: no row an input holds)
            wanted = np.isin(game, game[keep]) & (record_variant(records["castling"]) == 0)
            if not wanted.all():
                table, records, keep = table.filter(wanted), records[wanted], keep[wanted]
                moves = None if moves is None else moves[wanted]
        out: dict = {}
        if history:
            out["inputs"], out["clocks"] = leela_planes(records, table.column("game").to_numpy(), packed=True)
        else:
            out["inputs"] = piece_planes(records, packed=True)
        if moves is not None:
            if keep is not None:  # (a row that goes after encoding needs no policy: a king promotion has none)
                moves = np.where(keep, moves, NO_MOVE)
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

    def _unheld(self, table, records, moves, keep, skipped, warned: set):
        """The rows no encoding holds (None: none), the filter's among them counted in `skipped`
        and warned of once a pass: crazyhouse and three-check positions (no input plane holds
        pockets or check counters) and, with a policy, king promotions (antichess: no policy
        head has one)."""
        import warnings

        import numpy as np
        variant = record_variant(records["castling"])
        unheld = variant != 0
        king = None
        if moves is not None:
            king = (dataset_move_parts(moves)[2] == KING) & (moves != NO_MOVE) & ~unheld
            unheld |= king
        if not unheld.any():
            return None
        counted = unheld if keep is None else unheld & keep
        found = {f"{RECORD_VARIANTS.get(int(code), int(code))} positions": counted & (variant == code)
                 for code in np.unique(variant[counted & (variant != 0)])}
        if king is not None and (counted & king).any():
            found["king promotions"] = counted & king
        for what, rows in found.items():
            skipped[what] += int(np.count_nonzero(rows))
            if what in warned:
                continue
            warned.add(what)
            row = int(np.flatnonzero(rows)[0])
            first = f"the first: game {table.column('game')[row].as_py()}, ply {table.column('ply')[row].as_py()}"
            if what == "king promotions":
                told, remedy = f"the {self.policy} policy has no index for king promotions (antichess; {first})", ""
            else:
                planes = "lc0's planes" if self.encoding.startswith("lc0") else "piece planes"
                told = f"{planes} cannot hold {what} ({first})"
                remedy = f"; filter={WHOLE_RECORDS_FILTER} leaves them out unread"
            warnings.warn(f"batches: {told}: such rows are left out, counted in the pass's skipped{remedy}",
                          SkippedRowsWarning, stacklevel=2)
        return unheld

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
            columns=None) -> Pass:
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
    the row group each starts in, filtered after encoding. Rows that the encoding cannot hold
    (crazyhouse and three-check positions; king promotions with a policy) are left out and
    counted in the pass's `skipped`, with a SkippedRowsWarning; `filter=pc.field("castling") <
    16` leaves the first two out unread. Every iteration of `Batches`, with the same arguments,
    is a pass over the rows; this is one pass (a Pass: its `skipped` says what it left out)."""
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
