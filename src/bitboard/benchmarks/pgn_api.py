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

Then the games kept: read_game's games put in a list (the collector's work on them counted),
and that list walked as a program walks it (`walk`: the main line and its side variations,
next(), parent, ply(), turn(), the comments, eval(), clock(), arrows(), NAGs, board() where a
variation starts and at the end, mainline_moves()), each round on games just read; and the
memory the kept games take, each library in a process of its own (the growth of its peak
resident memory, and the objects the cyclic garbage collector tracks).
"""
import argparse
import functools
import gc
import inspect
import io
import json
import os
import subprocess
import sys
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


def walk(games) -> int:
    """A program's walk over kept games, the same code for both libraries: each main-line
    node's ply, turn, parent, next node, comment, eval, clock, arrows and NAGs; each side
    variation's board, comments, eval and NAGs, and its own main line's comments and evals;
    the board at the end and the main line's moves. A tally of what it saw (the nodes, the
    comments' length, NAGs, evals and clocks found, the positions' lengths)."""
    tally = 0
    for game in games:
        for node in game.mainline():
            tally += node.ply() + node.turn() + (node.parent is not None) + (node.next() is None)
            tally += len(node.comment) + len(node.nags) + len(node.arrows())
            tally += (node.eval() is not None) + (node.clock() is not None)
            for side in node.parent.variations[1:]:
                tally += len(side.board().fen()) + len(side.starting_comment) + (side.eval() is not None)
                tally += len(side.nags)
                for later in side.mainline():
                    tally += len(later.comment) + (later.eval() is not None)
        tally += len(game.end().board().fen())
        for _ in game.mainline_moves():
            tally += 1
    return tally


class _Collector:
    """The cyclic garbage collector's work while it is installed (gc.callbacks): collections
    by generation, and the seconds spent in them, by `clock` (the one the program is timed by:
    with --cpu-time, the process's CPU time, not the wall time a loaded machine stretches)."""

    def __init__(self, clock=time.perf_counter):
        self.collections = [0, 0, 0]
        self.seconds = 0.0
        self._start = 0.0
        self._clock = clock

    def __call__(self, phase, info):
        if phase == "start":
            self._start = self._clock()
        else:
            self.seconds += self._clock() - self._start
            self.collections[info["generation"]] += 1

    def __enter__(self):
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc):
        gc.callbacks.remove(self)


def kept(modules: dict, path: str, repeat: int, clock=time.perf_counter) -> dict:
    """{name: (seconds reading into a list, seconds walking it, collector seconds reading,
    collector seconds walking, the walk's tally, seconds walking it again, collector seconds then)},
    the best of `repeat` rounds (each the least of its kind), the libraries taking turns; each
    round reads its games anew, and they are dropped (and collected) untimed."""
    best: dict = {name: [float("inf")] * 4 + [0] + [float("inf")] * 2 for name in modules}
    for _ in range(repeat):
        for name, pgn in modules.items():
            gc.collect()
            with open(path, encoding="utf-8") as handle, _Collector(clock) as reading:
                start = clock()
                games = []
                while (game := pgn.read_game(handle)) is not None:
                    games.append(game)
                read = clock() - start
            with _Collector(clock) as walking:
                start = clock()
                nodes = walk(games)
                walked = clock() - start
            with _Collector(clock) as again:
                start = clock()
                walk(games)
                second = clock() - start
            row = best[name]
            best[name] = [min(row[0], read), min(row[1], walked), min(row[2], reading.seconds),
                          min(row[3], walking.seconds), nodes, min(row[5], second), min(row[6], again.seconds)]
            del games
            gc.collect()
    return {name: tuple(row) for name, row in best.items()}


_MEMORY_CHILD = """
import gc, json, resource, sys, time
import importlib
def peak_kb():  # this process's peak resident memory: Linux's VmHWM, which starts anew at exec
    try:            # (ru_maxrss keeps the peak of the process that forked it: a big parent's)
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
pgn = importlib.import_module(sys.argv[1])
with open(sys.argv[2], encoding="utf-8") as handle:  # (the modules' first game read, their imports done)
    pgn.read_game(handle)
work = {"collections": [0, 0, 0], "seconds": 0.0, "start": 0.0}
def collector(phase, info):
    if phase == "start":
        work["start"] = time.perf_counter()
    else:
        work["seconds"] += time.perf_counter() - work["start"]
        work["collections"][info["generation"]] += 1
gc.collect()
tracked = len(gc.get_objects())
peak = peak_kb()
gc.callbacks.append(collector)
with open(sys.argv[2], encoding="utf-8") as handle:
    start = time.perf_counter()
    games = []
    while (game := pgn.read_game(handle)) is not None:
        games.append(game)
    seconds = time.perf_counter() - start
gc.callbacks.remove(collector)
grown = peak_kb() - peak
kept_tracked = len(gc.get_objects()) - tracked
walk(games)  # (the nodes a walk makes, kept)
gc.collect()
print(json.dumps({"games": len(games), "kb": grown, "tracked": kept_tracked, "seconds": seconds,
                  "collections": work["collections"], "gc_seconds": work["seconds"],
                  "walked_kb": peak_kb() - peak, "walked_tracked": len(gc.get_objects()) - tracked}))
"""


