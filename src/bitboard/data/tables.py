"""The two Parquet tables of a PGN dataset, `games` and `positions`: their schemas and how the
reader's columns become Arrow record batches (docs/datasets.md documents every column).

`games` has one row per game: the seven-tag roster and lichess's tags as typed columns, every
other tag in the map `tags` (a tag whose value does not parse as its type goes there too, as
written: nothing is dropped), the result code, the number of plies read, the error text, and the
key (`source`, `game`) with the game's byte `offset`. `positions` has one row per position,
keyed by (`source`, `game`, `ply`): the position before each move and the game's final position,
whose `move` is null; `result` is repeated on every row for value targets; the extras of a
crazyhouse or three-check position (records.extras_dtype) are nullable columns, null elsewhere.
"""
from ..core.encoding import CRAZYHOUSE, DATASET_RESULTS, THREE_CHECK
from ..core.encoding import DATASET_NO_MOVE as NO_MOVE  # a game's final position: null in Parquet
from ..core.encoding import DATASET_NO_RESULT as NO_RESULT

__all__ = ["EXTRAS_OF", "GAME_TAGS", "NO_MOVE", "NO_RESULT", "RESULT_CODES", "SCHEMA_VERSION", "games_schema",
           "positions_schema", "result_code"]

#: The `schema_version` in every shard's metadata; a change of schema is a new version.
SCHEMA_VERSION = 2  # 2: the extras columns (pockets, promoted, checks)
#: The result codes of to_arrays, .npz and Parquet (core/encoding's): NO_RESULT (-2) is "*" or none.
RESULT_CODES = DATASET_RESULTS

# tag -> (column, type); the types are pyarrow's, named so that pyarrow is imported on first use
GAME_TAGS = {
    "Event": ("event", "string"), "Site": ("site", "string"), "Date": ("date", "string"),
    "Round": ("round", "string"), "White": ("white", "string"), "Black": ("black", "string"),
    "UTCDate": ("utc_date", "date32"), "UTCTime": ("utc_time", "time32"),
    "WhiteElo": ("white_elo", "int16"), "BlackElo": ("black_elo", "int16"),
    "WhiteRatingDiff": ("white_rating_diff", "int16"), "BlackRatingDiff": ("black_rating_diff", "int16"),
    "WhiteTitle": ("white_title", "string"), "BlackTitle": ("black_title", "string"),
    "Termination": ("termination", "string"), "ECO": ("eco", "string"), "Opening": ("opening", "string"),
    "Variant": ("variant", "string"),
}


def _arrow_type(name: str):
    import pyarrow as pa
    # (a time of day in milliseconds, Parquet's TIME(MILLIS): it has no unit of seconds, so every reader
    # reads time32[ms]; the tag's seconds are written as whole seconds of it)
    return {"string": pa.string(), "date32": pa.date32(), "time32": pa.time32("ms"), "int16": pa.int16()}[name]


def games_schema():
    """The `games` table's schema (pyarrow)."""
    import pyarrow as pa
    fields = [pa.field("source", pa.string(), False), pa.field("game", pa.int64(), False),
              pa.field("offset", pa.int64(), False), pa.field("result", pa.int8(), False),
              pa.field("plies", pa.int32(), False), pa.field("error", pa.string())]
    fields += [pa.field(column, _arrow_type(kind)) for column, kind in GAME_TAGS.values()]
    fields += [pa.field("time_control_base", pa.int32()), pa.field("time_control_increment", pa.int32()),
               pa.field("lichess_id", pa.string()), pa.field("tags", pa.map_(pa.string(), pa.string()))]
    return pa.schema(fields)


def positions_schema(source_dictionary: bool = False):
    """The `positions` table's schema (pyarrow): the record's fields (bitboard.data.records)
    as columns, with the key, the move, the comment's eval, mate and clock, and the result; then
    the extras' fields, null where the position's variant has none (EXTRAS_OF). Only `move`,
    `eval`, `mate`, `clock` and the extras are ever null (Parquet needs no levels for the rest).
    `source_dictionary`: `source` as positions_batch builds it for the Parquet writer, a
    dictionary of the batch's one value, which the writer need not hash row by row. Its indices
    are int8: for the statistics of a dictionary column pyarrow finds the values its indices use,
    which costs 39 M instructions a million rows with int8 indices and 53 M with int32."""
    import pyarrow as pa
    source = pa.dictionary(pa.int8(), pa.string()) if source_dictionary else pa.string()
    return pa.schema([
        pa.field("source", source, False), pa.field("game", pa.int64(), False), pa.field("ply", pa.int32(), False),
        pa.field("board", pa.binary(32), False), pa.field("turn", pa.uint8(), False),
        pa.field("castling", pa.uint8(), False), pa.field("ep", pa.uint8(), False),
        pa.field("halfmove", pa.uint16(), False), pa.field("fullmove", pa.uint16(), False),
        pa.field("rooks", pa.binary(4), False), pa.field("move", pa.uint16()), pa.field("eval", pa.float32()),
        pa.field("mate", pa.int16()), pa.field("clock", pa.float32()), pa.field("result", pa.int8(), False),
        pa.field("pockets", pa.binary(10)), pa.field("promoted", pa.uint64()), pa.field("checks", pa.binary(2)),
    ])


