"""bitboard.data.batches: training batches from a dataset folder. Every row once an epoch, in
file order or shuffled by a seed; shards that never share a row; inputs and targets equal to the
encoders run on whole games (lc0's history across row-group boundaries, under shuffle, shards
and filters); the value from the mover's side; bad arguments named. The fixture is a small
dataset with tiny row groups, so that games cross them."""
import io
import os
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bitboard.data import to_arrays
from bitboard.data.batches import ENCODINGS, Batches, batches
from bitboard.data.datasets import _WRITE_OPTIONS  # (written as convert_files writes the table)
from bitboard.data.encode import (
    alphazero_indices,
    lc0_indices,
    leela_planes,
    piece_planes,
    unpack_planes,
)
from bitboard.data.tables import NO_MOVE, positions_batch
from bitboard.errors import InvalidArgumentError

chess = pytest.importorskip("chess")
chess_pgn = pytest.importorskip("chess.pgn")
pa = pytest.importorskip("pyarrow")
pc = pytest.importorskip("pyarrow.compute")
pq = pytest.importorskip("pyarrow.parquet")

KEY = ["source", "game", "ply"]
RESULTS = ["1-0", "0-1", "1/2-1/2", "*"]
CASTLES_AND_REPEATS = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "g8f6", "f3g5", "e8g8", "g5f3", "f6e8",
                       "f3g5", "e8f6", "g5f3", "f6e8", "f3g5", "e8f6"]
UNDERPROMOTES = ["a7a8n", "h2h1r", "a8b6", "h7g6", "b6d5", "h1h6"]


