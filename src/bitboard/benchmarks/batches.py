"""Training batches from a Parquet dataset, positions per second on one core.

    python -m bitboard.benchmarks.batches [--quick] [--games N]

The dataset is made here: the PGN benchmark's generated corpus (3,000 games; 500 quick)
converted by convert_file as `bitboard pgn to-parquet` converts (row groups of 131,072
positions, zstd). Each run is a whole pass of `bitboard.data.batches.batches` over it in
batches of 1,024, file order, the process held to one core and pyarrow to one thread:
reading, decompressing, rebuilding the records, encoding and cutting the batches, all counted.
The encoders alone on the same rows are timed beside, to show where the time goes. The runs
take turns, round by round; each keeps its best.
"""
import argparse
import contextlib
import os
import tempfile

from . import best_times, markdown_table

#: The runs: (name, batches() arguments).
RUNS = [
    ("packed piece planes + AlphaZero policy", {"encoding": "packed_planes", "policy": "alphazero"}),
    ("piece planes (uint8) + AlphaZero policy", {"encoding": "planes", "policy": "alphazero"}),
    ("lc0 112 planes (uint8) + lc0 policy", {"encoding": "lc0", "policy": "lc0"}),
    ("lc0 112 planes, packed + lc0 policy", {"encoding": "lc0_packed", "policy": "lc0"}),
    ("lc0 112 planes (uint8) + lc0 policy, shuffled (100,000)", {"encoding": "lc0", "policy": "lc0",
                                                                  "shuffle_buffer": 100_000}),
]
BATCH_SIZE = 1024


@contextlib.contextmanager
def one_core():
    """This process on one CPU and pyarrow on one thread, put back as they were afterwards."""
    import pyarrow as pa
    cpus, threads, io_threads = None, pa.cpu_count(), pa.io_thread_count()
    if hasattr(os, "sched_getaffinity"):
        cpus = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {min(cpus)})
    pa.set_cpu_count(1)
    pa.set_io_thread_count(1)
    try:
        yield
    finally:
        pa.set_cpu_count(threads)
        pa.set_io_thread_count(io_threads)
        if cpus is not None:
            os.sched_setaffinity(0, cpus)


def make_dataset(games: int, folder: str) -> int:
    """The corpus of `games` games as a dataset folder under `folder`; its positions."""
    from ..data.datasets import convert_file
    from .pgn import corpus
    path = os.path.join(folder, "corpus.pgn")
    with open(path, "w") as out:
        out.write(corpus(games))
    return convert_file(path, folder).positions


def measure(folder: str, repeat: int) -> dict:
    """{run name: seconds of its best pass}, the encoders alone included."""
    import pyarrow.parquet as pq

    from ..data.batches import batches
    from ..data.encode import alphazero_indices, lc0_indices, leela_planes, piece_planes
    from ..data.records import position_dtype

    def one_pass(options):
        for _ in batches(folder, BATCH_SIZE, **options):
            pass

    table = pq.read_table(os.path.join(folder, "positions"))
    records = _records(table, position_dtype())
    moves = table.column("move").fill_null(0xFFFF).to_numpy()
    game = table.column("game").to_numpy()
    runs = {name: (lambda options=options: one_pass(options)) for name, options in RUNS}
    runs["encoders alone: piece_planes(packed) + alphazero_indices"] = lambda: (
        piece_planes(records, packed=True), alphazero_indices(moves, records["turn"]))
    runs["encoders alone: leela_planes(packed) + lc0_indices"] = lambda: (
        leela_planes(records, game, packed=True), lc0_indices(moves, records))
    for run in runs.values():
        run()  # the first pass pays for imports, tables and the pages of the output
    return best_times(runs, repeat=repeat)


def _records(table, dtype):
    """The table's position records, for the encoders alone."""
    import numpy as np
    records = np.empty(table.num_rows, dtype=dtype)
    for name in dtype.names:
        column = table.column(name).combine_chunks()
        if name in ("board", "rooks"):
            width = column.type.byte_width
            records[name] = np.frombuffer(column.buffers()[1], np.uint8, len(column) * width,
                                          column.offset * width).reshape(-1, width)
        else:
            records[name] = column.to_numpy()
    return records


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller dataset and fewer rounds")
    parser.add_argument("--games", type=int, default=None, help="games in the corpus (default 3,000; 500 quick)")
    args = parser.parse_args(argv)
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        print("not installed, so not measured: pyarrow (pip install pyarrow)")
        return
    from .. import compiled
    games = args.games or (500 if args.quick else 3000)
    with tempfile.TemporaryDirectory() as folder:
        positions = make_dataset(games, folder)
        with one_core():
            seconds = measure(folder, repeat=2 if args.quick else 5)
    print(f"dataset: {games:,} games, {positions:,} positions; batches of {BATCH_SIZE:,}; one core; "
          f"bitboard {'compiled' if compiled else 'uncompiled'}\n")
    print(markdown_table(["run", "seconds", "positions/s"],
                         [[name, f"{spent:.3f}", f"{positions / spent:,.0f}"] for name, spent in seconds.items()]))


if __name__ == "__main__":
    main()
