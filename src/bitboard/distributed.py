"""Perft and PGN conversion on many machines, with a Dask cluster.

Perft: the tree split at a ply by a compiled walk, the distinct positions there batched into
tasks of about a second each and equal work (by a small count below each), which the
cluster's worker threads count in C.

    >>> from bitboard import distributed
    >>> distributed.perft(STARTING_FEN, 5)          # no client: counted here, no Dask needed
    4865609
    >>> client = distributed.connect("local")       # a LocalCluster on this machine
    >>> distributed.perft(STARTING_FEN, 7, client, split_ply=3)
    3195901860

Tasks carry the root's FEN and lines of move codes, never pickled boards, and return plain
ints. The positions at the split ply are merged first: transpositions are counted once,
multiplied by how often they occur. If a worker dies, Dask runs its tasks again elsewhere.
The count is summed only from results, so a failed task raises; no partial count is ever
returned.

PGN: `pgn_to_parquet(paths, out_dir, client)` converts a folder of PGN files, one task per file
and a big file cut into parts (bitboard.data.parts), each worker writing its shards
(bitboard.data.datasets) into `out_dir`, a folder every worker reaches; it lives with the rest
of the data pipeline, in bitboard.data.cluster.
"""
import collections
import contextlib
import heapq
import signal
import time

from .board import Board
from .board.positions import board_from_fen
from .core.arguments import depth_arg, hash_arg
from .core.perft_split import line_work, split_positions
from .core.perft_threads import count_lines
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


def positions_at(fen, plies, chess960=False) -> list:
    """[(fen, multiplicity)] of the positions `plies` moves below `fen`, transpositions merged.

    The FENs have their clocks set to "0 1" (perft does not depend on them) and show en passant
    only when it is legal, so positions that differ in nothing else merge too.
    """
    board = Board(fen, chess960=chess960)
    counts: collections.Counter[str] = collections.Counter()

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


class Stopped(Exception):
    """A task's count stopped because its future was cancelled (Ctrl-C, or an error elsewhere)."""


def count_batch(fen, lines, depth, hash_mb=0, chess960=False) -> int:
    """One task: the leaves `depth` plies below the end of each line (tuples of the generator's
    move codes from `fen`, read as Chess960 when `chess960`), times its multiplicity, summed;
    counted in C, the GIL released, so that a worker's threads count their batches side by side,
    with one table per worker. On a Dask worker the count stops as soon as its future is
    cancelled: Dask cannot stop a running task, so the task watches its own state."""
    board = Board(fen, chess960=chess960)
    cancelled = _cancelled_check()
    if cancelled is None:
        return count_lines(board, lines, depth, hash_mb)

    def stop_if_cancelled():
        if cancelled():
            raise Stopped("perft task cancelled")
    return count_lines(board, lines, depth, hash_mb, on_wait=stop_if_cancelled)


def _cancelled_check():
    """A function telling whether the Dask task running in this thread was cancelled, read from
    its worker's state (no message sent); None outside a worker or where Dask keeps it otherwise."""
    try:
        from distributed import get_worker
        from distributed.worker import thread_state
        worker, key = get_worker(), thread_state.key
        worker.state.tasks[key].state  # noqa: B018  (the attributes this check reads are there)
    except (ImportError, ValueError, AttributeError, KeyError):
        return None
    return lambda: getattr(worker.state.tasks.get(key), "state", "cancelled") in ("cancelled", "released", "forgotten")


#: The work a task aims at: long enough that Dask's cost per task (a millisecond or more) is
#: lost in it, short enough that the workers finish together and a lost worker costs little.
TASK_SECONDS = 1.0
#: Distinct positions wanted per worker thread at the split ply, for the batches to balance.
POSITIONS_PER_THREAD = 32
#: The fewest tasks per worker thread: with three, the workers of a 2-worker start perft(7) ended
#: up to a fifth of the count apart; with eight, the last (and smallest) even them out.
TASKS_PER_THREAD = 8
#: The timed count that sizes the tasks stops at the first depth that takes this long: 5 ms
#: overshot to 50 ms (the next depth's branching factor), 8% of a 2-worker start perft(7).
CALIBRATION_SECONDS = 0.001


def _seconds_estimate(board, depth) -> float:
    """The seconds one thread here needs for perft(depth): the count timed at growing depths
    until one takes CALIBRATION_SECONDS, then grown by its last branching factor."""
    before = 1
    for d in range(1, depth + 1):
        start = time.perf_counter()
        leaves = board.perft(d)
        spent = time.perf_counter() - start
        if spent >= CALIBRATION_SECONDS or d == depth:
            return spent * (leaves / before) ** (depth - d)
        before = max(leaves, 1)
    return 0.0


def _split_ply_for(board, depth, threads) -> int:
    """The shallowest ply with POSITIONS_PER_THREAD distinct positions per thread, within what
    split_ply_arg allows."""
    deepest = max(0, min(MAX_SPLIT_PLY, depth - MIN_TASK_DEPTH))
    for plies in range(1, deepest + 1):
        if board.perft(plies) >= POSITIONS_PER_THREAD * threads:
            return plies
    return deepest


