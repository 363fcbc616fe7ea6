"""Perft at scale: threads, transposition tables and a Dask cluster all count exactly."""
import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
from helpers import PERFT

import bitboard
from bitboard import Board, distributed
from bitboard.core.perft_split import split_positions
from bitboard.core.perft_table import HashTable, free_tables

DEPTH = {name: (5 if bitboard.compiled else 3) - (name in ("kiwipete", "pos4", "pos5", "pos6")) for name in PERFT}
MODES = [dict(threads=2), dict(threads=3), dict(hash_mb=16), dict(hash_mb=0.001), dict(threads=2, hash_mb=0.01),
         dict(threads=2, hash_mb=16)]


@pytest.mark.parametrize("mode", MODES, ids=lambda m: ",".join(f"{k}={v}" for k, v in m.items()))
@pytest.mark.parametrize("name", list(PERFT))
def test_every_mode_counts_exactly(name, mode):
    fen, counts = PERFT[name]
    depth = DEPTH[name]
    assert Board(fen).perft(depth, **mode) == counts[depth - 1]


def test_a_kept_table_serves_other_positions_exactly():
    free_tables()
    for name in PERFT:  # one 1 MiB table for all: entries of earlier positions stay in it
        fen, counts = PERFT[name]
        assert Board(fen).perft(DEPTH[name], hash_mb=1) == counts[DEPTH[name] - 1]
    assert Board(PERFT["start"][0]).perft(DEPTH["start"], hash_mb=1) == PERFT["start"][1][DEPTH["start"] - 1]
    free_tables()


def test_hash_table_sizes():
    assert HashTable(1).entries == 65536 and HashTable(1).nbytes == 1 << 20
    assert HashTable(0.001).entries == 64 and HashTable(3).entries == 131072


@pytest.mark.slow
@pytest.mark.skipif(not bitboard.compiled, reason="deep perft is for the compiled build")
def test_deep_counts_with_threads_and_hash():
    assert Board().perft(7, threads=2, hash_mb=64) == 3195901860
    assert Board(PERFT["kiwipete"][0]).perft(5, threads=2, hash_mb=64) == 193690690


@pytest.mark.parametrize("kwargs,error", [
    (dict(depth=-1), ValueError), (dict(depth=2.0), TypeError), (dict(depth=2, threads=0), ValueError),
    (dict(depth=2, threads=1.5), TypeError), (dict(depth=2, hash_mb=-1), ValueError),
    (dict(depth=2, hash_mb="64"), TypeError),
])
def test_bad_arguments(kwargs, error):
    with pytest.raises(error):
        Board().perft(**kwargs)


# --- many machines --------------------------------------------------------------------------------


def test_distributed_without_dask_counts_here():
    calls = []
    total = distributed.perft(PERFT["kiwipete"][0], 3, split_ply=1, progress=lambda done, n: calls.append((done, n)))
    assert total == 97862
    fewest = distributed.TASKS_PER_THREAD  # a short count: the fewest batches, TASKS_PER_THREAD per thread
    assert calls == [(done, fewest) for done in range(1, fewest + 1)]
    assert distributed.perft(bitboard.STARTING_FEN, 0) == 1
    assert distributed.perft(bitboard.STARTING_FEN, 2) == 400  # the default split leaves the tasks 2 plies


@pytest.mark.parametrize("split_ply,depth", [(99, 3), (2, 3), (5, 9), (-1, 4)])
def test_a_split_deeper_than_useful_is_refused(split_ply, depth):
    with pytest.raises(bitboard.InvalidArgumentError, match=f"split ply {split_ply} is not useful"):
        distributed.perft(bitboard.STARTING_FEN, depth, split_ply=split_ply)


