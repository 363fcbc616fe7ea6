"""Memory of PGN to a Parquet dataset: a worker's peak resident memory on inputs of growing size.

    python -m bitboard.benchmarks.pgn_memory [--sizes-mb 1024 4096] [--folder DIR]

Each input is the generated corpus (bitboard.benchmarks.pgn.corpus) repeated to the size asked;
each is converted by `convert_file` in a fresh process, and the process's peak resident set
(getrusage's ru_maxrss, pyarrow loaded) is read when it ends. A streaming converter's peak does
not grow with the input: the rows of the table show it.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

from . import markdown_table

_CHILD = """
import sys
import pyarrow  # loaded, as a worker has it
from bitboard.data.datasets import convert_file
shard = convert_file(sys.argv[1], sys.argv[2], overwrite=True)
print(shard.games, shard.positions)
"""


def _input(folder: str, megabytes: int, text: bytes) -> str:
    """The corpus repeated to `megabytes`, written once per size."""
    path = os.path.join(folder, f"corpus-{megabytes}mb.pgn")
    if not os.path.exists(path) or os.path.getsize(path) < megabytes << 20:
        with open(path, "wb") as out:
            written = 0
            while written < megabytes << 20:
                out.write(text)
                written += len(text)
    return path


def peak(path: str, out: str) -> tuple[float, float, int, int]:
    """(seconds, peak resident MB, games, positions) of converting `path` in a fresh process."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", _CHILD, path, out], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise RuntimeError(f"the conversion of {path} failed with status {process.returncode}")
    games, positions = map(int, output.split())
    return time.perf_counter() - start, usage.ru_maxrss / 1024, games, positions


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes-mb", type=int, nargs="+", default=[1024, 4096], help="input sizes in MB")
    parser.add_argument("--folder", default=None, help="where the inputs and outputs go (default: a temporary one)")
    parser.add_argument("--quick", action="store_true", help="inputs of 64 and 256 MB")
    args = parser.parse_args(argv)
    if args.folder is not None and not os.path.isdir(args.folder):
        parser.error(f"--folder {args.folder!r} is not a folder")  # (exit status 2, no traceback)
    from .pgn import corpus
    sizes = [64, 256] if args.quick else args.sizes_mb
    text = corpus(3000, seed=7).encode() + b"\n"
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        rows = []
        for megabytes in sizes:
            path = _input(folder, megabytes, text)
            seconds, rss, games, positions = peak(path, os.path.join(folder, "out"))
            rows.append([f"{os.path.getsize(path) / 2**20:,.0f} MB", f"{games:,}", f"{positions:,}", f"{seconds:.1f}",
                         f"{positions / seconds:,.0f}", f"{rss:,.0f} MB"])
            os.remove(path)
    print("PGN to a Parquet dataset (convert_file, one process, pyarrow loaded): peak resident memory\n")
    print(markdown_table(["input", "games", "positions", "seconds", "positions/s", "peak RSS"], rows))


if __name__ == "__main__":
    main()
