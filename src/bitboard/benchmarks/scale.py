"""Perft at scale: the speed-up of threads and of a transposition table, and Dask's rate per worker.

    python -m bitboard.benchmarks.scale [--quick] [--threads N] [--workers N]

One run measures deep perft of the initial position and of Kiwipete single-threaded, with N
threads (default: every core), with a transposition table, and with both; then the machine's
own ceiling, N single-threaded processes counting side by side against one alone; then perft
on a LocalCluster of N single-threaded worker processes (--workers, default: every core)
against one thread without Dask, from which it estimates the wall time of perft(9) to
perft(12) of the initial position on 1 to 4,096 such workers.
"""
import argparse
import concurrent.futures
import multiprocessing
import os
import time

from .. import compiled, distributed
from ..board import Board
from ..core.perft_table import free_tables
from . import markdown_table, missing

PERFT_9 = 2_439_530_234_167
PERFT_10 = 69_352_859_712_417
PERFT_11 = 2_097_651_003_696_806
PERFT_12 = 62_854_969_236_701_747
DEEP = {9: PERFT_9, 10: PERFT_10, 11: PERFT_11, 12: PERFT_12}  # the initial position's published counts
WORKERS = (1, 16, 256, 4096)
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def timed(run):
    start = time.perf_counter()
    result = run()
    return result, time.perf_counter() - start


def one_machine(jobs, threads: int, hash_mb: int, rounds: int) -> str:
    """Each mode timed `rounds` times, the modes taking turns (best time kept): a slow phase of a
    shared machine then falls on all of them."""
    rows = []
    for name, fen, depth in jobs:
        modes = {"1 thread": dict(), f"{threads} threads": dict(threads=threads),
                 f"table {hash_mb} MiB": dict(hash_mb=hash_mb),
                 f"{threads} threads + table": dict(threads=threads, hash_mb=hash_mb)}
        seconds, nodes = {}, None
        for _ in range(rounds):
            for mode, kwargs in modes.items():
                free_tables()  # every table starts empty
                count, took = timed(lambda: Board(fen).perft(depth, **kwargs))
                seconds[mode] = min(seconds.get(mode, took), took)
                nodes = nodes or count
                if count != nodes:
                    raise AssertionError(f"{mode} counts {count}, not {nodes}")
        base = seconds["1 thread"]
        rows.append([f"{name} perft({depth})", f"{nodes:,}"]
                    + [f"{s:.2f} s {base / s:.2f}x" for s in seconds.values()])
    free_tables()
    return markdown_table(["position", "leaves"] + list(modes), rows)


def _count(fen: str, depth: int) -> int:
    return Board(fen).perft(depth)


def ceiling(jobs, processes: int, rounds: int) -> str:
    """The machine's own limit on a threaded count: `processes` single-threaded processes each
    counting the same tree side by side, against one process counting it alone (the two taking
    turns `rounds` times, best kept), beside the threaded count's speed-up. Where the processes
    fall short of `processes` x, the cores share something (a clock lowered under load, caches,
    hyper-threads) that no split of the tree gets back. The processes are spawned, not forked:
    forking a process that runs threads (a test runner's, Dask's) can deadlock the child."""
    rows = []
    with concurrent.futures.ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn")) as pool:
        list(pool.map(_count, [Board().fen()] * processes, [3] * processes))  # every process started
        for name, fen, depth in jobs:
            alone = together = threaded = float("inf")
            for _ in range(rounds):
                alone = min(alone, timed(lambda: _count(fen, depth))[1])
                together = min(together, timed(lambda: list(pool.map(_count, [fen] * processes,
                                                                     [depth] * processes)))[1])
                threaded = min(threaded, timed(lambda: Board(fen).perft(depth, threads=processes))[1])
            rows.append([f"{name} perft({depth})", f"{alone:.2f} s", f"{together:.2f} s",
                         f"{processes * alone / together:.2f}x", f"{alone / threaded:.2f}x",
                         f"{alone / threaded / (processes * alone / together):.2f}"])
    return markdown_table(["count", "1 process alone", f"{processes} processes side by side",
                           "processes' speed-up (ceiling)", f"{processes} threads' speed-up",
                           "threads / ceiling"], rows)


