"""Perft speed and memory of the bitboard move generator, compiled and uncompiled, beside peers.

    python -m bitboard.benchmarks.movegen [--quick] [--anchors FOLDER]

Peers that are installed are measured in the same run (pip install chess chessmg nchess):
compiled perft with bulk counting against chessmg and nchess, and the perft loop driven from
Python (legal_moves / push / pop) against nchess and python-chess; a peer that is not installed
is named as missing. Then the same positions with chess960=True against chess960=False, and
memory: bytes per Board and per ply.

--anchors FOLDER adds perft programs outside Python (Gigantua, qperft, Stockfish...) to the
compiled table: every `run_NAME.sh` in the folder is called as `run_NAME.sh FEN DEPTH` and
prints `NODES SECONDS`, the program's own time for that perft.
"""
import argparse
import contextlib
import importlib
import io
import os
import subprocess
import sys
import time
import tracemalloc

from .. import compiled
from ..board import Board
from ..core import perft
from ..installation import pure
from . import markdown_table, missing, sizes

POSITIONS = [  # name, FEN, compiled perft depth, Python-driven loop depth
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 4),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 3),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 5),
    ("pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 3),
    ("pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 3),
    ("pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 3),
]


def python_loop(board, depth):
    """Perft from Python as a python-chess program writes it: iterate board.legal_moves, push,
    recurse, pop; count the last ply with legal_moves.count(). The same function runs on
    bitboard.chess and on python-chess boards."""
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += python_loop(board, depth - 1)
        board.pop()
    return n


def perft_engines() -> dict:
    engines = {"bitboard": lambda fen, d: Board(fen).perft(d)}
    with contextlib.suppress(ImportError):
        import chessmg
        engines["chessmg"] = lambda fen, d: chessmg.perft(fen, d)
    with contextlib.suppress(ImportError):
        import nchess
        engines["nchess"] = lambda fen, d: nchess.Board(fen).perft(d)
    return engines


def anchor_engines(folder: str) -> dict:
    """{NAME: run} for every run_NAME.sh in `folder`; run returns (nodes, seconds)."""
    engines = {}
    for entry in sorted(os.listdir(folder)):
        if entry.startswith("run_") and entry.endswith(".sh"):
            path = os.path.join(os.path.abspath(folder), entry)

            def run(fen, depth, path=path):
                out = subprocess.run([path, fen, str(depth)], capture_output=True, text=True, check=True).stdout
                nodes, seconds = out.split()[:2]
                return int(nodes), float(seconds)
            engines[entry[4:-3]] = run
    return engines


def chess960_engines() -> dict:
    """Compiled perft of a board in standard notation and of the same board with chess960=True."""
    return {"standard": lambda fen, d: Board(fen).perft(d),
            "chess960": lambda fen, d: Board(fen, chess960=True).perft(d)}


def loop_engines(uncompiled_board) -> dict:
    engines = {"bitboard": lambda fen, d: python_loop(Board(fen), d)}
    if compiled:
        engines["bitboard uncompiled"] = lambda fen, d: python_loop(uncompiled_board(fen), d)
    with contextlib.suppress(ImportError):
        import nchess

        def nchess_loop(board, d):
            moves = board.generate_legal_moves()
            if d == 1:
                return len(moves)
            n = 0
            for move in moves:
                board.step(move)
                n += nchess_loop(board, d - 1)
                board.undo()
            return n
        engines["nchess"] = lambda fen, d: nchess_loop(nchess.Board(fen), d)
    with contextlib.suppress(ImportError):
        import chess  # the same program, on python-chess
        engines["python-chess"] = lambda fen, d: python_loop(chess.Board(fen), d)
    return engines


def speed_table(engines: dict, jobs, repeat: int, comparisons) -> str:
    """Mnps of every engine on every job, then one column per (ours, [theirs]) comparison: our
    speed over the best of theirs, with its geometric mean below the table."""
    names = list(engines)
    comparisons = [(ours, [t for t in theirs if t in engines]) for ours, theirs in comparisons if ours in engines]
    comparisons = [(ours, theirs) for ours, theirs in comparisons if theirs]
    labels = [f"{ours} / {' or '.join(theirs)}" for ours, theirs in comparisons]
    rows, ratios = [], {label: [] for label in labels}
    for name, fen, depth in jobs:
        nps = _interleaved(engines, fen, depth, repeat, name)
        row = [name, depth] + [f"{nps[n] / 1e6:.2f}" for n in names]
        for label, (ours, theirs) in zip(labels, comparisons):
            ratios[label].append(nps[ours] / max(nps[t] for t in theirs))
            row.append(f"{ratios[label][-1]:.2f}x")
        rows.append(row)
    table = markdown_table(["position", "depth"] + [f"{n} Mnps" for n in names] + labels, rows)
    for label, values in ratios.items():
        geomean = 1.0
        for r in values:
            geomean *= r
        table += f"\n\ngeometric mean {label}: {geomean ** (1 / len(values)):.2f}x"
    return table


def _interleaved(engines: dict, fen: str, depth: int, repeat: int, name: str) -> dict:
    """{engine: best nodes per second}, the engines taking turns run by run, so that a slow
    phase of a shared machine falls on all of them alike."""
    best, expected = {}, None
    for _ in range(repeat):
        for engine, run in engines.items():
            with contextlib.redirect_stdout(io.StringIO()):  # some peers print a divide
                start = time.perf_counter()
                nodes = run(fen, depth)
                seconds = time.perf_counter() - start
            if isinstance(nodes, tuple):  # an anchor: its own count and time
                nodes, seconds = nodes
            expected = nodes if expected is None else expected
            if nodes != expected:
                raise AssertionError(f"{engine} counts {nodes} on {name} depth {depth}, not {expected}")
            best[engine] = max(best.get(engine, 0.0), nodes / seconds)
    return best


def _memory(make_board) -> tuple:
    """(sys.getsizeof, bytes per Board with its stacks, bytes per pushed ply) of one library."""
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    boards = [make_board() for _ in range(1000)]
    after = tracemalloc.take_snapshot()
    per_board = sum(s.size_diff for s in after.compare_to(before, "filename")) / len(boards)
    board = make_board()
    plies = 0
    before = tracemalloc.take_snapshot()
    for _ in range(50):  # 200 plies: a knight dance that never ends the game
        for uci in ("g1f3", "g8f6", "f3g1", "f6g8"):
            board.push_uci(uci)
            plies += 1
    after = tracemalloc.take_snapshot()
    per_ply = sum(s.size_diff for s in after.compare_to(before, "filename")) / plies
    tracemalloc.stop()
    return sys.getsizeof(boards[0]), round(per_board), round(per_ply)


def memory_report() -> str:
    """Bytes of an empty Board and bytes per pushed ply, measured with tracemalloc, beside
    python-chess's measured the same way when it is installed."""
    libraries = {"bitboard": Board}
    with contextlib.suppress(ImportError):
        import chess
        libraries["python-chess"] = chess.Board
    columns = {name: _memory(make) for name, make in libraries.items()}
    rows = ["Board object (sys.getsizeof)", "Board with its empty stacks (tracemalloc, mean of 1000)",
            "per pushed ply (tracemalloc, 200 plies)"]
    return markdown_table(["what"] + [f"{name} bytes" for name in columns],
                          [[row] + [columns[name][k] for name in columns] for k, row in enumerate(rows)])


def main(argv=None):
    anchors = argparse.ArgumentParser(add_help=False)
    anchors.add_argument("--anchors", metavar="FOLDER", default=None)
    known, argv = anchors.parse_known_args(argv)
    shift, repeat = sizes(argv, __doc__, (0, 5), (1, 2))
    kernel = importlib.import_module(f"{perft.__package__}.{perft.KERNEL}")
    print(f"bitboard.compiled = {compiled}, perft kernel {perft.KERNEL} ({'PEXT' if kernel.USES_PEXT else 'magics'});"
          f" best of {repeat} runs; Mnps = million leaves per second.")
    print(missing({"chessmg": "chessmg", "nchess": "nchess", "chess": "chess"}))
    print("Compiled perft, bulk counting at the leaves, one thread\n")
    engines = perft_engines()
    comparisons = [("bitboard", ["chessmg", "nchess"])]
    if known.anchors:
        programs = anchor_engines(known.anchors)
        if not programs:
            raise SystemExit(f"movegen: no perft program in {known.anchors!r}: it has no run_NAME.sh")
        engines.update(programs)
        comparisons += [("bitboard", [name]) for name in programs]
    print(speed_table(engines, [(n, f, d - shift) for n, f, d, _ in POSITIONS], repeat, comparisons))
    print("\nPerft driven from Python (legal_moves / push / pop), bulk count at the last ply\n")
    uncompiled_board = pure("board").Board
    print(speed_table(loop_engines(uncompiled_board), [(n, f, d - shift) for n, f, _, d in POSITIONS],
                      max(1, repeat // 2), [("bitboard", ["nchess"]), ("bitboard", ["python-chess"]),
                                            ("bitboard uncompiled", ["python-chess"])]))
    print("\nThe same positions with chess960=True (castling by the Chess960 rules and notation)\n")
    print(speed_table(chess960_engines(), [(n, f, d - shift) for n, f, d, _ in POSITIONS], repeat,
                      [("chess960", ["standard"])]))
    print("\nMemory\n")
    print(memory_report())


if __name__ == "__main__":
    main()
