"""Perft on threads, interruptible: the entry point `perft()` that Board.perft and the command
line call, and `count_lines`, the Dask task's count.

The tree is split one to three plies below the root (perft_split) into tasks that worker
threads take from a shared queue, largest first, each thread on its own copy of the position,
the GIL released while it counts (core/perft.py). A count that is not short runs in worker
threads while the calling thread waits, so that Ctrl-C (KeyboardInterrupt) reaches Python within
a fraction of a second: the stop flag is set, the workers unwind, and no partial count is
returned.
"""
import array
import os
import queue
import threading
import warnings

from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .position import Position, _copy_position

from .arguments import depth_arg, hash_arg, threads_arg
from .perft import _count_subtree
from .perft_split import _run_line, line_work, split
from .perft_table import table_for

__all__ = ["count_lines", "max_threads", "perft"]


def count_lines(pos: Position, lines, depth, hash_mb=0, on_wait=None) -> int:
    """The sum of multiplicity x the leaves `depth` plies below the position after each line,
    [(line, multiplicity)] as split_positions gives them; `pos` is left as it was. With
    `on_wait`, the count runs in a thread of its own and on_wait() is called about every
    WAIT_SECONDS meanwhile: an exception it raises stops the count and is raised here (how a
    Dask task is stopped)."""
    d = depth_arg(depth)
    table = table_for(hash_arg(hash_mb)) if hash_mb else None
    stop = array.array("i", [0])
    totals = [0]

    def count():
        totals[0] = sum(multiplicity * (_run_line(pos, line, d, table, stop) if d else 1)
                        for line, multiplicity in lines)
    if on_wait is None:
        count()
    else:
        _wait_for([count], stop, on_wait)
    return totals[0]


#: More threads than this many per core only add switching: a larger request is clamped.
THREADS_PER_CORE = 4


#: Counts below this depth are too short to be worth a thread of their own or a stop check.
WAIT_DEPTH = 5


#: How often the waiting thread wakes: the most Ctrl-C waits, and the period of `on_wait` calls.
WAIT_SECONDS = 0.05


def max_threads() -> int:
    """The most threads a perft uses: THREADS_PER_CORE per core of this machine."""
    return THREADS_PER_CORE * (os.cpu_count() or 1)


#: Lines wanted per thread: enough that the last tasks, the smallest, even the threads out.
LINES_PER_THREAD = 16


#: The deepest split of a threaded count (ply 3 of the initial position is 8,902 lines).
MAX_THREAD_SPLIT = 3


def _tasks(pos: Position, depth: int, n_threads: int) -> tuple:
    """(plies, lines): the tree split at the shallowest ply with LINES_PER_THREAD lines per
    thread (leaving every task two plies or more), the lines ordered largest first by a count
    two plies below each (the longest-processing-time-first rule: no thread is left with a big
    task when the others run dry)."""
    plies = 1
    lines = split(pos, 1)
    while len(lines) < LINES_PER_THREAD * n_threads and plies < min(MAX_THREAD_SPLIT, depth - 2):
        plies += 1
        lines = split(pos, plies)
    probe = min(2, depth - plies - 1)
    if probe >= 1 and len(lines) > n_threads:
        sizes = dict(zip(lines, line_work(pos, lines, probe)))
        lines.sort(key=sizes.__getitem__, reverse=True)
    return plies, lines


def perft(pos: Position, depth, threads=1, hash_mb=0, on_wait=None) -> int:
    """Leaves of the legal move tree below `pos` at `depth` (exact in every mode).

    Threads beyond the tasks are not started; more than max_threads() are clamped with a
    RuntimeWarning. `on_wait`, if given, is called about every WAIT_SECONDS while the count
    runs (a progress display). KeyboardInterrupt stops the count and leaves `pos` as it was.
    """
    d = depth_arg(depth)
    n_threads = threads_arg(threads)
    table = table_for(hash_arg(hash_mb)) if hash_mb else None
    if n_threads > max_threads():
        warnings.warn(f"threads={n_threads} is far more than the {os.cpu_count()} cores: "
                      f"clamped to {max_threads()}", RuntimeWarning, stacklevel=2)
        n_threads = max_threads()
    stop = array.array("i", [0])
    if d == 0:
        return 1
    if n_threads == 1 or d <= 2:
        if d < WAIT_DEPTH and on_wait is None:
            return _count_subtree(pos, d, table, stop)
        totals = [0]

        def count():
            totals[0] = _count_subtree(pos, d, table, stop)
        _wait_for([count], stop, on_wait)
        return totals[0]
    plies, lines = _tasks(pos, d, n_threads)
    tasks = queue.SimpleQueue()
    for line in lines:
        tasks.put(line)
    totals = []

    def worker():
        mine: Position = Position()
        _copy_position(mine, pos)
        total = 0
        while not stop[0]:
            try:
                line = tasks.get_nowait()
            except queue.Empty:
                break
            total += _run_line(mine, line, d - plies, table, stop)
        totals.append(total)

    _wait_for([worker] * min(n_threads, len(lines)), stop, on_wait)
    return sum(totals)


def _wait_for(jobs: list, stop, on_wait) -> None:
    """Run each job in a thread of its own and wait for all, interruptibly: on any exception in
    this thread (KeyboardInterrupt) or in a job, set the stop flag, let every job unwind, and
    raise it. A partial count is never returned. (The wait is on an event per job, not on
    Thread.join, which an interrupt can leave believing a running thread has ended on Python
    3.10.)"""
    failures = []
    finished = [threading.Event() for _ in jobs]

    def run(job, done):
        try:
            job()
        except BaseException as exc:
            failures.append(exc)
            stop[0] = 1
        finally:
            done.set()

    started = []
    try:
        for i, (job, done) in enumerate(zip(jobs, finished)):
            thread = threading.Thread(target=run, args=(job, done), name=f"perft-{i}", daemon=True)
            thread.start()
            started.append(done)
        for done in finished:
            while not done.wait(WAIT_SECONDS):
                if on_wait is not None:
                    on_wait()
    except BaseException:
        stop[0] = 1
        for done in started:
            while not done.wait(WAIT_SECONDS):
                pass
        raise
    if failures:
        raise failures[0]