def dask_rates(jobs, workers: int, hash_mb: int, rounds: int) -> dict:
    """{job name: ({mode: leaves per second per worker}, one thread's rate without Dask)} on a
    LocalCluster of `workers` single-threaded workers (the split and the batches chosen from
    the tree), the modes taking turns `rounds` times; every worker's table starts empty. With
    8 workers or more the cluster counts a ply deeper than the one thread (a count of seconds
    on one core is a fraction of a second on many: Dask's start-up would be all it measured)."""
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(cluster)
    deeper = 1 if workers >= 8 else 0
    out = {}
    try:
        distributed.perft(Board().fen(), 4, client)  # warm the workers up
        for name, fen, depth in jobs:
            best = {"one thread, no Dask": float("inf"), "no table": float("inf"),
                    f"table {hash_mb} MiB per worker": float("inf")}
            leaves = {}
            for _ in range(rounds):
                for label in best:
                    if label.startswith("one thread"):
                        leaves[label], seconds = timed(lambda: Board(fen).perft(depth))
                    else:
                        table = 0 if label == "no table" else hash_mb
                        client.run(free_tables)
                        leaves[label], seconds = timed(lambda: distributed.perft(fen, depth + deeper, client,
                                                                                 hash_mb=table))
                    best[label] = min(best[label], seconds)
            rates = {label: leaves[label] / seconds for label, seconds in best.items()}
            one_thread = rates.pop("one thread, no Dask")
            out[name] = ({label: rate / workers for label, rate in rates.items()}, one_thread)
    finally:
        client.close()
        cluster.close()
    return out


def dask_breakdown(jobs, workers: int, rounds: int) -> str:
    """Where a count on a LocalCluster of `workers` single-threaded workers spends its wall time,
    beside one thread without Dask (the two taking turns, best round kept, no table): the
    cluster's start, the time from the call to the first task's start (the split, the timed
    count that sizes the tasks, the batches, the submission), the workers' counting (the
    busiest worker's, and all of theirs added up against the one thread's), their idle time
    between tasks, and from the last task's end to the count's return (the results gathered),
    from Dask's task stream."""
    from distributed import Client, LocalCluster, get_task_stream
    started = time.perf_counter()
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(cluster)
    start_seconds = time.perf_counter() - started
    rows = []
    try:
        distributed.perft(Board().fen(), 4, client)  # every worker has imported bitboard
        for name, fen, depth in jobs:
            best = None
            for _ in range(rounds):
                _, alone = timed(lambda: Board(fen).perft(depth))
                with get_task_stream(client) as stream:
                    called = time.time()
                    _, seconds = timed(lambda: distributed.perft(fen, depth, client))
                    returned = time.time()
                spans = [(t["worker"], s["start"], s["stop"]) for t in stream.data for s in t["startstops"]
                         if s["action"] == "compute"]
                busy: dict = {}
                for worker, begin, end in spans:
                    first, last, total = busy.get(worker, (end, begin, 0.0))
                    busy[worker] = (min(first, begin), max(last, end), total + end - begin)
                row = (alone / seconds, alone, seconds, min(b[0] for b in busy.values()) - called,
                       max(b[2] for b in busy.values()), sum(b[2] for b in busy.values()),
                       sum(b[1] - b[0] - b[2] for b in busy.values()) / len(busy),
                       returned - max(b[1] for b in busy.values()), len(spans))
                best = row if best is None or row[0] > best[0] else best
            speedup, alone, seconds, before, busiest, added, idle, after, tasks = best
            rows.append([f"{name} perft({depth})", f"{alone:.3f}", f"{seconds:.3f}", f"{speedup:.2f}x",
                         f"{before:.3f}", f"{busiest:.3f}", f"{added / alone:.2f}", f"{idle:.3f}", f"{after:.3f}",
                         tasks])
    finally:
        client.close()
        cluster.close()
    return f"(the cluster started in {start_seconds:.1f} s, before any count)\n\n" + markdown_table(
        ["count", "one thread (s)", f"{workers} workers (s)", "speed-up", "call to first task (s)",
         "busiest worker counting (s)", "workers' counting / one thread", "idle between tasks, per worker (s)",
         "last task to return (s)", "tasks"], rows)


