"""Bitboards against the 0x88 board: the speed comparison the document wrote both for.

    python -m bitboard.benchmarks.x88 [--quick]

Perft of the standard positions with both move generators, compiled and uncompiled (the
uncompiled modules loaded from this installation with bitboard.installation), and for the 0x88 board
both kinds of undo: the document's copy of the whole state, and the lighter incremental one.
Cells are million leaves per second (best of the runs); the last columns are bitboard / 0x88.
"""
import time

from .. import compiled
from ..board import Board
from ..catalogue import x88 as built_x88
from ..installation import pure
from . import markdown_table, sizes
from .movegen import POSITIONS

BUILDS = ("compiled", "uncompiled")


def measure(repeat: int, shift: int) -> list:
    pure_board, pure_x88 = pure("board").Board, pure("catalogue.x88").Board
    engines = {
        "compiled": {"bitboard": lambda fen, d: Board(fen).perft(d),
                     "0x88 copy": lambda fen, d: built_x88.Board(fen).perft(d, undo="copy"),
                     "0x88 incremental": lambda fen, d: built_x88.Board(fen).perft(d, undo="incremental")},
        "uncompiled": {"bitboard": lambda fen, d: pure_board(fen).perft(d),
                       "0x88 copy": lambda fen, d: pure_x88(fen).perft(d, undo="copy"),
                       "0x88 incremental": lambda fen, d: pure_x88(fen).perft(d, undo="incremental")},
    }
    rows = []
    for name, fen, depth, _ in POSITIONS:
        depths = {"compiled": depth - 1 - shift, "uncompiled": 3 - shift}
        row = {"position": name}
        for build in BUILDS if compiled else ("uncompiled",):
            d = depths[build]
            best, expected = {}, None
            for _ in range(repeat):
                for engine, run in engines[build].items():
                    start = time.perf_counter()
                    nodes = run(fen, d)
                    nps = nodes / (time.perf_counter() - start)
                    expected = nodes if expected is None else expected
                    if nodes != expected:
                        raise AssertionError(f"{build} {engine} counts {nodes} on {name}, not {expected}")
                    best[engine] = max(best.get(engine, 0.0), nps)
            row[build] = (d, best)
        rows.append(row)
    return rows


def report(rows: list) -> str:
    builds = [b for b in BUILDS if b in rows[0]]
    headers = ["position"]
    for build in builds:
        headers += [f"{build} depth", f"{build} bitboard", f"{build} 0x88 copy", f"{build} 0x88 incremental",
                    f"{build} bitboard / 0x88"]
    lines = []
    for row in rows:
        cells = [row["position"]]
        for build in builds:
            depth, nps = row[build]
            best_x88 = max(nps["0x88 copy"], nps["0x88 incremental"])
            cells += [depth] + [f"{nps[e] / 1e6:.2f}" for e in ("bitboard", "0x88 copy", "0x88 incremental")]
            cells.append(f"{nps['bitboard'] / best_x88:.1f}x")
        lines.append(cells)
    return markdown_table(headers, lines)


def main(argv=None):
    repeat, shift = sizes(argv, __doc__, (3, 0), (1, 1))
    print(f"bitboard.compiled = {compiled}; million leaves per second, best of {repeat}; "
          "bitboard / 0x88 against the faster 0x88 undo.\n")
    print(report(measure(repeat, shift)))


if __name__ == "__main__":
    main()
