"""PGN files to Parquet and .npz and back, one file or many on all cores, and the command line."""
import gzip
import os

import numpy as np
import pytest

from bitboard import pgn
from bitboard.benchmarks.pgn import corpus
from bitboard.cli import main
from bitboard.data import datasets
from bitboard.errors import InvalidArgumentError

MESSY = '\n[Event "bad"]\n[WhiteElo "2100"]\n\n1. e4 e5 2. Ke3 1-0\n\n[Event "empty"]\n[Result "*"]\n\n*\n'


def _same(ours, theirs, games=None):
    """Whether two to_arrays dictionaries agree (per game: on the games listed)."""
    for name, value in ours.items():
        other = theirs[name]
        if name in ("result", "white_elo", "black_elo", "time_control", "offset", "error") and games is not None:
            value, other = value[games], other[games]
        if value.dtype.kind == "f":
            assert np.array_equal(value, other, equal_nan=True), name
        else:
            assert np.array_equal(value, other), name


@pytest.fixture()
def pgn_file(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(corpus(30, seed=4) + MESSY)
    return path


def test_npz_keeps_every_array(pgn_file, tmp_path):
    arrays = pgn.to_arrays(pgn_file)
    datasets.write_arrays(arrays, tmp_path / "out.npz")
    _same(arrays, datasets.read_arrays(tmp_path / "out.npz"))


def test_parquet_has_a_row_per_position_and_reads_back(pgn_file, tmp_path):
    pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq
    arrays = pgn.to_arrays(pgn_file)
    datasets.write_arrays(arrays, tmp_path / "out.parquet")
    table = pq.read_table(tmp_path / "out.parquet")
    assert table.num_rows == len(arrays["moves"]) and table.column("board").type.byte_width == 32
    back = datasets.read_arrays(tmp_path / "out.parquet")
    with_rows = np.unique(arrays["game"])  # the empty game has no row in Parquet
    assert len(with_rows) == len(arrays["result"]) - 1
    _same(arrays, back, games=with_rows)
    # the rows' game columns are the game's: the bad game's error and Elo on its two positions
    bad = table.filter(table.column("error")).to_pydict()
    assert bad["white_elo"] == [2100, 2100] and bad["move"] == [12 + 64 * 28, 52 + 64 * 36]


def test_an_output_must_be_parquet_or_npz(pgn_file, tmp_path):
    with pytest.raises(InvalidArgumentError, match="neither .parquet nor .npz"):
        datasets.convert_file(pgn_file, tmp_path / "out.csv")


def test_many_files_on_all_cores_match_one_by_one(pgn_file, tmp_path):
    other = tmp_path / "in" / "more.pgn.gz"
    other.parent.mkdir()
    with gzip.open(other, "wt") as out:
        out.write(corpus(12, seed=11))
    done = datasets.convert_files([pgn_file, other.parent], tmp_path / "shards", suffix=".npz", processes=2)
    assert sorted(map(os.path.basename, done)) == ["games.pgn", "more.pgn.gz"]
    for source in (pgn_file, other):
        shard = datasets.read_arrays(datasets.shard_name(source, tmp_path / "shards", ".npz"))
        _same(pgn.to_arrays(source), shard)
        assert done[str(source)] == (len(shard["result"]), len(shard["moves"]))


def test_command_line_to_parquet_one_file_and_a_folder(pgn_file, tmp_path, capsys):
    pytest.importorskip("pyarrow")
    assert main(["pgn", "to-parquet", str(pgn_file), str(tmp_path / "one.parquet")]) == 0
    out = capsys.readouterr().out
    arrays = pgn.to_arrays(pgn_file)
    assert f"{len(arrays['result']):,} games, {len(arrays['moves']):,} positions" in out
    assert main(["pgn", "to-parquet", str(pgn_file.parent), str(tmp_path / "shards"), "--format", "npz",
                 "--processes", "1"]) == 0
    assert "wrote 1 shards" in capsys.readouterr().out
    _same(arrays, datasets.read_arrays(tmp_path / "shards" / "games.npz"))
    assert main(["pgn", "to-parquet", str(tmp_path / "none.pgn"), str(tmp_path / "x.npz")]) == 2
    assert "no PGN file or folder" in capsys.readouterr().err
    assert main(["pgn", "to-parquet", str(pgn_file), str(tmp_path / "x.csv")]) == 2
    assert "neither .parquet nor .npz" in capsys.readouterr().err
