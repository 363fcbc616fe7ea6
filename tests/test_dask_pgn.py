"""PGN to Parquet on a Dask cluster keeps convert_files' guarantees: a worker killed in the middle
of a conversion costs nothing (no game missing, none twice, no unfinished file read as a shard),
a rerun skips what is done, and a file's name is refused as the dataset folder. A big input is
cut into parts, each a task, and reads back as if converted whole."""
import os
import random
import re
import signal
import threading
import time

import pytest

pytest.importorskip("distributed", reason="pgn_to_parquet on a cluster needs dask.distributed")
pytest.importorskip("pyarrow", reason="Parquet needs pyarrow")

import numpy as np  # noqa: E402
import pyarrow.dataset as ds  # noqa: E402

import bitboard  # noqa: E402
from bitboard.benchmarks.pgn import corpus  # noqa: E402
from bitboard.data import NO_MOVE, to_arrays  # noqa: E402
from bitboard.data.cluster import pgn_to_parquet  # noqa: E402
from bitboard.errors import InvalidArgumentError, ShardExistsError  # noqa: E402

#: A temporary shard file: hidden, and named by the process writing it (datasets._write_shards).
TEMPORARY = re.compile(r"\A\..+\.parquet\.tmp-[^-]+-(\d+)-[0-9a-f]+\Z")  # host, pid, a random part
#: Games per input: a conversion lasts about 1.5 s uncompiled, long enough to kill a worker within it.
GAMES = 1000 if not bitboard.compiled else 20_000
INPUTS = 4


@pytest.fixture(scope="module")
def cluster_client():
    """Two single-threaded worker processes, each under a Nanny that starts it again if it dies."""
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(cluster)
    yield client
    client.close()
    cluster.close()


def write_inputs(folder, inputs: int, games: int, seed: int = 0) -> list:
    """`inputs` PGN files of `games` games each, drawn from one small corpus (the corpus is the
    slow part uncompiled); each file's games are keyed by (source, game), so repeats are distinct."""
    texts = re.split(r"\n(?=\[Event )", corpus(min(games, 200), seed=seed).strip())
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number in range(inputs):
        rng = random.Random(number)
        paths.append(folder / f"part{number}.pgn")
        paths[-1].write_text("\n\n".join(rng.choice(texts) for _ in range(games)) + "\n")
    return paths


def temporaries(out) -> dict:
    """{path: pid of the process writing it} for the temporary files in the dataset folder `out`."""
    found = {}
    for folder in (out / "games", out / "positions"):
        for name in os.listdir(folder) if folder.is_dir() else ():
            match = TEMPORARY.match(name)
            if match:
                found[str(folder / name)] = int(match.group(1))
    return found


def assert_exact(out, paths) -> dict:
    """The dataset in `out` holds every game and position of every input once, as to_arrays reads
    them; {source: (games, positions)}."""
    games = ds.dataset(out / "games", format="parquet")
    positions = ds.dataset(out / "positions", format="parquet")
    for dataset in (games, positions):  # pyarrow.dataset skips hidden files: no temporary is read as a shard
        # an input's shard, or its parts' (STEM.part-K-of-N.parquet)
        assert {os.path.basename(file).split(".")[0] for file in dataset.files} == {path.name.split(".")[0]
                                                                                    for path in paths}
    games = games.to_table().sort_by([("source", "ascending"), ("game", "ascending")])
    positions = positions.to_table(columns=["source", "game", "ply", "move"])
    positions = positions.sort_by([("source", "ascending"), ("game", "ascending"), ("ply", "ascending")])
    assert set(games.column("source").unique().to_pylist()) == {path.name for path in paths}
    counts = {}
    for path in paths:
        arrays = to_arrays(path)
        mine = games.filter(ds.field("source") == path.name)
        # game numbers 0, 1, ... n-1, sorted: every game once, none twice
        np.testing.assert_array_equal(mine.column("game").to_numpy(), np.arange(len(arrays["result"])))
        np.testing.assert_array_equal(mine.column("offset").to_numpy(), arrays["offset"])
        np.testing.assert_array_equal(mine.column("result").to_numpy(), arrays["result"])
        rows = positions.filter(ds.field("source") == path.name)
        np.testing.assert_array_equal(rows.column("game").to_numpy(), arrays["game"])
        np.testing.assert_array_equal(rows.column("ply").to_numpy(), arrays["ply"])
        np.testing.assert_array_equal(rows.column("move").fill_null(NO_MOVE).to_numpy(), arrays["moves"])
        counts[path.name] = (mine.num_rows, rows.num_rows)
    assert sum(rows for _, rows in counts.values()) == positions.num_rows  # no position of no game
    return counts


