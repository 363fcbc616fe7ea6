"""convert_files: many PGN inputs converted at once, on worker processes that are fresh
interpreters (running `serve`); one input's conversion is datasets.convert_file.

multiprocessing's spawn and forkserver start a worker by importing the parent's `__main__`, so
a script that calls convert_files without `if __name__ == "__main__":` would start itself again
in every worker (and fork is unsafe in a process that runs threads). These workers run this
module's `serve` instead (`python -c`, not `-m`: `bitboard.data` imports this module, which
`-m` would then run a second time as `__main__`): the parent sends each a task as a line of
JSON on its standard input, and the worker answers with lines of JSON on its standard output
(progress, then the finished Shard, or the error). A worker stopped by a signal or Ctrl-C
removes its unfinished temporary files.
"""
import builtins
import contextlib
import functools
import json
import os
import selectors
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import asdict
from typing import NamedTuple

from .. import errors as _errors
from ..errors import InvalidArgumentError, quoted
from .datasets import (
    Progress,
    Shard,
    compression_options,
    convert_file,
    convert_parts,
    dataset_folder,
    parts_added,
    shards_there,
)
from .parts import PART_BYTES, Part, cut_parts, input_cuts, run_starts
from .sources import STDIN, pgn_files, shard_stems, source_names

__all__ = ["BUSY_THREADS", "ConversionInterrupted", "convert_files", "default_processes"]


class ConversionInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped convert_files: the shards finished are kept, the unfinished ones left
    nothing. `kept` names what was finished: each input whose shards are all there (converted in
    this run or before) by its source name, and a part of an unfinished input as "NAME (part K of
    N)"; `inputs`, how many inputs there were."""

    def __init__(self, kept: list[str], inputs: int):
        super().__init__(f"{len([k for k in kept if ' (part ' not in k])} of {inputs} inputs converted")
        self.kept, self.inputs = kept, inputs