#: The extras columns of the positions table and the variant whose rows have them (null elsewhere).
EXTRAS_OF = {"pockets": CRAZYHOUSE, "promoted": CRAZYHOUSE, "checks": THREE_CHECK}


def result_code(result: str | None) -> int:
    """1, 0, -1 for "1-0", "1/2-1/2", "0-1"; NO_RESULT (-2) for "*" or none."""
    return RESULT_CODES.get(result or "", NO_RESULT)


def games_batch(source: str, first: int, offsets: list, results, errors: list, tags: dict, plies):
    """The `games` rows of games numbered from `first` as a pyarrow RecordBatch: from each
    game's offset, result code (game_columns.result_column of the tokens read) and error (the
    reader's GameColumns), `tags` (the games' tags read into their columns in C:
    game_columns.TagTable.take) and `plies` (moves read).
    Every column is made from its buffers: no Python object per game or tag."""
    import numpy as np
    import pyarrow as pa

    schema = games_schema()
    count = len(offsets)
    columns = {
        "source": pa.repeat(pa.scalar(source, pa.string()), count),
        "game": pa.array(np.arange(count, dtype=np.int64) + first),
        "offset": pa.array(offsets, pa.int64()), "result": pa.array(results),
        "plies": pa.array(plies, pa.int32()), "error": pa.array(errors, pa.string()),
    }
    for name, parts in tags.items():
        kind = schema.field(name).type
        if name == "tags":
            entries, keys, values = parts
            columns[name] = pa.MapArray.from_arrays(pa.array(entries), _strings(*keys), _strings(*values), type=kind)
        elif len(parts) == 3:
            columns[name] = _strings(*parts)
        else:
            values, valid = parts
            width = np.int16 if kind == pa.int16() else np.int32  # (date32 and time32 are int32)
            values = values.astype(width) * (1000 if pa.types.is_time32(kind) else 1)  # (the tag's seconds, in ms)
            columns[name] = pa.Array.from_buffers(kind, count, [_validity(valid), pa.py_buffer(values)])
    return pa.RecordBatch.from_arrays([columns[name] for name in schema.names], schema=schema)


def _strings(offsets, data, valid):
    """A string column of its Arrow buffers (int32 offsets, UTF-8 bytes, validity bytes)."""
    import pyarrow as pa
    return pa.Array.from_buffers(pa.string(), len(valid), [_validity(valid), pa.py_buffer(offsets),
                                                           pa.py_buffer(data)])


def _validity(valid):
    """Arrow's validity bits of a boolean array (None where all are valid)."""
    import numpy as np
    import pyarrow as pa
    return None if valid.all() else pa.py_buffer(np.packbits(valid, bitorder="little"))


def _fixed_binary(rows):
    """An (N, width) uint8 array as a pyarrow fixed-size binary column, without a copy per row."""
    import numpy as np
    import pyarrow as pa
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    return pa.FixedSizeBinaryArray.from_buffers(pa.binary(rows.shape[1]), len(rows), [None, pa.py_buffer(rows)])