def estimates(rates: dict) -> str:
    """Wall times of the deep counts of the initial position at each measured rate per worker,
    on WORKERS such workers, scaling linearly (a table per worker helps more the deeper the
    count, so its rows are upper bounds)."""
    rows = []
    for label, rate in rates.items():
        for depth, leaves in DEEP.items():
            rows.append([f"perft({depth})", label, f"{rate / 1e6:,.0f}"]
                        + [_duration(leaves / (rate * workers)) for workers in WORKERS])
    headers = ["count", "per worker", "M leaves/s"] + [f"{w} worker{'s' * (w > 1)}" for w in WORKERS]
    return markdown_table(headers, rows)


def _duration(seconds: float) -> str:
    for unit, size in (("y", 365.25 * 86400), ("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:.1f} {unit}"
    return f"{seconds:.0f} s"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller counts, taken once")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="threads (default: every core)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                    help="single-threaded Dask workers (default: every core)")
    args = ap.parse_args(argv)
    quick, threads, workers = args.quick, max(2, args.threads), max(1, args.workers)
    jobs = [("start", Board().fen(), 6 if quick else 7), ("kiwipete", KIWIPETE, 5 if quick else 6)]
    hash_mb, rounds = (64, 1) if quick else (256, 2)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"bitboard.compiled = {compiled}; {os.cpu_count()} cores, load average {load:.1f} when it started. Each "
          f"cell: seconds (best of {rounds}) and the speed-up over one thread.")
    print(f"Threads speed a count up only as far as cores are free: on a busy machine {threads} threads show less "
          f"than {threads}x." + (" --quick counts are small and taken once, so they move by 30% or more between runs."
                                 if quick else ""))
    print()
    print(one_machine(jobs, threads, hash_mb, rounds))
    print(f"\nThe machine's ceiling: {threads} single-threaded processes counting side by side, against one alone "
          f"(and {threads} threads against one, timed in the same rounds):\n")
    print(ceiling(jobs, threads, rounds))
    absent = missing({"distributed": "'bitboard[dask]'"})
    if absent:
        print("\n" + absent + "(no cluster measurement)")
        return
    measured = dask_rates(jobs, workers, hash_mb, rounds)
    print(f"\nDask LocalCluster, {workers} single-threaded workers (split and batches chosen from the tree), against "
          "one thread without Dask in the same run (the goal: a worker at 0.85 of one thread or more)"
          + (", the cluster a ply deeper" if workers >= 8 else "") + ":\n")
    rows = []
    for (name, _, depth), (rates, one_thread) in zip(jobs, measured.values()):
        depths = f"{depth} / {depth + 1}" if workers >= 8 else depth
        rows.append([f"{name} perft({depths})", f"{one_thread / 1e6:,.0f}", f"{rates['no table'] / 1e6:,.0f}",
                     f"{rates['no table'] / one_thread:.2f}"])
    print(markdown_table(["count", "one thread, no Dask (M leaves/s)", "per worker, no table (M leaves/s)",
                          "per worker / one thread"], rows))
    print(f"\nWhere the Dask count's time goes ({workers} workers, no table; the best of {rounds} rounds):\n")
    print(dask_breakdown(jobs, workers, rounds))
    if quick:
        print("(--quick: small counts, taken once; no estimate of deep counts is made from them)")
        return
    print("\nThe rate per worker on the initial position and, from it, estimated wall times (linear scaling):\n")
    print(estimates(measured["start"][0]))


if __name__ == "__main__":
    main()