@pytest.mark.slow
def test_a_worker_killed_mid_conversion_costs_no_game(cluster_client, tmp_path):
    paths = write_inputs(tmp_path / "in", INPUTS, GAMES)
    out = tmp_path / "out"
    workers = set(cluster_client.run(os.getpid).values())
    killed: dict = {}
    stop = threading.Event()

    def kill_a_converting_worker():
        """SIGKILL the worker writing a temporary shard once it has been at it for a while."""
        seen: dict = {}
        while not stop.is_set():
            now = time.monotonic()
            for path, pid in temporaries(out).items():
                seen.setdefault(path, now)
                if pid in workers and now - seen[path] >= (0.3 if not bitboard.compiled else 0.0):
                    killed.update(pid=pid, path=path)
                    os.kill(pid, signal.SIGKILL)
                    return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_a_converting_worker, daemon=True)
    killer.start()
    try:  # each input cut into three parts: a part's task is killed, and run again
        done = pgn_to_parquet(tmp_path / "in", out, cluster_client, part_bytes=paths[0].stat().st_size // 3)
    finally:
        stop.set()
        killer.join(10)
    assert killed, "no conversion was seen running: nothing was killed"
    # The kill landed mid-conversion, its temporary file there; the retry, on this machine, wrote the
    # shard and removed the dead attempt's file (hidden all along: never read as a shard).
    folder, name = os.path.split(killed["path"])
    assert not os.path.exists(killed["path"]) and os.path.exists(os.path.join(folder, name[1:].split(".tmp-")[0]))
    assert killed["pid"] not in temporaries(out).values()
    assert killed["pid"] not in cluster_client.run(os.getpid).values()  # that worker died (its Nanny restarts it)
    assert sorted(done) == [path.name for path in paths]
    assert not any(shard.skipped for shard in done.values())  # the killed input was converted again, whole
    counts = assert_exact(out, paths)
    assert {name: (shard.games, shard.positions) for name, shard in done.items()} == counts
    assert all(counts[path.name][0] == GAMES and done[path.name].errors == 0 for path in paths)


def test_a_rerun_on_a_cluster_skips_every_finished_shard(cluster_client, tmp_path, monkeypatch):
    paths = write_inputs(tmp_path / "in", 3, 12, seed=1)
    monkeypatch.chdir(tmp_path)  # relative paths: the workers were started in another folder
    first = pgn_to_parquet("in", "out", cluster_client)
    assert not any(shard.skipped for shard in first.values())
    written = {file: file.stat().st_mtime_ns for file in (tmp_path / "out").rglob("*.parquet")}
    assert len(written) == 6
    seen = []
    second = pgn_to_parquet("in", "out", cluster_client, progress=seen.append)
    assert all(shard.skipped for shard in second.values()) and sorted(shard.source for shard in seen) == sorted(second)
    assert {name: (shard.games, shard.positions) for name, shard in second.items()} == \
        {name: (shard.games, shard.positions) for name, shard in first.items()}
    assert {file: file.stat().st_mtime_ns for file in (tmp_path / "out").rglob("*.parquet")} == written
    assert not temporaries(tmp_path / "out")  # finished attempts leave no temporary file
    assert_exact(tmp_path / "out", paths)


def test_a_cluster_refuses_what_is_no_dataset_folder_or_no_file(cluster_client, tmp_path):
    write_inputs(tmp_path / "in", 1, 2)
    with pytest.raises(InvalidArgumentError, match="names a file"):
        pgn_to_parquet(tmp_path / "in", tmp_path / "out.parquet", cluster_client)
    assert not (tmp_path / "out.parquet").exists()
    with pytest.raises(InvalidArgumentError, match="standard input"):
        pgn_to_parquet([tmp_path / "in", "-"], tmp_path / "out", cluster_client)
    (tmp_path / "empty").mkdir()
    with pytest.raises(InvalidArgumentError, match="no PGN inputs"):
        pgn_to_parquet(tmp_path / "empty", tmp_path / "out", cluster_client)


def test_a_big_input_is_cut_into_parts_that_read_as_if_converted_whole(cluster_client, tmp_path):
    import zstandard
    paths = write_inputs(tmp_path / "in", 2, 60, seed=2)
    packed = tmp_path / "in" / "packed.pgn.zst"  # one zstd frame: each part unpacks it from the start
    packed.write_bytes(zstandard.ZstdCompressor().compress(paths[0].read_bytes()))
    paths.append(packed)
    out = tmp_path / "out"
    part_bytes = paths[0].stat().st_size // 5
    seen = []
    done = pgn_to_parquet(tmp_path / "in", out, cluster_client, part_bytes=part_bytes, progress=seen.append)
    assert sorted(os.listdir(out / "games")) == sorted(f"{stem}.part-{k:05d}-of-00005.parquet"
                                                       for stem in ("packed", "part0", "part1") for k in range(5))
    assert len(seen) == 15 and all(not shard.skipped for shard in done.values())
    counts = assert_exact(out, paths)
    assert {name: (shard.games, shard.positions) for name, shard in done.items()} == counts
    again = pgn_to_parquet(tmp_path / "in", out, cluster_client, part_bytes=part_bytes)
    assert all(shard.skipped for shard in again.values()) and again.keys() == done.keys()
    # cut another way, the parts would count games twice with the old ones: refused, then replaced
    with pytest.raises(ShardExistsError, match="cut into parts another way"):
        pgn_to_parquet(tmp_path / "in", out, cluster_client, part_bytes=part_bytes * 2)
    whole = pgn_to_parquet(tmp_path / "in", out, cluster_client, part_bytes=None, overwrite=True)
    assert sorted(os.listdir(out / "games")) == ["packed.parquet", "part0.parquet", "part1.parquet"]
    assert {name: (shard.games, shard.positions) for name, shard in whole.items()} == counts
    assert_exact(out, paths)


def test_a_conversion_begun_on_one_machine_ends_on_a_cluster_with_every_game_once(cluster_client, tmp_path):
    import zstandard

    from bitboard.data import workers
    from bitboard.data.parts import input_cuts
    paths = write_inputs(tmp_path / "in", 1, 80, seed=3)
    packed = tmp_path / "in" / "packed.pgn.zst"
    packed.write_bytes(zstandard.ZstdCompressor().compress(paths[0].read_bytes()))
    paths.append(packed)
    out = tmp_path / "out"
    part_bytes = paths[0].stat().st_size // 4
    assert [len(input_cuts(str(path), part_bytes)[0]) for path in paths] == [4, 4]

    def stop(name, done, total, games):  # Ctrl-C as the third part of the second input begins
        if name == "part0.pgn (part 3 of 4)":
            raise KeyboardInterrupt

    with pytest.raises(workers.ConversionInterrupted) as stopped:
        workers.convert_files(tmp_path / "in", out, processes=1, part_bytes=part_bytes, progress=stop)
    assert stopped.value.kept == ["packed.pgn.zst", "part0.pgn (part 1 of 4)", "part0.pgn (part 2 of 4)"]
    written = {file.name: file.stat().st_mtime_ns for file in (out / "games").iterdir()}
    assert sorted(written) == [f"packed.part-0000{k}-of-00004.parquet" for k in range(4)] + [
        f"part0.part-0000{k}-of-00004.parquet" for k in range(2)]
    seen = []
    done = pgn_to_parquet(tmp_path / "in", out, cluster_client, part_bytes=part_bytes, progress=seen.append)
    # the cluster cut the inputs as this machine did: it took the parts already there as its own
    assert sorted(shard.skipped for shard in seen) == [False] * 2 + [True] * 6
    assert {file.name: file.stat().st_mtime_ns for file in (out / "games").iterdir() if file.name in written} == written
    assert len(os.listdir(out / "games")) == 8 and not temporaries(out)
    counts = assert_exact(out, paths)  # every game once: none missing, none twice
    assert {name: (shard.games, shard.positions) for name, shard in done.items()} == counts
    again = workers.convert_files(tmp_path / "in", out, processes=2, part_bytes=part_bytes)  # and back: all there
    assert all(shard.skipped for shard in again.values()) and {n: s.games for n, s in again.items()} == {
        name: games for name, (games, _) in counts.items()}
