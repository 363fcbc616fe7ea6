"""PGN inputs to a Parquet dataset (games and positions tables) that loses nothing: unique
shards, resumable runs, every compression, bad input reported, bounded memory, workers that
never re-run the calling script; .npz for one file's arrays; and the command line."""
import bz2
import datetime
import gzip
import io
import lzma
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from helpers import sigint_default
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard
from bitboard import pgn
from bitboard.benchmarks.pgn import corpus
from bitboard.cli import main
from bitboard.data import datasets, sources, tables, workers
from bitboard.errors import InvalidArgumentError, ShardExistsError

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

MESSY = '\n[Event "bad"]\n[WhiteElo "2100"]\n\n1. e4 e5 2. Ke3 1-0\n\n[Event "empty"]\n[Result "*"]\n\n*\n'
LICHESS = textwrap.dedent('''\
    [Event "Rated Blitz game"]
    [Site "https://lichess.org/AbCd1234"]
    [Date "2024.01.31"]
    [Round "-"]
    [White "alice"]
    [Black "bob"]
    [Result "0-1"]
    [UTCDate "2024.01.31"]
    [UTCTime "23:59:58"]
    [WhiteElo "1500"]
    [BlackElo "1623"]
    [WhiteRatingDiff "-6"]
    [BlackRatingDiff "+5"]
    [BlackTitle "FM"]
    [ECO "C20"]
    [Opening "King's Pawn Game"]
    [TimeControl "180+2"]
    [Termination "Normal"]
    [Annotator "someone"]

    1. e4 { [%eval 0.2] [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1

    [Event "no moves"]
    [WhiteElo "?"]
    [TimeControl "-"]
    [Result "1/2-1/2"]

    1/2-1/2
    ''')


def _read(folder, table):
    return pq.read_table(os.path.join(folder, table)).sort_by([("source", "ascending"), ("game", "ascending")]
                                                              + ([("ply", "ascending")] if table == "positions"
                                                                 else []))


@pytest.fixture()
def pgn_file(tmp_path):
    path = tmp_path / "in" / "games.pgn"
    path.parent.mkdir()
    path.write_text(corpus(30, seed=4) + MESSY)
    return path


# 1. unique shards, never overwritten unasked, temporary names, resumed runs

def test_inputs_with_the_same_name_land_in_shards_of_their_own(tmp_path):
    for folder, seed in (("a", 1), ("b", 2)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "games.pgn").write_text(corpus(40, seed=seed))
    done = workers.convert_files([tmp_path / "a", tmp_path / "b"], tmp_path / "out", processes=2)
    assert sorted(done) == ["a/games.pgn", "b/games.pgn"] and all(s.games == 40 for s in done.values())
    games = _read(tmp_path / "out", "games")
    assert games.num_rows == 80
    assert sorted(os.path.relpath(os.path.join(r, f), tmp_path / "out") for r, _, fs in os.walk(tmp_path / "out")
                  for f in fs) == ["games/a/games.parquet", "games/b/games.parquet",
                                   "positions/a/games.parquet", "positions/b/games.parquet"]
    for folder in ("a", "b"):
        arrays = pgn.to_arrays(tmp_path / folder / "games.pgn")
        ours = pq.read_table(tmp_path / "out" / "positions" / folder / "games.parquet")
        assert ours.num_rows == len(arrays["moves"]) == done[f"{folder}/games.pgn"].positions
        assert np.array_equal(ours.column("board").to_numpy(zero_copy_only=False).astype("S32"),
                              arrays["positions"]["board"].view("S32").reshape(-1))


def test_a_shard_is_never_overwritten_unasked_and_a_rerun_skips_what_is_done(pgn_file, tmp_path, capsys):
    out = tmp_path / "out"
    first = workers.convert_files(pgn_file, out)["games.pgn"]
    assert not first.skipped and first.games == 32
    again = workers.convert_files(pgn_file, out)["games.pgn"]
    assert again.skipped and (again.games, again.positions, again.errors) == (first.games, first.positions, 1)
    os.utime(pgn_file, ns=(0, 0))  # the input changed: its shard is no longer its record
    with pytest.raises(ShardExistsError, match="games.parquet.*overwrite"):
        workers.convert_files(pgn_file, out)
    assert not workers.convert_files(pgn_file, out, overwrite=True)["games.pgn"].skipped
    assert main(["pgn", "to-parquet", str(pgn_file), str(out)]) == 0  # skipped: the same input
    os.utime(pgn_file, ns=(1, 1))
    assert main(["pgn", "to-parquet", str(pgn_file), str(out)]) == 2
    err = capsys.readouterr().err  # the command line's words, not the library's
    assert err.rstrip().endswith(": --overwrite replaces it") and "overwrite=True" not in err, err
    assert main(["pgn", "to-parquet", str(pgn_file), str(out), "--overwrite"]) == 0
    # the summary counts inputs (one cut into parts has a shard per part)
    summary = capsys.readouterr().out
    assert summary.startswith(f"converted 1 input: {first.games:,} games, {first.positions:,} positions")


def test_an_interrupted_conversion_leaves_no_half_shard(pgn_file, tmp_path):
    def stop(source, done, total, games):
        raise KeyboardInterrupt

    big = tmp_path / "in" / "big.pgn"
    big.write_text(_repeated(corpus(100, seed=1), 3))
    with pytest.raises(KeyboardInterrupt):
        datasets.convert_file(big, tmp_path / "out", progress=stop, rows_per_group=500)
    assert [files for _, _, files in os.walk(tmp_path / "out") if files] == []  # nor a temporary file
    shard = datasets.convert_file(big, tmp_path / "out", rows_per_group=500)
    assert pq.ParquetFile(tmp_path / "out" / "positions" / "big.parquet").metadata.num_row_groups > 10
    assert shard.games == 300 and _read(tmp_path / "out", "games").num_rows == 300


def _repeated(text: str, times: int) -> str:
    """`times` copies of a corpus's games, one after another: a big input without the time that
    playing its games takes (uncompiled, 600 games took 26 s to play)."""
    return (text.rstrip("\n") + "\n\n") * times


# 2. every row names its source; (source, game) is a key

