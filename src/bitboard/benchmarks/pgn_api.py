"""python-chess's PGN readers, bitboard.chess.pgn against chess.pgn, on one generated corpus.

    python -m bitboard.benchmarks.pgn_api [--quick] [--games N] [--corpus PATH] [--only WORD ...]
                                          [--cpu-time]

The corpus is the pgn benchmark's (lichess-style tags, an `[%eval]` and a `[%clk]` comment on
every move, a few NAGs and variations), read whole by each call in a loop, from an io.StringIO
and from a file: read_game (the tree, python-chess's default GameBuilder), read_game with a
visitor written in Python (a BaseVisitor subclass that counts the moves), read_headers,
skip_game, and the offset index python-chess's documentation shows (tell() and read_headers
over the file, then seek() back to every tenth game and read_game). The two libraries take
turns round by round and each keeps its best; the times are per game of the corpus.
"""
import argparse
import functools
import io
import os
import tempfile
import time

from . import best_times, markdown_table
from .pgn import corpus


def _counting_visitor(pgn):
    """A visitor written in Python, as a program would write one: it counts the moves."""
    class MoveCounter(pgn.BaseVisitor):
        def begin_game(self):
            self.moves = 0

        def visit_move(self, board, move):
            self.moves += 1

        def result(self):
            return self.moves
    return MoveCounter


def _whole(read, end=None):
    """A function that calls `read(handle)` until it returns `end`, the text's end: None (False
    for skip_game), looked for by identity as python-chess's documentation does, so that no
    method of the result (Headers.__len__, in Python on both sides) is timed with the reader."""
    def run(handle):
        while read(handle) is not end:
            pass
    return run


def _offset_index(pgn):
    def run(handle):
        offsets = []
        while True:
            offset = handle.tell()
            if pgn.read_headers(handle) is None:
                break
            offsets.append(offset)
        for offset in offsets[::10]:
            handle.seek(offset)
            pgn.read_game(handle)
    return run


def cases(pgn) -> dict:
    """{case: (function(handle), 'string' or 'file')} for a chess.pgn module."""
    counter = _counting_visitor(pgn)
    return {
        "read_game (GameBuilder), StringIO": (_whole(pgn.read_game), "string"),
        "read_game, a Python visitor counting moves, StringIO": (
            _whole(functools.partial(pgn.read_game, Visitor=counter)), "string"),
        "read_headers, StringIO": (_whole(pgn.read_headers), "string"),
        "skip_game, StringIO": (_whole(pgn.skip_game, False), "string"),
        "read_game (GameBuilder), file": (_whole(pgn.read_game), "file"),
        "read_headers, file": (_whole(pgn.read_headers), "file"),
        "skip_game, file": (_whole(pgn.skip_game, False), "file"),
        "offset index: tell + read_headers, seek + read_game every 10th, file": (_offset_index(pgn), "file"),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller corpus and fewer rounds")
    parser.add_argument("--games", type=int, default=None, help="games in the corpus (default 2,000; 200 quick)")
    parser.add_argument("--corpus", metavar="PATH", help="read this PGN file instead of generating one")
    parser.add_argument("--only", nargs="+", metavar="WORD",
                        help="measure only the readers whose name holds one of these (read_headers, file, ...)")
    parser.add_argument("--cpu-time", action="store_true",
                        help="time the process's CPU time, not wall time (steadier on a machine shared with others)")
    args = parser.parse_args(argv)
    try:
        import chess
        import chess.pgn
    except ImportError:
        print("python-chess is not installed (pip install chess): it is the baseline, nothing measured")
        return
    import bitboard
    import bitboard.chess.pgn as ours
    if args.corpus:
        with open(args.corpus, encoding="utf-8") as stream:
            text = stream.read()
    else:
        text = corpus(args.games or (200 if args.quick else 2000))
    games, counting = 0, io.StringIO(text)
    while ours.skip_game(counting):
        games += 1
    handle, path = tempfile.mkstemp(suffix=".pgn")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        rows = _measure({"python-chess": chess.pgn, "bitboard": ours}, text, path, 2 if args.quick else 5, args.only,
                        time.process_time if args.cpu_time else time.perf_counter)
    finally:
        os.remove(path)
    build = "compiled" if bitboard.compiled else "uncompiled"
    print(f"corpus: {games:,} games, {len(text.encode()) / 1e6:.1f} MB; python-chess {chess.__version__} against "
          f"bitboard.chess.pgn ({build}), best of {2 if args.quick else 5} interleaved rounds"
          f"{' (CPU time)' if args.cpu_time else ''}\n")
    print(markdown_table(["reader", "python-chess µs/game", "bitboard µs/game", "bitboard is faster by"],
                         [[case, f"{theirs / games * 1e6:,.2f}", f"{ours_ / games * 1e6:,.2f}",
                           f"{theirs / ours_:.1f}x"] for case, (theirs, ours_) in rows.items()]))


def _measure(modules: dict, text: str, path: str, repeat: int, only=None, clock=time.perf_counter) -> dict:
    """{case: (python-chess seconds, bitboard seconds)}, each case's runs taking turns; each run
    reads from the start of a StringIO or a file opened once (making them is not timed). `only`:
    the cases whose name holds one of these words (all if None)."""
    by_module = {name: cases(module) for name, module in modules.items()}
    handles = {"string": io.StringIO(text), "file": open(path, encoding="utf-8")}  # noqa: SIM115  (closed below)
    try:
        rows = {}
        for case in by_module["bitboard"]:
            if only and not any(word in case for word in only):
                continue
            runs = {}
            for name in modules:
                function, source = by_module[name][case]
                runs[name] = _runner(function, handles[source])
            best = best_times(runs, repeat=repeat, clock=clock)
            rows[case] = (best["python-chess"], best["bitboard"])
        return rows
    finally:
        handles["file"].close()


def _runner(function, handle):
    def run():
        handle.seek(0)
        function(handle)
    return run


if __name__ == "__main__":
    main()