def memory(module_names: dict, path: str) -> dict:
    """{name: what reading `path` into a list costs in a fresh process of its own: the growth of
    peak resident memory (KB), the objects the collector tracks, the collections and their
    seconds}, for each {name: module name}."""
    out = {}
    for name, module in module_names.items():
        result = subprocess.run([sys.executable, "-c", inspect.getsource(walk) + _MEMORY_CHILD, module, path],
                                capture_output=True, text=True, check=False)
        if result.returncode:
            raise RuntimeError(f"the memory of {name}'s kept games was not measured: {result.stderr[-2000:]}")
        out[name] = json.loads(result.stdout)
    return out


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
                        help="measure only the readers whose name holds one of these (read_headers, file, ...; "
                             "'kept' for the kept games alone)")
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
        kept_rows = memory_rows = None
        if not args.only or any(word in "kept games" for word in args.only):
            kept_rows = kept({"python-chess": chess.pgn, "bitboard": ours}, path, 2 if args.quick else 3,
                             time.process_time if args.cpu_time else time.perf_counter)
            memory_rows = memory({"python-chess": "chess.pgn", "bitboard": "bitboard.chess.pgn"}, path)
    finally:
        os.remove(path)
    build = "compiled" if bitboard.compiled else "uncompiled"
    print(f"corpus: {games:,} games, {len(text.encode()) / 1e6:.1f} MB; python-chess {chess.__version__} against "
          f"bitboard.chess.pgn ({build}), best of {2 if args.quick else 5} interleaved rounds"
          f"{' (CPU time)' if args.cpu_time else ''}\n")
    print(markdown_table(["reader", "python-chess µs/game", "bitboard µs/game", "bitboard is faster by"],
                         [[case, f"{theirs / games * 1e6:,.2f}", f"{ours_ / games * 1e6:,.2f}",
                           f"{theirs / ours_:.1f}x"] for case, (theirs, ours_) in rows.items()]))
    if kept_rows:
        _print_kept(kept_rows, memory_rows, games, 2 if args.quick else 3)


def _print_kept(rows: dict, memory_rows: dict, games: int, repeat: int) -> None:
    theirs, ours = rows["python-chess"], rows["bitboard"]
    if theirs[4] != ours[4]:
        raise RuntimeError(f"the walks saw different games: a tally of {theirs[4]} in python-chess's, {ours[4]} in "
                           f"bitboard's")
    print(f"\nThe games kept: read_game into a list (a file), then that list walked (`walk`: "
          f"a tally of {ours[4]:,}), best of {repeat} interleaved rounds, each on games just read; the "
          f"collector's seconds inside each (gc.callbacks)\n")
    table = [["read_game into a list, file", theirs[0], ours[0], theirs[2], ours[2]],
             ["walk the kept games", theirs[1], ours[1], theirs[3], ours[3]],
             ["walk them again", theirs[5], ours[5], theirs[6], ours[6]],
             ["read into a list, then walk", theirs[0] + theirs[1], ours[0] + ours[1], theirs[2] + theirs[3],
              ours[2] + ours[3]]]
    print(markdown_table(["program", "python-chess µs/game", "bitboard µs/game", "bitboard is faster by",
                          "collector: python-chess", "collector: bitboard"],
                         [[case, f"{a / games * 1e6:,.2f}", f"{b / games * 1e6:,.2f}", f"{a / b:.1f}x",
                           f"{ga:.3f} s", f"{gb:.3f} s"] for case, a, b, ga, gb in table]))
    theirs, ours = memory_rows["python-chess"], memory_rows["bitboard"]
    print("\nThe memory of the kept games, each library in a fresh process reading the file into a "
          "list: the growth of peak resident memory (VmHWM), the objects the cyclic garbage collector tracks "
          "(gc.get_objects), its collections by generation and their seconds while reading; then the same "
          "after one walk of the list (the nodes it reached kept)\n")
    print(markdown_table(
        ["library", "games", "memory", "tracked objects", "collections (gen 0/1/2)", "collector seconds",
         "read seconds", "memory after a walk", "tracked after a walk"],
        [[name, f"{row['games']:,}", f"{row['kb'] / 1024:,.1f} MB", f"{row['tracked']:,}",
          "/".join(map(str, row["collections"])), f"{row['gc_seconds']:.3f}", f"{row['seconds']:.3f}",
          f"{row['walked_kb'] / 1024:,.1f} MB", f"{row['walked_tracked']:,}"]
         for name, row in memory_rows.items()]))
    print(f"\nbitboard's kept games take {ours['kb'] / max(theirs['kb'], 1):.2f} of python-chess's memory "
          f"({theirs['kb'] / max(ours['kb'], 1):.1f}x less); after a walk, "
          f"{ours['walked_kb'] / max(theirs['walked_kb'], 1):.2f}")


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