@pytest.mark.parametrize("name", ["start", "kiwipete", "pos3", "pos4", "pos5"])
def test_batches_of_every_size_count_exactly(name):
    fen, counts = PERFT[name]
    depth = 4 if bitboard.compiled else 3
    for seconds in (1e-9, 1.0, 1e9):  # a batch per position, the default, the fewest batches
        calls = []
        assert distributed.perft(fen, depth, progress=lambda done, n: calls.append(n), task_seconds=seconds) == \
            counts[depth - 1]
        lines = split_positions(Board(fen), distributed._split_ply_for(Board(fen), depth, 1))
        if seconds < 1e-6:
            assert calls[-1] == len(lines)
        elif seconds > 1e6:
            assert calls[-1] == min(distributed.TASKS_PER_THREAD, len(lines))


def test_batches_hold_every_line_once_and_even_out_the_work():
    # Ply 2 of the initial position (400 positions) in 8 batches for depth-3 tasks: the work of a
    # line is its multiplicity x its count two plies down. Longest processing time first leaves
    # no batch heavier than the lightest by more than one line's work, heaviest batch first.
    board = Board()
    lines = split_positions(board, 2)
    batches = distributed.balanced_batches(board, lines, 3, 8)
    assert len(batches) == 8 and sorted(line for batch in batches for line in batch) == sorted(lines)
    work = [distributed.count_lines(board, batch, 2) for batch in batches]
    biggest = max(distributed.count_lines(board, [line], 2) for line in lines)
    assert work == sorted(work, reverse=True) and work[0] - work[-1] <= biggest
    assert sum(distributed.count_lines(board, batch, 3) for batch in batches) == PERFT["start"][1][4]
    assert board.fen() == bitboard.STARTING_FEN


def test_the_compiled_split_merges_exactly_what_the_fens_merge():
    for plies in (1, 2, 3):
        lines = split_positions(Board(), plies)
        positions = distributed.positions_at(bitboard.STARTING_FEN, plies)
        assert sorted(m for _, m in lines) == sorted(m for _, m in positions)


def test_transpositions_merge_with_their_multiplicity():
    positions = distributed.positions_at(bitboard.STARTING_FEN, 3)
    assert sum(m for _, m in positions) == 8902 and len(positions) < 8902
    assert all(fen.endswith(" 0 1") for fen, _ in positions)


@pytest.fixture(scope="module")
def cluster_client():
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_local_cluster_counts_exactly(cluster_client):
    depth = 5 if bitboard.compiled else 3
    for name in ("start", "kiwipete", "pos3"):
        fen, counts = PERFT[name]
        assert distributed.perft(fen, depth - (name == "kiwipete"), cluster_client) == \
            counts[depth - (name == "kiwipete") - 1]


CHESS960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"  # chess960.perft's id 0


def test_local_cluster_counts_chess960_as_the_fen_means_it(cluster_client):
    # the workers read the FEN as Chess960 too: standard chess drops HFhf (11,979 at depth 3)
    depth, expected = (4, 326_672) if bitboard.compiled else (3, 12_189)
    assert distributed.perft(CHESS960, depth, cluster_client, split_ply=1) == expected
    standard = distributed.perft(CHESS960, depth, cluster_client, split_ply=1, chess960=False)
    assert standard == Board(CHESS960).perft(depth) != expected
    assert distributed.perft(CHESS960, 3) == 12_189  # no client: counted here, read the same way