def _game_text(rng, moves=None, fen=None, result=None, plies=None) -> str:
    """One game's PGN: the given moves (UCI) or random legal ones, an eval on some of them."""
    board = chess.Board(fen) if fen else chess.Board()
    game = chess_pgn.Game()
    if fen:
        game.setup(board)
    node = game
    for ply in range(len(moves) if moves is not None else plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = chess.Move.from_uci(moves[ply]) if moves is not None else rng.choice(legal)
        board.push(move)
        node = node.add_variation(move)
        if rng.random() < 0.5:
            node.comment = f"[%eval {rng.uniform(-3, 3):.2f}]"
    game.headers["Result"] = result or rng.choice(RESULTS)
    return str(game)


def _pgn_texts() -> dict:
    """{source: PGN text}: random games of every length, a game without moves, one that castles
    and repeats, one from a FEN with black to move after a double push, one that underpromotes,
    and a source without games."""
    rng = random.Random(2026)
    first = [_game_text(rng, plies=rng.randint(1, 150)) for _ in range(6)]
    first.insert(2, _game_text(rng, moves=[], result="*"))
    first.append(_game_text(rng, moves=CASTLES_AND_REPEATS, result="1/2-1/2"))
    second = [_game_text(rng, fen="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", plies=40,
                         result="0-1"),
              _game_text(rng, moves=UNDERPROMOTES, fen="8/P6k/8/8/8/8/6Kp/8 w - - 0 1",
                         result="1/2-1/2")]
    second += [_game_text(rng, plies=rng.randint(0, 120)) for _ in range(5)]
    return {"a.pgn": "\n\n".join(first), "b.pgn": "\n\n".join(second), "c.pgn": ""}


ROW_GROUPS = {"a.pgn": 37, "b.pgn": 23, "c.pgn": 10}


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    """(folder, expected): the dataset written as convert_files lays it out (positions/*.parquet,
    small row groups), and every row's expected key, record, move, result and encodings, in
    file order, the encoders run on each source's whole games."""
    folder = tmp_path_factory.mktemp("dataset")
    (folder / "positions").mkdir()
    parts = []
    for source, text in _pgn_texts().items():
        rows = to_arrays(io.BytesIO(text.encode()))
        count = len(rows["moves"])
        if "ply" not in rows:  # (to_arrays before the ply column: number the plies here)
            starts = np.flatnonzero(np.r_[True, rows["game"][1:] != rows["game"][:-1]]) if count else []
            rows["ply"] = np.arange(count) - np.repeat(starts, np.diff(np.r_[starts, count]).astype(int))
        batch = positions_batch(source, rows, rows["result"], 0)
        pq.write_table(pa.Table.from_batches([batch]), folder / "positions" / f"{source[0]}.parquet",
                       row_group_size=ROW_GROUPS[source], **_WRITE_OPTIONS["positions"])
        positions, game = rows["positions"], rows["game"].astype(np.int64)
        parts.append({
            "source": np.full(count, source, dtype=object), "game": game, "ply": rows["ply"].astype(np.int64),
            "positions": positions, "moves": rows["moves"], "result": rows["result"][game] if count else
            np.zeros(0, np.int8), "eval": rows["evals"],
            "planes": piece_planes(positions), "packed_planes": piece_planes(positions, packed=True),
            "lc0": leela_planes(positions, game), "lc0_packed": leela_planes(positions, game, packed=True)[0],
            "alphazero": alphazero_indices(rows["moves"], positions["turn"]),
            "lc0_policy": lc0_indices(rows["moves"], positions),
        })
    expected = {name: np.concatenate([part[name] for part in parts]) for name in parts[0]}
    assert (expected["moves"] == NO_MOVE).sum() == len(set(zip(expected["source"], expected["game"])))
    return str(folder), expected


def _epoch(folder, batch_size=64, **options) -> dict:
    """Every batch of one pass joined: inputs, policy, value, and the rows' keys."""
    got: dict = {"inputs": [], "policy": [], "value": [], "sizes": [], **{name: [] for name in KEY}}
    for inputs, policy, value, columns in batches(folder, batch_size, columns=KEY, **options):
        got["inputs"].append(inputs)
        got["policy"].append(policy)
        got["value"].append(value)
        got["sizes"].append(len(value))
        for name in KEY:
            got[name].append(columns[name])
    out = {name: (np.concatenate(parts) if parts and parts[0] is not None and not isinstance(parts[0], tuple)
                  else parts) for name, parts in got.items() if name != "sizes"}
    out["sizes"] = got["sizes"]
    return out


def _rows_of(expected, got) -> np.ndarray:
    """The expected rows of the batches' keys, in the batches' order."""
    index = {key: row for row, key in enumerate(zip(expected["source"], expected["game"], expected["ply"]))}
    return np.array([index[key] for key in zip(got["source"], got["game"], got["ply"])], dtype=np.int64)


def _value(expected, rows):
    result = expected["result"][rows].astype(np.float32)
    mover = np.where(expected["positions"]["turn"][rows] != 0, 1, -1)
    return np.where(result == -2, np.nan, result * mover).astype(np.float32)


def test_an_epoch_without_shuffle_is_every_row_once_in_file_order(dataset):
    folder, expected = dataset
    got = _epoch(folder, batch_size=50)
    assert list(got["source"]) == list(expected["source"])
    assert np.array_equal(got["game"], expected["game"]) and np.array_equal(got["ply"], expected["ply"])
    assert set(got["sizes"][:-1]) == {50} and 0 < got["sizes"][-1] <= 50
    assert got["inputs"].shape == (len(expected["game"]), 18, 8, 8) and got["inputs"].dtype == np.uint8
    assert np.array_equal(got["inputs"], expected["planes"])
    assert np.array_equal(got["policy"], expected["alphazero"]) and got["policy"].dtype == np.int64
    assert np.array_equal(got["value"], _value(expected, np.arange(len(expected["game"]))), equal_nan=True)


def test_the_positions_folder_itself_is_a_dataset(dataset):
    folder, expected = dataset
    count = sum(len(value) for _, _, value in batches(os.path.join(folder, "positions"), 100))
    assert count == len(expected["game"])


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("shuffle", [0, 200])
def test_inputs_equal_the_encoders_on_whole_games(dataset, encoding, shuffle):
    """lc0's history and repetitions across row groups of 23 and 37 rows, shuffled or not."""
    folder, expected = dataset
    got = _epoch(folder, encoding=encoding, policy="lc0", shuffle_buffer=shuffle, seed=5)
    rows = _rows_of(expected, got)
    assert sorted(rows) == list(range(len(expected["game"])))
    if encoding == "lc0_packed":
        masks = np.concatenate([inputs[0] for inputs in got["inputs"]])
        clocks = np.concatenate([inputs[1] for inputs in got["inputs"]])
        assert masks.dtype == np.uint64 and np.array_equal(masks, expected["lc0_packed"][rows])
        assert np.array_equal(clocks, expected["positions"]["halfmove"][rows])
    else:
        assert got["inputs"].flags.c_contiguous
        assert np.array_equal(got["inputs"], expected[encoding][rows])
    assert np.array_equal(got["policy"], expected["lc0_policy"][rows])


def test_the_lc0_history_crosses_row_groups(dataset):
    """The fixture's point: some game starts in one row group and has rows with history in another."""
    folder, expected = dataset
    groups = pq.ParquetFile(os.path.join(folder, "positions", "a.parquet")).num_row_groups
    assert groups > 3
    ply = expected["ply"][expected["source"] == "a.pgn"]
    assert any(ply[start] >= 8 for start in range(37, len(ply), 37))


def test_shuffle_is_a_permutation_fixed_by_the_seed(dataset):
    folder, expected = dataset
    first = _epoch(folder, shuffle_buffer=100, seed=1)
    again = _epoch(folder, shuffle_buffer=100, seed=1)
    other = _epoch(folder, shuffle_buffer=100, seed=2)
    rows = _rows_of(expected, first)
    assert sorted(rows) == list(range(len(expected["game"])))
    assert np.array_equal(rows, _rows_of(expected, again))
    assert not np.array_equal(rows, _rows_of(expected, other))
    assert not np.array_equal(rows, np.arange(len(rows)))
    assert np.array_equal(first["inputs"], expected["planes"][rows])
    assert np.array_equal(first["value"], _value(expected, rows), equal_nan=True)


def test_each_epoch_shuffles_anew(dataset):
    folder, expected = dataset
    orders = []
    for epoch in (0, 1, 0):
        loader = Batches(folder, 64, shuffle_buffer=300, seed=3, columns=KEY)
        loader.set_epoch(epoch)
        keys = [key for *_, columns in loader for key in zip(*(columns[name] for name in KEY))]
        orders.append(keys)
    assert orders[0] == orders[2] != orders[1]
    assert sorted(orders[0]) == sorted(orders[1])


def test_a_buffer_larger_than_the_folder_shuffles_it_whole(dataset):
    folder, expected = dataset
    got = _epoch(folder, shuffle_buffer=100_000, seed=9)
    assert sorted(_rows_of(expected, got)) == list(range(len(expected["game"])))


@pytest.mark.parametrize("count", [1, 2, 3, 7, 200])
def test_shards_are_disjoint_and_cover_every_row(dataset, count):
    folder, expected = dataset
    seen = []
    for index in range(count):
        got = _epoch(folder, encoding="lc0", policy=None, shard=(index, count), shuffle_buffer=50 * (index % 2))
        rows = _rows_of(expected, got)
        if len(rows):
            assert np.array_equal(got["inputs"], expected["lc0"][rows])  # whole games in every shard
            assert all(policy is None for policy in got["policy"])
        seen.append(rows)
    every = np.concatenate(seen)
    assert sorted(every) == list(range(len(expected["game"])))


def test_value_is_the_result_from_the_side_to_move(dataset):
    folder, expected = dataset
    got = _epoch(folder)
    turn = expected["positions"]["turn"]
    result = expected["result"]
    value = got["value"]
    assert value.dtype == np.float32
    assert np.isnan(value[result == -2]).all()
    assert (value[(result == 1) & (turn == 1)] == 1).all() and (value[(result == 1) & (turn == 0)] == -1).all()
    assert (value[(result == -1) & (turn == 0)] == 1).all() and (value[(result == -1) & (turn == 1)] == -1).all()
    assert (value[result == 0] == 0).all()
    assert {1, 0, -1, -2} <= set(result.tolist())


@pytest.mark.parametrize("policy", ["alphazero", "lc0"])
def test_the_policy_is_minus_one_exactly_on_final_positions(dataset, policy):
    folder, expected = dataset
    got = _epoch(folder, policy=policy)
    final = expected["moves"] == NO_MOVE
    assert (got["policy"][final] == -1).all()
    assert (got["policy"][~final] >= 0).all()


def test_a_filter_on_results_keeps_those_rows(dataset):
    folder, expected = dataset
    got = _epoch(folder, filter=pc.field("result") != -2)
    rows = _rows_of(expected, got)
    assert np.array_equal(rows, np.flatnonzero(expected["result"] != -2))
    assert not np.isnan(got["value"]).any()


@pytest.mark.parametrize("shuffle", [0, 64])
def test_a_row_filter_keeps_the_history_it_drops(dataset, shuffle):
    """Positions with an eval over 1 only: each still sees the seven before it, filtered or not;
    a null eval is no match."""
    folder, expected = dataset
    got = _epoch(folder, encoding="lc0", filter=pc.field("eval") > 1.0, shuffle_buffer=shuffle)
    rows = _rows_of(expected, got)
    wanted = np.flatnonzero(np.nan_to_num(expected["eval"], nan=-99) > 1.0)
    assert 0 < len(wanted) < len(expected["game"])
    assert sorted(rows) == list(wanted)
    assert np.array_equal(got["inputs"], expected["lc0"][rows])
    assert np.array_equal(got["policy"], expected["alphazero"][rows])


def test_a_filter_may_match_nothing(dataset):
    folder, _ = dataset
    assert list(batches(folder, 10, filter=pc.field("ply") < 0)) == []


def test_further_columns_come_with_the_batch(dataset):
    folder, expected = dataset
    columns = ["board", "move", "eval", "mate", "source", "rooks"]
    parts = list(batches(folder, 128, policy=None, columns=columns))
    got = {name: np.concatenate([part[3][name] for part in parts]) for name in columns}
    assert np.array_equal(got["board"], expected["positions"]["board"])
    assert np.array_equal(got["rooks"], expected["positions"]["rooks"])
    assert np.array_equal(got["move"], expected["moves"])
    assert np.array_equal(got["eval"], expected["eval"], equal_nan=True)
    assert (got["mate"] == 0).all() and list(got["source"]) == list(expected["source"])
    assert all(part[1] is None for part in parts)


@settings(max_examples=25)
@given(batch_size=st.integers(1, 300), buffer=st.sampled_from([0, 1, 7, 500]), seed=st.integers(0, 2**32),
       count=st.integers(1, 4), encoding=st.sampled_from(["packed_planes", "lc0_packed"]))
def test_every_row_once_for_any_batch_size_buffer_and_shards(dataset, batch_size, buffer, seed, count, encoding):
    folder, expected = dataset
    keys = []
    for index in range(count):
        for _, _, value, columns in batches(folder, batch_size, encoding=encoding, shuffle_buffer=buffer,
                                                  seed=seed, shard=(index, count), columns=["game", "ply", "source"]):
            assert 0 < len(value) <= batch_size
            keys += zip(columns["source"], columns["game"], columns["ply"])
    assert sorted(keys) == sorted(zip(expected["source"], expected["game"], expected["ply"]))


@pytest.mark.parametrize("arguments, named", [
    ({"batch_size": 0}, "0"), ({"batch_size": 2.5}, "2.5"), ({"batch_size": True}, "True"),
    ({"encoding": "fen"}, "'fen'"), ({"policy": "mcts"}, "'mcts'"), ({"shuffle_buffer": -1}, "-1"),
    ({"seed": -3}, "-3"), ({"seed": "x"}, "'x'"), ({"shard": (2, 2)}, "(2, 2)"), ({"shard": (0,)}, "(0,)"),
    ({"shard": (-1, 2)}, "(-1, 2)"), ({"columns": ["nope"]}, "nope"), ({"columns": ["ply", "ply"]}, "ply"),
    ({"filter": "result != -2"}, "'result != -2'"),
])
def test_bad_arguments_are_named(dataset, arguments, named):
    folder, _ = dataset
    options = {"batch_size": 8, **arguments}
    with pytest.raises(InvalidArgumentError, match=named.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        batches(folder, options.pop("batch_size"), **options)


def test_a_filter_on_a_column_the_table_lacks_is_named(dataset):
    folder, _ = dataset
    with pytest.raises(InvalidArgumentError, match="elo"):
        batches(folder, 8, filter=pc.field("elo") > 2000)
    with pytest.raises(InvalidArgumentError, match="eval"):
        batches(folder, 8, filter=pc.field("eval"))  # a number is no condition


def test_a_folder_without_shards_is_named(tmp_path):
    with pytest.raises(InvalidArgumentError, match="no positions shards"):
        batches(tmp_path, 8)
    with pytest.raises(InvalidArgumentError, match="no dataset folder"):
        batches(tmp_path / "missing", 8)
    assert issubclass(InvalidArgumentError, ValueError)


def test_batches_pickle_for_dataloader_workers(dataset):
    import pickle
    folder, expected = dataset
    options = {"encoding": "lc0", "policy": "lc0", "shard": (1, 2), "filter": pc.field("result") != -2}
    loader = pickle.loads(pickle.dumps(Batches(folder, 500, **options)))
    assert sum(len(value) for _, _, value in loader) == sum(len(value) for _, _, value in loader) > 0
    unpickled = sum(len(value) for _, _, value in loader)
    assert unpickled == sum(len(value) for _, _, value in Batches(folder, 64, **options))


# --- the folder read by the dataframe libraries, the same rows -------------------------------------

def test_pyarrow_dataset_reads_the_folder(dataset):
    ds = pytest.importorskip("pyarrow.dataset")
    folder, expected = dataset
    assert ds.dataset(os.path.join(folder, "positions")).count_rows() == len(expected["game"])


def test_dask_reads_the_folder(dataset):
    dd = pytest.importorskip("dask.dataframe", reason="dask.dataframe cannot be imported (dask and pandas): "
                                                         "pip install 'dask[dataframe]'")
    folder, expected = dataset
    frame = dd.read_parquet(os.path.join(folder, "positions"), columns=["game", "ply", "result"])
    assert len(frame) == len(expected["game"])


def test_duckdb_reads_the_folder(dataset):
    duckdb = pytest.importorskip("duckdb", reason="duckdb is not installed: pip install duckdb")
    folder, expected = dataset
    pattern = os.path.join(folder, "positions", "*.parquet").replace("'", "''")
    assert duckdb.sql(f"select count(*) from '{pattern}'").fetchall()[0][0] == len(expected["game"])


def test_the_planes_unpack_as_the_encoder_does(dataset):
    """packed_planes are piece_planes' masks: unpack_planes gives the planes encoding."""
    folder, _ = dataset
    packed = next(batches(folder, 32, encoding="packed_planes"))[0]
    planes = next(batches(folder, 32, encoding="planes"))[0]
    assert packed.dtype == np.uint64 and packed.shape == (32, 18)
    assert np.array_equal(unpack_planes(packed), planes)