def test_every_row_names_its_source_and_source_game_is_a_key(pgn_file, tmp_path):
    more = tmp_path / "in" / "deeper" / "more.pgn"
    more.parent.mkdir()
    more.write_text(corpus(5, seed=8))
    workers.convert_files(tmp_path / "in", tmp_path / "out", processes=1)
    games, positions = _read(tmp_path / "out", "games"), _read(tmp_path / "out", "positions")
    keys = list(zip(games.column("source").to_pylist(), games.column("game").to_pylist()))
    assert len(set(keys)) == len(keys) == 37 and {s for s, _ in keys} == {"games.pgn", "deeper/more.pgn"}
    rows = list(zip(positions.column("source").to_pylist(), positions.column("game").to_pylist(),
                    positions.column("ply").to_pylist()))
    assert len(set(rows)) == len(rows) and {(s, g) for s, g, _ in rows} <= set(keys)
    offsets = games.filter(pa.compute.equal(games.column("source"), "games.pgn")).column("offset").to_pylist()
    assert offsets == [game.offset for game in pgn.read_games(pgn_file)]


# 3. two tables: every game, every tag, every position including the final one

def test_games_keep_every_tag_typed_or_in_the_map_and_games_without_moves(tmp_path):
    path = tmp_path / "lichess.pgn"
    path.write_text(LICHESS)
    datasets.convert_file(path, tmp_path / "out")
    games = _read(tmp_path / "out", "games").to_pylist()
    first, empty = games
    assert first["lichess_id"] == "AbCd1234" and first["site"] == "https://lichess.org/AbCd1234"
    assert first["utc_date"] == datetime.date(2024, 1, 31) and first["utc_time"] == datetime.time(23, 59, 58)
    assert (first["white_elo"], first["black_elo"], first["white_rating_diff"], first["black_rating_diff"]) == \
        (1500, 1623, -6, 5)
    assert (first["white_title"], first["black_title"], first["eco"], first["termination"]) == \
        (None, "FM", "C20", "Normal")
    assert (first["time_control_base"], first["time_control_increment"], first["result"], first["plies"]) == \
        (180, 2, -1, 7)
    assert first["tags"] == [("Annotator", "someone")] and first["error"] is None
    # a game without a move: its row, its result, and the tags that are not their type kept as written
    assert empty["plies"] == 0 and empty["result"] == 0 and empty["white_elo"] is None
    assert sorted(empty["tags"]) == [("TimeControl", "-"), ("WhiteElo", "?")]
    positions = _read(tmp_path / "out", "positions").to_pylist()
    assert [(p["game"], p["ply"]) for p in positions] == [(0, n) for n in range(8)] + [(1, 0)]
    final = positions[7]
    assert final["move"] is None and final["result"] == -1 and final["turn"] == 0  # white is mated, to move
    assert positions[0]["eval"] == pytest.approx(0.2) and positions[0]["clock"] == 180 and positions[2]["eval"] is None
    assert positions[8]["move"] is None and positions[8]["result"] == 0  # the empty game's start


def test_result_codes_agree_between_arrays_npz_and_parquet(pgn_file, tmp_path):
    arrays = pgn.to_arrays(pgn_file)
    datasets.write_arrays(arrays, tmp_path / "a.npz")
    back = datasets.read_arrays(tmp_path / "a.npz")
    datasets.convert_file(pgn_file, tmp_path / "out")
    games, positions = _read(tmp_path / "out", "games"), _read(tmp_path / "out", "positions")
    theirs = [tables.result_code(g.result) for g in pgn.read_games(pgn_file)]
    assert list(arrays["result"]) == list(back["result"]) == games.column("result").to_pylist() == theirs
    assert theirs[-1] == -2 and theirs[-2] == 1  # "*"; the bad game's token, read after its error
    assert positions.column("result").to_pylist() == [theirs[g] for g in arrays["game"]]
    assert positions.num_rows == len(arrays["moves"]) and np.array_equal(
        positions.column("move").to_numpy(zero_copy_only=False).astype(float),
        np.where(arrays["moves"] == pgn.NO_MOVE, np.nan, arrays["moves"]), equal_nan=True)
    for name in back:
        assert np.array_equal(back[name], arrays[name], equal_nan=back[name].dtype.kind == "f"), name


# 4. compression by its magic bytes, standard input

@pytest.mark.parametrize("pack", [gzip.compress, bz2.compress, lzma.compress, "zstd", None])
def test_compression_is_told_by_its_first_bytes_not_the_name(tmp_path, pack):
    text = corpus(6, seed=3).encode()
    if pack == "zstd":
        zstandard = pytest.importorskip("zstandard")
        data = zstandard.ZstdCompressor().compress(text)
    else:
        data = pack(text) if pack else text
    path = tmp_path / "games.pgn"  # whatever is inside
    path.write_bytes(data)
    assert sources.compression_of(data[:6]) == {gzip.compress: "gzip", bz2.compress: "bz2", lzma.compress: "xz",
                                                 "zstd": "zstd", None: None}[pack]
    games = list(pgn.read_games(path))
    assert [g.error for g in games] == [None] * 6
    assert datasets.convert_file(path, tmp_path / "out").positions == sum(map(pgn.positions_of, games))


def test_standard_input_is_read_with_its_compression(tmp_path):
    text = corpus(4, seed=6).encode()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run([sys.executable, "-m", "bitboard.cli", "pgn", "to-parquet", "-", str(tmp_path / "out")],
                            input=gzip.compress(text), capture_output=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr.decode()
    games = _read(tmp_path / "out", "games")
    assert games.num_rows == 4 and set(games.column("source").to_pylist()) == {"stdin"}
    assert pgn.to_arrays(io.BytesIO(text))["moves"].size == _read(tmp_path / "out", "positions").num_rows


def test_a_second_standard_input_is_refused_never_skipped_and_overwrite_converts_it(tmp_path):
    import zstandard
    first, second = corpus(4, seed=6), corpus(7, seed=7)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = tmp_path / "out"

    def to_parquet(text: str, *options: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "bitboard.cli", "pgn", "to-parquet", "-", str(out), *options],
                              input=zstandard.ZstdCompressor().compress(text.encode()), capture_output=True, env=env,
                              timeout=120)

    assert to_parquet(first).returncode == 0
    refused = to_parquet(second)  # no size or time to tell it from the first: never "already there"
    err = refused.stderr.decode()
    assert refused.returncode == 2 and "already there" not in refused.stdout.decode(), err
    assert err.startswith("bitboard pgn: error: ") and "stdin.parquet" in err and "standard input" in err, err
    assert "--overwrite replaces it" in err and "overwrite=True" not in err, err
    assert _read(out, "games").num_rows == 4  # the first input's games, untouched
    with pytest.raises(ShardExistsError, match="standard input.*overwrite=True replaces it"):
        datasets.convert_file("-", out)  # (the library says it in its own words: read nothing, refused first)
    replaced = to_parquet(second, "--overwrite")
    assert replaced.returncode == 0, replaced.stderr.decode()
    assert replaced.stdout.decode().startswith("converted 1 input: 7 games")
    assert _read(out, "games").num_rows == 7


# 5. bad input is reported