def test_a_cancelled_task_stops_counting_and_frees_its_worker(cluster_client):
    # Two tasks of hours each occupy both single-threaded workers; cancelled, they stop counting
    # (Dask cannot stop a running task: count_batch watches its own state), and small tasks run.
    lines = [(line, 1) for line, _ in split_positions(Board(), 1)[:2]]
    futures = [cluster_client.submit(distributed.count_batch, bitboard.STARTING_FEN, [line], 9, pure=False)
               for line in lines]
    deadline = time.monotonic() + 60
    while sum(len(tasks) for tasks in cluster_client.processing().values()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # counting, in C
    cluster_client.cancel(futures)
    start = time.monotonic()
    small = cluster_client.map(distributed.count_batch, [bitboard.STARTING_FEN] * 4, [[((), 1)]] * 4, [3] * 4,
                               pure=False)
    from distributed import wait
    wait(small, timeout=30)  # TimeoutError if the cancelled counts still hold the workers
    assert cluster_client.gather(small) == [8902] * 4
    assert time.monotonic() - start < 10  # measured under a second; the bound is for slow machines


def test_ctrl_c_cancels_a_dask_count_and_says_how_far_it_got():
    pytest.importorskip("distributed")
    process = subprocess.Popen([sys.executable, "-m", "bitboard.cli", "perft", "-d", "12", "--dask", "local",
                                "--split-ply", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)

    def kill_all():  # the command, its cluster's workers and their helpers: no count left running
        with contextlib.suppress(ProcessLookupError):  # all gone already
            os.killpg(process.pid, signal.SIGKILL)
    watchdog = threading.Timer(120, kill_all)  # never a hung test: a kill fails the asserts below
    watchdog.start()
    try:
        for line in process.stderr:  # the progress line once the cluster is up and the tasks submitted
            if re.search(r"perft: 0/[\d,]+ tasks done, submitted", line):
                break
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        watchdog.cancel()
        kill_all()
    assert process.returncode == 130 and "Traceback" not in err and "Nodes searched" not in out
    assert re.search(r"interrupted: [\d,]+ of [\d,]+ tasks counted; the rest cancelled", err), err


@pytest.mark.skipif(not bitboard.compiled, reason="needs tasks long enough to kill a worker among them")
def test_killing_a_worker_mid_run_still_gives_the_exact_count(cluster_client):
    pids = cluster_client.run(os.getpid)  # {worker address: pid}
    victim = sorted(pids.values())[0]
    done = []

    def kill_when_started():
        while not done:
            time.sleep(0.05)
        os.kill(victim, signal.SIGKILL)

    killer = threading.Thread(target=kill_when_started)
    killer.start()
    total = distributed.perft(bitboard.STARTING_FEN, 7, cluster_client, split_ply=2,
                              progress=lambda n, total: done.append(n))
    killer.join()
    assert total == 3195901860
    assert victim not in cluster_client.run(os.getpid).values()  # it really died (and was replaced)


def test_unreachable_scheduler_fails_within_the_timeout():
    pytest.importorskip("distributed")
    start = time.monotonic()
    with pytest.raises(ConnectionError, match="tcp://127.0.0.1:9"):
        distributed.connect("tcp://127.0.0.1:9", timeout=1)
    assert time.monotonic() - start < 10


def test_local_cluster_converts_pgn_files(cluster_client, tmp_path):
    import pyarrow.parquet as pq

    from bitboard import pgn
    from bitboard.benchmarks.pgn import corpus
    for n in range(3):
        (tmp_path / "in" / f"part{n}.pgn").parent.mkdir(exist_ok=True)
        (tmp_path / "in" / f"part{n}.pgn").write_text(corpus(6, seed=n))
    seen = []
    done = distributed.pgn_to_parquet(tmp_path / "in", tmp_path / "out", cluster_client, progress=seen.append)
    assert sorted(shard.source for shard in seen) == sorted(done) == ["part0.pgn", "part1.pgn", "part2.pgn"]
    for source, shard in done.items():
        positions = pq.read_table(tmp_path / "out" / "positions" / source.replace(".pgn", ".parquet"))
        arrays = pgn.to_arrays(tmp_path / "in" / source)
        assert (shard.games, shard.positions) == (6, len(arrays["moves"]), ) and positions.num_rows == shard.positions
        assert set(positions.column("source").to_pylist()) == {source}


def test_the_scale_benchmark_times_threads_against_processes():
    # The machine's ceiling: N single-threaded processes against one alone, N threads beside them
    # (tiny counts: only that the table is made, with every column, from exact counts).
    from bitboard.benchmarks import scale
    table = scale.ceiling([("start", bitboard.STARTING_FEN, 3)], 2, 1)
    assert "start perft(3)" in table
    assert "2 processes side by side" in table and "threads / ceiling" in table
    table = scale.one_machine([("start", bitboard.STARTING_FEN, 3)], 2, 1, 1)
    assert "8,902" in table and "2 threads + table" in table
