"""Worker processes for convert_files: fresh interpreters, `python -m bitboard.data.workers`.

multiprocessing's spawn and forkserver start a worker by importing the parent's `__main__`, so
a script that calls convert_files without `if __name__ == "__main__":` would start itself again
in every worker (and fork is unsafe in a process that runs threads). These workers run this
module instead: the parent sends each a task as a line of JSON on its standard input, and the
worker answers with lines of JSON on its standard output (progress, then the finished Shard, or
the error). A worker stopped by a signal or Ctrl-C removes its unfinished temporary files.
"""
import builtins
import json
import os
import selectors
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import asdict
from typing import NamedTuple

from .. import errors as _errors
from .datasets import Progress, Shard, convert_file
from .parts import Part, local_parts

__all__ = ["Task", "run_tasks"]


def _command() -> tuple[list[str], dict[str, str]]:
    """The worker's command line and environment: this interpreter, this copy of bitboard."""
    import bitboard
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(bitboard.__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = package_root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return [sys.executable, "-m", "bitboard.data.workers"], env


class Task(NamedTuple):
    """An input for a worker: its path, source name and shard stem, and the part of it to convert
    (bitboard.data.parts.Part; None: all of it)."""

    path: str
    name: str
    stem: str
    part: Part | None = None


def run_tasks(tasks: list[Task], out_dir: str, *, overwrite: bool, processes: int,
              progress: Progress | None = None, cut: dict[str, list[int]] | None = None,
              packing: dict[str, float] | None = None) -> Iterator[tuple[Task, Shard]]:
    """Convert each Task in a worker, `processes` at a time; yields (task, Shard) as each is
    done. An input of `cut` ({path: its parts' cuts, parts.local_cuts}) is converted as parts,
    a task each, every part but the first found by its own worker (parts.locate; `packing`: a
    compressed input's bytes per byte of text, for `progress`). An error in a worker stops them
    all and is raised here, as its own class when it is one of bitboard's."""
    command, env = _command()
    cut, packing = cut or {}, packing or {}
    pending: list[Task] = []
    for task in tasks:
        cuts = cut.get(task.path)
        if not cuts:
            pending.append(task)
            continue
        pending += [task._replace(part=part) for part in local_parts(cuts)]
    pending.reverse()  # (taken from the end: in order)
    expected = len(pending)
    selector = selectors.DefaultSelector()
    workers: list[subprocess.Popen] = []
    unread: dict[int, bytes] = {}  # each worker's output after its last whole line
    doing: dict[int, Task] = {}
    idle: list[subprocess.Popen] = []
    try:
        for _ in range(min(processes, expected)):
            worker = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            workers.append(worker)
            unread[worker.pid] = b""
            selector.register(worker.stdout, selectors.EVENT_READ, worker)  # type: ignore[arg-type]
            idle.append(worker)
        done = 0
        while done < expected:
            while idle and pending:
                worker = idle.pop()
                doing[worker.pid] = pending.pop()
                _send(worker, doing[worker.pid], out_dir, overwrite)
            for key, _ in selector.select():
                worker = key.data
                # read what is there, unbuffered: a buffered readline could hold a second line
                # that select() would then never report
                data = os.read(key.fd, 1 << 16)
                if not data:
                    raise RuntimeError(f"a PGN worker stopped with exit status {worker.wait()} "
                                       "(see its error above)")
                *lines, unread[worker.pid] = (unread[worker.pid] + data).split(b"\n")
                for line in lines:
                    message = json.loads(line)
                    if "progress" in message:
                        if progress is not None:
                            task = doing[worker.pid]
                            progress(*_part_progress(task, packing.get(task.path, 1.0), *message["progress"]))
                    elif "error" in message:
                        kind = getattr(_errors, message["kind"], None) or getattr(builtins, message["kind"], None)
                        if not (isinstance(kind, type) and issubclass(kind, Exception)):
                            kind = RuntimeError
                        raise kind(message["error"])
                    else:
                        done += 1
                        yield doing.pop(worker.pid), Shard(**message["shard"])
                        idle.append(worker)
        for worker in workers:
            worker.stdin.close()  # type: ignore[union-attr]  # no more tasks: the worker's loop ends
    finally:
        for worker in workers:
            if worker.poll() is None and not worker.stdin.closed:  # type: ignore[union-attr]
                worker.send_signal(signal.SIGTERM)  # stopped early: the worker removes its unfinished files
        for worker in workers:
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                worker.kill()
            for stream in (worker.stdin, worker.stdout):
                if stream is not None:
                    stream.close()
        selector.close()


def _part_progress(task: Task, packing: float, name: str, done: int, total, games: int) -> tuple:
    """A part's progress as its own line of the display, "NAME (part K of N)", in the input's
    bytes (`packing`: a compressed input's bytes per byte of text)."""
    if task.part is None:
        return name, done, total, games
    return (f"{name} (part {task.part.index + 1} of {task.part.count})", round(done * packing),
            None if total is None else round(total * packing), games)


def _send(worker: subprocess.Popen, task: Task, out_dir: str, overwrite: bool) -> None:
    assert worker.stdin is not None
    worker.stdin.write(json.dumps({"path": task.path, "name": task.name, "stem": task.stem, "out_dir": out_dir,
                                   "overwrite": overwrite,
                                   "part": asdict(task.part) if task.part is not None else None}).encode() + b"\n")
    worker.stdin.flush()


def _serve() -> None:
    """The worker: tasks from standard input, answers on standard output, until input ends."""
    def stop(signum, frame):
        for name in (signal.SIGINT, signal.SIGTERM):  # once: a second signal would cut the cleanup short
            signal.signal(name, signal.SIG_IGN)
        raise KeyboardInterrupt  # unwinds convert_file, which removes its temporary files

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)  # Ctrl-C reaches the parent and its workers, the parent then SIGTERM
    out = sys.stdout

    def report(*args) -> None:
        out.write(json.dumps({"progress": args}) + "\n")
        out.flush()

    try:
        for line in sys.stdin:
            task = json.loads(line)
            try:
                part = Part(**task["part"]) if task.get("part") else None
                shard = convert_file(task["path"], task["out_dir"], name=task["name"], stem=task["stem"],
                                     overwrite=task["overwrite"], progress=report, part=part)
            except Exception as exc:  # noqa: BLE001  (sent to the parent, which raises it)
                out.write(json.dumps({"error": str(exc), "kind": type(exc).__name__}) + "\n")
                out.flush()
                return
            out.write(json.dumps({"shard": asdict(shard)}) + "\n")
            out.flush()
    except (KeyboardInterrupt, BrokenPipeError):
        return  # stopped: convert_file has removed its unfinished files


if __name__ == "__main__":
    _serve()
