"""Variant perft speed beside python-chess and Fairy-Stockfish, in one run.

    python -m bitboard.benchmarks.variants [--quick]

For each variant's starting position: bitboard's bulk-counted `perft` against python-chess's
examples/perft/perft.py loop on its chess.variant board (legal_moves.count() at the last ply,
push and pop above: the loop every python-chess perft runs), and against Fairy-Stockfish's
`go perft` on one thread (Debian's `fairy-stockfish`, timed from the command to its count,
the engine already started). Then the same python-chess loop run on bitboard.chess.variant's
boards against python-chess's own: the push/pop speed a python-chess program sees. The
contestants take turns, best of the rounds; a peer that is missing is named, not measured.
python-chess counts two plies less than the others (it would take minutes): its speed is
its nodes per second at that depth.
"""
import contextlib
import shutil
import subprocess
import time

from .. import compiled
from ..chess import variant as ours
from . import markdown_table, sizes
from .movegen import python_loop

# name, depth for bitboard and Fairy-Stockfish (python-chess: two less), the loop's depth
POSITIONS = [
    ("antichess", 6, 3), ("atomic", 5, 3), ("kingofthehill", 6, 3), ("racingkings", 5, 3), ("horde", 6, 4),
    ("3check", 6, 3), ("crazyhouse", 5, 3),
]


class FairyStockfish:
    """Fairy-Stockfish over UCI, one thread, timed from `go perft` to its count."""

    def __init__(self, path):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.variants = set()
        for line in self.process.stdout:
            if line.startswith("option name UCI_Variant"):
                self.variants = set(line.split(" var ")[1:])
                self.variants = {v.split()[0] for v in self.variants}
            if line.strip() == "uciok":
                break

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def perft(self, variant, fen, depth):
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        for line in self.process.stdout:
            if line.strip() == "readyok":
                break
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        start = time.perf_counter()
        for line in self.process.stdout:
            if line.startswith("Nodes searched"):
                return int(line.split(":")[1]), time.perf_counter() - start
        raise RuntimeError("Fairy-Stockfish stopped")

    def divide(self, variant, fen, depth):
        """{uci: count} of `go perft` (its divide lines)."""
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        lines = {}
        for line in self.process.stdout:
            if line.startswith("Nodes searched"):
                return lines
            move, _, count = line.partition(":")
            if count.strip().isdigit():
                lines[move.strip()] = int(count)
        raise RuntimeError("Fairy-Stockfish stopped")

    def close(self):
        self.send("quit")
        self.process.wait()


def _fairy_stockfish():
    """A started Fairy-Stockfish, or None with why."""
    path = shutil.which("fairy-stockfish") or shutil.which("/usr/games/fairy-stockfish")
    if not path:
        return None, "fairy-stockfish (apt-get install fairy-stockfish)"
    return FairyStockfish(path), ""


def perft_table(rounds: int, shallower: int = 0) -> str:
    try:
        import chess.variant as theirs
    except ImportError:
        theirs = None
    engine, why = _fairy_stockfish()
    rows = []
    for name, depth, _ in POSITIONS:
        depth -= shallower
        board = ours.find_variant(name)()
        fen = board.fen()
        best = {"bitboard": 0.0, "Fairy-Stockfish": 0.0, "python-chess": 0.0}
        for _ in range(rounds):
            start = time.perf_counter()
            nodes = board.perft(depth)
            best["bitboard"] = max(best["bitboard"], nodes / (time.perf_counter() - start))
            if engine is not None and name in engine.variants:
                count, seconds = engine.perft(name, fen, depth)
                if count != nodes:
                    raise AssertionError(f"Fairy-Stockfish counts {count} in {name} at depth {depth}, bitboard {nodes}")
                best["Fairy-Stockfish"] = max(best["Fairy-Stockfish"], count / seconds)
            if theirs is not None:
                oracle = theirs.find_variant(name)()
                start = time.perf_counter()
                count = python_loop(oracle, depth - 2)
                best["python-chess"] = max(best["python-chess"], count / (time.perf_counter() - start))
        cells = [f"{best[k] / 1e6:.3f}" if best[k] else "-" for k in best]
        ratios = [f"{best['bitboard'] / best[k]:.1f}x" if best[k] else "-" for k in ("Fairy-Stockfish", "python-chess")]
        rows.append([name, depth, f"{nodes:,}", *cells, *ratios])
    if engine is not None:
        engine.close()
    table = markdown_table(["variant", "depth", "leaves", "bitboard Mnps", "Fairy-Stockfish Mnps",
                            "python-chess Mnps", "vs Fairy-Stockfish", "vs python-chess"], rows)
    notes = []
    if why:
        notes.append(f"not installed, so not measured: {why}")
    elif engine is not None and "atomic" not in engine.variants:
        notes.append("this Fairy-Stockfish build has no atomic")
    if theirs is None:
        notes.append("not installed, so not measured: python-chess (pip install chess)")
    return table + "".join(f"\n\n{n}" for n in notes)


def loop_table(rounds: int) -> str:
    try:
        import chess.variant as theirs
    except ImportError:
        return "not installed, so not measured: python-chess (pip install chess)"
    rows = []
    for name, _, depth in POSITIONS:
        best = {"bitboard": float("inf"), "python-chess": float("inf")}
        for _ in range(rounds):
            for label, module in (("bitboard", ours), ("python-chess", theirs)):
                board = module.find_variant(name)()
                start = time.perf_counter()
                nodes = python_loop(board, depth)
                best[label] = min(best[label], time.perf_counter() - start)
        rows.append([name, depth, f"{nodes:,}", f"{best['python-chess'] * 1e3:.1f}", f"{best['bitboard'] * 1e3:.1f}",
                     f"{best['python-chess'] / best['bitboard']:.1f}x"])
    return markdown_table(["variant", "depth", "leaves", "python-chess ms", "bitboard ms", "bitboard is faster by"],
                          rows)


def main(argv=None):
    rounds, shallower = sizes(argv, __doc__, (3, 0), (1, 1))
    print(f"## Variant perft ({'compiled' if compiled else 'uncompiled'} build)\n")
    print(perft_table(rounds, shallower))
    print("\n## The python-chess perft loop on variant boards\n")
    print(loop_table(rounds))


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