def test_garbage_exits_1_naming_the_file_and_errors_are_summarised(pgn_file, tmp_path, capsys):
    garbage = tmp_path / "garbage.pgn"
    garbage.write_bytes(bytes(range(256)) * 800)
    assert main(["pgn", "to-parquet", str(garbage), str(tmp_path / "out")]) == 1
    assert "error: no readable game in 'garbage.pgn'" in capsys.readouterr().err
    assert main(["pgn", "stats", str(garbage)]) == 1
    capsys.readouterr()
    assert main(["pgn", "to-parquet", str(pgn_file), str(tmp_path / "out2")]) == 0
    out = capsys.readouterr().out
    assert "games with errors, kept with their error text: 1 in 1 inputs (first: games.pgn, game 30 (line " in out
    assert main(["pgn", "to-parquet", str(pgn_file), str(tmp_path / "out2")]) == 0  # resumed: all there
    again = capsys.readouterr().out
    assert "(1 already there, skipped)" in again
    assert again.splitlines()[1:] == out.splitlines()[1:]  # the first error said alike, with its line


def test_stats_and_to_parquet_count_the_same_games_and_positions(pgn_file, tmp_path, capsys):
    assert main(["pgn", "stats", str(pgn_file)]) == 0
    lines = dict(line.split(None, 1) for line in capsys.readouterr().out.splitlines())
    assert main(["pgn", "to-parquet", str(pgn_file), str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert f": {lines['games']} games, {lines['positions'].split()[0]} positions in" in out
    assert _read(tmp_path / "out", "positions").num_rows == int(lines["positions"].split()[0].replace(",", ""))


def test_a_file_name_for_a_dataset_folder_is_refused(pgn_file, tmp_path, capsys):
    for out in ("out.parquet", "x.csv.parquet"):
        assert main(["pgn", "to-parquet", str(pgn_file.parent), str(tmp_path / out)]) == 2
        assert "names a file: a dataset is a folder" in capsys.readouterr().err
        assert not (tmp_path / out).exists()
    with pytest.raises(InvalidArgumentError, match="names a file"):
        workers.convert_files(pgn_file, tmp_path / "x.parquet")
    assert main(["pgn", "to-parquet", str(tmp_path / "none.pgn"), str(tmp_path / "x")]) == 2
    assert "no PGN file or folder" in capsys.readouterr().err
    assert main(["pgn", "to-parquet", str(pgn_file), str(pgn_file), str(tmp_path / "x")]) == 2
    assert "named twice" in capsys.readouterr().err


def test_one_file_to_npz_keeps_to_arrays(pgn_file, tmp_path, capsys):
    assert main(["pgn", "to-parquet", str(pgn_file), str(tmp_path / "one.npz")]) == 0
    arrays = pgn.to_arrays(pgn_file)
    assert f"{len(arrays['result']):,} games, {len(arrays['moves']):,} positions" in capsys.readouterr().out
    back = datasets.read_arrays(tmp_path / "one.npz")
    assert all(np.array_equal(back[k], arrays[k], equal_nan=back[k].dtype.kind == "f") for k in arrays)
    with pytest.raises(InvalidArgumentError, match="not 'x.csv'"):
        datasets.write_arrays(arrays, "x.csv")


# 6. bounded memory: the shard is written as the input is read

def test_the_reader_columns_stay_bounded_while_writing_row_groups(tmp_path):
    sizes = []
    path = tmp_path / "many.pgn"
    path.write_text(_repeated(corpus(100, seed=2), 4))
    shard = datasets.convert_file(path, tmp_path / "out", rows_per_group=2000,
                                  progress=lambda *args: sizes.append(args[1]))
    meta = pq.ParquetFile(tmp_path / "out" / "positions" / "many.parquet").metadata
    assert meta.num_row_groups >= shard.positions // 2500 and meta.num_rows == shard.positions
    assert all(meta.row_group(i).num_rows < 2000 + 1000 for i in range(meta.num_row_groups))
    assert sizes == sorted(sizes) and sizes[-1] == os.path.getsize(path)  # progress over the bytes


# 7. workers never re-run the calling script

def test_the_default_runs_one_process_per_two_cores_never_more_threads_than_cores(pgn_file, tmp_path, monkeypatch):
    # a conversion keeps two threads busy (its reader, its Parquet writer): on two cores, two
    # processes ran slower than one (0.77-0.93x), so the default there is one, in this process
    for cores, processes in ((1, 1), (2, 1), (3, 1), (4, 2), (16, 8)):
        monkeypatch.setattr(workers, "_cores", lambda cores=cores: cores)
        assert workers.default_processes() == processes
        assert workers.default_processes() * workers.BUSY_THREADS <= max(cores, workers.BUSY_THREADS)
    monkeypatch.setattr(workers, "_cores", lambda: 2)

    def no_workers(*args, **kwargs):
        raise AssertionError("worker processes started on two cores")

    monkeypatch.setattr(workers, "run_tasks", no_workers)
    assert workers.convert_files(pgn_file, tmp_path / "out")["games.pgn"].games == 32
    monkeypatch.setattr(workers, "_cores", lambda: 4)
    with pytest.raises(AssertionError, match="worker processes"):
        workers.convert_files(pgn_file, tmp_path / "again", part_bytes=None)
    assert "one per two cores" in subprocess.run([sys.executable, "-m", "bitboard.cli", "pgn", "to-parquet", "--help"],
                                                 capture_output=True, text=True,
                                                 env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))).stdout


