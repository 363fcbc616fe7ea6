"""The two Parquet tables of a PGN dataset, `games` and `positions`: their schemas and how the
reader's columns become Arrow record batches (docs/datasets.md documents every column).

`games` has one row per game: the seven-tag roster and lichess's tags as typed columns, every
other tag in the map `tags` (a tag whose value does not parse as its type goes there too, as
written: nothing is dropped), the result code, the number of plies read, the error text, and the
key (`source`, `game`) with the game's byte `offset`. `positions` has one row per position,
keyed by (`source`, `game`, `ply`): the position before each move and the game's final position,
whose `move` is null; `result` is repeated on every row for value targets.
"""
import datetime
import re

from ..core.encoding import DATASET_NO_MOVE as NO_MOVE  # a game's final position: null in Parquet

__all__ = ["GAME_TAGS", "NO_MOVE", "NO_RESULT", "RESULT_CODES", "SCHEMA_VERSION", "games_schema", "positions_schema",
           "result_code"]

#: The `schema_version` in every shard's metadata; a change of schema is a new version.
SCHEMA_VERSION = 1
#: The result codes of to_arrays, .npz and Parquet: -2 is "*" or no result.
RESULT_CODES = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}
NO_RESULT = -2

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
#: Tags read into columns of their own besides GAME_TAGS: Result (the `result` code, with the
#: movetext's token winning), TimeControl (`time_control_base` and `time_control_increment`, in
#: seconds) and Site's lichess game id (`lichess_id`; Site stays in `site`).
_LICHESS_SITE = re.compile(r"\Ahttps?://lichess\.org/([A-Za-z0-9]{8})\Z")
_TIME_CONTROL = re.compile(r"\A(\d+)\+(\d+)\Z")
_INT16 = re.compile(r"\A[+-]?\d{1,5}\Z")
_DATE = re.compile(r"\A(\d{4})\.(\d{2})\.(\d{2})\Z")
_TIME = re.compile(r"\A(\d{2}):(\d{2}):(\d{2})\Z")
_EPOCH = datetime.date(1970, 1, 1)


def _arrow_type(name: str):
    import pyarrow as pa
    return {"string": pa.string(), "date32": pa.date32(), "time32": pa.time32("s"), "int16": pa.int16(),
            "int32": pa.int32(), "int64": pa.int64()}[name]


def games_schema():
    """The `games` table's schema (pyarrow)."""
    import pyarrow as pa
    fields = [pa.field("source", pa.string()), pa.field("game", pa.int64()), pa.field("offset", pa.int64()),
              pa.field("result", pa.int8()), pa.field("plies", pa.int32()), pa.field("error", pa.string())]
    fields += [pa.field(column, _arrow_type(kind)) for column, kind in GAME_TAGS.values()]
    fields += [pa.field("time_control_base", pa.int32()), pa.field("time_control_increment", pa.int32()),
               pa.field("lichess_id", pa.string()), pa.field("tags", pa.map_(pa.string(), pa.string()))]
    return pa.schema(fields)


def positions_schema():
    """The `positions` table's schema (pyarrow): the record's fields (bitboard.data.records)
    as columns, with the key, the move, the comment's eval, mate and clock, and the result."""
    import pyarrow as pa
    return pa.schema([
        pa.field("source", pa.string()), pa.field("game", pa.int64()), pa.field("ply", pa.int32()),
        pa.field("board", pa.binary(32)), pa.field("turn", pa.uint8()), pa.field("castling", pa.uint8()),
        pa.field("ep", pa.uint8()), pa.field("halfmove", pa.uint16()), pa.field("fullmove", pa.uint16()),
        pa.field("rooks", pa.binary(4)), pa.field("move", pa.uint16()), pa.field("eval", pa.float32()),
        pa.field("mate", pa.int16()), pa.field("clock", pa.float32()), pa.field("result", pa.int8()),
    ])


def result_code(result: str | None) -> int:
    """1, 0, -1 for "1-0", "1/2-1/2", "0-1"; NO_RESULT (-2) for "*" or none."""
    return RESULT_CODES.get(result or "", NO_RESULT)