def balanced_batches(board, lines, remaining, tasks) -> list:
    """`lines` [(line, multiplicity)] dealt into `tasks` batches of about equal work, heaviest
    first: each line's work estimated by a count two plies below it (one for a three-ply task)
    times its multiplicity, and the lines, largest first, each given to the lightest batch so
    far (longest processing time first), so that no worker is left with a heavy batch when
    the others run dry."""
    probe = min(2, remaining - 1)
    if probe < 1 or tasks >= len(lines):
        return [lines[i::tasks] for i in range(tasks)]
    work = [multiplicity * leaves for (_, multiplicity), leaves in
            zip(lines, line_work(board, [line for line, _ in lines], probe))]
    # (work, tie-break, lines): a heap, lightest on top
    batches: list[tuple[int, int, list]] = [(0, i, []) for i in range(tasks)]
    for size, line in sorted(zip(work, lines), key=lambda pair: pair[0], reverse=True):
        total, i, batch = heapq.heappop(batches)
        batch.append(line)
        heapq.heappush(batches, (total + size, i, batch))
    return [batch for _, _, batch in sorted(batches, key=lambda b: b[0], reverse=True)]


def perft(fen, depth, client=None, split_ply=None, *, chess960=None, hash_mb=0, progress=None,
          task_seconds=TASK_SECONDS) -> int:
    """Perft of `fen` to `depth` on a Dask cluster: the tree split at `split_ply` (None: the
    shallowest ply with 32 positions per worker thread) by the compiled walk, the distinct
    positions batched into tasks of about `task_seconds` of one thread's work each (estimated
    from a timed count of the root), each worker thread counting its batches in C without the
    GIL, with a table per worker when `hash_mb` is given.

    client: a distributed.Client (see connect), or None to count every batch here.
    chess960: how to read the FEN's castling, as positions.board_from_fen does (None: Chess960
    where only it honours the rights); the workers read it the same way.
    progress: called as progress(tasks_done, tasks) once the tasks are submitted and as they finish.
    KeyboardInterrupt (Ctrl-C) cancels the tasks not yet finished (those running stop within a
    tenth of a second: see count_batch), and goes on.
    """
    depth = depth_arg(depth)
    hash_mb = hash_arg(hash_mb)
    if depth == 0:
        return 1
    board = board_from_fen(fen, chess960=chess960, checked=False)
    chess960 = board.chess960
    threads = sum(client.nthreads().values()) if client is not None else 1
    plies = split_ply_arg(split_ply, depth) if split_ply is not None else _split_ply_for(board, depth, threads)
    lines = split_positions(board, plies)
    remaining = depth - plies
    if not remaining:
        return sum(multiplicity for _, multiplicity in lines)
    wanted = max(int(_seconds_estimate(board, depth) / task_seconds) + 1, TASKS_PER_THREAD * threads)
    tasks = max(1, min(len(lines), -(-wanted // threads) * threads))  # a multiple of the threads: no lone last task
    batches = balanced_batches(board, lines, remaining, tasks)
    total = 0
    if client is None:
        for done, batch in enumerate(batches, 1):
            total += count_batch(fen, batch, remaining, hash_mb, chess960)
            if progress:
                progress(done, len(batches))
        return total
    from distributed import as_completed
    futures: list = []
    done = 0
    try:
        with _interrupts_noted() as interrupted:  # (before the first line that says the tasks are out)
            futures = [client.submit(count_batch, fen, batch, remaining, hash_mb, chess960, pure=False)
                       for batch in batches]
            if progress:
                progress(0, len(batches))
            finishing = as_completed(futures)
            while not finishing.is_empty():
                finished = finishing.next_batch(block=False)
                for future in finished:
                    total += future.result()  # a failed task raises here
                    done += 1
                if finished and progress:
                    progress(done, len(batches))
                if interrupted:
                    raise KeyboardInterrupt
                if not finished:
                    time.sleep(WAIT_SECONDS)
    except BaseException:  # Ctrl-C, or a failed task: the rest is not wanted, the running ones stop
        client.cancel(futures)
        raise
    return total


#: How often a Dask perft looks at its tasks and at Ctrl-C: each look costs microseconds, and the
#: last result waits for the next (at 0.1 s, 15% of a 2-worker start perft(7)).
WAIT_SECONDS = 0.01


@contextlib.contextmanager
def _interrupts_noted():
    """A list that Ctrl-C (SIGINT) appends to, for the waiting loop to raise KeyboardInterrupt
    itself: Dask's client runs garbage-collector callbacks, and a KeyboardInterrupt raised in one
    of those is printed and lost, leaving the count running. Where no handler can be installed
    (not the main thread), Python's own stays."""
    noted: list = []
    try:
        previous = signal.signal(signal.SIGINT, lambda signum, frame: noted.append(signum))
    except ValueError:  # signal only works in the main thread
        yield noted
        return
    try:
        yield noted
    finally:
        signal.signal(signal.SIGINT, previous)


def connect(address, timeout=DEFAULT_TIMEOUT):
    """A Dask client: "local" starts a LocalCluster (one single-threaded worker process per core);
    anything else is a scheduler address such as "tcp://10.0.0.5:8786". ConnectionError when
    the scheduler cannot be reached within `timeout` seconds."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ImportError("perft on a Dask cluster needs dask and distributed: pip install 'bitboard[dask]'") from None
    if address == "local":
        import logging
        import os
        # Dask's own logs silenced but for the critical: a failed task is raised here through its
        # future, and what Dask logs as ERROR on the way down (a worker whose heartbeat finds the
        # scheduler gone when Ctrl-C closes the cluster: a traceback) is no error of the run.
        return Client(LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.CRITICAL))
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


from .data.cluster import pgn_to_parquet  # noqa: E402,F401  (the PGN half, kept with the data pipeline)