def test_a_script_without_a_main_guard_converts_on_several_processes(tmp_path):
    for name in ("a.pgn", "b.pgn", "c.pgn"):
        (tmp_path / name).write_text(corpus(5, seed=len(name) + ord(name[0])))
    script = tmp_path / "unguarded.py"
    script.write_text("from bitboard.data import convert_files\n"
                      "print('script ran')\n"
                      f"done = convert_files({str(tmp_path)!r}, {str(tmp_path / 'out')!r}, processes=2)\n"
                      "print(sorted((name, shard.games) for name, shard in done.items()))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["script ran", "[('a.pgn', 5), ('b.pgn', 5), ('c.pgn', 5)]"]


def test_a_worker_error_is_raised_as_its_own_class(pgn_file, tmp_path):
    other = tmp_path / "in" / "other.pgn"
    other.write_text(corpus(3, seed=1))
    workers.convert_files(tmp_path / "in", tmp_path / "out", processes=2)
    os.utime(other, ns=(5, 5))
    with pytest.raises(ShardExistsError, match="other.parquet"):
        workers.convert_files(tmp_path / "in", tmp_path / "out", processes=2)


@pytest.fixture(scope="module")
def interrupted_inputs(tmp_path_factory):
    """Six inputs, one quick and five slower, and one big input for parts."""
    folder = tmp_path_factory.mktemp("ctrl-c")
    text = _repeated(corpus(100, seed=5), 3)
    (folder / "in").mkdir()
    for n in range(6):
        (folder / "in" / f"part{n}.pgn").write_text(text * (1 + 4 * (n > 0)))
    (folder / "big").mkdir()
    (folder / "big" / "month.pgn").write_text(text * (18 if bitboard.compiled else 6))  # (uncompiled: 30x slower)
    return folder


def _temporaries(out) -> list:
    return [name for _, _, names in os.walk(out) for name in names if name.startswith(".")]


@pytest.mark.parametrize(("inputs", "processes", "moment"), [
    ("in", 2, "writing"), ("in", 2, "finished"), ("in", 1, "writing"), ("in", 1, "finished"),
    ("big", 2, "writing"), ("big", 2, "finished"), ("big", 1, "finished")])
def test_ctrl_c_exits_130_without_a_traceback_naming_what_it_kept_and_leaving_no_temporary_file(
        interrupted_inputs, tmp_path, inputs, processes, moment):
    import signal
    import time
    folder = interrupted_inputs / inputs
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    command = [sys.executable, "-m", "bitboard.cli", "pgn", "to-parquet", str(folder), str(out),
               "--processes", str(processes)]
    if inputs == "big":  # one input in three parts (two runs of them on two workers)
        command += ["--part-bytes", str((folder / "month.pgn").stat().st_size // 3)]
    run = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                           preexec_fn=sigint_default)

    def reached() -> bool:
        names = [name for _, _, names in os.walk(out) for name in names]
        if moment == "writing":  # a shard being written (and, on two workers, the other one at work)
            return any(name.startswith(".") for name in names)
        return any(not name.startswith(".") for name in names)  # a shard finished, the others not

    deadline = time.monotonic() + 600
    while not reached() and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert run.poll() is None, "the conversion ended before the moment came"
    os.killpg(run.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole process group
    _, err = run.communicate(timeout=120)
    err = err.decode()
    assert run.returncode == 130, err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert not _temporaries(out)
    last = err.strip().splitlines()[-1]
    assert last.startswith("bitboard pgn: interrupted: ") and "nothing unfinished was left" in last, err
    # every shard there is complete, and named as kept
    shards = sorted(os.path.relpath(os.path.join(root, name), out / "positions")
                    for root, _, names in os.walk(out / "positions") for name in names)
    assert shards == sorted(os.path.relpath(os.path.join(root, name), out / "games")
                            for root, _, names in os.walk(out / "games") for name in names)
    if inputs == "in":
        kept = sorted(f"{name[:-len('.pgn')]}.parquet" for name in re.findall(r"part\d\.pgn", last))
        assert shards == kept and len(shards) < 6, err
        for name in shards:
            positions = pq.read_table(out / "positions" / name)
            assert positions.num_rows == len(pgn.to_arrays(folder / name.replace(".parquet", ".pgn"))["moves"])
    else:
        kept = sorted(f"month.part-0000{int(k) - 1}-of-00003.parquet"
                      for k in re.findall(r"month\.pgn \(part (\d) of 3\)", last))
        assert shards == kept and len(shards) < 3, err
    if moment == "finished":
        assert shards, err



@pytest.mark.parametrize("finalizer", ["__del__", "weakref callback"])
@pytest.mark.parametrize(("signum", "setup"), [
    ("SIGTERM", "workers._stop_on_signals()\nstopping = contextlib.nullcontext()"),  # a worker
    ("SIGINT", "stopping = workers._interrupts_never_lost()")])  # the conversion in the CLI's own process
def test_a_stop_signal_inside_a_finalizer_is_raised_after_it(signum, setup, finalizer):
    """A Ctrl-C that lands in a __del__ or a weakref callback (a ParquetWriter closing) would be
    printed there as "Exception ignored" and lost, the conversion going on to exit 0: it comes
    again after the finalizer."""
    script = textwrap.dedent("""
        import contextlib, os, signal, sys, time, weakref
        from bitboard.data import workers
        {setup}

        def finalize(*_):
            os.kill(os.getpid(), signal.{signum})
            time.sleep(0.05)
            print("finalized", flush=True)

        class Closing:
            def __del__(self):
                finalize()

        class Plain:
            pass

        with stopping:
            try:
                if {weak}:
                    plain = Plain()
                    ref = weakref.ref(plain, finalize)
                    del plain
                else:
                    Closing()
                time.sleep(5)
            except KeyboardInterrupt:
                print("stopped after it", flush=True)
    """).format(setup=setup, signum=signum, weak=finalizer != "__del__")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60,
                         preexec_fn=sigint_default)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1:] == ["stopped after it"], run.stdout + run.stderr  # (not lost)
    assert "Traceback" not in run.stderr and "Exception ignored" not in run.stderr, run.stderr


TAG_VALUES = {"WhiteElo": ["1500", "+5", "-7", "40000", "?", "", "12a", "00012", "+32767", "\u0661\u0662", "000012"],
              "BlackRatingDiff": ["+12", "-32768", "32768", "x", "-0", "123456"],
              "UTCDate": ["2024.01.31", "2024.02.30", "2024.??.??", "24.1.1", "2000.02.29", "1900.02.29", "2024.02.29",
                          "0000.01.01", "0001.01.01", "9999.12.31", "2024.13.01", "2024.00.10", "2024-01-31"],
              "UTCTime": ["23:59:58", "00:00:00", "24:00:00", "7:5:3", "12:60:00", "23:59:60", "12:00:00 "],
              "TimeControl": ["180+2", "-", "40/7200:3600", "60", "0+0", "999999999+1", "1000000000+1", "+5", "5+"],
              "Site": ["https://lichess.org/AbCd1234", "https://lichess.org/AbCd12345", "?",
                       "http://lichess.org/zZ09aA11", "https://lichess.org/AbCd123!", "https://lichess.org/abcd1234/black",
                       "https://lichess.orgX/AbCd1234", "httpx://lichess.org/AbCd1234"],
              "Result": ["1-0", "0-1", "*"], "FEN": ["8/8/8/8/8/8/8/K6k w - - 0 1"], "Custom": ["a \\\"b\\\" c"],
              "Opening": ["Sicilian Defense: Najdorf", "\u00c9cossaise \u2654", ""],
              "White": ["Magnus", "a \\\"b\\\" c", "\u00c5sa", "?"]}  # (an escaped quote: the reader's other path)
# a value of any kind for any typed tag: digits, signs and the separators of dates and times
ODD_VALUES = st.text(alphabet="0123456789+-.:/?x\u0661", max_size=12)


def _reads_as(tag: str, value: str):
    """What Python's own parsers make of a typed tag's value (None: it is not of that type),
    the oracle of game_columns' C readers."""
    import re
    if tag in ("WhiteElo", "BlackRatingDiff"):
        ok = re.fullmatch(r"[+-]?[0-9]{1,5}", value) and -32768 <= int(value) <= 32767
        return int(value) if ok else None
    if tag == "TimeControl":
        match = re.fullmatch(r"([0-9]{1,9})\+([0-9]{1,9})", value)
        return (int(match[1]), int(match[2])) if match else None
    pattern, form = {"UTCDate": (r"[0-9]{4}\.[0-9]{2}\.[0-9]{2}", "%Y.%m.%d"),
                     "UTCTime": (r"[0-9]{2}:[0-9]{2}:[0-9]{2}", "%H:%M:%S")}[tag]
    try:
        stamp = datetime.datetime.strptime(value, form) if re.fullmatch(pattern, value) else None
    except ValueError:  # (a day or a second that does not exist; a year 0)
        return None
    return None if stamp is None else stamp.date() if tag == "UTCDate" else stamp.time()


TYPED_TAGS = ("WhiteElo", "BlackRatingDiff", "UTCDate", "UTCTime", "TimeControl")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.tuples(st.sampled_from(sorted(TAG_VALUES)), st.one_of(st.integers(0, 11), ODD_VALUES)),
                         max_size=8), min_size=1, max_size=6))