def convert_files(sources: Iterable | str | os.PathLike, out_dir, *, overwrite: bool = False,
                  processes: int | None = None, progress: Progress | None = None,
                  finished: Callable[[Shard], None] | None = None, part_bytes: int | None = PART_BYTES,
                  compression: str = "zstd") -> dict[str, Shard]:
    """Convert PGN inputs (files, folders of them, "-") into the dataset folder `out_dir`,
    each input streamed into its own shards, on `processes` worker processes (default:
    default_processes(), one per two cores); {source name: Shard}. An input of over 1.5
    `part_bytes` of text is cut into parts (bitboard.data.parts), each its own shard, as a Dask
    cluster cuts it (pgn_to_parquet), so a conversion begun here can end there and the other
    way round; the parts of one input are spread over the workers that the inputs leave free.
    `progress` is convert_file's, `finished(shard)` is called as each input is done;
    `compression` is convert_file's. Ctrl-C stops every worker; finished shards stay, unfinished
    ones leave nothing (ConversionInterrupted, a KeyboardInterrupt, names what was kept).

    The workers are fresh interpreters running this module's `serve`: they never
    import the calling script, so a script without `if __name__ == "__main__":` works."""
    paths = pgn_files(sources)
    if not paths:
        raise InvalidArgumentError(f"no PGN inputs in {quoted(sources)}")
    out = dataset_folder(out_dir)
    compression_options(compression)  # (checked before any work)
    check_part_bytes(part_bytes)
    names = source_names(paths)
    stems = shard_stems(names.values())
    processes = processes if processes is not None else default_processes()
    if not _is_count(processes):
        raise InvalidArgumentError(f"processes must be a whole number of at least 1, not {quoted(processes)}")
    tasks: list[Task] = []
    share = max(1, processes // len(paths))  # the workers each input may have
    for path in paths:
        task = Task(path, names[path], stems[names[path]])
        cuts, size = input_cuts(path, part_bytes) if path != STDIN and part_bytes is not None else ([0], 0)
        if len(cuts) == 1:
            tasks.append(task)
            continue
        pieces = cut_parts(cuts)
        starts = run_starts(len(pieces), share)
        packing = os.path.getsize(path) / max(size, 1)  # (a compressed input's bytes per byte of text)
        tasks += [task._replace(parts=tuple(pieces[begin:end]), packing=packing)
                  for begin, end in zip(starts, [*starts[1:], len(pieces)])]
    done: dict[str, Shard] = {}
    pieces_done: dict[str, list] = {}
    kept: list[str] = []

    def record(task: Task, part: "Part | None", shard: Shard) -> None:
        if part is None:
            done[task.name] = shard
        else:
            pieces_done.setdefault(task.name, []).append((part.index, shard))
            if len(pieces_done[task.name]) < part.count:  # (finished once all its parts are)
                kept.append(f"{task.name} (part {part.index + 1} of {part.count})")
                return
            done[task.name] = parts_added(pieces_done.pop(task.name))
            kept[:] = [k for k in kept if not k.startswith(f"{task.name} (part ")]
        kept.append(task.name)
        if finished is not None:
            finished(done[task.name])

    try:
        if processes == 1 or any(path == STDIN for path in paths):  # (standard input is this process's)
            with _interrupts_never_lost():
                _convert(tasks, out, overwrite, progress, compression, record)
        else:
            run_tasks(tasks, out, overwrite=overwrite, processes=processes, progress=progress,
                      compression=compression, finished=record)
    except KeyboardInterrupt:  # (what was finished as it stopped is there too, reported or not)
        for task in tasks:
            for part in task.parts or [None]:
                named = task.name if part is None else f"{task.name} (part {part.index + 1} of {part.count})"
                if (task.name not in kept and named not in kept
                        and shards_there(out, task.path, task.name, task.stem, part)):
                    kept.append(named)
        raise ConversionInterrupted(kept, len(paths)) from None
    return done


def _convert(tasks: "list[Task]", out: str, overwrite: bool, progress: Progress | None, compression: str,
             record: "Callable[[Task, Part | None, Shard], None]") -> None:
    """Tasks one after the other in this process (convert_files' own, or a worker's), `record`
    called with each shard finished."""
    for task in tasks:
        if task.parts is None:
            record(task, None, convert_file(task.path, out, name=task.name, stem=task.stem, overwrite=overwrite,
                                            progress=progress, compression=compression))
        else:
            convert_parts(task.path, out, list(task.parts), name=task.name, stem=task.stem, overwrite=overwrite,
                          progress=progress, compression=compression, packing=task.packing,
                          finished=functools.partial(record, task))


@contextlib.contextmanager
def _interrupts_never_lost():
    """Ctrl-C in this process's own conversion: Python's KeyboardInterrupt, and where Python
    could not raise it (it came in an object's __del__ or a weakref callback: a ParquetWriter
    closing), it comes again a moment later instead of being printed and lost while the
    conversion goes on (_interrupt_again). Left as it is where this is not the main thread, or
    a program has a SIGINT handler of its own."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield
        return
    hook = sys.unraisablehook
    sys.unraisablehook = functools.partial(_interrupt_again, {signal.SIGINT: signal.default_int_handler}, hook)
    try:
        yield
    finally:
        sys.unraisablehook = hook


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def check_part_bytes(part_bytes) -> None:
    if part_bytes is not None and not _is_count(part_bytes):
        raise InvalidArgumentError(f"part_bytes is a positive number of bytes or None, not {quoted(part_bytes)}")


def _cores() -> int:
    """The cores this process may run on (taskset, a container's CPU set), else the machine's."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


#: The threads a conversion keeps busy: its reader, and its Parquet writer beside it (a compressed
#: input's unpacking thread adds a fraction of a core).
BUSY_THREADS = 2


def default_processes() -> int:
    """The worker processes convert_files runs by default: as many as the cores hold, each
    conversion keeping BUSY_THREADS cores busy (processes x busy threads <= cores), at least one.
    More would take turns on the same cores and run slower than fewer (on two cores, two
    processes ran at 0.77-0.93x one)."""
    return max(1, _cores() // BUSY_THREADS)



def _command() -> tuple[list[str], dict[str, str]]:
    """The worker's command line and environment: this interpreter, this copy of bitboard."""
    import bitboard
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(bitboard.__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = package_root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return [sys.executable, "-c", "from bitboard.data.workers import serve; serve()"], env


class Task(NamedTuple):
    """An input for a worker: its path, source name and shard stem, and the consecutive parts
    of it to convert (bitboard.data.parts.Part, read from one stream; None: all of it), with a
    compressed input's bytes per byte of text (`packing`, for progress)."""

    path: str
    name: str
    stem: str
    parts: tuple[Part, ...] | None = None
    packing: float = 1.0


def run_tasks(tasks: list[Task], out_dir: str, *, overwrite: bool, processes: int,
              finished: Callable[[Task, Part | None, Shard], None], progress: Progress | None = None,
              compression: str = "zstd") -> None:
    """Convert each Task in a worker, `processes` at a time; `finished(task, part or None,
    Shard)` as each input, or each part of a task's parts, is done. An error in a worker stops
    them all and is raised here, as its own class when it is one of bitboard's.

    The workers run in sessions of their own, so that Ctrl-C in a terminal reaches only this
    process, which then stops each worker with SIGTERM: one signal each, never two racing. A
    shard a worker finished before it stopped is still reported to `finished`."""
    command, env = _command()
    pending = list(reversed(tasks))  # (taken from the end: in order)
    expected = sum(len(task.parts) if task.parts else 1 for task in tasks)
    selector = selectors.DefaultSelector()
    workers: list[subprocess.Popen] = []
    unread: dict[int, bytes] = {}  # each worker's output after its last whole line
    doing: dict[int, Task] = {}
    left: dict[int, int] = {}  # the shards each worker's task has still to send
    idle: list[subprocess.Popen] = []
    done = 0

    def answer(worker: subprocess.Popen, line: bytes) -> None:
        nonlocal done
        message = json.loads(line)
        if "progress" in message:
            if progress is not None:
                progress(*message["progress"])
        elif "error" in message:
            kind = getattr(_errors, message["kind"], None) or getattr(builtins, message["kind"], None)
            if not (isinstance(kind, type) and issubclass(kind, Exception)):
                kind = RuntimeError
            raise kind(message["error"])
        else:
            done += 1
            task = doing[worker.pid]
            left[worker.pid] -= 1
            if not left[worker.pid]:
                del doing[worker.pid]
                idle.append(worker)
            finished(task, None if message["part"] is None else Part(**message["part"]), Shard(**message["shard"]))

    stopped = False
    try:
        for _ in range(min(processes, len(tasks))):
            worker = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      start_new_session=True)
            workers.append(worker)
            unread[worker.pid] = b""
            selector.register(worker.stdout, selectors.EVENT_READ, worker)  # type: ignore[arg-type]
            idle.append(worker)
        while done < expected:
            while idle and pending:
                worker = idle.pop()
                task = doing[worker.pid] = pending.pop()
                left[worker.pid] = len(task.parts) if task.parts else 1
                _send(worker, task, out_dir, overwrite, compression)
            for key, _ in selector.select():
                worker = key.data
                # read what is there, unbuffered: a buffered readline could hold a second line
                # that select() would then never report
                data = os.read(key.fd, 1 << 16)
                if not data:
                    raise RuntimeError(f"a PGN worker stopped with exit status {worker.wait()} "
                                       "(see its error above)")
                unread[worker.pid] += data
                while b"\n" in unread[worker.pid]:  # (each line dropped once answered: Ctrl-C loses none)
                    line, rest = unread[worker.pid].split(b"\n", 1)
                    answer(worker, line)
                    unread[worker.pid] = rest
        for worker in workers:
            worker.stdin.close()  # type: ignore[union-attr]  # no more tasks: the worker's loop ends
    except KeyboardInterrupt:
        stopped = True
        raise
    finally:
        for worker in workers:
            if worker.poll() is None and not worker.stdin.closed:  # type: ignore[union-attr]
                worker.send_signal(signal.SIGTERM)  # stopped early: the worker removes its unfinished files
        for worker in workers:
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
            if stopped and worker.pid in doing:  # (what it finished before it stopped: there, and named)
                for line in _rest(worker, unread[worker.pid]):
                    if line.startswith(b'{"shard"'):
                        answer(worker, line)
            for stream in (worker.stdin, worker.stdout):
                if stream is not None:
                    stream.close()
        selector.close()


def _rest(worker: subprocess.Popen, unread: bytes) -> list[bytes]:
    """The lines a worker that has ended wrote and were not yet read."""
    assert worker.stdout is not None
    while True:
        data = os.read(worker.stdout.fileno(), 1 << 16)
        if not data:
            return unread.split(b"\n")
        unread += data


def _send(worker: subprocess.Popen, task: Task, out_dir: str, overwrite: bool, compression: str) -> None:
    assert worker.stdin is not None
    parts = None if task.parts is None else [asdict(part) for part in task.parts]
    worker.stdin.write(json.dumps({"path": task.path, "name": task.name, "stem": task.stem, "out_dir": out_dir,
                                   "overwrite": overwrite, "compression": compression, "parts": parts,
                                   "packing": task.packing}).encode() + b"\n")
    worker.stdin.flush()


def serve() -> None:
    """The worker: tasks from standard input, answers on standard output, until input ends."""
    _stop_on_signals()
    out = sys.stdout

    def send(message: dict) -> None:
        out.write(json.dumps(message) + "\n")
        out.flush()

    try:
        for line in sys.stdin:
            task = json.loads(line)
            try:
                parts = None if task["parts"] is None else tuple(Part(**part) for part in task["parts"])
                _convert([Task(task["path"], task["name"], task["stem"], parts, task["packing"])], task["out_dir"],
                         task["overwrite"], lambda *args: send({"progress": args}), task["compression"],
                         lambda _, part, shard: send({"shard": asdict(shard),
                                                      "part": None if part is None else asdict(part)}))
            except Exception as exc:  # noqa: BLE001  (sent to the parent, which raises it)
                send({"error": str(exc), "kind": type(exc).__name__})
                return
    except (KeyboardInterrupt, BrokenPipeError):
        return  # stopped: convert_file has removed its unfinished files


def _stop_on_signals() -> None:
    """The worker's SIGTERM and SIGINT (_stop), never lost in a finalizer (_interrupt_again)."""
    handlers = {signal.SIGTERM: _stop, signal.SIGINT: _stop}
    for signum, handler in handlers.items():
        signal.signal(signum, handler)
    sys.unraisablehook = functools.partial(_interrupt_again, handlers, sys.unraisablehook)


def _stop(signum, frame) -> None:
    """The worker's SIGTERM and SIGINT: a KeyboardInterrupt, once (a second signal would cut the
    cleanup short: a handler that does nothing, not SIG_IGN, as a signal already pending would
    find no handler, and Python print a traceback)."""
    for name in (signal.SIGINT, signal.SIGTERM):
        signal.signal(name, _ignored)
    raise KeyboardInterrupt  # unwinds convert_file, which removes its temporary files


def _interrupt_again(handlers: dict, hook: Callable, unraisable) -> None:
    """sys.unraisablehook while a conversion runs. A KeyboardInterrupt raised where Python cannot
    raise it, in an object's __del__ or a weakref callback (a ParquetWriter closing), would be
    printed as "Exception ignored" and lost, the conversion going on to its end: instead the
    signal's `handlers` are put back and the first signal sent again a moment later, from a
    thread (sent at once, it would come back inside the same finalizer). Anything else goes to
    `hook`, the one before."""
    if unraisable.exc_type is None or not issubclass(unraisable.exc_type, KeyboardInterrupt):
        hook(unraisable)
        return
    for signum, handler in handlers.items():
        signal.signal(signum, handler)
    again = threading.Timer(0.01, os.kill, (os.getpid(), next(iter(handlers))))
    again.daemon = True
    again.start()


def _ignored(signum, frame) -> None:
    """A signal after the first: the worker is already stopping."""