def _typed(kind: str, text: str):
    """The tag value as its column's type, or None when it does not parse (it then goes to `tags`)."""
    if kind == "int16":
        if _INT16.match(text) and -32768 <= int(text) <= 32767:
            return int(text)
        return None
    if kind == "date32":
        m = _DATE.match(text)
        if m:
            try:
                return datetime.date(int(m[1]), int(m[2]), int(m[3]))
            except ValueError:
                return None
        return None
    if kind == "time32":
        m = _TIME.match(text)
        if m and int(m[1]) < 24 and int(m[2]) < 60 and int(m[3]) < 61:
            return datetime.time(int(m[1]), int(m[2]), min(int(m[3]), 59))
        return None
    return text


class GameRows:
    """The `games` rows of one shard's games, gathered game by game and taken as a record batch."""

    def __init__(self, source: str):
        self.source = source
        self.clear()

    def clear(self) -> None:
        self.columns: dict[str, list] = {field: [] for field in games_schema().names if field != "source"}

    def __len__(self) -> int:
        return len(self.columns["game"])

    def add(self, number: int, game) -> None:
        """Add game `number` of the source (a bitboard.data.Game read into columns)."""
        columns = self.columns
        columns["game"].append(number)
        columns["offset"].append(game.offset)
        columns["result"].append(result_code(game.result))
        columns["error"].append(game.error)
        headers = game.headers
        typed: dict[str, object] = {}
        rest = []  # every tag that has no column, or whose value does not parse as its column's type
        for tag, value in headers.items():
            spec = GAME_TAGS.get(tag)
            if spec is not None:
                typed[spec[0]] = _typed(spec[1], value)
                if typed[spec[0]] is None:
                    rest.append((tag, value))
            elif tag == "TimeControl":
                if not _TIME_CONTROL.match(value):
                    rest.append((tag, value))
            elif tag != "Result" or value != game.result:  # (a Result tag unlike the token is kept)
                rest.append((tag, value))
        for column, _ in GAME_TAGS.values():
            columns[column].append(typed.get(column))
        time_control = _TIME_CONTROL.match(headers.get("TimeControl", ""))
        columns["time_control_base"].append(int(time_control[1]) if time_control else None)
        columns["time_control_increment"].append(int(time_control[2]) if time_control else None)
        site = _LICHESS_SITE.match(headers.get("Site", ""))
        columns["lichess_id"].append(site[1] if site else None)
        columns["tags"].append(rest)

    def take(self, plies):
        """The rows gathered as a pyarrow RecordBatch, each game's `plies` (moves read) given,
        and a fresh start."""
        import pyarrow as pa
        schema = games_schema()
        self.columns["plies"] = plies
        arrays = [pa.repeat(pa.scalar(self.source, pa.string()), len(self))]
        arrays += [pa.array(self.columns[field.name], field.type) for field in schema if field.name != "source"]
        self.clear()
        return pa.RecordBatch.from_arrays(arrays, schema=schema)


def _fixed_binary(rows):
    """An (N, width) uint8 array as a pyarrow fixed-size binary column, without a copy per row."""
    import numpy as np
    import pyarrow as pa
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    return pa.FixedSizeBinaryArray.from_buffers(pa.binary(rows.shape[1]), len(rows), [None, pa.py_buffer(rows)])


def positions_batch(source: str, rows: dict, results, first_game: int):
    """The `positions` record batch of to_arrays-style columns (`rows`: positions, moves, game,
    ply, evals, mates, clocks) whose games are numbered from `first_game` in `results` (codes)."""
    import numpy as np
    import pyarrow as pa

    positions = rows["positions"]
    count = len(positions)
    game = rows["game"].astype(np.int64)
    moves = rows["moves"]
    evals, mates, clocks = rows["evals"], rows["mates"], rows["clocks"]
    arrays = [
        pa.repeat(pa.scalar(source, pa.string()), count), pa.array(game), pa.array(rows["ply"].astype(np.int32)),
        _fixed_binary(positions["board"]),
    ]
    arrays += [pa.array(np.ascontiguousarray(positions[field])) for field in ("turn", "castling", "ep", "halfmove",
                                                                               "fullmove")]
    arrays.append(_fixed_binary(positions["rooks"]))
    arrays.append(pa.array(moves, mask=moves == NO_MOVE))
    arrays.append(pa.array(evals, mask=np.isnan(evals)))
    arrays.append(pa.array(mates, mask=mates == 0))
    arrays.append(pa.array(clocks, mask=np.isnan(clocks)))
    arrays.append(pa.array(np.asarray(results, dtype=np.int8)[game - first_game] if count else
                           np.zeros(0, dtype=np.int8)))
    return pa.RecordBatch.from_arrays(arrays, schema=positions_schema())