def positions_batch(source: str, rows: dict, results, first_game: int, per_game=None):
    """The `positions` record batch of to_arrays-style columns (`rows`: positions, moves, game,
    ply, evals, mates, clocks, and extras unless none were written) whose games are numbered from
    `first_game` in `results` (codes), with `source` a dictionary of its one value
    (positions_schema(source_dictionary=True)): written with store_schema=False, as the datasets
    write it, it reads back as a string. `per_game`: each of those games' rows, where the caller
    has counted them (np.bincount of the games)."""
    import numpy as np
    import pyarrow as pa

    from .records import record_columns
    positions = rows["positions"]
    count = len(positions)
    game = rows["game"].astype(np.int64)
    if per_game is None:
        per_game = np.bincount(game - first_game, minlength=len(results)) if count else np.zeros(len(results), int)
    moves, evals, clocks = rows["moves"], rows["evals"], rows["clocks"]
    # (indices not checked by Arrow: all are 0, the one value's)
    zeros = _kept("zeros", count, lambda size: pa.array(np.zeros(size, dtype=np.int8)))
    source_column = pa.DictionaryArray.from_arrays(zeros, pa.array([source]), safe=False)
    arrays = [source_column, pa.array(game), pa.array(rows["ply"].astype(np.int32))]
    arrays += [_fixed_binary(column) if column.ndim == 2 else pa.array(column)
               for column in record_columns(positions).values()]
    arrays.append(_nullable(moves, moves != NO_MOVE))
    arrays.append(_nullable(evals, ~np.isnan(evals)))
    arrays.append(_nullable(rows["mates"], rows["mates"] != 0))
    arrays.append(_nullable(clocks, ~np.isnan(clocks)))
    arrays.append(pa.array(np.repeat(np.asarray(results, dtype=np.int8), per_game)))
    arrays += _extras_columns(positions, rows.get("extras"))
    return pa.RecordBatch.from_arrays(arrays, schema=positions_schema(source_dictionary=True))


def _nullable(values, valid):
    """A NumPy column as an Arrow array of a copy of it, null where `valid` is False (the
    validity bits packed by NumPy: pyarrow's mask= converts the mask a byte at a time)."""
    import numpy as np
    import pyarrow as pa
    values = np.array(values)  # (a copy: the rows may be the reader's, which it writes again)
    return pa.Array.from_buffers(pa.from_numpy_dtype(values.dtype), len(values), [_validity(valid),
                                                                                  pa.py_buffer(values)])


def _extras_columns(positions, extras) -> list:
    """The extras columns of a batch: each non-null on the rows of its variant only (all null,
    in one call each, for a batch without crazyhouse or three-check: `extras` None)."""
    import numpy as np
    import pyarrow as pa

    from .records import record_variant
    schema = positions_schema()
    variant = None if extras is None else record_variant(positions["castling"])
    out = []
    for name, owner in EXTRAS_OF.items():
        kind = schema.field(name).type
        valid = None if variant is None else variant == owner
        if valid is None or not valid.any():
            out.append(_kept(kind, len(positions), lambda size, kind=kind: pa.nulls(size, kind)))
        elif name == "promoted":
            out.append(pa.array(np.ascontiguousarray(extras[name]), mask=~valid))
        else:
            values = np.ascontiguousarray(extras[name]).view(np.uint8).reshape(len(positions), -1)
            out.append(pa.FixedSizeBinaryArray.from_buffers(kind, len(positions), [_validity(valid),
                                                                                   pa.py_buffer(values)]))
    return out


_KEPT: dict = {}  # {what: an array made once}, sliced for each batch


def _kept(what, count: int, make):
    """An array of `count` values that every batch would otherwise fill anew (all null, all
    zero): a slice of `make(size)`, made once for all batches (and again, twice the size, when
    a batch has more rows)."""
    array = _KEPT.get(what)
    if array is None or len(array) < count:
        array = _KEPT[what] = make(max(count, 2 * len(array) if array is not None else 0x20000))
    return array.slice(0, count)


def position_records(table):
    """The position records (records.position_dtype) of a `positions` table's record columns,
    the way back from positions_batch: a NumPy copy each, no row touched by Python."""
    import numpy as np

    from .records import position_dtype
    records = np.empty(table.num_rows, dtype=position_dtype())
    for name in records.dtype.names:
        column = table.column(name)
        records[name] = fixed_bytes(column) if records.dtype[name].shape else column.to_numpy()
    return records


def extras_records(table):
    """The extras records (records.extras_dtype) of a `positions` table's extras columns, zeros
    where they are null (and for a table written before they were: schema version 1)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    from .records import extras_dtype
    extras = np.zeros(table.num_rows, dtype=extras_dtype())
    for name in EXTRAS_OF:
        if name not in table.column_names:
            continue
        column = table.column(name)
        if column.null_count == len(column):
            continue
        if name == "promoted":
            extras[name] = pc.fill_null(column, 0).to_numpy()
        else:
            filled = pc.fill_null(column, pa.scalar(bytes(column.type.byte_width), column.type))
            extras[name] = fixed_bytes(filled).view(extras.dtype[name].base).reshape(extras[name].shape)
    return extras


def fixed_bytes(column):
    """A fixed-size binary column as an (N, width) uint8 array, from its data buffer (no row
    is touched by Python). The record's binaries are never null (the extras' are filled first)."""
    import numpy as np
    import pyarrow as pa
    array = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
    width = array.type.byte_width
    return np.frombuffer(array.buffers()[1], dtype=np.uint8, count=len(array) * width,
                         offset=array.offset * width).reshape(len(array), width)