def test_every_tag_is_in_its_typed_column_or_in_the_map_as_written(tmp_path_factory, games):
    # (a tag may come twice in a game, in either of the reader's two ways of reading a tag line:
    # the last value counts, as in the headers dict)
    _check_games_table(tmp_path_factory.mktemp("tags"), [
        [(tag, n if isinstance(n, str) and tag in TYPED_TAGS else
          TAG_VALUES[tag][(n if isinstance(n, int) else len(n)) % len(TAG_VALUES[tag])]) for tag, n in tags]
        for tags in games])


def test_each_listed_tag_value_is_read_as_python_reads_it(tmp_path):
    quoted = TAG_VALUES["White"][1]  # (read by the reader's regular expression, not its C scan)
    twice = [[("White", "Magnus"), ("White", quoted)], [("White", quoted), ("White", "Magnus")],
             [("White", "Magnus"), ("White", quoted), ("White", "\u00c5sa")], [("WhiteElo", "1500"), ("WhiteElo", "x")],
             [("UTCDate", "x"), ("UTCDate", "2024.01.31")], [("Site", TAG_VALUES["Site"][0]), ("Site", "?")],
             [("TimeControl", "180+2"), ("TimeControl", "-"), ("TimeControl", "60+1")]]
    _check_games_table(tmp_path, [[(tag, value)] for tag, values in TAG_VALUES.items() for value in values] + twice)


def test_a_tag_value_that_is_not_utf8_is_read_as_the_reader_reads_it(tmp_path):
    (tmp_path / "in.pgn").write_bytes(b'[White "caf\xe9"]\n[Opening "\xff\xfe"]\n[WhiteElo "\xb9"]\n\n1. e4 1-0\n')
    datasets.convert_file(tmp_path / "in.pgn", tmp_path / "out")
    row = _read(tmp_path / "out", "games").to_pylist()[0]
    headers = next(pgn.read_games(tmp_path / "in.pgn")).headers
    assert (row["white"], row["opening"]) == (headers["White"], headers["Opening"]) == ("caf\ufffd", "\ufffd\ufffd")
    assert row["white_elo"] is None and dict(row["tags"]) == {"WhiteElo": "\ufffd"}


def _check_games_table(folder, games: list) -> None:
    """Convert games of these tags ((name, value) lines), and check each tag is in its column,
    read as Python reads it (_reads_as), or in the map as written."""
    import re
    text = "".join("".join(f'[{tag} "{value}"]\n' for tag, value in tags) + "\n1. e4 e5 1-0\n\n"
                   for tags in games)
    (folder / "in.pgn").write_text(text)
    datasets.convert_file(folder / "in.pgn", folder / "out")
    rows = _read(folder / "out", "games").to_pylist()
    read = list(pgn.read_games(folder / "in.pgn"))
    assert len(rows) == len(read) == len(games)
    columns = {tag: column for tag, (column, _) in tables.GAME_TAGS.items()}
    for row, game in zip(rows, read):
        kept = dict(row["tags"])
        for tag, value in game.headers.items():
            if tag in TYPED_TAGS:  # in its column exactly when Python reads it as the column's type
                expected = _reads_as(tag, value)
                if expected is None:
                    assert kept.pop(tag) == value
                elif tag == "TimeControl":
                    assert (row["time_control_base"], row["time_control_increment"]) == expected
                else:
                    assert row[columns[tag]] == expected
                assert tag not in kept and (tag not in columns or expected is not None or row[columns[tag]] is None)
            elif tag in kept:  # as written: no column
                assert kept.pop(tag) == value and tag not in columns
            elif tag == "Result":
                assert value == game.result and row["result"] == tables.result_code(value)
            else:
                assert row[columns[tag]] == value
        assert kept == {}  # nothing in the map that the game did not have
        lichess = re.fullmatch(r"https?://lichess\.org/([A-Za-z0-9]{8})", game.headers.get("Site", ""))
        assert row["lichess_id"] == (lichess[1] if lichess else None)
        time_control = _reads_as("TimeControl", game.headers.get("TimeControl", ""))
        assert (row["time_control_base"] is None) == (time_control is None)


def test_a_rerun_removes_what_a_killed_attempt_left_here_and_nothing_else(pgn_file, tmp_path):
    from bitboard.data.datasets import _HOST
    out = tmp_path / "out"
    (out / "positions").mkdir(parents=True)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()  # a process that has ended
    left = {name: out / "positions" / f".games.parquet.tmp-{name}-1a2b3c4d"
            for name in (f"{_HOST}-{dead}", f"{_HOST}-{os.getpid()}", f"elsewhere-{dead}")}
    for path in left.values():
        path.write_bytes(b"half a shard")
    datasets.convert_file(pgn_file, out)
    assert [path.exists() for path in left.values()] == [False, True, True]  # only the dead process's, here
    assert (out / "positions" / "games.parquet").exists()


