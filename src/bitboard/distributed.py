"""Perft and PGN conversion on many machines, with a Dask cluster.

Perft: the tree split at a ply into tasks that the cluster counts.

    >>> from bitboard import distributed
    >>> distributed.perft(STARTING_FEN, 5)          # no client: counted here, no Dask needed
    4865609
    >>> client = distributed.connect("local")       # a LocalCluster on this machine
    >>> distributed.perft(STARTING_FEN, 7, client, split_ply=3)
    3195901860

Tasks carry FENs, never pickled boards, and return plain ints. The positions at the split ply
are merged first: transpositions are counted once, multiplied by how often they occur. If a
worker dies, Dask runs its tasks again elsewhere. The count is summed only from results, so a
failed task raises; no partial count is ever returned.

PGN: `pgn_to_parquet(paths, out_dir, client)` converts a folder of PGN files, one task per file,
each worker writing its shard (bitboard.datasets) into `out_dir`, a folder every worker reaches.
"""
import collections

from .board import Board
from .arguments import depth_arg, hash_arg
from .errors import InvalidArgumentError, quoted

DEFAULT_TIMEOUT = 10.0


#: The deepest split: each ply multiplies the tasks by about 30 (ply 4 of the initial position
#: is 197,281 lines, 72,078 positions), and a task's fixed cost is a millisecond or more.
MAX_SPLIT_PLY = 4
#: The plies a task must count at least: shallower tasks cost more to schedule than to count.
MIN_TASK_DEPTH = 2


def split_ply_arg(split_ply, depth) -> int:
    """The ply to split a count of `depth` at: None chooses min(2, depth - MIN_TASK_DEPTH); a
    given value must leave every task MIN_TASK_DEPTH plies and be at most MAX_SPLIT_PLY."""
    useful = max(0, min(MAX_SPLIT_PLY, depth - MIN_TASK_DEPTH))
    if split_ply is None:
        return min(2, useful)
    if isinstance(split_ply, bool) or not isinstance(split_ply, int):
        raise TypeError(f"split_ply must be an int, not {type(split_ply).__name__} {quoted(split_ply)}")
    if not 0 <= split_ply <= useful:
        raise InvalidArgumentError(
            f"split ply {quoted(split_ply)} is not useful for a depth-{depth} count: 0 to {useful} (each task should "
            f"count at least {MIN_TASK_DEPTH} plies, and ply {MAX_SPLIT_PLY} already makes about 200,000 tasks)")
    return split_ply


def positions_at(fen, plies) -> list:
    """[(fen, multiplicity)] of the positions `plies` moves below `fen`, transpositions merged.

    The FENs have their clocks set to "0 1" (perft does not depend on them) and show en passant
    only when it is legal, so positions that differ in nothing else merge too.
    """
    board = Board(fen)
    counts = collections.Counter()

    def walk(k):
        if k == 0:
            counts[" ".join(board.fen().split()[:4]) + " 0 1"] += 1
            return
        for move in board.legal_moves:
            board.push(move)
            walk(k - 1)
            board.pop()

    walk(plies)
    return sorted(counts.items())


def count_task(fen, depth, hash_mb=0) -> int:
    """One task: the perft of a FEN (what a worker runs)."""
    return Board(fen).perft(depth, hash_mb=hash_mb)


def perft(fen, depth, client=None, split_ply=None, *, hash_mb=0, progress=None) -> int:
    """Perft of `fen` to `depth`, split at `split_ply` into tasks (None: ply 2, or less for a
    shallow count).

    client: a distributed.Client (see connect), or None to count every task here.
    progress: called as progress(tasks_done, tasks) as tasks finish.
    """
    depth = depth_arg(depth)
    hash_mb = hash_arg(hash_mb)
    if depth == 0:
        return 1
    plies = split_ply_arg(split_ply, depth)
    tasks = positions_at(fen, plies)
    remaining = depth - plies
    total = 0
    if client is None:
        for done, (task_fen, multiplicity) in enumerate(tasks, 1):
            total += multiplicity * count_task(task_fen, remaining, hash_mb)
            if progress:
                progress(done, len(tasks))
        return total
    from distributed import as_completed
    futures = client.map(count_task, [f for f, _ in tasks], [remaining] * len(tasks), [hash_mb] * len(tasks))
    multiplicity = {future.key: m for future, (_, m) in zip(futures, tasks)}
    for done, future in enumerate(as_completed(futures), 1):
        total += multiplicity[future.key] * future.result()  # a failed task raises here
        if progress:
            progress(done, len(tasks))
    return total


def connect(address, timeout=DEFAULT_TIMEOUT):
    """A Dask client: "local" starts a LocalCluster (one single-threaded worker process per core);
    anything else is a scheduler address such as "tcp://10.0.0.5:8786". ConnectionError when
    the scheduler cannot be reached within `timeout` seconds."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ImportError("perft on a Dask cluster needs dask and distributed: pip install 'bitboard[dask]'") from None
    if address == "local":
        import os
        return Client(LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1, processes=True,
                                   dashboard_address=None))
    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ConnectionError(f"cannot reach the Dask scheduler at {address!r} within {timeout:g} s "
                              f"({type(exc).__name__}: {exc})") from None


def close(client) -> None:
    """Close a client, and the LocalCluster behind it if connect("local") started one."""
    cluster = getattr(client, "cluster", None)
    client.close()
    if cluster is not None:
        cluster.close()


def pgn_to_parquet(sources, out_dir, client=None, *, suffix: str = ".parquet", progress=None) -> dict:
    """Convert PGN files (or folders of them) to one shard each in `out_dir`, one Dask task per
    file; {source: (games, positions)}, `progress(source, games, positions)` as each finishes.
    A file is seconds of work or more, so a task's cost to schedule is lost in it. Without a
    client, the files are converted here, one process per core (datasets.convert_files)."""
    import os

    from . import datasets
    sources = datasets.pgn_files(sources)
    datasets.format_of("x" + suffix)
    if client is None:
        return datasets.convert_files(sources, out_dir, suffix=suffix, progress=progress)
    from distributed import as_completed
    os.makedirs(out_dir, exist_ok=True)
    futures = {client.submit(datasets.convert_file, source, datasets.shard_name(source, out_dir, suffix),
                             pure=False): source for source in sources}
    done = {}
    for future in as_completed(futures):
        done[futures[future]] = tuple(future.result())
        if progress is not None:
            progress(futures[future], *done[futures[future]])
    return done