def test_the_folder_reads_as_documented_subfolders_included(tmp_path):
    """docs/datasets.md's ways of reading a dataset: pyarrow.dataset, Dask, DuckDB and batches()
    see every shard, those in an input's subfolder too, and no hidden file."""
    (tmp_path / "in" / "2024").mkdir(parents=True)
    (tmp_path / "in" / "top.pgn").write_text(corpus(7, seed=1))
    (tmp_path / "in" / "2024" / "jan.pgn").write_text(corpus(5, seed=2))
    shards = workers.convert_files(tmp_path / "in", tmp_path / "out", processes=1)
    (tmp_path / "out" / "positions" / ".top.parquet.tmp-x-1-2").write_bytes(b"not a shard")
    positions = sum(shard.positions for shard in shards.values())
    import pyarrow.dataset as ds
    assert ds.dataset(tmp_path / "out" / "positions").count_rows() == positions
    assert ds.dataset(tmp_path / "out" / "games").count_rows() == 12
    dd = pytest.importorskip("dask.dataframe", reason="dask.dataframe needs pandas: pip install 'dask[dataframe]'")
    assert len(dd.read_parquet(str(tmp_path / "out" / "games"))) == 12
    from bitboard.data import batches
    assert sum(len(value) for _, _, value in batches(tmp_path / "out", 100)) == positions
    duckdb = pytest.importorskip("duckdb", reason="duckdb is not installed: pip install duckdb")
    pattern = str(tmp_path / "out" / "positions" / "**" / "*.parquet").replace("'", "''")
    assert duckdb.sql(f"select count(*) from '{pattern}'").fetchall()[0][0] == positions


def test_a_shard_missing_its_other_table_is_converted_again(pgn_file, tmp_path):
    out = tmp_path / "out"
    datasets.convert_file(pgn_file, out)
    os.remove(out / "positions" / "games.parquet")  # as if stopped between the two renames
    again = datasets.convert_file(pgn_file, out)
    assert not again.skipped and pq.read_table(out / "positions" / "games.parquet").num_rows == again.positions


def test_mates_and_evals_keep_their_sign_and_none_is_null(tmp_path):
    path = tmp_path / "mates.pgn"
    path.write_text("1. e4 { [%eval #3] } 1... e5 { [%eval #-2] } 2. Nf3 { [%eval -0.5] } 2... Nc6 *\n")
    datasets.convert_file(path, tmp_path / "out")
    rows = _read(tmp_path / "out", "positions").to_pylist()
    assert [(r["mate"], r["eval"]) for r in rows] == [(3, None), (-2, None), (None, -0.5), (None, None), (None, None)]


def test_inputs_sharing_a_stem_keep_their_whole_names(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.pgn").write_text(corpus(3, seed=1))
    with gzip.open(tmp_path / "in" / "a.pgn.gz", "wt") as out:
        out.write(corpus(4, seed=2))
    (tmp_path / "in" / "b.pgn").write_text(corpus(2, seed=3))
    done = workers.convert_files(tmp_path / "in", tmp_path / "out", processes=1)
    assert {name: shard.games for name, shard in done.items()} == {"a.pgn": 3, "a.pgn.gz": 4, "b.pgn": 2}
    assert sorted(os.listdir(tmp_path / "out" / "games")) == ["a.pgn.gz.parquet", "a.pgn.parquet", "b.parquet"]


def test_progress_in_a_log_names_the_bytes_of_all_inputs_and_the_one_being_read(pgn_file, tmp_path, capsys,
                                                                                  monkeypatch):
    from bitboard import cli
    monkeypatch.setattr(cli._Progress, "REPORT_SECONDS", 0.0)
    big = tmp_path / "in" / "big.pgn"
    big.write_text(_repeated(corpus(100, seed=3), 6))
    total = os.path.getsize(big) + os.path.getsize(pgn_file)
    assert main(["pgn", "to-parquet", str(tmp_path / "in"), str(tmp_path / "out"), "--processes", "1"]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("pgn: ")]
    assert lines and all(f"/{total:,} bytes done, " in line for line in lines)
    assert any(", big.pgn: 512 games, " in line for line in lines)


def test_a_compressed_input_unpacked_ahead_reads_as_the_stream_does_and_its_thread_stops():
    import gc
    data = bytes(range(256)) * 4000
    stream = sources.Prefetched(io.BytesIO(data), block=1000, depth=2)
    assert stream.read(10) == data[:10]
    assert stream.read(2500) == data[10:2510]  # across blocks
    assert stream.read(0) == b""
    assert stream.read() == data[2510:]
    assert stream.read(5) == b""
    stream.close()
    assert not stream._thread.is_alive()
    dropped = sources.Prefetched(io.BytesIO(data), block=100, depth=1)  # its thread waits on a full queue
    assert dropped.read(1) == data[:1]
    thread = dropped._thread
    del dropped
    gc.collect()
    thread.join(5)
    assert not thread.is_alive()

    class Broken(io.RawIOBase):
        def readable(self):
            return True

        def read(self, size=-1):
            raise OSError("the disk is gone")

    with pytest.raises(OSError, match="the disk is gone"):
        sources.Prefetched(Broken()).read(10)
    with gzip.open(io.BytesIO(gzip.compress(data)), "rb") as plain:
        unpacked = sources.decompressed(io.BufferedReader(io.BytesIO(gzip.compress(data))), "x")
        assert isinstance(unpacked, sources.Prefetched) and unpacked.read() == plain.read()
        unpacked.close()


def test_games_written_several_flushes_at_a_time_give_the_same_tables(tmp_path, monkeypatch):
    path = tmp_path / "games.pgn"
    path.write_text(corpus(60, seed=11))
    whole = datasets.convert_file(path, tmp_path / "whole")
    monkeypatch.setattr(datasets, "GAMES_PER_GROUP", 7)  # a games row group every few flushes, and a last short one
    cut = datasets.convert_file(path, tmp_path / "cut", rows_per_group=300)
    assert (cut.games, cut.positions) == (whole.games, whole.positions) == (60, whole.positions)
    for table in datasets.TABLES:
        ours, theirs = (pq.read_table(tmp_path / out / table / "games.parquet") for out in ("cut", "whole"))
        assert ours.equals(theirs)
    assert pq.ParquetFile(tmp_path / "cut" / "games" / "games.parquet").num_row_groups > 1


def test_games_finished_on_one_line_are_taken_a_flush_at_a_time_with_those_after_them_kept(tmp_path, monkeypatch):
    # games after a result token on the same line are finished before the first is yielded: a
    # flush then takes the first one's games row and keeps the later ones' for the next
    path = tmp_path / "games.pgn"
    path.write_text("".join(f'[Event "e{k}"]\n[WhiteElo "{1000 + k}"]\n[UTCDate "2024.01.{k + 1:02d}"]\n'
                            f'[Custom "c{k}"]\n\n1. e4 e5 1-0 1. d4 d5 0-1 1. c4 *\n\n' for k in range(9)))
    whole = datasets.convert_file(path, tmp_path / "whole")
    monkeypatch.setattr(datasets, "GAMES_PER_GROUP", 1)
    cut = datasets.convert_file(path, tmp_path / "cut", rows_per_group=1)
    assert (cut.games, cut.positions) == (whole.games, whole.positions) == (27, 9 * (3 + 3 + 2))
    ours, theirs = (pq.read_table(tmp_path / out / "games" / "games.parquet") for out in ("cut", "whole"))
    assert ours.equals(theirs)
    rows = theirs.to_pylist()
    assert [row["white_elo"] for row in rows[:6]] == [1000, None, None, 1001, None, None]
    assert [row["tags"] for row in rows[:4]] == [[("Custom", "c0")], [], [], [("Custom", "c1")]]


def test_a_conversion_hands_the_gil_over_promptly_and_puts_the_callers_interval_back(pgn_file, tmp_path):
    import threading

    from bitboard.data import gil, to_arrays
    seen = []
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.003)
        datasets.convert_file(pgn_file, tmp_path / "out", progress=lambda *_: seen.append(sys.getswitchinterval()))
        many = tmp_path / "many.pgn"
        many.write_text(pgn_file.read_text() * 9)  # (to_arrays calls progress every 256 games)
        to_arrays(many, progress=lambda *_: seen.append(sys.getswitchinterval()))
        assert len(seen) == 2 and seen == [pytest.approx(gil.HANDOFF_INTERVAL)] * 2
        assert sys.getswitchinterval() == pytest.approx(0.003)
        # conversions in two threads at once: the interval comes back when the last one ends
        inside, release = threading.Event(), threading.Event()

        def converting():
            with gil.prompt_handoffs():
                inside.set()
                release.wait(5)

        other = threading.Thread(target=converting)
        other.start()
        inside.wait(5)
        with gil.prompt_handoffs():
            assert sys.getswitchinterval() == pytest.approx(gil.HANDOFF_INTERVAL)
        assert sys.getswitchinterval() == pytest.approx(gil.HANDOFF_INTERVAL)  # the other still runs
        release.set()
        other.join(5)
        assert sys.getswitchinterval() == pytest.approx(0.003)
        with gil.prompt_handoffs():  # an interval set meanwhile is the caller's: left alone
            sys.setswitchinterval(0.01)
        assert sys.getswitchinterval() == pytest.approx(0.01)
        sys.setswitchinterval(0.0001)
        with gil.prompt_handoffs():  # a lower one already is kept
            assert sys.getswitchinterval() == pytest.approx(0.0001)
        assert sys.getswitchinterval() == pytest.approx(0.0001)
    finally:
        sys.setswitchinterval(before)


def test_the_handoffs_benchmark_times_the_writer_at_both_intervals_and_puts_everything_back(capsys):
    from bitboard.benchmarks import pgn as benchmark
    from bitboard.data import gil
    write_batch = pq.ParquetWriter.write_batch
    benchmark.main(["--games", "30", "--handoffs", "--rounds", "1"])
    table = capsys.readouterr().out
    assert "| 5 ms " in table and f"| {gil.HANDOFF_INTERVAL * 1000:g} ms " in table
    assert pq.ParquetWriter.write_batch is write_batch and gil.HANDOFF_INTERVAL == 0.0002


def test_the_pgn_benchmark_reports_each_rounds_ratio_and_the_parquet_runs_against_their_own_input(
        capsys, monkeypatch):
    pytest.importorskip("zstandard", reason="zstandard is not installed: pip install zstandard")
    from bitboard.benchmarks import pgn as benchmark
    seconds = {"to_arrays (arrays in memory)": [1.0, 1.0, 1.0], "convert_file (Parquet dataset)": [1.25, 1.25, 1.25],
               "convert_file on one core": [2.0, 2.0, 2.0], "to_arrays from .pgn.zst": [1.6, 1.6, 1.6],
               "convert_file from .pgn.zst": [2.0, 2.0, 2.0],
               # rust's best equals ours, but round by round it took 1.5, 0.5 and 1.6 times ours
               "bitboard to_arrays": [1.0, 2.0, 1.0], "rust_pgn_reader": [1.5, 1.0, 1.6]}
    monkeypatch.setattr(benchmark, "round_times", lambda runs, repeat, prepare=None: {name: seconds[name]
                                                                                        for name in runs})
    monkeypatch.setattr(benchmark, "readers", lambda: {"bitboard": lambda text: 30, "rust_pgn_reader": lambda text: 30})
    benchmark.main(["--games", "30", "--skip", "encoders", "--skip", "all-cores", "--skip", "cpu", "--skip",
                    "compression", "--rounds", "3"])
    out = capsys.readouterr().out

    def rows(table):
        return {cells[0]: cells[1:] for cells in ([cell.strip() for cell in line.split("|")[1:-1]]
                                                  for line in table.splitlines() if line.startswith("| "))}
    arrays = rows(out.split("File to arrays")[1].split("PGN to Parquet")[0])
    assert arrays["rust_pgn_reader"][-2:] == ["1.00x", "1.50x"]
    parquet = rows(out.split("PGN to Parquet end to end")[1])
    assert parquet["run"][-3:] == ["of to_arrays' speed", "round by round", "same input"]
    assert parquet["convert_file (Parquet dataset)"][-3:] == ["80%", "80%", "80%"]
    assert parquet["to_arrays from .pgn.zst"][-3:] == ["62%", "62%", "100%"]
    assert parquet["convert_file from .pgn.zst"][-3:] == ["50%", "50%", "80%"]  # against to_arrays of the .pgn.zst


def test_the_pgn_benchmark_measures_cpu_per_position_and_each_compression(capsys):
    pytest.importorskip("zstandard", reason="zstandard is not installed: pip install zstandard")
    from bitboard.benchmarks import pgn as benchmark
    benchmark.main(["--games", "30", "--skip", "encoders", "--skip", "all-cores", "--skip", "parquet", "--skip",
                    "python-chess", "--skip", "rust_pgn_reader", "--skip", "bulletchess", "--rounds", "1"])
    out = capsys.readouterr().out

    def rows(table):
        return {cells[0]: cells[1:] for cells in ([cell.strip() for cell in line.split("|")[1:-1]]
                                                  for line in table.splitlines() if line.startswith("| "))}
    cpu = rows(out.split("CPU time per position")[1].split("compressions")[0])
    assert set(cpu) == {"run", "to_arrays", "convert_file", "to_arrays from .pgn.zst", "convert_file from .pgn.zst"}
    assert all(int(cells[2]) >= int(cells[0]) > 0 for name, cells in cpu.items() if name != "run"), cpu
    assert cpu["to_arrays"][3] == "1.00x" and int(cpu["convert_file"][1]) > 0, cpu  # (the writer's thread)
    sizes = {name: float(cells[-1][:-1]) for name, cells in rows(out.split("compressions")[1]).items() if name != "run"
             and name != "compression"}
    assert list(sizes) == list(benchmark.COMPRESSIONS_MEASURED) and sizes["zstd"] == 1.0
    assert sizes["none"] > sizes["lz4"] > sizes["zstd"] >= sizes["zstd:9"]


def test_benchmark_runs_take_turns_each_after_an_untimed_prepare():
    from bitboard.benchmarks import best_times
    calls, ticks = [], iter(range(100))
    runs = {"a": lambda: calls.append("a"), "b": lambda: calls.append("b")}
    best = best_times(runs, repeat=2, clock=lambda: next(ticks), prepare=lambda: calls.append("prepare"))
    assert calls == ["prepare", "a", "prepare", "b"] * 2 and best == {"a": 1, "b": 1}


def test_the_rounds_ratio_is_the_median_of_each_rounds_own():
    from bitboard.benchmarks import median_ratio, round_times
    ticks = iter([0, 1, 1, 3, 3, 7, 7, 8])  # round 1: a 1 s, b 2 s; round 2: a 4 s, b 1 s
    assert round_times({"a": lambda: None, "b": lambda: None}, repeat=2, clock=lambda: next(ticks)) == {
        "a": [1, 4], "b": [2, 1]}
    # a slow phase made round 2's `a` slow: best against best says b is 1.0x a, rounds say 0.5x and 4x
    assert median_ratio([1, 4], [2, 1]) == pytest.approx((0.5 + 4) / 2)
    assert median_ratio([1, 1, 1], [2, 4, 1]) == pytest.approx(0.5)


def test_the_last_stretch_of_a_plain_input_is_written_in_smaller_row_groups(tmp_path, monkeypatch):
    text = _repeated(corpus(100, seed=2), 4)
    plain, packed = tmp_path / "plain.pgn", tmp_path / "packed.pgn.gz"
    plain.write_text(text)
    packed.write_bytes(gzip.compress(text.encode()))
    monkeypatch.setattr(datasets, "LAST_STRETCH_BYTES", len(text) // 4)
    groups = {}
    for path in (plain, packed):
        datasets.convert_file(path, tmp_path / "out", rows_per_group=2000)
        meta = pq.ParquetFile(tmp_path / "out" / "positions" / f"{path.name.split('.')[0]}.parquet").metadata
        groups[path] = [meta.row_group(i).num_rows for i in range(meta.num_row_groups)]
    # the first row group is 250 rows (and the rest of a game), so that the writer starts at once;
    # then plain: 2,000 rows a row group, then 250 in its last quarter
    assert all(250 <= groups[path][0] < 500 for path in (plain, packed))
    assert min(groups[plain][1:10]) >= 2000 and max(groups[plain][-10:]) < 1000 and groups[plain][-1] < 500
    assert all(rows >= 2000 for rows in groups[packed][1:-1])  # packed: its size says nothing of its text's
    assert sum(groups[plain]) == sum(groups[packed])
    assert len(groups[plain]) > len(groups[packed]) + 8


def test_docs_give_each_column_the_type_every_reader_reads_and_the_metadata_is_the_files(pgn_file, tmp_path):
    import html
    import pathlib
    datasets.convert_file(pgn_file, tmp_path / "out")
    text = (pathlib.Path(__file__).parents[1] / "docs" / "datasets.md").read_text()
    for table, schema in (("games", tables.games_schema()), ("positions", tables.positions_schema())):
        section = text.split(f"## `{table}`: ")[1].split("\n## ")[0]
        documented = {}
        for row in re.findall(r"^\| (`.+?) \| (.+?) \|", section, re.M):
            columns = re.findall(r"`(\w+)`", row[0])
            kinds = [html.unescape(kind).strip() for kind in re.split(r", (?![^<]*>)", html.unescape(row[1]))]
            documented.update(zip(columns, kinds * len(columns) if len(kinds) == 1 else kinds))
        path = tmp_path / "out" / table / "games.parquet"
        read = pq.read_schema(path)
        assert documented == {field.name: _type_name(field.type) for field in read}, table
        assert read.equals(schema), table  # what pyarrow reads is the schema written
        assert b"ARROW:schema" not in pq.ParquetFile(path).metadata.metadata, table
        assert read.metadata[b"bitboard.source"] == b"games.pgn" and b"bitboard.input_size" in read.metadata
    first_error = pq.read_schema(tmp_path / "out" / "games" / "games.parquet").metadata[b"bitboard.first_error"]
    assert first_error.startswith(b"game 30 (line ")


def _type_name(kind) -> str:
    """An Arrow type as docs/datasets.md writes it: pyarrow's name, a map's without its field name."""
    if pa.types.is_map(kind):
        return f"map<{kind.key_type}, {kind.item_type}>"
    return {"date32[day]": "date32", "float": "float32"}.get(str(kind), str(kind))


def test_each_compression_writes_shards_that_read_alike_and_a_bad_one_is_named(pgn_file, tmp_path, capsys):
    written = {}
    for compression, codec in (("zstd", "ZSTD"), ("zstd:9", "ZSTD"), ("zstd:-3", "ZSTD"), ("lz4", "LZ4"),
                               ("none", "UNCOMPRESSED")):
        out = tmp_path / compression.replace(":", "_")
        workers.convert_files(pgn_file, out, compression=compression)
        for table in datasets.TABLES:
            metadata = pq.ParquetFile(out / table / "games.parquet").metadata
            assert {metadata.row_group(0).column(k).compression for k in range(metadata.num_columns)} == {codec}
        written[compression] = (_read(out, "games"), _read(out, "positions"))
    for games, positions in written.values():
        assert games.equals(written["zstd"][0]) and positions.equals(written["zstd"][1])
    sizes = {name: os.path.getsize(tmp_path / name.replace(":", "_") / "positions" / "games.parquet")
             for name in written}
    assert sizes["none"] > sizes["lz4"] > sizes["zstd"] and sizes["zstd:9"] <= sizes["zstd"] <= sizes["zstd:-3"]
    for bad in ("gzip", "zstd:99", "zstd:x", "lz4:3", ""):
        with pytest.raises(InvalidArgumentError, match="compression"):
            workers.convert_files(pgn_file, tmp_path / "bad", compression=bad)
        assert main(["pgn", "to-parquet", str(pgn_file), str(tmp_path / "bad"), "--compression", bad]) == 2
        assert f"bitboard pgn: error: compression {bad!r}" in capsys.readouterr().err
    assert not (tmp_path / "bad").exists()  # refused before any work
